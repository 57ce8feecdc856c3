//! Times between the crate (`SystemTime`) and PostgreSQL (`timestamptz`: microseconds since
//! 2000-01-01 UTC), and the span functions' ranges.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use idtypes::{FixedSizeFormat, IdRanges};
use pgrx::datum::TimestampWithTimeZone;

use crate::report::Refusal;

/// 2000-01-01T00:00:00Z, PostgreSQL's epoch, in microseconds since 1970.
const POSTGRES_EPOCH_UNIX_MICROS: i64 = 946_684_800_000_000;

/// A `SystemTime` as a `timestamptz` (microseconds: an id's finer digits, if any, dropped).
pub(crate) fn to_timestamptz(time: SystemTime) -> Result<TimestampWithTimeZone, Refusal> {
    let unix_micros = match time.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_micros()).ok(),
        Err(before) => i64::try_from(before.duration().as_micros())
            .ok()
            .map(|micros| -micros),
    };
    unix_micros
        .and_then(|micros| micros.checked_sub(POSTGRES_EPOCH_UNIX_MICROS))
        .and_then(|micros| TimestampWithTimeZone::try_from(micros).ok())
        .ok_or_else(|| Refusal::data(format!("{time:?} is out of the range of timestamptz")))
}

/// A `timestamptz` as a `SystemTime`; refuses `infinity` and `-infinity`.
pub(crate) fn to_system_time(time: TimestampWithTimeZone) -> Result<SystemTime, Refusal> {
    let micros = i64::from(time);
    if micros == i64::MAX || micros == i64::MIN {
        return Err(Refusal::data(format!(
            "a time of an id must be finite: found {}infinity",
            if micros == i64::MIN { "-" } else { "" }
        )));
    }
    let unix_micros = micros.saturating_add(POSTGRES_EPOCH_UNIX_MICROS);
    Ok(if unix_micros >= 0 {
        UNIX_EPOCH + Duration::from_micros(unix_micros.unsigned_abs())
    } else {
        UNIX_EPOCH - Duration::from_micros(unix_micros.unsigned_abs())
    })
}

/// Which end of a span a range function gives.
#[derive(Clone, Copy)]
pub(crate) enum End {
    /// The first id at or after the time.
    FirstAt,
    /// The last id before the time.
    LastBefore,
}

/// The first id at or after a time, or the last before it, from the crate's ranges for the
/// span from that time on (or up to it): the range's start (or end) of the earliest (or
/// latest) time, where the span is two ranges because the format's order wraps within it (a
/// TimeId's at its zero time).
pub(crate) fn end_of<F: FixedSizeFormat>(
    ranges: IdRanges<F>,
    end: End,
    time: TimestampWithTimeZone,
    time_of: fn(F) -> SystemTime,
) -> Result<F, Refusal> {
    let found = match end {
        End::FirstAt => ranges
            .iter()
            .map(|range| range.start())
            .min_by_key(|id| time_of(*id)),
        End::LastBefore => ranges
            .iter()
            .map(|range| range.end())
            .max_by_key(|id| time_of(*id)),
    };
    found.ok_or_else(|| {
        Refusal::data(format!(
            "no {} id is {} {}",
            F::NAME,
            match end {
                End::FirstAt => "at or after",
                End::LastBefore => "before",
            },
            shown(time)
        ))
    })
}

/// A time as messages show it: PostgreSQL's own output of a `timestamptz`.
fn shown(time: TimestampWithTimeZone) -> String {
    time.to_string()
}
