//! `datetime()`: every time-ordered format's timestamp as any [`UtcTime`], written once for
//! every row of the table of formats that has a timestamp. A ULID's is an `Option`: its 48 bits
//! of milliseconds run to the year 10889, past some types' last year (9999).

use super::{UtcTime, from_unix_micros};
use crate::typed::format::Timed;

/// `datetime()` for the format `$ty`, whose timestamps have the precision `$precision`
/// (`micros`, `millis` or `seconds`).
macro_rules! datetime {
    (Ulid, millis) => {
        impl crate::Ulid {
            /// The timestamp as a UTC time of any date-time library (millisecond precision):
            /// `SystemTime`, chrono's `DateTime<Utc>`, jiff's `Timestamp`, the `time` crate's
            /// `OffsetDateTime` or `UtcDateTime` (see [`UtcTime`]); `None` when the type cannot
            /// hold it. A ULID's 48 bits of milliseconds run to the year 10889: `SystemTime` and
            /// chrono hold them all, jiff and `time` end with the year 9999 (as a version 7
            /// UUID's, [`uuids::datetime`](crate::uuids::datetime)).
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
            /// use idtypes::Ulid;
            ///
            /// let id = Ulid::from_parts(1_700_000_000_000, 0)?;
            /// let time: Option<SystemTime> = id.datetime();
            /// assert_eq!(time, Some(UNIX_EPOCH + Duration::from_millis(1_700_000_000_000)));
            /// assert!(Ulid::MAX.datetime::<SystemTime>().is_some());
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub fn datetime<T: UtcTime>(self) -> Option<T> {
                T::from_unix_nanos(i128::from(self.unix_micros()) * super::MICROS)
            }
        }
    };
    ($ty:ident, $precision:ident) => {
        impl crate::$ty {
            #[doc = concat!(
                "The timestamp as a UTC time of any date-time library (", datetime!(@unit $precision),
                " precision): `SystemTime`, chrono's `DateTime<Utc>`, jiff's `Timestamp`, the ",
                "`time` crate's `OffsetDateTime` or `UtcDateTime` (see [`UtcTime`]). Exact: every ",
                "one holds every id's time. The libraries' types also convert `From` the id."
            )]
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::SystemTime;
            ///
            #[doc = concat!("let id = idtypes::", stringify!($ty), "::MIN;")]
            /// let time: SystemTime = id.datetime();
            #[doc = concat!(
                "assert!(idtypes::", stringify!($ty), "::ranges_for_time(time..=time).contains(&id));"
            )]
            /// ```
            #[inline]
            pub fn datetime<T: UtcTime>(self) -> T {
                datetime_of(&self)
            }
        }
    };
    (@unit micros) => {
        "microsecond"
    };
    (@unit millis) => {
        "millisecond"
    };
    (@unit seconds) => {
        "second"
    };
}

crate::formats::for_each_timed_format!(datetime);

/// An id's timestamp as a `T`. Every format's timestamps but a ULID's lie within years 1684 to
/// 2335, which every `UtcTime` holds.
fn datetime_of<I: Timed, T: UtcTime>(id: &I) -> T {
    from_unix_micros(id.unix_micros())
}
