//! `chrono`: the timestamps of every time-ordered format as `DateTime<Utc>` ([`Tid`],
//! [`TimeId`], [`Xid`](struct@crate::Xid), [`Snowish`](struct@crate::Snowish), [`TsSeqRand`](struct@crate::TsSeqRand),
//! [`Tbsl`](struct@crate::Tbsl): `datetime()` and `From<Id> for DateTime<Utc>`), ids built from a
//! `DateTime<Utc>` and their other parts, and `DateTime<Utc>` spans for `range_for_time` /
//! `ranges_for_time` (through `Into<SystemTime>`).

use chrono::{DateTime, Utc};

use crate::{
    Error, Tid, TimeId,
    error::{Bounds, Int, Repr},
};

use crate::time_id::NodeId;

impl Tid {
    /// Builds a TID from a UTC time (to the microsecond, rounded down) and a clock id.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2255-06-05T23:47:34.740991Z, or a clock id above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    /// use idtypes::Tid;
    ///
    /// let time: DateTime<Utc> = "2023-06-30T15:03:01.887007Z".parse().unwrap();
    /// assert_eq!(Tid::from_datetime(time, 6)?.to_string(), "3jzfcijpj2z2a");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: DateTime<Utc>, clock_id: u16) -> Result<Tid, Error> {
        let micros = time.timestamp_micros();
        let micros = u64::try_from(micros).map_err(|_| {
            Bounds {
                part: "timestamp (microseconds)",
                min: 0,
                max: Tid::MAX_TIMESTAMP_MICROS as i128,
            }
            .refuse(crate::tid::FORMAT, micros as i128)
        })?;
        Tid::from_parts(micros, clock_id)
    }

    /// The timestamp as a UTC time.
    ///
    /// # Examples
    ///
    /// ```
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// assert_eq!(tid.datetime().to_rfc3339(), "2023-06-30T15:03:01.887007+00:00");
    /// ```
    pub fn datetime(self) -> DateTime<Utc> {
        // At most 2^54 µs (year 2540), well inside chrono's range.
        DateTime::from_timestamp_micros(self.timestamp_micros() as i64)
            .unwrap_or(DateTime::<Utc>::MAX_UTC)
    }
}

impl TimeId {
    /// Builds a TimeId from a UTC time (to the microsecond, rounded down) and a node id.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) before
    /// 1684-07-28T00:12:25.259008Z or after 2255-06-05T23:47:34.740991Z.
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeId;
    ///
    /// let time: DateTime<Utc> = "2024-07-19T16:40:46.480310Z".parse().unwrap();
    /// let id = TimeId::from_datetime(time, NodeId::new(1)?)?;
    /// assert_eq!(id.to_dashed(), "3kxn-lhr-3gxq-23");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: DateTime<Utc>, node: NodeId) -> Result<TimeId, Error> {
        TimeId::from_parts(time.timestamp_micros(), node)
    }

    /// The timestamp as a UTC time (before 1970 too).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::EARLIEST.datetime().to_rfc3339(), "1684-07-28T00:12:25.259008+00:00");
    /// assert_eq!(TimeId::MAX.datetime().to_rfc3339(), "1969-12-31T23:59:59.999999+00:00");
    /// ```
    pub fn datetime(self) -> DateTime<Utc> {
        // Within ±2^53 µs (years 1684 to 2255), well inside chrono's range.
        DateTime::from_timestamp_micros(self.timestamp_micros()).unwrap_or(DateTime::<Utc>::MIN_UTC)
    }
}

impl From<TimeId> for DateTime<Utc> {
    fn from(id: TimeId) -> DateTime<Utc> {
        id.datetime()
    }
}

