//! [`Uid11Xid`]: the timestamped uid11 profile, `42-bit ms since 2011-11-11T11:11:11.111Z | 22-bit
//! random`, and its generator.

#[cfg(all(feature = "std", idtypes_host))]
mod generator;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::{Uid11XidGenerator, Uid11XidMode};

use core::ops::RangeInclusive;

use super::{UID11_XID_EPOCH_MILLIS, Uid11, profile::profile_text, time_range::millis_ranges};
use crate::{Error, error::Bounds};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "uid11 xid";

/// The text as schemas state it: the uid11 text.
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: super::U64_PATTERN,
    min_len: Uid11Xid::TEXT_LEN,
    max_len: Uid11Xid::TEXT_LEN,
    description: "A uid11 xid (42-bit milliseconds since 2011-11-11T11:11:11.111Z, then 22 random \
                  bits): 11 characters of Base58 (the Bitcoin alphabet \
                  `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`), at most \
                  `jpXCZedGfVQ`. Xids sort in the order they were made.",
    example: "4h1dccigLwD",
    words: "11 Base58 characters",
    spec_url: Some(super::SPEC_URL),
};
const MAX_DELTA: u64 = (1 << 42) - 1;
const MAX_RANDOM: u32 = (1 << 22) - 1;

/// The timestamps, from the xid epoch to the last millisecond (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix milliseconds)",
    min: UID11_XID_EPOCH_MILLIS as i128,
    max: Uid11Xid::MAX_TIMESTAMP_MILLIS as i128,
};

/// An xid: milliseconds since the xid epoch (2011-11-11T11:11:11.111Z) in the top 42 bits, 22
/// random bits below, written as a uid11.
///
/// - Every `u64` is an xid; text order is time order (then random).
/// - Times run from the epoch to **2151-03-25T18:46:22.214Z** (139.37 years).
/// - Prefixes of the text are time buckets: 6 symbols ≈ 156.5 ms, 7 ≈ 2.7 ms, 8 or more
///   under 1 ms ([`millis_range_for_prefix`](Uid11Xid::millis_range_for_prefix)).
///
/// # Examples
///
/// ```
/// use idtypes::Uid11Xid;
///
/// let id = Uid11Xid::from_parts_since_epoch(86_400_000, 0)?; // one day after the epoch
/// assert_eq!(id.to_string(), "113q8KFkAEs");
/// assert_eq!(id.timestamp_millis(), 1_321_096_271_111);
/// assert_eq!(id.random(), 0);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Uid11Xid(u64);

profile_text!(Uid11Xid, FORMAT, "113q8KFkAEs", u64::MAX, from_bytes);
millis_ranges!(Uid11Xid, "113q8KFkAEs");

impl Uid11Xid {
    /// The last Unix millisecond an xid can hold: 2151-03-25T18:46:22.214Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = UID11_XID_EPOCH_MILLIS + MAX_DELTA;

    /// The largest random field, 2^22 - 1.
    pub const MAX_RANDOM: u32 = MAX_RANDOM;

    /// Every payload is an xid.
    const fn from_payload(value: u64) -> Result<Uid11Xid, Error> {
        Ok(Uid11Xid(value))
    }

