//! [`ObjectId`]: MongoDB's ObjectId, 12 bytes written as 24 hexadecimal digits, as the
//! MongoDB drivers make and read it (the BSON ObjectId specification; npm `bson`'s
//! `ObjectId`, the Rust `bson` crate's `oid::ObjectId`).
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | Unix seconds, big-endian (to 2106-02-07T06:28:15Z) |
//! | 4..9 | a random value, drawn once per process ([`process_unique`](ObjectId::process_unique)) |
//! | 9..12 | counter, big-endian: random at the start, one more per id ([`counter`](ObjectId::counter)) |
//!
//! The text is 24 hexadecimal digits, written in lowercase as every driver writes it
//! (`64b7f0a1c2d3e4f5a6b7c8d9`), so it sorts like the bytes. It is read in either case, as
//! every driver reads it (npm `bson`'s `ObjectId.isValid`, the Rust `bson` crate's
//! `ObjectId::parse_str`, PyMongo): an id that a driver gives back in uppercase is the same
//! id, and refusing it would refuse what MongoDB users hold. Strict otherwise: exactly 24
//! digits, no `0x`, no spaces, no `ObjectId("...")`, and not the 12-character string that
//! older npm `bson` took as 12 bytes.
//!
//! The `bson` feature converts to and from the Rust `bson` crate's
//! [`bson::oid::ObjectId`](https://docs.rs/bson/3/bson/oid/struct.ObjectId.html), the type
//! MongoDB's Rust driver reads and writes.
//!
//! # Examples
//!
//! ```
//! use idtypes::ObjectId;
//!
//! let id: ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
//! assert_eq!(id.timestamp_seconds(), 0x64b7_f0a1);
//! assert_eq!(id.process_unique(), [0xc2, 0xd3, 0xe4, 0xf5, 0xa6]);
//! assert_eq!(id.counter(), 0xb7_c8d9);
//! assert_eq!("64B7F0A1C2D3E4F5A6B7C8D9".parse::<ObjectId>()?, id);
//! assert_eq!(id.to_string(), "64b7f0a1c2d3e4f5a6b7c8d9");
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # Where this crate differs from the drivers
//!
//! - Parts that do not fit are refused ([`from_parts`](ObjectId::from_parts)), and the
//!   generator stops after 2106 ([`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted)); the
//!   drivers keep the low 32 bits of the seconds, so their ids wrap to 1970.
//! - The generator draws a new random value and a new counter in a forked child (as PyMongo
//!   does); npm `bson` and the Rust `bson` crate draw them once per process, so a forked child
//!   of theirs makes the parent's ids again.
//! - npm `bson` wraps its counter at 2^24 - 1 (`(index + 1) % 0xffffff`), skipping `ffffff`;
//!   this crate's counter, as the specification and the Rust `bson` crate's, takes all 2^24
//!   values.
//!
//! # References
//!
//! - The BSON ObjectId specification (`mongodb/specifications`, `source/bson-objectid/objectid.md`)
//! - npm `bson` 6.10.4's `ObjectId` (the vectors of `tests/vectors/object-id/`), checked there
//!   against the Rust `bson` crate 3

#[cfg(feature = "bson")]
mod bson;
#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
pub(crate) mod text;
mod typed;

#[cfg(feature = "bson")]
pub use self::bson::as_bson;
#[cfg(all(feature = "std", idtypes_host))]
pub use generator::ObjectIdGenerator;
pub use typed::TypedObjectId;

use crate::{Error, error::Bounds};

pub(crate) const FORMAT: &str = "ObjectId";

/// The largest counter, 2^24 - 1.
const MAX_COUNTER: u32 = (1 << 24) - 1;

/// The timestamps, 0 to 2^32 - 1 Unix seconds (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix seconds)",
    min: 0,
    max: ObjectId::MAX_TIMESTAMP_SECONDS as i128,
};

/// MongoDB's ObjectId: 4 bytes of Unix seconds, a 5-byte random value of the process that
/// made it and a 3-byte counter, big-endian. Ids order by their bytes (time first), and so
/// does their text.
///
/// # Examples
///
/// ```
/// use idtypes::ObjectId;
///
/// let id = ObjectId::from_parts(1_700_000_000, [1, 2, 3, 4, 5], 7)?;
/// assert_eq!(id.timestamp_seconds(), 1_700_000_000);
/// assert_eq!((id.process_unique(), id.counter()), ([1, 2, 3, 4, 5], 7));
/// assert_eq!(id.to_string(), "6553f1000102030405000007");
/// assert!(ObjectId::from_parts(1_700_000_001, [0; 5], 0)? > id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct ObjectId([u8; 12]);

