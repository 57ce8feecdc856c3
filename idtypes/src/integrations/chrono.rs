//! `chrono`: every time-ordered format's timestamp as a `DateTime<Utc>` (`datetime()` and
//! `From<Id> for DateTime<Utc>`, written here once for every row of the table of formats that
//! has a timestamp), what the formats' `from_datetime` constructors share, and `DateTime<Utc>`
//! spans for `range_for_time` / `ranges_for_time` (through `Into<SystemTime>`).

use chrono::{DateTime, Utc};

use crate::{
    Error,
    error::{Bounds, Int, Repr},
    typed::format::Timed,
};

/// `datetime()` and `From<$ty> for DateTime<Utc>` for the format `$ty`, whose timestamps have
/// the precision `$precision` (`micros`, `millis` or `seconds`).
macro_rules! datetime {
    ($ty:ident, $precision:ident) => {
        impl crate::$ty {
            #[doc = concat!(
                        "The timestamp as a UTC time (", datetime!(@unit $precision), " precision)."
                    )]
            ///
            /// # Examples
            ///
            /// ```
            /// use chrono::{DateTime, Utc};
            ///
            #[doc = concat!("let id = idtypes::", stringify!($ty), "::MIN;")]
            /// let time: DateTime<Utc> = id.datetime();
            /// assert_eq!(DateTime::<Utc>::from(id), time);
            #[doc = concat!(
                "assert!(idtypes::", stringify!($ty), "::ranges_for_time(time..=time).contains(&id));"
            )]
            /// ```
            pub fn datetime(self) -> DateTime<Utc> {
                datetime_of(&self)
            }
        }

        impl From<crate::$ty> for DateTime<Utc> {
            fn from(id: crate::$ty) -> DateTime<Utc> {
                id.datetime()
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

/// An id's timestamp as a UTC time. Every format's timestamps lie within ±2^60 µs of 1970
/// (years 1684 to 2335), well inside chrono's range.
fn datetime_of<T: Timed>(id: &T) -> DateTime<Utc> {
    let micros = id.unix_micros();
    DateTime::from_timestamp_micros(micros).unwrap_or(if micros < 0 {
        DateTime::<Utc>::MIN_UTC
    } else {
        DateTime::<Utc>::MAX_UTC
    })
}

/// Unix microseconds of a UTC time (rounded down), or the out-of-range error of `format`, whose
/// timestamps are `bounds` (from 1970 on).
pub(crate) fn unix_micros(
    format: &'static str,
    bounds: &'static Bounds,
    time: DateTime<Utc>,
) -> Result<u64, Error> {
    let micros = time.timestamp_micros();
    u64::try_from(micros).map_err(|_| bounds.refuse(format, micros as i128))
}

/// Unix milliseconds of a UTC time (rounded down), or the out-of-range error of `format`, whose
/// last timestamp is `MAX`.
pub(crate) fn unix_millis<const MAX: u64>(
    format: &'static str,
    time: DateTime<Utc>,
) -> Result<u64, Error> {
    let millis = time.timestamp_millis();
    u64::try_from(millis).map_err(|_| {
        Error::new(
            format,
            Repr::OutOfRange {
                bounds: const {
                    &Bounds {
                        part: "timestamp (Unix milliseconds)",
                        min: crate::uid11::UID11_XID_EPOCH_MILLIS as i128,
                        max: MAX as i128,
                    }
                },
                found: Int::new(millis as i128),
            },
        )
    })
}
