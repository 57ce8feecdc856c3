//! [`TsSeqRand`]: the uid11 profile `42-bit ms | 12-bit sequence | 10-bit random`, and its
//! generator.

#[cfg(all(feature = "std", idtypes_host))]
mod generator;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::TsSeqRandGenerator;

use super::{UID11_XID_EPOCH_MILLIS, profile::profile_text, time_range::millis_ranges};
use crate::{Error, error::Bounds};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "ts-seq-rand uid11";

/// The text as schemas state it: the uid11 text.
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: super::U64_PATTERN,
    min_len: TsSeqRand::TEXT_LEN,
    max_len: TsSeqRand::TEXT_LEN,
    description: "A uid11 ts-seq-rand id (42-bit milliseconds since 2011-11-11T11:11:11.111Z, a \
                  12-bit sequence, 10 random bits): 11 characters of Base58 (the Bitcoin \
                  alphabet `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`), at most \
                  `jpXCZedGfVQ`. They sort in the order they were made.",
    example: "4h1dcciSLNY",
    words: "11 Base58 characters",
    spec_url: Some(super::SPEC_URL),
};
const MAX_DELTA: u64 = (1 << 42) - 1;

/// The timestamps, from the xid epoch to the last millisecond (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix milliseconds)",
    min: UID11_XID_EPOCH_MILLIS as i128,
    max: TsSeqRand::MAX_TIMESTAMP_MILLIS as i128,
};

/// A ts-seq-rand uid11: 42 bits of milliseconds since the xid epoch
/// (2011-11-11T11:11:11.111Z; the specification names none, idtypes uses xid's), a 12-bit
/// per-millisecond sequence and 10 random bits.
///
/// Every `u64` is one. Times run from the epoch to 2151-03-25T18:46:22.214Z.
///
/// # Examples
///
/// ```
/// use idtypes::TsSeqRand;
///
/// let id = TsSeqRand::from_parts(1_700_000_000_000, 3, 999)?;
/// assert_eq!((id.sequence(), id.random()), (3, 999));
/// assert!(TsSeqRand::from_parts(1_700_000_000_000, 4096, 0).is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct TsSeqRand(u64);

profile_text!(TsSeqRand, FORMAT, "1111111NVpb", u64::MAX, from_bytes);
millis_ranges!(TsSeqRand, "1111111NVpb");

impl TsSeqRand {
    /// The last Unix millisecond: 2151-03-25T18:46:22.214Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = UID11_XID_EPOCH_MILLIS + MAX_DELTA;

    /// Every payload is a ts-seq-rand id.
    const fn from_payload(value: u64) -> Result<TsSeqRand, Error> {
        Ok(TsSeqRand(value))
    }

