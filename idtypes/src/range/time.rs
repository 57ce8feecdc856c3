//! Spans of `SystemTime` as integer bounds, shared by the formats' time ranges (the ids made at
//! a given time read theirs through `crate::utc`).

use core::ops::{Bound, RangeBounds};
use std::time::{SystemTime, UNIX_EPOCH};

/// `time` as microseconds since the Unix epoch, rounded down, and whether that was exact.
pub(crate) fn floor_micros(time: SystemTime) -> (i128, bool) {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => (after.as_micros() as i128, after.subsec_nanos() % 1000 == 0),
        Err(before) => {
            let before = before.duration();
            let exact = before.subsec_nanos() % 1000 == 0;
            let micros = before.as_micros() as i128;
            (if exact { -micros } else { -micros - 1 }, exact)
        }
    }
}

/// The inclusive microsecond bounds of a span of time, or `None` when it holds no whole
/// microsecond. Unbounded ends become `i128::MIN` / `i128::MAX`.
pub(crate) fn micros_bounds<T>(span: impl RangeBounds<T>) -> Option<(i128, i128)>
where
    T: Clone + Into<SystemTime>,
{
    let start = match span.start_bound() {
        Bound::Included(t) => {
            let (floor, exact) = floor_micros(t.clone().into());
            if exact { floor } else { floor + 1 }
        }
        Bound::Excluded(t) => floor_micros(t.clone().into()).0 + 1,
        Bound::Unbounded => i128::MIN,
    };
    let end = match span.end_bound() {
        Bound::Included(t) => floor_micros(t.clone().into()).0,
        Bound::Excluded(t) => {
            let (floor, exact) = floor_micros(t.clone().into());
            if exact { floor - 1 } else { floor }
        }
        Bound::Unbounded => i128::MAX,
    };
    (start <= end).then_some((start, end))
}

/// Inclusive bounds as `u64`s, for the formats that hold no time before 1970: `None` when the
/// span ends before 1970; a start before it becomes 0 and an end past `u64::MAX` (an open end
/// is `i128::MAX`) becomes `u64::MAX`, for the format's own range helper to clamp further.
pub(crate) fn unsigned_bounds((start, end): (i128, i128)) -> Option<(u64, u64)> {
    let start = u64::try_from(start.max(0)).ok()?;
    let end = u64::try_from(end.clamp(-1, u64::MAX as i128)).ok()?;
    Some((start, end))
}

/// The inclusive millisecond bounds of a span of time, for the formats that hold
/// milliseconds: every millisecond the span touches. `None` when it holds no whole
/// microsecond.
pub(crate) fn millis_bounds<T>(span: impl RangeBounds<T>) -> Option<(i128, i128)>
where
    T: Clone + Into<SystemTime>,
{
    let (start, end) = micros_bounds(span)?;
    Some((start.div_euclid(1000), end.div_euclid(1000)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn floor_rounds_towards_the_past_on_both_sides_of_1970() {
        let after = UNIX_EPOCH + Duration::from_nanos(1_500);
        assert_eq!(floor_micros(after), (1, false));
        let before = UNIX_EPOCH - Duration::from_nanos(1_500);
        assert_eq!(floor_micros(before), (-2, false));
        assert_eq!(
            floor_micros(UNIX_EPOCH - Duration::from_micros(3)),
            (-3, true)
        );
    }

    #[test]
    fn half_open_spans_leave_the_end_out() {
        let t = |us| UNIX_EPOCH + Duration::from_micros(us);
        assert_eq!(micros_bounds(t(10)..t(20)), Some((10, 19)));
        assert_eq!(micros_bounds(t(10)..=t(20)), Some((10, 20)));
        assert_eq!(micros_bounds(t(10)..t(10)), None);
        assert_eq!(micros_bounds(t(10)..), Some((10, i128::MAX)));
        assert_eq!(micros_bounds(..t(10)), Some((i128::MIN, 9)));
    }

    #[test]
    fn sub_microsecond_bounds_keep_only_whole_microseconds_inside() {
        let start = UNIX_EPOCH + Duration::from_nanos(10_500);
        let end = UNIX_EPOCH + Duration::from_nanos(12_500);
        assert_eq!(micros_bounds(start..end), Some((11, 12)));
        assert_eq!(micros_bounds(start..=end), Some((11, 12)));
        let tight = UNIX_EPOCH + Duration::from_nanos(10_900);
        assert_eq!(micros_bounds(start..tight), None);
    }
}
