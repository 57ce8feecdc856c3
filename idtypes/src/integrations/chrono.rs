//! chrono: `DateTime<Utc>` as a [`UtcTime`](crate::UtcTime), so that every time-ordered format is
//! made at one (`from_datetime`), gives its timestamp as one (`datetime()`, `From<Id>`) and takes
//! spans of them (through `Into<SystemTime>`), as with the other libraries' times.

use chrono::{DateTime, Utc};

crate::utc::utc_time!(
    DateTime<Utc>,
    // Whole seconds rounded down and the nanoseconds after them: exact before 1970 too.
    to: |time: &DateTime<Utc>| {
        i128::from(time.timestamp()) * 1_000_000_000 + i128::from(time.timestamp_subsec_nanos())
    },
    from: |nanos: i128| {
        let seconds = i64::try_from(nanos.div_euclid(1_000_000_000)).ok()?;
        DateTime::from_timestamp(seconds, nanos.rem_euclid(1_000_000_000) as u32)
    },
    ends: DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC,
);

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
    use crate::{UtcTime, utc::sealed::Sealed};

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
