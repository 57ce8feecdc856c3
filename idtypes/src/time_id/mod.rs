//! The draft-goldman Time-Ordered ID ([`TimeId`]) and its node ids ([`NodeId`], [`NodeClass`]).
//!
//! A [`TimeId`] is an `i64`: signed microseconds since 1970 times 1024, plus a 10-bit node id.
//! Its text is 13 symbols of base32-sortable (`234567abcdefghijklmnopqrstuvwxyz`): the `i64`
//! sign-extended to 65 bits, most significant first; for display, `STTT-TTT-TTTT-CC`.
//!
//! [`TimeId`] is also at the crate root; its node ids and its generator, [`TimeIdGenerator`],
//! are here (`idtypes::time_id::NodeId`).
//!
//! # References
//!
//! - draft-goldman-tid, "The Time-Ordered ID and base32lex Binary Encoding", with these errata,
//!   verified and tested as known answers (the draft's worked example is in US Pacific time,
//!   its minimum is `-2^53`, and `zzzz-zzz-zzzz` is -1 µs, valid).

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod node;
mod range;
pub(crate) mod text;
mod typed;
#[cfg(feature = "uuid")]
mod uuids;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::TimeIdGenerator;
pub use node::{NodeClass, NodeId};
pub use typed::TypedTimeId;

use core::cmp::Ordering;

use crate::{Error, Tid, error::Bounds};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "TimeId";

/// The timestamps, -2^53 to 2^53 - 1 microseconds (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (microseconds)",
    min: TimeId::MIN_TIMESTAMP_MICROS as i128,
    max: TimeId::MAX_TIMESTAMP_MICROS as i128,
};

/// A draft-goldman Time-Ordered ID: `timestamp_micros * 1024 + node` in an `i64`.
///
/// - Timestamps run from -2^53 µs (1684-07-28T00:12:25.259008Z) to 2^53 - 1 µs
///   (2255-06-05T23:47:34.740991Z), so every `i64` is exactly one TimeId.
/// - **Order.** `Ord` follows the encoded form: the text, the big-endian bytes, and so the order
///   a database index or a key-value store sees. That order is chronological within each side of
///   1970, but every pre-1970 id sorts *after* every later one: the sign bit is the top bit of
///   the bytes. [`cmp_chronological`](TimeId::cmp_chronological) compares by time.
///   [`MIN`](TimeId::MIN)/[`MAX`](TimeId::MAX) are the ends of `Ord`;
///   [`EARLIEST`](TimeId::EARLIEST)/[`LATEST`](TimeId::LATEST) the ends of time.
/// - For timestamps from 1970 on, the text equals the atproto [`Tid`](struct@Tid) of the same bits.
///
/// # Examples
///
/// ```
/// use idtypes::TimeId;
/// use idtypes::time_id::NodeId;
///
/// let id: TimeId = "3kxn-lhr-3gxq-23".parse()?;
/// assert_eq!(id.timestamp_micros(), 1721407246480310); // 2024-07-19T16:40:46.480310Z
/// assert_eq!(id.node(), NodeId::new(1)?);
/// assert_eq!(id.to_string(), "3kxnlhr3gxq23");
/// assert_eq!(format!("{id:#}"), "3kxn-lhr-3gxq-23");
///
/// let before_1970 = TimeId::from_parts(-1, NodeId::MIN)?;
/// assert!(before_1970 > id); // encoded order: pre-1970 ids sort last
/// assert!(before_1970.cmp_chronological(&id).is_lt());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct TimeId(i64);

impl TimeId {
    /// The first TimeId in `Ord` (and text) order: `2222222222222`, 1970-01-01 node 0.
    pub const MIN: TimeId = TimeId(0);

    /// The last TimeId in `Ord` (and text) order: `zzzzzzzzzzzzz`, -1 µs node 1023.
    pub const MAX: TimeId = TimeId(-1);

    /// The earliest TimeId: -2^53 µs (1684-07-28T00:12:25.259008Z), node 0.
    pub const EARLIEST: TimeId = TimeId(i64::MIN);

    /// The latest TimeId: 2^53 - 1 µs (2255-06-05T23:47:34.740991Z), node 1023.
    pub const LATEST: TimeId = TimeId(i64::MAX);

    /// The smallest timestamp, -2^53 microseconds.
    pub const MIN_TIMESTAMP_MICROS: i64 = -(1 << 53);