    /// Wraps a payload. Every `u64` is one.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1 << 10).sequence(), 1);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> TsSeqRand {
        TsSeqRand(value)
    }

    /// Builds an id from Unix milliseconds, a sequence (0..=4095) and a random value
    /// (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for any part out of its range
    /// (never masked).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TsSeqRand;
    ///
    /// assert!(TsSeqRand::from_parts(1_700_000_000_000, 0, 1024).is_err());
    /// assert!(TsSeqRand::from_parts(1_000, 0, 0).is_err()); // before the epoch
    /// ```
    pub const fn from_parts(
        unix_millis: u64,
        sequence: u16,
        random: u16,
    ) -> Result<TsSeqRand, Error> {
        if unix_millis < UID11_XID_EPOCH_MILLIS || unix_millis > TsSeqRand::MAX_TIMESTAMP_MILLIS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_millis as i128));
        }
        if sequence > 4095 {
            return Err(Bounds {
                part: "sequence",
                min: 0,
                max: 4095,
            }
            .refuse(FORMAT, sequence as i128));
        }
        if random > 1023 {
            return Err(Bounds {
                part: "random field",
                min: 0,
                max: 1023,
            }
            .refuse(FORMAT, random as i128));
        }
        Ok(TsSeqRand::from_fields(
            unix_millis - UID11_XID_EPOCH_MILLIS,
            sequence,
            random,
        ))
    }

    /// Packs fields already known to be in range.
    pub(crate) const fn from_fields(millis: u64, sequence: u16, random: u16) -> TsSeqRand {
        TsSeqRand((millis << 22) | ((sequence as u64) << 10) | random as u64)
    }

    /// Milliseconds since the xid epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1 << 22).millis_since_epoch(), 1);
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
    /// assert_eq!(idtypes::TsSeqRand::from_u64(0).timestamp_millis(), 1_321_009_871_111);
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        UID11_XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The sequence within the millisecond, 0..=4095.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(4095 << 10).sequence(), 4095);
    /// ```
    #[inline]
    pub const fn sequence(self) -> u16 {
        ((self.0 >> 10) & 0xFFF) as u16
    }

    /// The random field, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1023).random(), 1023);
    /// ```
    #[inline]
    pub const fn random(self) -> u16 {
        (self.0 & 0x3FF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let id = idtypes::TsSeqRand::from_u64(0);
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_millis(1_321_009_871_111));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// A new ts-seq-rand id from the process-wide generator.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after the last millisecond the format holds (see
    /// [`TsSeqRandGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let (a, b) = (idtypes::TsSeqRand::now(), idtypes::TsSeqRand::now());
    /// assert!(a < b);
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> TsSeqRand {
        generator::global().next()
    }

    /// An id of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the millisecond, its sequence (12 bits) and random field (10 bits) drawn from
    /// the secure random generator (ChaCha12 keyed by the OS; a generator's sequence counts from
    /// 0 in each millisecond; an id made alone has no place in a count, and a random one keeps
    /// ids of one millisecond apart). `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two ids of one millisecond are the same with odds of 1 in 2^22. Where they must
    /// differ, use [`from_parts`](TsSeqRand::from_parts), or a [`TsSeqRandGenerator`] on a
    /// [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the xid epoch
    /// (2011-11-11T11:11:11.111Z) or after 2151-03-25T18:46:22.214Z, giving the time found in
    /// Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::TsSeqRand;
    ///
    /// let id = TsSeqRand::at(UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_999))?;
    /// assert_eq!(id.timestamp_millis(), 1_700_000_000_123); // rounded down
    /// assert!(id.sequence() <= 4095 && id.random() <= 1023);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<TsSeqRand, Error> {
        TsSeqRand::at_time(time.into())
    }

    /// [`at`](TsSeqRand::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<TsSeqRand, Error> {
        use crate::utc::{MILLIS, floor_within};

        let millis = floor_within(&time, MILLIS, FORMAT, &TIMESTAMP)? as u64;
        // 22 random bits: the sequence's 12 and the random field's 10.
        let bits = crate::process::random::secure_u64();
        Ok(TsSeqRand::from_fields(
            millis - UID11_XID_EPOCH_MILLIS,
            (bits >> 10) as u16 & 0xFFF,
            bits as u16 & 0x3FF,
        ))
    }
}

/// Ids from a UTC time and their other parts.
impl TsSeqRand {
    /// Builds a ts-seq-rand id from a UTC time (to the millisecond, rounded down), a sequence
    /// and a random value. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside the
    /// profile's span (giving the time found in Unix milliseconds), or as
    /// [`TsSeqRand::from_parts`](TsSeqRand::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(1_704_067_200_000); // 2024-01-01
    /// let id = idtypes::TsSeqRand::from_datetime(time, 0, 5)?;
    /// assert_eq!(id.datetime::<SystemTime>(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: impl crate::UtcTime,
        sequence: u16,
        random: u16,
    ) -> Result<TsSeqRand, Error> {
        let millis = crate::utc::floor_within(&time, crate::utc::MILLIS, FORMAT, &TIMESTAMP)?;
        TsSeqRand::from_parts(millis as u64, sequence, random)
    }
}
