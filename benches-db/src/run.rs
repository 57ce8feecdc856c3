//! One database's measurement: every kind loaded, measured, scanned and dropped, round after
//! round, each round starting one kind later so no kind always goes first.

use std::time::Instant;

use crate::Result;
use crate::args::Args;
use crate::keys::{count_within, values, window_bounds};
use crate::kinds::{KINDS, Key, Kind};
use crate::servers::{Server, Sizes};
use crate::timeline::Timeline;

/// What one kind measured on one database.
pub struct Measured {
    /// The kind.
    pub kind: &'static Kind,
    /// Its key column's type here.
    pub column: String,
    /// The load's time in seconds, one per round.
    pub inserts: Vec<f64>,
    /// The table's size after the last round's load.
    pub sizes: Sizes,
    /// The scan's time in milliseconds, every timed repetition of every round; empty for a
    /// random key.
    pub scans: Vec<f64>,
}

/// Measures every kind that applies to `server`.
pub async fn measure<S: Server>(
    server: &mut S,
    name: &str,
    timeline: &Timeline,
    args: &Args,
) -> Result<Vec<Measured>> {
    let kinds: Vec<(&'static Kind, String)> = KINDS
        .iter()
        .filter_map(|kind| Some((kind, server.column(kind)?)))
        .collect();
    let mut measured: Vec<Measured> = Vec::new();
    for round in 0..args.rounds {
        for turn in 0..kinds.len() {
            let (kind, column) = &kinds[(round + turn) % kinds.len()];
            let keys = values(kind, timeline, S::INTEGERS);
            let bounds = window_bounds(kind, timeline, S::INTEGERS);
            // The bounds hold the window's rows and no other (the sequence's keys are the
            // database's, so only its scan can tell).
            if let Some(bounds) = bounds.as_ref().filter(|_| kind.key != Key::Sequence) {
                let within = count_within(&keys, bounds);
                if within != timeline.window.rows() {
                    return Err(format!(
                        "{}: {within} keys within the bounds, {} rows in the window",
                        kind.slug,
                        timeline.window.rows()
                    )
                    .into());
                }
            }

            server.create(kind).await?;
            let start = Instant::now();
            server.insert(kind, &keys, args.batch).await?;
            let insert = start.elapsed().as_secs_f64();
            let sizes = server.sizes(kind).await?;

            let mut scans = Vec::new();
            if let Some(bounds) = &bounds {
                for repetition in 0..=args.scans {
                    let start = Instant::now();
                    let rows = server.scan(kind, bounds).await?;
                    let elapsed = start.elapsed().as_secs_f64() * 1e3;
                    if rows != timeline.window.rows() {
                        return Err(format!(
                            "{name} {}: the scan returned {rows} rows, the window holds {}",
                            kind.slug,
                            timeline.window.rows()
                        )
                        .into());
                    }
                    // The first warms the cache and the statement.
                    if repetition > 0 {
                        scans.push(elapsed);
                    }
                }
            }
            server.drop(kind).await?;
            eprintln!(
                "{name} round {}/{}: {:<13} {insert:6.2} s insert, {:6.1} MiB, scan {} ms",
                round + 1,
                args.rounds,
                kind.slug,
                mib(sizes.table + sizes.key_index.unwrap_or(0)),
                median(&scans).map_or("n/a".into(), |ms| format!("{ms:.2}")),
            );

            match measured.iter_mut().find(|m| std::ptr::eq(m.kind, *kind)) {
                Some(m) => {
                    m.inserts.push(insert);
                    m.sizes = sizes;
                    m.scans.extend(scans);
                }
                None => measured.push(Measured {
                    kind,
                    column: column.clone(),
                    inserts: vec![insert],
                    sizes,
                    scans,
                }),
            }
        }
    }
    // The report's order, not the last round's.
    measured.sort_by_key(|m| KINDS.iter().position(|k| std::ptr::eq(k, m.kind)));
    Ok(measured)
}

/// The middle value (the mean of the two middle ones for an even count); `None` for none.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2.0
    })
}

/// Bytes in MiB (what `pg_size_pretty` calls MB).
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}
