//! The `time` crate: `OffsetDateTime` and `UtcDateTime` as [`UtcTime`](crate::UtcTime)s, so that
//! every time-ordered format is made at one (`from_datetime`), gives its timestamp as one
//! (`datetime()`, `From<Id>`) and takes spans of them (through `Into<SystemTime>`), as with the
//! other libraries' times. An `OffsetDateTime` of any offset is read as the instant it names; one
//! made from an id has the offset UTC.

use ::time::{OffsetDateTime, PrimitiveDateTime, UtcDateTime};

crate::utc::utc_time!(
    OffsetDateTime,
    to: |time: &OffsetDateTime| time.unix_timestamp_nanos(),
    from: |nanos| OffsetDateTime::from_unix_timestamp_nanos(nanos).ok(),
    ends: PrimitiveDateTime::MIN.assume_utc(), PrimitiveDateTime::MAX.assume_utc(),
);

crate::utc::utc_time!(
    UtcDateTime,
    to: |time: &UtcDateTime| time.unix_timestamp_nanos(),
    from: |nanos| UtcDateTime::from_unix_timestamp_nanos(nanos).ok(),
    ends: UtcDateTime::MIN, UtcDateTime::MAX,
);

/// `From<$ty>` for `OffsetDateTime` and `UtcDateTime`: the id's timestamp.
macro_rules! from_id {
    // A ULID's time may be past `time`'s last year (9999): `Ulid::datetime` gives an `Option`.
    (Ulid, millis) => {};
    ($ty:ident, $precision:ident) => {
        impl From<crate::$ty> for OffsetDateTime {
            /// The id's timestamp, offset UTC (see its `datetime()`).
            #[inline]
            fn from(id: crate::$ty) -> OffsetDateTime {
                id.datetime()
            }
        }

        impl From<crate::$ty> for UtcDateTime {
            /// The id's timestamp (see its `datetime()`).
            #[inline]
            fn from(id: crate::$ty) -> UtcDateTime {
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
    use ::time::UtcOffset;

    #[test]
    fn nanoseconds_both_ways_on_both_sides_of_1970() {
        for nanos in [0, -1, -1_500_000_000, 1_688_137_381_887_007_900] {
            let time = OffsetDateTime::from_unix_nanos(nanos).unwrap();
            assert_eq!(time.offset(), UtcOffset::UTC);
            assert_eq!(time.to_unix_nanos(), nanos);
            let utc = UtcDateTime::from_unix_nanos(nanos).unwrap();
            assert_eq!(utc.to_unix_nanos(), nanos);
        }
        assert_eq!(OffsetDateTime::from_unix_nanos(i128::MAX), None);
        assert_eq!(
            UtcDateTime::saturating_from_unix_nanos(i128::MIN),
            UtcDateTime::MIN
        );
    }

    #[test]
    fn an_offset_is_read_as_the_instant_it_names() {
        let utc = OffsetDateTime::from_unix_nanos(1_688_137_381_887_007_900).unwrap();
        let east = utc.to_offset(UtcOffset::from_hms(5, 30, 0).unwrap());
        assert_eq!(east.to_unix_nanos(), utc.to_unix_nanos());
    }
}
