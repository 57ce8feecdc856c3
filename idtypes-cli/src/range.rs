//! `idtypes range`: the inclusive bounds of the ids with a prefix or made in a span of time,
//! for `WHERE id BETWEEN ... AND ...`.

use idtypes::Column;

use crate::format::Id;
use std::ops::Bound;

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use serde::Serialize;

use crate::describe::{IdInfo, describe, hex};
use crate::error::Failure;
use crate::format::{Bounds, Format};
use crate::output::Printer;
use crate::spec::Span;

/// What to find the ids of.
#[derive(Debug, Clone)]
pub enum Query {
    /// `--prefix`: the ids whose text starts with it.
    Prefix(String),
    /// `--from` / `--to`: the ids made in a span of time, both ends included; either may be
    /// left open.
    Time {
        /// `--from`, as given.
        from: Option<String>,
        /// `--to`, as given.
        to: Option<String>,
    },
}

/// The `BETWEEN` condition on each database, the bounds as byte literals.
#[derive(Debug, Serialize)]
struct Sql {
    postgresql: String,
    mysql: String,
    sqlite: String,
}

/// One inclusive range in the JSON output.
#[derive(Serialize)]
struct RangeJson {
    start: IdInfo,
    end: IdInfo,
}

/// The JSON object `range` prints.
#[derive(Serialize)]
struct RangesJson<'a> {
    format: &'static str,
    prefix: Option<&'a str>,
    from: Option<&'a str>,
    to: Option<&'a str>,
    ranges: Vec<RangeJson>,
    sql: Sql,
}

/// Prints the ranges of `format` for `query`; `column` names the column in the SQL.
pub fn run(
    printer: &mut Printer,
    format: &dyn Format,
    query: &Query,
    column: &str,
    local: bool,
) -> Result<(), Failure> {
    if let Some(why) = format.no_ranges() {
        return Err(Failure::msg(why));
    }
    // `what` heads the output; `none` is the message when nothing matches.
    let (ranges, what, none) = match query {
        Query::Prefix(_) if !format.has_prefix() => {
            return Err(Failure::msg(format!(
                "{format} ids have no prefix ranges (their decimal text does not sort like \
                 them): use --from and --to"
            )));
        }
        Query::Prefix(prefix) => (
            format.prefix_range(prefix)?.into_iter().collect(),
            format!("with the prefix `{prefix}`"),
            format!("no {format} id has the prefix `{prefix}`"),
        ),
        Query::Time { from, to } => {
            if !format.has_time() {
                return Err(Failure::msg(format!(
                    "{format} ids hold no time: use --prefix"
                )));
            }
            format.time_context()?;
            let from = match from {
                Some(text) => parse_time(text, false)?,
                None => Bound::Unbounded,
            };
            let to = match to {
                Some(text) => parse_time(text, true)?,
                None => Bound::Unbounded,
            };
            let reversed = match (from, to) {
                (Bound::Included(start), Bound::Included(end)) => start > end,
                (Bound::Included(start), Bound::Excluded(end)) => start >= end,
                _ => false,
            };
            if reversed {
                return Err(Failure::msg("--from is after --to"));
            }
            let span = describe_span(from, to);
            (
                time_ranges(format, (from, to)),
                format!("made {span}"),
                format!("no {format} id can have been made {span}"),
            )
        }
    };
    if ranges.is_empty() {
        return Err(Failure::msg(none));
    }
    let sql = sql(&ranges, column);
    if printer.json {
        let (prefix, from, to) = match query {
            Query::Prefix(prefix) => (Some(prefix.as_str()), None, None),
            Query::Time { from, to } => (None, from.as_deref(), to.as_deref()),
        };
        printer.json_line(&RangesJson {
            format: format.name(),
            prefix,
            from,
            to,
            ranges: ranges
                .iter()
                .map(|(start, end)| RangeJson {
                    start: describe(start.as_ref(), local),
                    end: describe(end.as_ref(), local),
                })
                .collect(),
            sql,
        })?;
    } else {
        print_human(printer, format, &what, &ranges, &sql, local)?;
    }
    printer.flush()?;
    Ok(())
}

/// The ranges of `format`'s ids made within `span` (two for a span whose ids do not sort
/// in time order, like time-ids across 1970).
fn time_ranges(format: &dyn Format, span: Span) -> Vec<Bounds> {
    // The crate takes `SystemTime`s, and chrono's conversion panics where the platform's
    // `SystemTime` cannot hold the time (before 1601 on Windows). Every format's ids lie
    // between 1684 and 2336, so clamping the span to 1601..10000 changes no answer.
    let window = |time: DateTime<Utc>| {
        let first = DateTime::<Utc>::from_timestamp(-11_644_473_600, 0); // 1601-01-01
        let last = DateTime::<Utc>::from_timestamp(253_402_300_799, 0); // 9999-12-31T23:59:59
        match (first, last) {
            (Some(first), Some(last)) => time.clamp(first, last),
            _ => time,
        }
    };
    format.time_ranges((span.0.map(window), span.1.map(window)))
}

