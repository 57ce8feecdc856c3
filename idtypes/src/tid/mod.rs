//! The atproto timestamp identifier (TID).
//!
//! A [`Tid`] is a `u64`: the top bit 0, then 53 bits of microseconds since the Unix epoch,
//! then a 10-bit clock id. Its text is 13 symbols of base32-sortable
//! (`234567abcdefghijklmnopqrstuvwxyz`), most significant first, so text order is numeric order.
//!
//! [`Tid`] is also at the crate root (`idtypes::Tid`); its generator, [`TidGenerator`], is
//! here (`idtypes::tid::TidGenerator`).
//!
//! # References
//!
//! - atproto specification, "Timestamp Identifiers (TIDs)"
//! - `bluesky-social/atproto-interop-tests`, `syntax/tid_syntax_*.txt`

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
pub(crate) mod text;
mod typed;
#[cfg(feature = "uuid")]
mod uuids;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::TidGenerator;

pub use typed::TypedTid;

use crate::{Error, error::Bounds};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "atproto TID";

/// The clock ids, 0 to 1023 (a constructor's, a generator's, a lease's).
pub(crate) const CLOCK_ID: Bounds = Bounds {
    part: "clock id",
    min: 0,
    max: Tid::MAX_CLOCK_ID as i128,
};

/// The timestamps, 0 to 2^53 - 1 microseconds (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (microseconds)",
    min: 0,
    max: Tid::MAX_TIMESTAMP_MICROS as i128,
};

/// An atproto TID: 53 bits of microseconds since 1970 and a 10-bit clock id in a `u64`.
///
/// - Ordering, equality and hashing are those of the `u64`, which are also those of the text
///   and of the big-endian bytes.
/// - Every `u64` is a `Tid` and has a text: the reference syntax
///   `^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$` covers all of them, including
///   values with bit 63 set (first symbol `c`..`j`). Such values are never generated and
///   [`from_parts`](Tid::from_parts) refuses to build them, but they parse, as in the reference
///   implementations.
/// - Text conversions never allocate: [`encode`](Tid::encode) returns a 13-byte stack string.
///
/// # Examples
///
/// ```
/// use idtypes::Tid;
///
/// let tid: Tid = "3jzfcijpj2z2a".parse()?;
/// assert_eq!(tid.timestamp_micros(), 1688137381887007);
/// assert_eq!(tid.clock_id(), 6);
/// assert_eq!(tid.to_string(), "3jzfcijpj2z2a");
/// assert_eq!(format!("{tid:?}"), "Tid(3jzfcijpj2z2a)");
///
/// let fresh = Tid::now();
/// assert!(fresh > tid);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Tid(u64);

impl Tid {
    /// The smallest TID, `2222222222222` (0).
    pub const MIN: Tid = Tid(0);

    /// The largest TID, `jzzzzzzzzzzzz` (`u64::MAX`). It parses, but no generator or
    /// [`from_parts`](Tid::from_parts) makes it: its top bit is set.
    pub const MAX: Tid = Tid(u64::MAX);

    /// The length of the text, in bytes.
    pub const TEXT_LEN: usize = 13;

    /// The largest timestamp [`from_parts`](Tid::from_parts) accepts: `2^53 - 1` microseconds,
    /// 2255-06-05T23:47:34.740991Z.
    pub const MAX_TIMESTAMP_MICROS: u64 = (1 << 53) - 1;

    /// The largest clock id, 1023.
    pub const MAX_CLOCK_ID: u16 = 1023;

    /// Wraps a `u64`. Every value is a TID.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// const ONE: Tid = Tid::from_u64(1);
    /// assert_eq!(ONE.to_string(), "2222222222223");
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Tid {
        Tid(value)
    }

