//! [`Snowish`]: the snowflake-like uid11 profile, `0 | 41-bit ms | 10-bit machine | 12-bit
//! sequence`, and its generator.

#[cfg(all(feature = "std", idtypes_host))]
mod generator;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::SnowishGenerator;

use super::{UID11_XID_EPOCH_MILLIS, profile::profile_text, time_range::millis_ranges};
use crate::{
    Error,
    error::{Bounds, Repr},
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "snowish uid11";

/// The text as schemas state it: the uid11 texts up to `NQm6nKp8qFC` (`2^63 - 1`: the top
/// bit is reserved), built like [`U64_PATTERN`](super::U64_PATTERN).
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: concat!(
        "(?:[1-9A-HJ-M]",
        super::base58_class!(),
        "{10}|N[1-9A-HJ-NP]",
        super::base58_class!(),
        "{9}|NQ[1-9A-HJ-NP-Za-k]",
        super::base58_class!(),
        "{8}|NQm[1-5]",
        super::base58_class!(),
        "{7}|NQm6[1-9A-HJ-NP-Za-km]",
        super::base58_class!(),
        "{6}|NQm6n[1-9A-HJ]",
        super::base58_class!(),
        "{5}|NQm6nK[1-9A-HJ-NP-Za-km-o]",
        super::base58_class!(),
        "{4}|NQm6nKp[1-7]",
        super::base58_class!(),
        "{3}|NQm6nKp8[1-9A-HJ-NP-Za-km-p]",
        super::base58_class!(),
        "{2}|NQm6nKp8q[1-9A-E]",
        super::base58_class!(),
        "|NQm6nKp8qF[1-9A-C])"
    ),
    min_len: Snowish::TEXT_LEN,
    max_len: Snowish::TEXT_LEN,
    description: "A uid11 snowish id (a reserved zero bit, 41-bit milliseconds since \
                  2011-11-11T11:11:11.111Z, a 10-bit machine id, a 12-bit sequence): 11 \
                  characters of Base58 (the Bitcoin alphabet \
                  `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`), at most \
                  `NQm6nKp8qFC`. Snowish ids sort in the order they were made.",
    example: "4h1dcciSFzq",
    words: "11 Base58 characters",
    spec_url: Some(super::SPEC_URL),
};

/// The machine ids, 0 to 1023 (a constructor's, a generator's, a lease's).
pub(crate) const MACHINE_ID: Bounds = Bounds {
    part: "machine id",
    min: 0,
    max: Snowish::MAX_MACHINE_ID as i128,
};
const MAX_DELTA: u64 = (1 << 41) - 1;

/// The timestamps, from the xid epoch to the last millisecond of 41 bits (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix milliseconds)",
    min: UID11_XID_EPOCH_MILLIS as i128,
    max: Snowish::MAX_TIMESTAMP_MILLIS as i128,
};

/// A snowish uid11: a reserved 0 bit, 41 bits of milliseconds since the xid epoch
/// (2011-11-11T11:11:11.111Z; the specification names none, idtypes uses xid's), a 10-bit
/// machine id and a 12-bit per-millisecond sequence.
///
/// Times run from the epoch to 2081-07-18T02:58:46.662Z. Payloads with the reserved top bit
/// set are not snowish ids (conversions from `Uid11`/`u64` are fallible).
///
/// # Examples
///
/// ```
/// use idtypes::Snowish;
///
/// let id = Snowish::from_parts(1_700_000_000_000, 7, 42)?;
/// assert_eq!((id.machine_id(), id.sequence()), (7, 42));
/// assert_eq!(id.timestamp_millis(), 1_700_000_000_000);
/// assert!(Snowish::try_from(idtypes::Uid11::MAX).is_err()); // reserved bit set
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Snowish(u64);

profile_text!(
    Snowish,
    FORMAT,
    "1111111NVpb",
    (1 << 63) - 1,
    try_from_bytes
);
millis_ranges!(Snowish, "1111111NVpb");

impl Snowish {
    /// The last Unix millisecond a snowish id can hold: 2081-07-18T02:58:46.662Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = UID11_XID_EPOCH_MILLIS + MAX_DELTA;

    /// The largest machine id, 1023.
    pub const MAX_MACHINE_ID: u16 = 1023;

    /// The largest sequence, 4095.
    pub const MAX_SEQUENCE: u16 = 4095;

    /// A payload is a snowish id when its reserved top bit is 0.
    const fn from_payload(value: u64) -> Result<Snowish, Error> {
        if value >> 63 != 0 {
            return Err(Error::new(
                FORMAT,
                Repr::Reserved {
                    rule: "the reserved top bit must be 0",
                },
            ));
        }
        Ok(Snowish(value))
    }

