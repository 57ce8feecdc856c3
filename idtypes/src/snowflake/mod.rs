//! [`Snowflake`]: the 64-bit ids of Twitter (X) and Discord, `0 | 41-bit ms | 10-bit worker |
//! 12-bit sequence`, written as decimal numbers; [`SnowflakeEpoch`], the service's zero of
//! time; and [`SnowflakeGenerator`].
//!
//! A Snowflake does not know its epoch: every service picks its own (Twitter's is
//! 2010-11-04T01:42:54.657Z, Discord's 2015-01-01T00:00:00Z), and the 64 bits do not say
//! which. So the value type holds the bits alone, and what needs the time takes the epoch as
//! an argument: [`timestamp_millis`](Snowflake::timestamp_millis),
//! [`range_for_time`](Snowflake::range_for_time), the generator. For the same reason the
//! format's row in the table has no timestamp (`none`): generic code (`datetime()` for every
//! `UtcTime`, the typed ids' `timestamp()`) cannot read one without the epoch.
//!
//! The text is the decimal number, as those APIs send it in JSON strings (`"175928847299117063"`):
//! 1 to 19 ASCII digits, no sign, no leading zeros, at most `9223372036854775807`. Unlike
//! every other format's, this text does not sort like the ids (`"9"` > `"10"`): compare and
//! store the ids as numbers, which do. There are no prefix ranges for the same reason.
//!
//! # References
//!
//! - Twitter's announcement and code: `twitter-archive/snowflake` (2010), the layout and
//!   epoch `1288834974657`.
//! - Discord's API reference, "Snowflakes": the layout (the worker id as a 5-bit worker and a
//!   5-bit process), the epoch `1420070400000` and the example `175928847299117063`.

mod epoch;
#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
mod text;
mod typed;

pub use epoch::SnowflakeEpoch;
#[cfg(all(feature = "std", idtypes_host))]
pub use generator::SnowflakeGenerator;
pub(crate) use text::TEXT_SCHEMA;
pub use typed::TypedSnowflake;

use crate::{
    Error,
    error::{Bounds, Repr},
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "Snowflake";

/// The worker ids, 0 to 1023 (a constructor's, a generator's, a lease's).
pub(crate) const WORKER_ID: Bounds = Bounds {
    part: "worker id",
    min: 0,
    max: Snowflake::MAX_WORKER_ID as i128,
};

/// The timestamps, 0 to 2^41 - 1 milliseconds since the epoch (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (milliseconds since the epoch)",
    min: 0,
    max: Snowflake::MAX_MILLIS_SINCE_EPOCH as i128,
};

/// The largest value: the top bit is always 0.
const MAX_VALUE: u64 = (1 << 63) - 1;

/// A Snowflake id: a zero bit, 41 bits of milliseconds since the service's epoch (see
/// [`SnowflakeEpoch`]), a 10-bit worker id and a 12-bit per-millisecond sequence, as Twitter
/// and Discord make them.
///
/// - Its text is the decimal number (1 to 19 digits), parsed strictly: no sign, no leading
///   zeros, nothing above `9223372036854775807` (2^63 - 1). The text does not sort like the
///   ids; the ids (`Ord`), their integers and their big-endian bytes do.
/// - It holds no epoch: the parts that are times take one
///   ([`timestamp_millis`](Snowflake::timestamp_millis)).
/// - Times run 2^41 milliseconds (69.7 years) from the epoch.
///
/// # Examples
///
/// ```
/// use idtypes::Snowflake;
/// use idtypes::snowflake::SnowflakeEpoch;
///
/// // Discord's API reference's example.
/// let id: Snowflake = "175928847299117063".parse()?;
/// assert_eq!(id.timestamp_millis(SnowflakeEpoch::DISCORD), 1_462_015_105_796);
/// assert_eq!((id.worker_id(), id.sequence()), (32, 7));
/// assert_eq!(id.to_string(), "175928847299117063");
/// assert!("0175928847299117063".parse::<Snowflake>().is_err()); // a leading zero
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Snowflake(u64);

crate::text::traits::convert!(Snowflake, u64, to_u64, try try_from_u64);

impl Snowflake {
    /// The first id, 0, also its `Default`.
    pub const MIN: Snowflake = Snowflake(0);

    /// The last id, `9223372036854775807` (2^63 - 1: the top bit is always 0).
    pub const MAX: Snowflake = Snowflake(MAX_VALUE);