    /// The largest timestamp, 2^53 - 1 microseconds.
    pub const MAX_TIMESTAMP_MICROS: i64 = (1 << 53) - 1;

    /// The length of the plain text, in bytes.
    pub const TEXT_LEN: usize = 13;

    /// The length of the dashed text `STTT-TTT-TTTT-CC`, in bytes.
    pub const DASHED_LEN: usize = 16;

    /// Wraps an `i64`. Every value is a TimeId.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::from_i64(-1), TimeId::MAX);
    /// ```
    #[inline]
    pub const fn from_i64(value: i64) -> TimeId {
        TimeId(value)
    }

    /// The `i64`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TimeId::LATEST.to_i64(), i64::MAX);
    /// ```
    #[inline]
    pub const fn to_i64(self) -> i64 {
        self.0
    }

    /// Reads the big-endian two's-complement bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::from_bytes([0xFF; 8]), TimeId::from_i64(-1));
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 8]) -> TimeId {
        TimeId(i64::from_be_bytes(bytes))
    }

    /// The big-endian two's-complement bytes; they sort like `Ord` (and the text).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::from_i64(1).to_bytes(), [0, 0, 0, 0, 0, 0, 0, 1]);
    /// assert_eq!(TimeId::EARLIEST.to_bytes()[0], 0x80);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// Builds a TimeId from signed microseconds since the Unix epoch and a node id.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) outside -2^53..=2^53 - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeId;
    ///
    /// let id = TimeId::from_parts(1721407246480310, NodeId::new(1)?)?;
    /// assert_eq!(id.to_dashed().as_str(), "3kxn-lhr-3gxq-23");
    /// assert!(TimeId::from_parts(1 << 53, NodeId::MIN).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(timestamp_micros: i64, node: NodeId) -> Result<TimeId, Error> {
        if timestamp_micros < Self::MIN_TIMESTAMP_MICROS
            || timestamp_micros > Self::MAX_TIMESTAMP_MICROS
        {
            return Err(TIMESTAMP.refuse(FORMAT, timestamp_micros as i128));
        }
        Ok(TimeId::from_parts_unchecked(timestamp_micros, node))
    }

    /// `from_parts` for a timestamp already known to be in range.
    pub(crate) const fn from_parts_unchecked(timestamp_micros: i64, node: NodeId) -> TimeId {
        TimeId(timestamp_micros * 1024 + node.get() as i64)
    }

    /// Signed microseconds since the Unix epoch (floor of the `i64` / 1024).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::MAX.timestamp_micros(), -1);
    /// assert_eq!(TimeId::EARLIEST.timestamp_micros(), -(1 << 53));
    /// ```
    #[inline]
    pub const fn timestamp_micros(self) -> i64 {
        self.0 >> 10
    }

    /// The node id: the low 10 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TimeId::MAX.node().get(), 1023);
    /// ```
    #[inline]
    pub const fn node(self) -> NodeId {
        NodeId::from_low_bits(self.0 as u64)
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime), before 1970 too.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::MAX.timestamp(), UNIX_EPOCH - Duration::from_micros(1));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        let micros = self.timestamp_micros();
        let offset = core::time::Duration::from_micros(micros.unsigned_abs());
        // Within ±2^53 µs (about ±285 years): inside `SystemTime` on every platform std
        // supports.
        if micros >= 0 {
            std::time::UNIX_EPOCH + offset
        } else {
            std::time::UNIX_EPOCH - offset
        }
    }

    /// Compares by time (then node): the `i64` order, in which pre-1970 ids come first.
    ///
    /// `Ord` instead follows the encoded form (text and bytes), as databases and key-value
    /// stores sort it; the two agree unless the ids are on different sides of 1970.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert!(TimeId::EARLIEST.cmp_chronological(&TimeId::LATEST).is_lt());
    /// assert!(TimeId::EARLIEST > TimeId::LATEST); // in `Ord`, negative timestamps sort last
    /// ```
    pub const fn cmp_chronological(&self, other: &TimeId) -> Ordering {
        if self.0 < other.0 {
            Ordering::Less
        } else if self.0 > other.0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    }

    /// A new TimeId from the process-wide generator: strictly greater in time than every
    /// TimeId it returned before, with a best-effort node id (0..=31) drawn once per process.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after the year 2255 (see [`TimeIdGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeClass;
    ///
    /// let a = TimeId::now();
    /// let b = TimeId::now();
    /// assert!(a < b);
    /// assert_eq!(a.node().class(), NodeClass::BestEffort);
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> TimeId {
        generator::global().next()
    }

    /// A TimeId of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the microsecond (towards the past, before 1970 too), its node a random
    /// best-effort one (0..=31). `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// The node is drawn for each id from the secure random generator (ChaCha12 keyed by the OS;
    /// [`TimeId::now`]'s is drawn once per process), among the nodes the draft leaves
    /// to uncoordinated use, so two ids of one microsecond are the same with odds of 1 in 32.
    /// Where they must differ, or the node must be yours, use
    /// [`from_parts`](TimeId::from_parts), or a [`TimeIdGenerator`] on a
    /// [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before
    /// 1684-07-28T00:12:25.259008Z or after 2255-06-05T23:47:34.740991Z, giving the time found
    /// in microseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeClass;
    ///
    /// let before_1970 = UNIX_EPOCH - Duration::from_nanos(1_500);
    /// let id = TimeId::at(before_1970)?;
    /// assert_eq!(id.timestamp_micros(), -2); // rounded down, towards the past
    /// assert_eq!(id.timestamp(), UNIX_EPOCH - Duration::from_micros(2));
    /// assert_eq!(id.node().class(), NodeClass::BestEffort);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<TimeId, Error> {
        TimeId::at_time(time.into())
    }

    /// [`at`](TimeId::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<TimeId, Error> {
        use crate::utc::{MICROS, floor_within};

        let micros = floor_within(&time, MICROS, FORMAT, &TIMESTAMP)? as i64;
        // The best-effort nodes, 0..=31.
        let node = crate::process::random::secure_below(32);
        Ok(TimeId::from_parts_unchecked(
            micros,
            NodeId::from_low_bits(node),
        ))
    }
}