impl From<Tid> for DateTime<Utc> {
    fn from(tid: Tid) -> DateTime<Utc> {
        tid.datetime()
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn round_trips_through_datetime() {
        let tid = Tid::from_parts(1688137381887007, 6).unwrap();
        assert_eq!(Tid::from_datetime(tid.datetime(), 6), Ok(tid));
    }

    #[test]
    fn the_largest_parsed_tid_still_has_a_datetime() {
        assert_eq!(
            Tid::MAX.datetime().timestamp_micros(),
            (u64::MAX >> 10) as i64
        );
    }

    #[test]
    fn times_outside_the_tid_range_are_refused() {
        let before: DateTime<Utc> = "1969-12-31T23:59:59Z".parse().unwrap();
        let err = Tid::from_datetime(before, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "atproto TID timestamp (microseconds) out of range: found -1000000, \
             expected 0..=9007199254740991"
        );
        let after: DateTime<Utc> = "2300-01-01T00:00:00Z".parse().unwrap();
        assert_eq!(
            Tid::from_datetime(after, 0).unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
    }
}

/// `datetime()` for the timestamped uid11 profiles.
macro_rules! millis_datetime {
    ($($ty:ident),*) => {$(
        impl crate::$ty {
            /// The timestamp as a UTC time (millisecond precision).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id = idtypes::", stringify!($ty), "::parse(\"11111111111\")?;")]
            /// assert_eq!(id.datetime().to_rfc3339(), "2011-11-11T11:11:11.111+00:00");
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            pub fn datetime(self) -> DateTime<Utc> {
                // At most 2^42 ms after 2011: well inside chrono's range.
                DateTime::from_timestamp_millis(self.timestamp_millis() as i64)
                    .unwrap_or(DateTime::<Utc>::MAX_UTC)
            }
        }

        impl From<crate::$ty> for DateTime<Utc> {
            fn from(id: crate::$ty) -> DateTime<Utc> {
                id.datetime()
            }
        }
    )*};
}

millis_datetime!(Xid, Snowish, TsSeqRand);

/// Unix milliseconds of a UTC time (rounded down), or the out-of-range error of `format`, whose
/// last timestamp is `MAX`.
fn unix_millis<const MAX: u64>(format: &'static str, time: DateTime<Utc>) -> Result<u64, Error> {
    let millis = time.timestamp_millis();
    u64::try_from(millis).map_err(|_| {
        Error::new(
            format,
            Repr::OutOfRange {
                bounds: const {
                    &Bounds {
                        part: "timestamp (Unix milliseconds)",
                        min: crate::uid11::XID_EPOCH_MILLIS as i128,
                        max: MAX as i128,
                    }
                },
                found: Int::new(millis as i128),
            },
        )
    })
}

impl crate::Xid {
    /// Builds an xid from a UTC time (to the millisecond, rounded down) and a 22-bit random value.
    ///
    /// # Errors
    ///
    /// As [`Xid::from_parts`](crate::Xid::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    ///
    /// let time: DateTime<Utc> = "2011-11-11T11:11:11.112Z".parse().unwrap();
    /// assert_eq!(idtypes::Xid::from_datetime(time, 0)?.to_string(), "1111111NVpb");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: DateTime<Utc>, random: u32) -> Result<crate::Xid, Error> {
        crate::Xid::from_parts(
            unix_millis::<{ crate::Xid::MAX_TIMESTAMP_MILLIS }>(crate::uid11::xid::FORMAT, time)?,
            random,
        )
    }
}

impl crate::Snowish {
    /// Builds a snowish id from a UTC time (to the millisecond, rounded down), a machine id and
    /// a sequence.
    ///
    /// # Errors
    ///
    /// As [`Snowish::from_parts`](crate::Snowish::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    ///
    /// let time: DateTime<Utc> = "2024-01-01T00:00:00Z".parse().unwrap();
    /// let id = idtypes::Snowish::from_datetime(time, 3, 9)?;
    /// assert_eq!(id.datetime(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: DateTime<Utc>,
        machine_id: u16,
        sequence: u16,
    ) -> Result<crate::Snowish, Error> {
        let millis = unix_millis::<{ crate::Snowish::MAX_TIMESTAMP_MILLIS }>(
            crate::uid11::snowish::FORMAT,
            time,
        )?;
        crate::Snowish::from_parts(millis, machine_id, sequence)
    }
}

impl crate::TsSeqRand {
    /// Builds a ts-seq-rand id from a UTC time (to the millisecond, rounded down), a sequence
    /// and a random value.
    ///
    /// # Errors
    ///
    /// As [`TsSeqRand::from_parts`](crate::TsSeqRand::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    ///
    /// let time: DateTime<Utc> = "2024-01-01T00:00:00Z".parse().unwrap();
    /// assert_eq!(idtypes::TsSeqRand::from_datetime(time, 0, 5)?.datetime(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: DateTime<Utc>,
        sequence: u16,
        random: u16,
    ) -> Result<crate::TsSeqRand, Error> {
        let millis = unix_millis::<{ crate::TsSeqRand::MAX_TIMESTAMP_MILLIS }>(
            crate::uid11::ts_seq_rand::FORMAT,
            time,
        )?;
        crate::TsSeqRand::from_parts(millis, sequence, random)
    }
}

impl crate::Tbsl {
    /// The timestamp as a UTC time (microsecond precision).
    ///
    /// # Examples
    ///
    /// ```
    /// let id: idtypes::Tbsl = "FFFFFFFFFFFFFFFFFFFF".parse()?;
    /// assert_eq!(id.datetime().to_rfc3339(), "2335-05-07T23:44:06.068469+00:00");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn datetime(self) -> DateTime<Utc> {
        // At most (2^60 - 1) / 100 µs (year 2335): inside chrono's range.
        DateTime::from_timestamp_micros(self.timestamp_micros() as i64)
            .unwrap_or(DateTime::<Utc>::MAX_UTC)
    }

    /// Builds a TBSL from a UTC time (to the microsecond, rounded down), a machine id and a
    /// suffix.
    ///
    /// # Errors
    ///
    /// As [`Tbsl::from_parts`](crate::Tbsl::from_parts); a time before 1970 is out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use chrono::{DateTime, Utc};
    ///
    /// let time: DateTime<Utc> = "2023-11-14T22:13:20.123456Z".parse().unwrap();
    /// let id = idtypes::Tbsl::from_datetime(time, 7, 0)?;
    /// assert_eq!(id.to_string(), "25BF6196C8D610700000");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: DateTime<Utc>,
        machine_id: u8,
        suffix: u32,
    ) -> Result<crate::Tbsl, Error> {
        let micros = time.timestamp_micros();
        let micros = u64::try_from(micros).map_err(|_| {
            Bounds {
                part: "timestamp (Unix microseconds)",
                min: 0,
                max: crate::Tbsl::MAX_TIMESTAMP_MICROS as i128,
            }
            .refuse(crate::tbsl::FORMAT, micros as i128)
        })?;
        crate::Tbsl::from_parts(micros, machine_id, suffix)
    }
}

impl From<crate::Tbsl> for DateTime<Utc> {
    fn from(id: crate::Tbsl) -> DateTime<Utc> {
        id.datetime()
    }
}