    /// The largest number of milliseconds since the epoch, 2^41 - 1.
    pub const MAX_MILLIS_SINCE_EPOCH: u64 = (1 << 41) - 1;

    /// The largest worker id, 1023.
    pub const MAX_WORKER_ID: u16 = 1023;

    /// The largest sequence, 4095.
    pub const MAX_SEQUENCE: u16 = 4095;

    /// The id whose integer is `value`, refused when its top bit is set (no Snowflake has it).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// assert_eq!(Snowflake::try_from_u64(4096)?.worker_id(), 1);
    /// assert!(Snowflake::try_from_u64(1 << 63).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn try_from_u64(value: u64) -> Result<Snowflake, Error> {
        if value > MAX_VALUE {
            return Err(Error::new(
                FORMAT,
                Repr::Reserved {
                    rule: "the top bit must be 0 (at most 9223372036854775807)",
                },
            ));
        }
        Ok(Snowflake(value))
    }

    /// The id of the low 63 bits of `value`: its top bit, which no Snowflake has, is dropped.
    /// For integers known to be ids (constants, a `BIGINT` that is not negative);
    /// [`try_from_u64`](Snowflake::try_from_u64) refuses the top bit instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// assert_eq!(Snowflake::from_u64(42).to_u64(), 42);
    /// assert_eq!(Snowflake::from_u64(u64::MAX), Snowflake::MAX);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Snowflake {
        Snowflake(value & MAX_VALUE)
    }

    /// The integer, below 2^63.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::MAX.to_u64(), i64::MAX as u64);
    /// ```
    #[inline]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// The big-endian bytes of the integer; they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = idtypes::Snowflake::from_u64(258);
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 0, 0, 0, 1, 2]);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// Reads 8 big-endian bytes, refused when the top bit is set.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// let id = Snowflake::from_u64(175928847299117063);
    /// assert_eq!(Snowflake::try_from_bytes(id.to_bytes())?, id);
    /// assert!(Snowflake::try_from_bytes([0x80, 0, 0, 0, 0, 0, 0, 0]).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn try_from_bytes(bytes: [u8; 8]) -> Result<Snowflake, Error> {
        Snowflake::try_from_u64(u64::from_be_bytes(bytes))
    }

    /// Reads 8 big-endian bytes, dropping the top bit as [`from_u64`](Snowflake::from_u64)
    /// does; [`try_from_bytes`](Snowflake::try_from_bytes) refuses it instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// assert_eq!(Snowflake::from_bytes([0, 0, 0, 0, 0, 0, 1, 2]).to_u64(), 258);
    /// assert_eq!(Snowflake::from_bytes([0xFF; 8]), Snowflake::MAX);
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 8]) -> Snowflake {
        Snowflake::from_u64(u64::from_be_bytes(bytes))
    }

    /// Builds an id from milliseconds since the epoch, a worker id and a sequence.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for milliseconds above
    /// 2^41 - 1, a worker id above 1023 or a sequence above 4095.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// let id = Snowflake::from_parts(41_944_705_796, 32, 7)?;
    /// assert_eq!(id.to_u64(), 175928847299117063);
    /// assert!(Snowflake::from_parts(1 << 41, 0, 0).is_err());
    /// assert!(Snowflake::from_parts(0, 1024, 0).is_err());
    /// assert!(Snowflake::from_parts(0, 0, 4096).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(
        millis_since_epoch: u64,
        worker_id: u16,
        sequence: u16,
    ) -> Result<Snowflake, Error> {
        if millis_since_epoch > Snowflake::MAX_MILLIS_SINCE_EPOCH {
            return Err(TIMESTAMP.refuse(FORMAT, millis_since_epoch as i128));
        }
        if worker_id > Snowflake::MAX_WORKER_ID {
            return Err(WORKER_ID.refuse(FORMAT, worker_id as i128));
        }
        if sequence > Snowflake::MAX_SEQUENCE {
            return Err(Bounds {
                part: "sequence",
                min: 0,
                max: Snowflake::MAX_SEQUENCE as i128,
            }
            .refuse(FORMAT, sequence as i128));
        }
        Ok(Snowflake::from_fields(
            millis_since_epoch,
            worker_id,
            sequence,
        ))
    }

    /// Packs fields already known to be in range.
    pub(crate) const fn from_fields(millis: u64, worker_id: u16, sequence: u16) -> Snowflake {
        Snowflake((millis << 22) | ((worker_id as u64) << 12) | sequence as u64)
    }

    /// Milliseconds since the epoch, whichever it is.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::from_u64(175928847299117063).millis_since_epoch(), 41_944_705_796);
    /// ```
    #[inline]
    pub const fn millis_since_epoch(self) -> u64 {
        self.0 >> 22
    }

    /// Unix milliseconds, for the service's `epoch`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// assert_eq!(Snowflake::MIN.timestamp_millis(SnowflakeEpoch::TWITTER), 1_288_834_974_657);
    /// let id = Snowflake::from_u64(175928847299117063);
    /// assert_eq!(id.timestamp_millis(SnowflakeEpoch::DISCORD), 1_462_015_105_796);
    /// ```
    #[inline]
    pub const fn timestamp_millis(self, epoch: SnowflakeEpoch) -> u64 {
        // At most 9999-12-31 plus 2^41 ms: no overflow.
        epoch.unix_millis() + self.millis_since_epoch()
    }

    /// The worker id, 0..=1023. (Discord splits it: the top 5 bits are its "internal worker
    /// id", the low 5 its "internal process id".)
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::from_parts(0, 9, 0)?.worker_id(), 9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn worker_id(self) -> u16 {
        ((self.0 >> 12) & 0x3FF) as u16
    }

    /// The sequence within the millisecond, 0..=4095.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::from_parts(0, 9, 77)?.sequence(), 77);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn sequence(self) -> u16 {
        (self.0 & 0xFFF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime), for the service's `epoch`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// let id = Snowflake::from_u64(175928847299117063);
    /// let time = id.timestamp(SnowflakeEpoch::DISCORD);
    /// assert_eq!(time, UNIX_EPOCH + Duration::from_millis(1_462_015_105_796));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self, epoch: SnowflakeEpoch) -> std::time::SystemTime {
        // Before the year 10070 (an epoch is at most 9999-12-31): within every platform's
        // `SystemTime`.
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis(epoch))
    }

    /// An id of the service's `epoch` at the time `time`, for tests and backfills: its
    /// timestamp is `time` rounded down to the millisecond, its worker id (10 bits) and
    /// sequence (12 bits) drawn from the secure random generator (ChaCha12 keyed by the OS;
    /// there is no worker id of the process to take, and an id made alone has no place in
    /// a generator's count; random ones keep ids of one millisecond apart). `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two ids of one millisecond are the same with odds of 1 in 2^22. Where they must
    /// differ, or the worker id must be yours, use [`from_parts`](Snowflake::from_parts), or
    /// a [`SnowflakeGenerator`] on a [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the epoch or
    /// 2^41 milliseconds (69.7 years) or more after it, giving the time found in milliseconds
    /// since the epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// let time = UNIX_EPOCH + Duration::from_micros(1_462_015_105_796_999);
    /// let id = Snowflake::at(SnowflakeEpoch::DISCORD, time)?;
    /// assert_eq!(id.timestamp_millis(SnowflakeEpoch::DISCORD), 1_462_015_105_796); // rounded down
    /// assert_eq!(id.millis_since_epoch(), 41_944_705_796);
    ///
    /// let err = Snowflake::at(SnowflakeEpoch::DISCORD, UNIX_EPOCH).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(
        epoch: SnowflakeEpoch,
        time: impl Into<std::time::SystemTime>,
    ) -> Result<Snowflake, Error> {
        Snowflake::at_time(epoch, time.into())
    }

    /// [`at`](Snowflake::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(epoch: SnowflakeEpoch, time: std::time::SystemTime) -> Result<Snowflake, Error> {
        use crate::UtcTime;
        use crate::utc::{MILLIS, within};

        let millis = time.to_unix_nanos().div_euclid(MILLIS) - i128::from(epoch.unix_millis());
        let millis = within(millis, FORMAT, &TIMESTAMP)? as u64;
        // 22 random bits: the worker id's 10 and the sequence's 12.
        let bits = crate::process::random::secure_u64();
        Ok(Snowflake::from_fields(
            millis,
            (bits >> 12) as u16 & 0x3FF,
            bits as u16 & 0xFFF,
        ))
    }
}

#[cfg(test)]
mod tests;