/// The encoded order: the `i64`'s bit pattern as a `u64`, which is the order of the bytes and
/// of the text. Not chronological across 1970: see [`TimeId::cmp_chronological`].
impl Ord for TimeId {
    #[inline]
    fn cmp(&self, other: &TimeId) -> Ordering {
        (self.0 as u64).cmp(&(other.0 as u64))
    }
}

impl PartialOrd for TimeId {
    #[inline]
    fn partial_cmp(&self, other: &TimeId) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

crate::text::traits::convert!(TimeId, i64, to_i64, from_i64);
crate::text::traits::convert!(TimeId, [u8; 8], to_bytes, from_bytes);

/// The same bits, so the same text: a TID's clock id becomes the node id.
impl TryFrom<Tid> for TimeId {
    type Error = Error;

    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a TID with its top bit set
    /// (timestamp 2^53 µs or later), which has no TimeId.
    fn try_from(tid: Tid) -> Result<TimeId, Error> {
        match i64::try_from(tid.to_u64()) {
            Ok(value) => Ok(TimeId(value)),
            Err(_) => Err(Bounds {
                part: "timestamp (microseconds)",
                min: TimeId::MIN_TIMESTAMP_MICROS as i128,
                max: TimeId::MAX_TIMESTAMP_MICROS as i128,
            }
            .refuse(FORMAT, tid.timestamp_micros() as i128)),
        }
    }
}

/// The same bits, so the same text: the node id becomes the TID's clock id.
impl TryFrom<TimeId> for Tid {
    type Error = Error;

    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a timestamp before 1970.
    fn try_from(id: TimeId) -> Result<Tid, Error> {
        match u64::try_from(id.0) {
            Ok(value) => Ok(Tid::from_u64(value)),
            Err(_) => Err(Bounds {
                part: "timestamp (microseconds)",
                min: 0,
                max: Tid::MAX_TIMESTAMP_MICROS as i128,
            }
            .refuse(crate::tid::FORMAT, id.timestamp_micros() as i128)),
        }
    }
}

/// Ids from a UTC time and their other parts.
impl TimeId {
    /// Builds a TimeId from a UTC time (to the microsecond, rounded down, towards the past
    /// before 1970 too) and a node id. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) before
    /// 1684-07-28T00:12:25.259008Z or after 2255-06-05T23:47:34.740991Z, giving the time found
    /// in microseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeId;
    ///
    /// let time = UNIX_EPOCH + Duration::from_micros(1_721_407_246_480_310);
    /// let id = TimeId::from_datetime(time, NodeId::new(1)?)?;
    /// assert_eq!(id.to_dashed(), "3kxn-lhr-3gxq-23");
    /// let before_1970 = TimeId::from_datetime(UNIX_EPOCH - Duration::from_nanos(1_500), NodeId::MIN)?;
    /// assert_eq!(before_1970.timestamp_micros(), -2);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: impl crate::UtcTime, node: NodeId) -> Result<TimeId, Error> {
        let micros = crate::utc::floor_within(&time, crate::utc::MICROS, FORMAT, &TIMESTAMP)?;
        Ok(TimeId::from_parts_unchecked(micros as i64, node))
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_i64_is_one_time_id_with_parts_in_range() {
        for value in [i64::MIN, -1025, -1024, -1, 0, 1, 1023, 1024, i64::MAX] {
            let id = TimeId::from_i64(value);
            let again = TimeId::from_parts(id.timestamp_micros(), id.node()).unwrap();
            assert_eq!(again, id, "{value}");
        }
    }

