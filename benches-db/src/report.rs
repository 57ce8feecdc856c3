//! The Markdown table of one database's results, with ratios against the sequence's BIGINT.

use std::fmt::Write;

use crate::args::Args;
use crate::kinds::Key;
use crate::run::{Measured, median, mib};
use crate::timeline::Timeline;

/// One database's section: a heading, how it was measured, and the table.
pub fn section(
    title: &str,
    server: &str,
    measured: &[Measured],
    timeline: &Timeline,
    args: &Args,
) -> String {
    let mut out = String::new();
    let rows = timeline.micros.len();
    let _ = writeln!(out, "### {title}\n");
    let _ = writeln!(out, "{server}.\n");
    let _ = writeln!(
        out,
        "{rows} rows in batches of {} per INSERT, one transaction per table; insert: the median \
         of {} round(s) (min–max); range scan: {} rows (1% of the rows, by time), the median of {} \
         timed runs (the fastest).\n",
        args.batch,
        args.rounds,
        timeline.window.rows(),
        args.scans * args.rounds,
    );
    let _ = writeln!(
        out,
        "| kind | key column | table MiB | PK index MiB | table + index × | on disk MiB | insert s (min–max) | insert × | rows/s | range scan ms (min) |"
    );
    let _ = writeln!(out, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    let baseline = measured.iter().find(|m| m.kind.key == Key::Sequence);
    let total = |m: &Measured| m.sizes.table + m.sizes.key_index.unwrap_or(0);
    let insert = |m: &Measured| median(&m.inserts).unwrap_or(f64::NAN);
    for m in measured {
        let min = m.inserts.iter().copied().fold(f64::INFINITY, f64::min);
        let max = m.inserts.iter().copied().fold(0.0, f64::max);
        let spread = if m.inserts.len() > 1 {
            format!(" ({min:.2}–{max:.2})")
        } else {
            String::new()
        };
        let ratio = |this: f64, base: Option<f64>| {
            base.map_or("".into(), |base| format!("{:.2}", this / base))
        };
        let _ = writeln!(
            out,
            "| {} | `{}` | {:.1} | {} | {} | {:.1} | {:.2}{spread} | {} | {:.0} | {} |",
            m.kind.label,
            m.column,
            mib(m.sizes.table),
            m.sizes
                .key_index
                .map_or("–".into(), |bytes| format!("{:.1}", mib(bytes))),
            ratio(total(m) as f64, baseline.map(|b| total(b) as f64)),
            mib(m.sizes.on_disk),
            insert(m),
            ratio(insert(m), baseline.map(insert)),
            rows as f64 / insert(m),
            median(&m.scans).map_or("n/a (random)".into(), |ms| {
                let fastest = m.scans.iter().copied().fold(f64::INFINITY, f64::min);
                format!("{ms:.2} ({fastest:.2})")
            }),
        );
    }
    out
}
