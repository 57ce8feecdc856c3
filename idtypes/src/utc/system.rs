//! std's `SystemTime` as a [`UtcTime`]: what `at(time)` and the time ranges have always taken.

use core::time::Duration;
use std::time::{SystemTime, UNIX_EPOCH};

use super::{SECONDS, UtcTime, sealed::Sealed};

impl UtcTime for SystemTime {
    /// Exact: a `SystemTime` holds at most ±2^63 seconds, well inside an `i128` of
    /// nanoseconds.
    fn to_unix_nanos(&self) -> i128 {
        match self.duration_since(UNIX_EPOCH) {
            Ok(after) => after.as_nanos() as i128,
            Err(before) => -(before.duration().as_nanos() as i128),
        }
    }

    fn from_unix_nanos(nanos: i128) -> Option<SystemTime> {
        let magnitude = nanos.unsigned_abs();
        let seconds = u64::try_from(magnitude / SECONDS as u128).ok()?;
        let offset = Duration::new(seconds, (magnitude % SECONDS as u128) as u32);
        if nanos < 0 {
            UNIX_EPOCH.checked_sub(offset)
        } else {
            UNIX_EPOCH.checked_add(offset)
        }
    }
}

impl Sealed for SystemTime {
    /// A `SystemTime` holds every id's time on every platform (Windows' starts in 1601);
    /// a time it cannot hold becomes the epoch, which no caller here reaches.
    fn saturating_from_unix_nanos(nanos: i128) -> SystemTime {
        SystemTime::from_unix_nanos(nanos).unwrap_or(UNIX_EPOCH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nanoseconds_both_ways_on_both_sides_of_1970() {
        for nanos in [
            0,
            1,
            -1,
            1_500,
            -1_500,
            1 << 62,
            -(1 << 62),
            i64::MAX as i128 * 3,
        ] {
            let time = SystemTime::from_unix_nanos(nanos).unwrap();
            assert_eq!(time.to_unix_nanos(), nanos);
        }
        assert_eq!(SystemTime::from_unix_nanos(i128::MIN), None);
    }
}