    #[test]
    fn timestamps_floor_towards_the_past() {
        assert_eq!(TimeId::from_i64(-1).timestamp_micros(), -1);
        assert_eq!(TimeId::from_i64(-1024).timestamp_micros(), -1);
        assert_eq!(TimeId::from_i64(-1025).timestamp_micros(), -2);
        assert_eq!(TimeId::from_i64(-1025).node().get(), 1023);
    }

    #[test]
    fn ord_is_the_byte_order_and_not_chronological_across_1970() {
        let before = TimeId::from_parts(-1, NodeId::MIN).unwrap();
        let after = TimeId::from_parts(0, NodeId::MIN).unwrap();
        assert!(before > after);
        assert!(before.to_bytes() > after.to_bytes());
        assert!(before.cmp_chronological(&after).is_lt());
        assert_eq!(TimeId::MIN.cmp(&TimeId::MAX), Ordering::Less);
    }

    #[test]
    fn tid_conversions_keep_the_bits() {
        let tid = Tid::from_u64(1728652679052295174);
        let id = TimeId::try_from(tid).unwrap();
        assert_eq!(id.to_i64() as u64, tid.to_u64());
        assert_eq!(Tid::try_from(id), Ok(tid));
        assert_eq!(
            TimeId::try_from(Tid::MAX).unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
        assert_eq!(
            Tid::try_from(TimeId::MAX).unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
    }

    #[test]
    fn from_parts_refuses_timestamps_outside_the_range() {
        let err = TimeId::from_parts(TimeId::MIN_TIMESTAMP_MICROS - 1, NodeId::MIN).unwrap_err();
        assert_eq!(
            err.to_string(),
            "TimeId timestamp (microseconds) out of range: found -9007199254740993, \
             expected -9007199254740992..=9007199254740991"
        );
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::time_id::NodeClass;
    use crate::{ErrorKind, TimeId};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn at_takes_every_time_of_the_span_rounded_towards_the_past() {
        let nanos = |micros: i64| micros.unsigned_abs() * 1000;
        let first = UNIX_EPOCH - Duration::from_nanos(nanos(TimeId::MIN_TIMESTAMP_MICROS));
        let last = UNIX_EPOCH + Duration::from_nanos(nanos(TimeId::MAX_TIMESTAMP_MICROS) + 999);
        assert_eq!(
            TimeId::at(first).unwrap().timestamp_micros(),
            TimeId::MIN_TIMESTAMP_MICROS
        );
        assert_eq!(
            TimeId::at(last).unwrap().timestamp_micros(),
            TimeId::MAX_TIMESTAMP_MICROS
        );
        let just_before_1970 = UNIX_EPOCH - Duration::from_nanos(1);
        assert_eq!(TimeId::at(just_before_1970).unwrap().timestamp_micros(), -1);
        for outside in [
            first - Duration::from_nanos(1),
            last + Duration::from_nanos(1),
        ] {
            let err = TimeId::at(outside).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::OutOfRange);
        }
    }

    #[test]
    fn at_draws_best_effort_nodes() {
        let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let mut seen = [false; 32];
        for _ in 0..2_000 {
            let node = TimeId::at(time).unwrap().node();
            assert_eq!(node.class(), NodeClass::BestEffort);
            seen[usize::from(node.get())] = true;
        }
        // Each of the 32 nodes is missed by 2,000 draws with odds below 1e-27.
        assert!(seen.iter().all(|&s| s));
    }
}