impl ObjectId {
    /// The smallest id, all zero bytes: `000000000000000000000000`. It parses, as in the
    /// drivers.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// assert_eq!(ObjectId::MIN.to_string(), "000000000000000000000000");
    /// assert_eq!(ObjectId::default(), ObjectId::MIN);
    /// ```
    pub const MIN: ObjectId = ObjectId([0; 12]);

    /// The largest id, all bytes `0xFF`: `ffffffffffffffffffffffff`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::ObjectId::MAX.to_string(), "ffffffffffffffffffffffff");
    /// ```
    pub const MAX: ObjectId = ObjectId([0xFF; 12]);

    /// The length of the text: 24 characters.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::ObjectId::MIN.to_string().len(), idtypes::ObjectId::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 24;

    /// The largest timestamp, in Unix seconds (2106-02-07T06:28:15Z): 4 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// assert_eq!(ObjectId::MAX.timestamp_seconds(), ObjectId::MAX_TIMESTAMP_SECONDS);
    /// ```
    pub const MAX_TIMESTAMP_SECONDS: u64 = u32::MAX as u64;

    /// The largest counter: 3 bytes, 2^24 - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// assert_eq!(ObjectId::MAX.counter(), ObjectId::MAX_COUNTER);
    /// ```
    pub const MAX_COUNTER: u32 = MAX_COUNTER;

    /// The id of these 12 bytes (every 12 bytes are one): its BSON form (element type `0x07`),
    /// and what the databases store.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id = ObjectId::from_bytes([0x64, 0xb7, 0xf0, 0xa1, 0xc2, 0xd3, 0xe4, 0xf5, 0xa6, 0xb7, 0xc8, 0xd9]);
    /// assert_eq!(id.to_string(), "64b7f0a1c2d3e4f5a6b7c8d9");
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 12]) -> ObjectId {
        ObjectId(bytes)
    }

    /// The 12 bytes: the timestamp first, so they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1, [0; 5], 2)?;
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 12] {
        self.0
    }

    /// The id of its parts: a timestamp (Unix seconds, at most
    /// [`MAX_TIMESTAMP_SECONDS`](ObjectId::MAX_TIMESTAMP_SECONDS)), the process's random
    /// value and a counter (at most [`MAX_COUNTER`](ObjectId::MAX_COUNTER)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when the timestamp or the
    /// counter does not fit, naming it (the drivers would keep the low bits; this crate
    /// refuses).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ObjectId};
    ///
    /// let id = ObjectId::from_parts(0, [0xaa, 0xbb, 0xcc, 0xdd, 0xee], 1)?;
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 0, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0, 0, 1]);
    /// let err = ObjectId::from_parts(0, [0; 5], 1 << 24).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(
        unix_seconds: u64,
        process_unique: [u8; 5],
        counter: u32,
    ) -> Result<ObjectId, Error> {
        if unix_seconds > ObjectId::MAX_TIMESTAMP_SECONDS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_seconds as i128));
        }
        if counter > MAX_COUNTER {
            return Err(Bounds {
                part: "counter",
                min: 0,
                max: MAX_COUNTER as i128,
            }
            .refuse(FORMAT, counter as i128));
        }
        Ok(ObjectId::from_fields(
            unix_seconds as u32,
            process_unique,
            counter,
        ))
    }

    /// The id of fields that fit (the counter's low 24 bits are taken).
    #[inline]
    pub(crate) const fn from_fields(seconds: u32, unique: [u8; 5], counter: u32) -> ObjectId {
        let s = seconds.to_be_bytes();
        let c = counter.to_be_bytes();
        let u = unique;
        ObjectId([
            s[0], s[1], s[2], s[3], u[0], u[1], u[2], u[3], u[4], c[1], c[2], c[3],
        ])
    }

    /// The timestamp: seconds since the Unix epoch (the first 4 bytes, unsigned, as the
    /// drivers read them: `getTimestamp()`, `timestamp()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id: ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
    /// assert_eq!(id.timestamp_seconds(), 1_689_776_289);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_seconds(self) -> u64 {
        let b = self.0;
        u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as u64
    }

    /// The random value of the process that made the id: bytes 4 to 8.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id: ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
    /// assert_eq!(id.process_unique(), [0xc2, 0xd3, 0xe4, 0xf5, 0xa6]);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn process_unique(self) -> [u8; 5] {
        [self.0[4], self.0[5], self.0[6], self.0[7], self.0[8]]
    }

    /// The counter: bytes 9 to 11, big-endian.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id: ObjectId = "64b7f0a1c2d3e4f5a6b7c8d9".parse()?;
    /// assert_eq!(id.counter(), 0xb7c8d9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn counter(self) -> u32 {
        u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_500, [0; 5], 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_500));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_secs(self.timestamp_seconds())
    }

    /// A new id from the process-wide generator ([`ObjectIdGenerator`]: this process's random
    /// value and one counter for all threads), as `new ObjectId()` makes one.
    ///
    /// # Panics
    ///
    /// After 2106-02-07T06:28:15Z, when 4-byte seconds run out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let (a, b) = (ObjectId::now(), ObjectId::now());
    /// assert_ne!(a, b);
    /// assert_eq!(a.process_unique(), b.process_unique());
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> ObjectId {
        generator::global().next()
    }

    /// An ObjectId of the time `time`, for tests and backfills: its timestamp is `time`
    /// rounded down to the second, its other parts those of [`ObjectId::now`]'s (this
    /// process's random value and the next value of the process-wide counter), as npm
    /// `bson`'s `ObjectId.generate(time)`. `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2106-02-07T06:28:15Z, giving the time found in Unix seconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::ObjectId;
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_999);
    /// let (a, b) = (ObjectId::at(time)?, ObjectId::at(time)?);
    /// assert_eq!(a.timestamp_seconds(), 1_700_000_000); // rounded down
    /// assert_ne!(a, b);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<ObjectId, Error> {
        ObjectId::at_time(time.into())
    }

    /// [`at`](ObjectId::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<ObjectId, Error> {
        use crate::utc::{SECONDS, floor_within};

        let seconds = floor_within(&time, SECONDS, FORMAT, &TIMESTAMP)? as u32;
        Ok(generator::global().at_seconds(seconds))
    }

    /// The id of a time (to the second, rounded down; within 1970 to 2106) and the other
    /// parts, as [`from_parts`](ObjectId::from_parts). `time` is any
    /// [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside those
    /// years (giving the time found in Unix seconds), or a counter above
    /// [`MAX_COUNTER`](ObjectId::MAX_COUNTER).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use idtypes::ObjectId;
    ///
    /// let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// assert_eq!(ObjectId::from_datetime(time, [0; 5], 2)?.datetime::<SystemTime>(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: impl crate::UtcTime,
        process_unique: [u8; 5],
        counter: u32,
    ) -> Result<ObjectId, Error> {
        let seconds = crate::utc::floor_within(&time, crate::utc::SECONDS, FORMAT, &TIMESTAMP)?;
        ObjectId::from_parts(seconds as u64, process_unique, counter)
    }
}

