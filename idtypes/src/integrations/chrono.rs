//! chrono: `DateTime<Utc>` as a [`UtcTime`], so that every time-ordered format is made at
//! one (`from_datetime`), gives its timestamp as one (`datetime()`, `From<Id>`) and takes spans
//! of them (through `Into<SystemTime>`), as with the other libraries' times.

use chrono::{DateTime, Utc};

use crate::utc::{UtcTime, sealed::Sealed};

impl UtcTime for DateTime<Utc> {
    fn to_unix_nanos(&self) -> i128 {
        // Whole seconds rounded down and the nanoseconds after them: exact before 1970 too.
        i128::from(self.timestamp()) * 1_000_000_000 + i128::from(self.timestamp_subsec_nanos())
    }

    fn from_unix_nanos(nanos: i128) -> Option<DateTime<Utc>> {
        let seconds = i64::try_from(nanos.div_euclid(1_000_000_000)).ok()?;
        DateTime::from_timestamp(seconds, nanos.rem_euclid(1_000_000_000) as u32)
    }
}

impl Sealed for DateTime<Utc> {
    fn saturating_from_unix_nanos(nanos: i128) -> DateTime<Utc> {
        DateTime::from_unix_nanos(nanos).unwrap_or(if nanos < 0 {
            DateTime::<Utc>::MIN_UTC
        } else {
            DateTime::<Utc>::MAX_UTC
        })
    }
}

/// `From<$ty> for DateTime<Utc>`: the id's timestamp.
macro_rules! from_id {
    (Ulid, millis) => {
        impl From<crate::Ulid> for DateTime<Utc> {
            /// The ULID's timestamp: chrono holds every one (to the year 10889), though
            /// `Ulid::datetime` is an `Option` for the types that do not.
            #[inline]
            fn from(id: crate::Ulid) -> DateTime<Utc> {
                crate::utc::from_unix_micros(id.timestamp_millis() as i64 * 1000)
            }
        }
    };
    ($ty:ident, $precision:ident) => {
        impl From<crate::$ty> for DateTime<Utc> {
            /// The id's timestamp (see its `datetime()`).
            #[inline]
            fn from(id: crate::$ty) -> DateTime<Utc> {
                id.datetime()
            }
        }
    };
}

crate::formats::for_each_timed_format!(from_id);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nanoseconds_both_ways_on_both_sides_of_1970() {
        let cases = [
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59.999999999Z", -1),
            ("1969-12-31T23:59:58.5Z", -1_500_000_000),
            ("2023-06-30T15:03:01.887007900Z", 1_688_137_381_887_007_900),
        ];
        for (text, nanos) in cases {
            let time: DateTime<Utc> = text.parse().unwrap();
            assert_eq!(time.to_unix_nanos(), nanos, "{text}");
            assert_eq!(DateTime::from_unix_nanos(nanos), Some(time), "{text}");
        }
        assert_eq!(DateTime::<Utc>::from_unix_nanos(i128::MAX), None);
        assert_eq!(
            DateTime::<Utc>::saturating_from_unix_nanos(i128::MIN),
            DateTime::<Utc>::MIN_UTC
        );
    }
}