/// Reads a time: RFC 3339 (`2024-01-01T00:00:00Z`, any offset), `now`, or a date
/// (`2024-01-01`), which means the whole day: its first instant for `--from`, up to its last
/// for `--to`.
pub fn parse_time(text: &str, is_end: bool) -> Result<Bound<DateTime<Utc>>, Failure> {
    if text == "now" {
        return Ok(Bound::Included(Utc::now()));
    }
    if let Ok(time) = DateTime::parse_from_rfc3339(text) {
        return Ok(Bound::Included(time.with_timezone(&Utc)));
    }
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        let day = if is_end { date.succ_opt() } else { Some(date) };
        if let Some(midnight) = day.and_then(|day| day.and_hms_opt(0, 0, 0)) {
            let midnight = midnight.and_utc();
            return Ok(if is_end {
                Bound::Excluded(midnight)
            } else {
                Bound::Included(midnight)
            });
        }
    }
    Err(Failure::msg(format!(
        "invalid time `{text}`: expected RFC 3339 (2024-01-01T00:00:00Z), a date (2024-01-01) or `now`"
    )))
}

/// The span in words, for headlines and messages.
fn describe_span(from: Bound<DateTime<Utc>>, to: Bound<DateTime<Utc>>) -> String {
    let show = |time: DateTime<Utc>| time.to_rfc3339_opts(SecondsFormat::AutoSi, true);
    let from = match from {
        Bound::Included(time) | Bound::Excluded(time) => format!("from {}", show(time)),
        Bound::Unbounded => "from the earliest time".to_owned(),
    };
    let to = match to {
        Bound::Included(time) => format!("to {} inclusive", show(time)),
        Bound::Excluded(time) => format!("up to {} exclusive", show(time)),
        Bound::Unbounded => "to the latest time".to_owned(),
    };
    format!("{from} {to}")
}

/// The `BETWEEN` conditions, in the columns the crate stores: a 64-bit id as the signed
/// integer `Column::to_signed` of its bits (`BIGINT`, SQLite's `INTEGER`), a TBSL as its
/// big-endian bytes, a ULID as PostgreSQL's `uuid` and elsewhere its bytes; several ranges are
/// joined with `OR`.
fn sql(ranges: &[Bounds], column: &str) -> Sql {
    let condition = |literal: &dyn Fn(&dyn Id) -> String| {
        let clauses: Vec<String> = ranges
            .iter()
            .map(|(start, end)| {
                format!(
                    "{column} BETWEEN {} AND {}",
                    literal(start.as_ref()),
                    literal(end.as_ref())
                )
            })
            .collect();
        if clauses.len() == 1 {
            clauses.concat()
        } else {
            clauses
                .iter()
                .map(|clause| format!("({clause})"))
                .collect::<Vec<_>>()
                .join(" OR ")
        }
    };
    let bits = |id: &dyn Id| {
        let bytes = id.bytes().unwrap_or_default();
        <[u8; 8]>::try_from(bytes.as_slice()).map(u64::from_be_bytes)
    };
    let hex_of = |id: &dyn Id| hex(&id.bytes().unwrap_or_default());
    let signed = |id: &dyn Id, bytes_literal: fn(&str) -> String| match (bits(id), id.column()) {
        (Ok(bits), Some(column)) => match column.to_signed(bits) {
            Some(value) => value.to_string(),
            // A TID with the top bit set: no signed column holds it; say so in the SQL.
            None => format!("NULL /* {} does not fit a signed BIGINT */", id.text()),
        },
        _ => bytes_literal(&hex_of(id)),
    };
    let postgresql = |id: &dyn Id| {
        if id.column() == Some(Column::Uuid) {
            format!("'{}'::uuid", uuid_of(&hex_of(id)))
        } else {
            signed(id, |hex| format!("'\\x{hex}'::bytea"))
        }
    };
    Sql {
        postgresql: condition(&postgresql),
        mysql: condition(&|id| signed(id, |hex| format!("X'{hex}'"))),
        sqlite: condition(&|id| signed(id, |hex| format!("X'{hex}'"))),
    }
}

/// 32 hex digits as a hyphenated UUID (`8-4-4-4-12`).
fn uuid_of(hex: &str) -> String {
    let parts = [
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..],
    ];
    parts.join("-")
}

/// The human output: each range's bounds, then the SQL.
fn print_human(
    printer: &mut Printer,
    format: &dyn Format,
    what: &str,
    ranges: &[Bounds],
    sql: &Sql,
    local: bool,
) -> Result<(), Failure> {
    printer.line(format!("{format} ids {what}"))?;
    printer.line("inclusive bounds, for BETWEEN:")?;
    for (index, (start, end)) in ranges.iter().enumerate() {
        if ranges.len() > 1 {
            printer.line("")?;
            printer.line(format!("range {} of {}", index + 1, ranges.len()))?;
        }
        for (name, id) in [("start", start), ("end", end)] {
            let info = describe(id.as_ref(), local);
            printer.line(format!("  {name}"))?;
            printer.field(4, "text", &info.text)?;
            if let Some(time) = &info.time {
                printer.field(4, "time (UTC)", time)?;
            }
            if let Some(time) = &info.local_time {
                printer.field(4, "time (local)", time)?;
            }
            if let Some(integer) = &info.integer {
                printer.field(4, "integer", integer)?;
            }
            if let Some(hex) = &info.hex {
                printer.field(4, "bytes (hex)", hex)?;
            }
        }
    }
    printer.line("")?;
    printer.line("SQL")?;
    printer.field(2, "PostgreSQL", &sql.postgresql)?;
    printer.field(2, "MySQL", &sql.mysql)?;
    printer.field(2, "SQLite", &sql.sqlite)?;
    Ok(())
}