    /// Wraps a payload. Every `u64` is an xid.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11Xid::from_u64(4194304).millis_since_epoch(), 1);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Uid11Xid {
        Uid11Xid(value)
    }

    /// Builds an xid from Unix milliseconds and a 22-bit random value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the epoch or
    /// after 2151-03-25T18:46:22.214Z, or a random value over 22 bits (never masked).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Uid11Xid;
    ///
    /// let id = Uid11Xid::from_parts(1_321_009_871_112, 0)?;
    /// assert_eq!(id.to_string(), "1111111NVpb");
    /// assert!(Uid11Xid::from_parts(1_321_009_871_110, 0).is_err());
    /// assert!(Uid11Xid::from_parts(1_321_009_871_111, 1 << 22).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(unix_millis: u64, random: u32) -> Result<Uid11Xid, Error> {
        if unix_millis < UID11_XID_EPOCH_MILLIS || unix_millis > Uid11Xid::MAX_TIMESTAMP_MILLIS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_millis as i128));
        }
        Uid11Xid::from_parts_since_epoch(unix_millis - UID11_XID_EPOCH_MILLIS, random)
    }

    /// Builds an xid from milliseconds since the xid epoch and a 22-bit random value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) over 42 bits of milliseconds
    /// or 22 bits of random.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11Xid::from_parts_since_epoch(1, 0)?.to_u64(), 4194304);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts_since_epoch(millis: u64, random: u32) -> Result<Uid11Xid, Error> {
        if millis > MAX_DELTA {
            return Err(Bounds {
                part: "milliseconds since the epoch",
                min: 0,
                max: MAX_DELTA as i128,
            }
            .refuse(FORMAT, millis as i128));
        }
        if random > MAX_RANDOM {
            return Err(Bounds {
                part: "random field",
                min: 0,
                max: MAX_RANDOM as i128,
            }
            .refuse(FORMAT, random as i128));
        }
        Ok(Uid11Xid((millis << 22) | random as u64))
    }

    /// Milliseconds since the xid epoch: the top 42 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11Xid::MAX.millis_since_epoch(), (1 << 42) - 1);
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
    /// assert_eq!(idtypes::Uid11Xid::MAX.timestamp_millis(), 5_719_056_382_214); // 2151-03-25T18:46:22.214Z
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        UID11_XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The random field: the low 22 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11Xid::MAX.random(), (1 << 22) - 1);
    /// ```
    #[inline]
    pub const fn random(self) -> u32 {
        (self.0 & MAX_RANDOM as u64) as u32
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let epoch = idtypes::Uid11Xid::MIN.timestamp();
    /// assert_eq!(epoch, UNIX_EPOCH + Duration::from_millis(1_321_009_871_111));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// The Unix milliseconds of the xids whose text starts with `prefix`, inclusive; `None`
    /// when no xid has such a text.
    ///
    /// # Errors
    ///
    /// As [`Uid11::range_for_prefix`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Uid11Xid;
    ///
    /// let id = Uid11Xid::from_parts(1_700_000_000_000, 12345)?;
    /// let text = id.to_string();
    /// let bucket = Uid11Xid::millis_range_for_prefix(&text[..7])?.unwrap();
    /// assert!(bucket.contains(&1_700_000_000_000));
    /// assert!(bucket.end() - bucket.start() <= 3); // 7 symbols: about 2.7 ms, up to 4 distinct ms
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn millis_range_for_prefix(prefix: &str) -> Result<Option<RangeInclusive<u64>>, Error> {
        Ok(Uid11::range_for_prefix(prefix)?.map(|range| {
            Uid11Xid(range.start().to_u64()).timestamp_millis()
                ..=Uid11Xid(range.end().to_u64()).timestamp_millis()
        }))
    }

    /// A new xid from the process-wide monotonic generator.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after 2151-03-25 (see [`Uid11XidGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let (a, b) = (idtypes::Uid11Xid::now(), idtypes::Uid11Xid::now());
    /// assert!(a < b);
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> Uid11Xid {
        generator::global().next()
    }

    /// An xid of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the millisecond, its 22 random bits drawn from the secure random generator
    /// (ChaCha12 keyed by the OS). `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two xids of one millisecond are the same with odds of 1 in 2^22. Where they must
    /// differ, use [`from_parts`](Uid11Xid::from_parts), or a [`Uid11XidGenerator`] on a
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
    /// use idtypes::{ErrorKind, Uid11Xid};
    ///
    /// let id = Uid11Xid::at(UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_999))?;
    /// assert_eq!(id.timestamp_millis(), 1_700_000_000_123); // rounded down
    /// assert_eq!(Uid11Xid::at(UNIX_EPOCH).unwrap_err().kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Uid11Xid, Error> {
        Uid11Xid::at_time(time.into())
    }

    /// [`at`](Uid11Xid::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Uid11Xid, Error> {
        use crate::utc::{MILLIS, floor_within};

        let millis = floor_within(&time, MILLIS, FORMAT, &TIMESTAMP)? as u64;
        let random = crate::process::random::secure_u64() as u32 & MAX_RANDOM;
        Ok(Uid11Xid(
            ((millis - UID11_XID_EPOCH_MILLIS) << 22) | random as u64,
        ))
    }
}

/// Ids from a UTC time and their other parts.
impl Uid11Xid {
    /// Builds an xid from a UTC time (to the millisecond, rounded down) and a 22-bit random
    /// value. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside the
    /// profile's span (giving the time found in Unix milliseconds), or as
    /// [`Uid11Xid::from_parts`](Uid11Xid::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(idtypes::uid11::UID11_XID_EPOCH_MILLIS + 1);
    /// assert_eq!(idtypes::Uid11Xid::from_datetime(time, 0)?.to_string(), "1111111NVpb");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: impl crate::UtcTime, random: u32) -> Result<Uid11Xid, Error> {
        let millis = crate::utc::floor_within(&time, crate::utc::MILLIS, FORMAT, &TIMESTAMP)?;
        Uid11Xid::from_parts(millis as u64, random)
    }
}
