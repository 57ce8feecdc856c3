//! [`UtcTime`]: the one door between the formats and the date-time libraries. A format reads
//! a time through it ([`floor_within`], for `from_datetime` and `at`) and makes one through
//! it (`datetime()`, in `ids.rs`); each library's impl lives in its integration's file
//! (`integrations/chrono.rs`, `jiff.rs`, `time.rs`), and std's `SystemTime` in `system.rs`.
//! No format names a library.

mod ids;
#[cfg(feature = "std")]
mod system;

use crate::{Error, error::Bounds};

/// A UTC time of a date-time library, as the ids read and make it: std's `SystemTime`;
/// chrono's `DateTime<Utc>` (feature `chrono`); jiff's `Timestamp` (feature `jiff`); the `time`
/// crate's `OffsetDateTime` and `UtcDateTime` (feature `time`).
///
/// Every time-ordered format takes any of them where it takes a time, and gives any of them
/// for its timestamp, with the same rounding and the same errors whichever it is:
///
/// - **made at a time**: `from_datetime(time, parts...)` (`Tid::from_datetime(time, clock_id)`,
///   `Ulid::from_datetime(time, random)`, ...), at the format's precision, rounded down
///   (towards the past, before 1970 too), a time outside the format's span refused with
///   [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) giving the time found in the
///   format's unit;
/// - **its timestamp**: `datetime::<T>()`, for the formats with a timestamp and their typed ids
///   (exact: every library holds every id's time, years 1684 to 2335), and `From<Id>` for the
///   libraries' types, so that `jiff::Timestamp::from(id)` reads well too. The two formats of
///   48-bit milliseconds, whose times run to the year 10889, give an `Option` (`None` past the
///   type's last year; jiff's and `time`'s is 9999): [`Ulid::datetime`](crate::Ulid::datetime)
///   and [`uuids::datetime`](crate::uuids::datetime) for a version 7 UUID;
/// - **a span of time**: `range_for_time` and `ranges_for_time` take any `RangeBounds` of a type
///   that converts into `SystemTime`, which each of these does.
///
/// The trait is sealed: these are its types. Its two methods are how they meet, in
/// nanoseconds since 1970-01-01T00:00:00Z, which every library holds exactly.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// use idtypes::{Tid, UtcTime};
///
/// let time = UNIX_EPOCH + Duration::from_nanos(1_688_137_381_887_007_900);
/// let tid = Tid::from_datetime(time, 6)?;
/// assert_eq!(tid.to_string(), "3jzfcijpj2z2a");
/// // The TID holds microseconds: its time is the one given, rounded down.
/// let back: SystemTime = tid.datetime();
/// assert_eq!(back.to_unix_nanos(), 1_688_137_381_887_007_000);
/// # Ok::<(), idtypes::Error>(())
/// ```
///
/// With chrono, jiff or time it reads the same (features `chrono`, `jiff`, `time`):
///
#[cfg_attr(all(feature = "jiff", feature = "time"), doc = "```")]
#[cfg_attr(not(all(feature = "jiff", feature = "time")), doc = "```ignore")]
/// use idtypes::Tid;
///
/// let time: jiff::Timestamp = "2023-06-30T15:03:01.887007Z".parse().unwrap();
/// let tid = Tid::from_datetime(time, 6)?;
/// assert_eq!(tid.to_string(), "3jzfcijpj2z2a");
/// assert_eq!(tid.datetime::<jiff::Timestamp>(), time);
/// assert_eq!(time::OffsetDateTime::from(tid).microsecond(), 887_007);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait UtcTime: Sized + sealed::Sealed {
    /// This time in nanoseconds since 1970-01-01T00:00:00Z, negative before.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::UtcTime;
    ///
    /// assert_eq!((UNIX_EPOCH - Duration::from_nanos(1_500)).to_unix_nanos(), -1_500);
    /// ```
    fn to_unix_nanos(&self) -> i128;

    /// The time `nanos` nanoseconds after 1970-01-01T00:00:00Z (before it, when negative), or
    /// `None` when this type cannot hold it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use idtypes::UtcTime;
    ///
    /// assert_eq!(SystemTime::from_unix_nanos(1_500), Some(UNIX_EPOCH + Duration::from_nanos(1_500)));
    /// assert_eq!(SystemTime::from_unix_nanos(i128::MAX), None);
    /// ```
    fn from_unix_nanos(nanos: i128) -> Option<Self>;
}

pub(crate) mod sealed {
    /// What only this crate implements, for [`UtcTime`](super::UtcTime): its types hold every
    /// time from 1684 to 9999 (every id's but a late ULID's or UUID's), so that `datetime()`
    /// cannot fail.
    pub trait Sealed {
        /// The time `nanos` after the epoch, or the nearest time this type holds: what
        /// `datetime()` falls back on, for a time no id has.
        fn saturating_from_unix_nanos(nanos: i128) -> Self;
    }
}