    /// The `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// assert_eq!(tid.to_u64(), 1728652679052295174);
    /// ```
    #[inline]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// Reads the big-endian bytes of the `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// assert_eq!(Tid::from_bytes([0, 0, 0, 0, 0, 0, 0, 1]), Tid::from_u64(1));
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 8]) -> Tid {
        Tid(u64::from_be_bytes(bytes))
    }

    /// The big-endian bytes of the `u64`; they sort like the TIDs.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// assert_eq!(Tid::from_u64(258).to_bytes(), [0, 0, 0, 0, 0, 0, 1, 2]);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// Builds a TID from microseconds since the Unix epoch and a clock id.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when the timestamp is above
    /// [`MAX_TIMESTAMP_MICROS`](Tid::MAX_TIMESTAMP_MICROS) or the clock id above
    /// [`MAX_CLOCK_ID`](Tid::MAX_CLOCK_ID). Nothing is masked.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Tid};
    ///
    /// let tid = Tid::from_parts(1688137381887007, 6)?;
    /// assert_eq!(tid.to_string(), "3jzfcijpj2z2a");
    ///
    /// assert_eq!(Tid::from_parts(1 << 53, 0).unwrap_err().kind(), ErrorKind::OutOfRange);
    /// assert_eq!(Tid::from_parts(0, 1024).unwrap_err().kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(timestamp_micros: u64, clock_id: u16) -> Result<Tid, Error> {
        if timestamp_micros > Self::MAX_TIMESTAMP_MICROS {
            return Err(TIMESTAMP.refuse(FORMAT, timestamp_micros as i128));
        }
        if clock_id > Self::MAX_CLOCK_ID {
            return Err(CLOCK_ID.refuse(FORMAT, clock_id as i128));
        }
        Ok(Tid::from_parts_unchecked(timestamp_micros, clock_id))
    }

    /// `from_parts` for parts already known to be in range.
    #[inline]
    pub(crate) const fn from_parts_unchecked(timestamp_micros: u64, clock_id: u16) -> Tid {
        Tid((timestamp_micros << 10) | clock_id as u64)
    }

    /// Microseconds since the Unix epoch: the `u64` without its low 10 bits.
    ///
    /// For the rare parsed TID with its top bit set this is `2^53` or more.
    ///
    /// # Examples
    ///
    /// ```
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// assert_eq!(tid.timestamp_micros(), 1688137381887007);
    /// ```
    #[inline]
    pub const fn timestamp_micros(self) -> u64 {
        self.0 >> 10
    }

    /// The clock id: the low 10 bits, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// assert_eq!(tid.clock_id(), 6);
    /// ```
    #[inline]
    pub const fn clock_id(self) -> u16 {
        (self.0 & 0x3FF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// assert_eq!(tid.timestamp(), UNIX_EPOCH + Duration::from_micros(1688137381887007));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        // At most 2^54 microseconds (year 2540): within `SystemTime` on every platform std
        // supports.
        std::time::UNIX_EPOCH + core::time::Duration::from_micros(self.timestamp_micros())
    }

    /// A new TID from the process-wide generator: strictly greater than every TID it returned
    /// before, with a clock id drawn at random once per process.
    ///
    /// Use a [`TidGenerator`] of your own to choose the clock id or the clock.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after the year 2255 (see [`TidGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// let a = Tid::now();
    /// let b = Tid::now();
    /// assert!(a < b);
    /// assert_eq!(a.clock_id(), b.clock_id());
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> Tid {
        generator::global().next()
    }

    /// A TID of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the microsecond, its clock id random. `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// The clock id is drawn for each TID from the secure random generator (ChaCha12
    /// keyed by the OS; [`Tid::now`]'s is drawn once per process), so two TIDs of one
    /// microsecond are the same with odds of 1 in 1,024. Where they must differ, or the clock
    /// id must be yours, use [`from_parts`](Tid::from_parts), or a [`TidGenerator`] on a
    /// [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2255-06-05T23:47:34.740991Z ([`MAX_TIMESTAMP_MICROS`](Tid::MAX_TIMESTAMP_MICROS)),
    /// giving the time found in microseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, Tid};
    ///
    /// let time = UNIX_EPOCH + Duration::from_nanos(1_688_137_381_887_007_900);
    /// let tid = Tid::at(time)?;
    /// assert_eq!(tid.timestamp_micros(), 1_688_137_381_887_007); // rounded down
    /// assert_eq!(tid.timestamp(), UNIX_EPOCH + Duration::from_micros(1_688_137_381_887_007));
    /// assert!(tid.clock_id() <= Tid::MAX_CLOCK_ID);
    ///
    /// let err = Tid::at(UNIX_EPOCH - Duration::from_secs(1)).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Tid, Error> {
        Tid::at_time(time.into())
    }

    /// [`at`](Tid::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Tid, Error> {
        use crate::utc::{MICROS, floor_within};

        let micros = floor_within(&time, MICROS, FORMAT, &TIMESTAMP)? as u64;
        let clock_id = crate::process::random::secure_below(u64::from(Tid::MAX_CLOCK_ID) + 1);
        Ok(Tid::from_parts_unchecked(micros, clock_id as u16))
    }
}

crate::text::traits::convert!(Tid, u64, to_u64, from_u64);
crate::text::traits::convert!(Tid, [u8; 8], to_bytes, from_bytes);