    /// Reads a payload.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowish;
    ///
    /// assert_eq!(Snowish::try_from_u64(4096)?.machine_id(), 1);
    /// assert!(Snowish::try_from_u64(1 << 63).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn try_from_u64(value: u64) -> Result<Snowish, Error> {
        Snowish::from_payload(value)
    }

    /// Builds a snowish id from Unix milliseconds, a machine id and a sequence.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside the epoch
    /// to 2081-07-18T02:58:46.662Z, a machine id above 1023 or a sequence above 4095.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowish;
    ///
    /// assert!(Snowish::from_parts(1_700_000_000_000, 1024, 0).is_err());
    /// assert!(Snowish::from_parts(1_700_000_000_000, 0, 4096).is_err());
    /// ```
    pub const fn from_parts(
        unix_millis: u64,
        machine_id: u16,
        sequence: u16,
    ) -> Result<Snowish, Error> {
        if unix_millis < UID11_XID_EPOCH_MILLIS || unix_millis > Snowish::MAX_TIMESTAMP_MILLIS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_millis as i128));
        }
        if machine_id > Snowish::MAX_MACHINE_ID {
            return Err(MACHINE_ID.refuse(FORMAT, machine_id as i128));
        }
        if sequence > Snowish::MAX_SEQUENCE {
            return Err(Bounds {
                part: "sequence",
                min: 0,
                max: 4095,
            }
            .refuse(FORMAT, sequence as i128));
        }
        Ok(Snowish::from_fields(
            unix_millis - UID11_XID_EPOCH_MILLIS,
            machine_id,
            sequence,
        ))
    }

    /// Packs fields already known to be in range.
    pub(crate) const fn from_fields(millis: u64, machine_id: u16, sequence: u16) -> Snowish {
        Snowish((millis << 22) | ((machine_id as u64) << 12) | sequence as u64)
    }

    /// Milliseconds since the xid epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::try_from_u64(1 << 22)?.millis_since_epoch(), 1);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn millis_since_epoch(self) -> u64 {
        self.0 >> 22
    }

    /// Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::try_from_u64(0)?.timestamp_millis(), 1_321_009_871_111);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        UID11_XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The machine id, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::from_parts(1_700_000_000_000, 9, 0)?.machine_id(), 9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn machine_id(self) -> u16 {
        ((self.0 >> 12) & 0x3FF) as u16
    }

    /// The sequence within the millisecond, 0..=4095.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::from_parts(1_700_000_000_000, 9, 77)?.sequence(), 77);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn sequence(self) -> u16 {
        (self.0 & 0xFFF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let id = idtypes::Snowish::from_parts(1_700_000_000_000, 0, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_millis(1_700_000_000_000));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// A snowish id of the time `time`, for tests and backfills: its timestamp is `time`
    /// rounded down to the millisecond, its machine id (10 bits) and sequence (12 bits) drawn
    /// from the secure random generator (ChaCha12 keyed by the OS; there is no machine id of
    /// the process to take, and an id made alone has no place in a generator's count; random
    /// ones keep ids of one millisecond apart). `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two ids of one millisecond are the same with odds of 1 in 2^22. Where they must
    /// differ, or the machine id must be yours, use [`from_parts`](Snowish::from_parts), or a
    /// [`SnowishGenerator`] on a [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the xid epoch
    /// (2011-11-11T11:11:11.111Z) or after 2081-07-18T02:58:46.662Z, giving the time found in
    /// Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Snowish;
    ///
    /// let id = Snowish::at(UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_999))?;
    /// assert_eq!(id.timestamp_millis(), 1_700_000_000_123); // rounded down
    /// assert!(id.machine_id() <= Snowish::MAX_MACHINE_ID);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Snowish, Error> {
        Snowish::at_time(time.into())
    }

    /// [`at`](Snowish::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Snowish, Error> {
        use crate::utc::{MILLIS, floor_within};

        let millis = floor_within(&time, MILLIS, FORMAT, &TIMESTAMP)? as u64;
        // 22 random bits: the machine id's 10 and the sequence's 12.
        let bits = crate::process::random::secure_u64();
        Ok(Snowish::from_fields(
            millis - UID11_XID_EPOCH_MILLIS,
            (bits >> 12) as u16 & 0x3FF,
            bits as u16 & 0xFFF,
        ))
    }
}

/// Ids from a UTC time and their other parts.
impl Snowish {
    /// Builds a snowish id from a UTC time (to the millisecond, rounded down), a machine id and
    /// a sequence. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside the
    /// profile's span (giving the time found in Unix milliseconds), or as
    /// [`Snowish::from_parts`](Snowish::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(1_704_067_200_000); // 2024-01-01
    /// let id = idtypes::Snowish::from_datetime(time, 3, 9)?;
    /// assert_eq!(id.datetime::<SystemTime>(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: impl crate::UtcTime,
        machine_id: u16,
        sequence: u16,
    ) -> Result<Snowish, Error> {
        let millis = crate::utc::floor_within(&time, crate::utc::MILLIS, FORMAT, &TIMESTAMP)?;
        Snowish::from_parts(millis as u64, machine_id, sequence)
    }
}