/// `UtcTime` for a date-time library's type `$ty`: its nanoseconds since 1970 (`to`, of
/// `&$ty`), the time of nanoseconds or `None` (`from`), and its first and last times (`ends`),
/// where a time it cannot hold saturates (which no id's time reaches). How each integration
/// (`integrations/chrono.rs`, `jiff.rs`, `time.rs`) says what its library is.
#[allow(
    unused_macros,
    reason = "the date-time integrations use it, each behind its feature"
)]
macro_rules! utc_time {
    ($ty:ty, to: $to:expr, from: $from:expr, ends: $first:expr, $last:expr $(,)?) => {
        impl $crate::UtcTime for $ty {
            #[inline]
            fn to_unix_nanos(&self) -> i128 {
                ($to)(self)
            }

            #[inline]
            fn from_unix_nanos(nanos: i128) -> Option<$ty> {
                ($from)(nanos)
            }
        }

        impl $crate::utc::sealed::Sealed for $ty {
            fn saturating_from_unix_nanos(nanos: i128) -> $ty {
                <$ty as $crate::UtcTime>::from_unix_nanos(nanos).unwrap_or(if nanos < 0 {
                    $first
                } else {
                    $last
                })
            }
        }
    };
}

#[allow(
    unused_imports,
    reason = "the date-time integrations use it, each behind its feature"
)]
pub(crate) use utc_time;

/// Nanoseconds in a microsecond, a millisecond and a second: the units of [`floor_within`].
pub(crate) const MICROS: i128 = 1_000;
pub(crate) const MILLIS: i128 = 1_000_000;
pub(crate) const SECONDS: i128 = 1_000_000_000;

/// `time` in whole units of `unit_nanos` nanoseconds since the Unix epoch, rounded down
/// (towards the past, before 1970 too), checked against `bounds` (in those units): the value,
/// within the bounds, or `format`'s out-of-range error with the value found. What the
/// formats' `from_datetime` and `at` read their time with.
pub(crate) fn floor_within<T: UtcTime>(
    time: &T,
    unit_nanos: i128,
    format: &'static str,
    bounds: &'static Bounds,
) -> Result<i128, Error> {
    within(time.to_unix_nanos().div_euclid(unit_nanos), format, bounds)
}

/// `value` when `bounds` hold it, else `format`'s out-of-range error for it.
pub(crate) fn within(
    value: i128,
    format: &'static str,
    bounds: &'static Bounds,
) -> Result<i128, Error> {
    if value < bounds.min || value > bounds.max {
        return Err(bounds.refuse(format, value));
    }
    Ok(value)
}

/// The time `micros` microseconds after the epoch as a `T`: exact for every id's time (see
/// [`sealed::Sealed`]).
pub(crate) fn from_unix_micros<T: UtcTime>(micros: i64) -> T {
    let nanos = i128::from(micros) * MICROS;
    T::from_unix_nanos(nanos).unwrap_or_else(|| T::saturating_from_unix_nanos(nanos))
}

#[cfg(test)]
mod tests {
    use super::*;
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use std::prelude::rust_2024::*;

    /// A time in nanoseconds, for the tests: the trait's smallest impl.
    struct Nanos(i128);

    impl sealed::Sealed for Nanos {
        fn saturating_from_unix_nanos(nanos: i128) -> Self {
            Nanos(nanos)
        }
    }

    impl UtcTime for Nanos {
        fn to_unix_nanos(&self) -> i128 {
            self.0
        }
        fn from_unix_nanos(nanos: i128) -> Option<Self> {
            Some(Nanos(nanos))
        }
    }

    #[test]
    fn floor_within_rounds_towards_the_past_and_refuses_outside_the_bounds() {
        static BOUNDS: Bounds = Bounds {
            part: "timestamp (milliseconds)",
            min: -5,
            max: 5,
        };
        let at = |nanos: i128| floor_within(&Nanos(nanos), MILLIS, "test", &BOUNDS);
        assert_eq!(at(1_999_999), Ok(1));
        assert_eq!(at(-1), Ok(-1));
        assert_eq!(at(-1_000_000), Ok(-1));
        assert_eq!(at(-1_000_001), Ok(-2));
        assert_eq!(at(5_999_999), Ok(5));
        let err = at(6_000_000).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "test timestamp (milliseconds) out of range: found 6, expected -5..=5"
        );
        assert!(at(-5_000_001).is_err());
        assert_eq!(
            at(i128::MIN).unwrap_err().kind(),
            crate::ErrorKind::OutOfRange
        );
    }
}