/// Ids from a UTC time and their other parts.
impl Tid {
    /// Builds a TID from a UTC time (to the microsecond, rounded down) and a clock id. `time`
    /// is any [`UtcTime`](crate::UtcTime), std's `SystemTime` or a date-time library's.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2255-06-05T23:47:34.740991Z (giving the time found in microseconds), or a clock id
    /// above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tid;
    ///
    /// let time = UNIX_EPOCH + Duration::from_nanos(1_688_137_381_887_007_900);
    /// assert_eq!(Tid::from_datetime(time, 6)?.to_string(), "3jzfcijpj2z2a");
    /// assert!(Tid::from_datetime(UNIX_EPOCH - Duration::from_nanos(1), 6).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: impl crate::UtcTime, clock_id: u16) -> Result<Tid, Error> {
        let micros = crate::utc::floor_within(&time, crate::utc::MICROS, FORMAT, &TIMESTAMP)?;
        Tid::from_parts(micros as u64, clock_id)
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn parts_of_the_known_answer() {
        let tid = Tid::from_u64(1728652679052295174);
        assert_eq!(tid.timestamp_micros(), 1688137381887007);
        assert_eq!(tid.clock_id(), 6);
        assert_eq!(Tid::from_parts(1688137381887007, 6), Ok(tid));
    }

    #[test]
    fn from_parts_accepts_the_extremes() {
        let tid = Tid::from_parts(Tid::MAX_TIMESTAMP_MICROS, Tid::MAX_CLOCK_ID).unwrap();
        assert_eq!(tid.to_u64(), i64::MAX as u64);
        assert_eq!(Tid::from_parts(0, 0), Ok(Tid::MIN));
    }

    #[test]
    fn from_parts_refuses_instead_of_masking() {
        let err = Tid::from_parts(1 << 53, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "atproto TID timestamp (microseconds) out of range: found 9007199254740992, \
             expected 0..=9007199254740991"
        );
        let err = Tid::from_parts(0, u16::MAX).unwrap_err();
        assert_eq!(
            err.to_string(),
            "atproto TID clock id out of range: found 65535, expected 0..=1023"
        );
    }

    #[test]
    fn bytes_are_big_endian_and_sort_like_values() {
        let a = Tid::from_u64(0x0102_0304_0506_0708);
        assert_eq!(a.to_bytes(), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(Tid::from_bytes(a.to_bytes()), a);
        let b = Tid::from_u64(0x0102_0304_0506_0709);
        assert!(a.to_bytes() < b.to_bytes());
    }
}

#[cfg(all(test, feature = "std"))]
mod datetime_tests {
    use crate::{ErrorKind, Tid, UtcTime};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    #[test]
    fn round_trips_through_datetime() {
        let tid = Tid::from_parts(1688137381887007, 6).unwrap();
        assert_eq!(Tid::from_datetime(tid.datetime::<SystemTime>(), 6), Ok(tid));
    }

    #[test]
    fn the_largest_parsed_tid_still_has_a_datetime() {
        let time: SystemTime = Tid::MAX.datetime();
        assert_eq!(time.to_unix_nanos(), (u64::MAX >> 10) as i128 * 1000);
    }

    #[test]
    fn times_outside_the_tid_range_are_refused() {
        let before = UNIX_EPOCH - Duration::from_secs(1);
        let err = Tid::from_datetime(before, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "atproto TID timestamp (microseconds) out of range: found -1000000, \
             expected 0..=9007199254740991"
        );
        let after = UNIX_EPOCH + Duration::from_micros(1 << 53);
        assert_eq!(
            Tid::from_datetime(after, 0).unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::{ErrorKind, Tid};
    use std::{
        collections::HashSet,
        time::{Duration, UNIX_EPOCH},
    };

    #[test]
    fn at_takes_every_time_of_the_span_rounded_down_and_refuses_the_rest() {
        let last = UNIX_EPOCH + Duration::from_nanos(Tid::MAX_TIMESTAMP_MICROS * 1000 + 999);
        assert_eq!(
            Tid::at(last).unwrap().timestamp_micros(),
            Tid::MAX_TIMESTAMP_MICROS
        );
        assert_eq!(Tid::at(UNIX_EPOCH).unwrap().timestamp_micros(), 0);
        let err = Tid::at(UNIX_EPOCH - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("found -1"), "{err}");
        let err = Tid::at(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }

    #[test]
    fn at_draws_a_clock_id_for_each_tid() {
        let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let clock_ids: HashSet<u16> = (0..200)
            .map(|_| Tid::at(time).unwrap().clock_id())
            .collect();
        // 200 draws of 1,024 give about 182 clock ids; 100 or fewer has odds below 1e-30.
        assert!(clock_ids.len() > 100, "{}", clock_ids.len());
    }
}
