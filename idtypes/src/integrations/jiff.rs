//! jiff: `Timestamp` as a [`UtcTime`](crate::UtcTime), so that every time-ordered format is made at
//! one (`from_datetime`), gives its timestamp as one (`datetime()`, `From<Id>`) and takes spans of
//! them (through `Into<SystemTime>`), as with the other libraries' times. A `Zoned` time gives its
//! `Timestamp` with `.timestamp()`.

use jiff::Timestamp;

crate::utc::utc_time!(
    Timestamp,
    to: |time: &Timestamp| time.as_nanosecond(),
    from: |nanos| Timestamp::from_nanosecond(nanos).ok(),
    ends: Timestamp::MIN, Timestamp::MAX,
);

/// `From<$ty> for Timestamp`: the id's timestamp.
macro_rules! from_id {
    // A ULID's time may be past jiff's last year (9999): `Ulid::datetime` gives an `Option`.
    (Ulid, millis) => {};
    ($ty:ident, $precision:ident) => {
        impl From<crate::$ty> for Timestamp {
            /// The id's timestamp (see its `datetime()`).
            #[inline]
            fn from(id: crate::$ty) -> Timestamp {
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
            ("2023-06-30T15:03:01.8870079Z", 1_688_137_381_887_007_900),
        ];
        for (text, nanos) in cases {
            let time: Timestamp = text.parse().unwrap();
            assert_eq!(time.to_unix_nanos(), nanos, "{text}");
            assert_eq!(Timestamp::from_unix_nanos(nanos), Some(time), "{text}");
        }
        assert_eq!(Timestamp::from_unix_nanos(i128::MAX), None);
        assert_eq!(
            Timestamp::saturating_from_unix_nanos(i128::MIN),
            Timestamp::MIN
        );
    }
}