crate::text::traits::convert!(ObjectId, [u8; 12], to_bytes, from_bytes);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn the_parts_are_where_the_specification_puts_them() {
        let bytes = [
            0x64, 0xb7, 0xf0, 0xa1, 0xc2, 0xd3, 0xe4, 0xf5, 0xa6, 0xb7, 0xc8, 0xd9,
        ];
        let id = ObjectId::from_bytes(bytes);
        assert_eq!(id.timestamp_seconds(), 0x64b7_f0a1);
        assert_eq!(id.process_unique(), [0xc2, 0xd3, 0xe4, 0xf5, 0xa6]);
        assert_eq!(id.counter(), 0xb7_c8d9);
        assert_eq!(
            ObjectId::from_parts(0x64b7_f0a1, [0xc2, 0xd3, 0xe4, 0xf5, 0xa6], 0xb7_c8d9),
            Ok(id)
        );
    }

    #[test]
    fn parts_that_do_not_fit_are_refused_naming_the_part() {
        let err = ObjectId::from_parts(1 << 32, [0; 5], 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("timestamp"), "{err}");
        let err = ObjectId::from_parts(0, [0; 5], 1 << 24).unwrap_err();
        assert!(err.to_string().contains("counter"), "{err}");
        let top = ObjectId::from_parts(u32::MAX.into(), [0xFF; 5], MAX_COUNTER);
        assert_eq!(top, Ok(ObjectId::MAX));
    }

    #[test]
    fn bytes_sort_like_the_ids_and_convert_both_ways() {
        let a = ObjectId::from_parts(1, [0; 5], 0).unwrap();
        let b = ObjectId::from_parts(0, [0xFF; 5], MAX_COUNTER).unwrap();
        assert!(a > b && a.to_bytes() > b.to_bytes());
        assert_eq!(<[u8; 12]>::from(a), a.to_bytes());
        assert_eq!(ObjectId::from([0xFF; 12]), ObjectId::MAX);
    }
}
