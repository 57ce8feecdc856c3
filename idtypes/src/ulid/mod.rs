//! [`Ulid`]: the ULID (Universally Unique Lexicographically Sortable Identifier): 48-bit Unix
//! milliseconds, then 80 random bits, written as 26 characters of Crockford base32.
//!
//! | bits | field |
//! |---|---|
//! | 127..80 | milliseconds since the Unix epoch (to 10889-08-02T05:31:50.655Z) |
//! | 79..0 | random; counted up within a millisecond by a monotonic generator |
//!
//! The text is canonical in uppercase (`01ARZ3NDEKTSV4RRFFQ69G5FAV`) and read in either case,
//! as the ULID specification says; `I`, `L`, `O` and `U` are not in the alphabet and are
//! refused, and so is a first character above `7` (the value would need 131 bits). A ULID has
//! exactly the bits of a UUID: [`Ulid::to_uuid`] and [`Ulid::from_uuid`] (with the `uuid`
//! feature) carry all 128 of them, and the databases store a ULID in a PostgreSQL `uuid`
//! column.
//!
//! # Examples
//!
//! ```
//! use idtypes::Ulid;
//!
//! let id: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
//! assert_eq!(id.timestamp_millis(), 1_469_922_850_259);
//! assert_eq!("01arz3ndektsv4rrffq69g5fav".parse::<Ulid>()?, id);
//! assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
//! # Ok::<(), idtypes::Error>(())
//! ```

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
pub(crate) mod text;
mod typed;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::UlidGenerator;
pub use typed::TypedUlid;

use crate::{Error, error::Bounds};

pub(crate) const FORMAT: &str = "ULID";

const RANDOM_BITS: u32 = 80;

/// The timestamps, 0 to 2^48 - 1 Unix milliseconds (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix milliseconds)",
    min: 0,
    max: Ulid::MAX_TIMESTAMP_MILLIS as i128,
};

/// A ULID: 48 bits of Unix milliseconds, then 80 random bits. Ids order by time, then by
/// their random bits (which a monotonic generator counts up within a millisecond), and so
/// does their text.
///
/// # Examples
///
/// ```
/// use idtypes::Ulid;
///
/// let id = Ulid::from_parts(1_700_000_000_000, 42)?;
/// assert_eq!((id.timestamp_millis(), id.random()), (1_700_000_000_000, 42));
/// assert!(Ulid::from_parts(1_700_000_000_001, 0)? > id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Ulid(u128);

impl Ulid {
    /// The smallest ULID, `00000000000000000000000000`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ulid::MIN.to_string(), "00000000000000000000000000");
    /// ```
    pub const MIN: Ulid = Ulid(0);

    /// The largest ULID, `7ZZZZZZZZZZZZZZZZZZZZZZZZZ`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ulid::MAX.to_string(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    /// ```
    pub const MAX: Ulid = Ulid(u128::MAX);

    /// The length of the text: 26 characters.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ulid::MIN.to_string().len(), idtypes::Ulid::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 26;

    /// The largest timestamp, in Unix milliseconds (10889-08-02T05:31:50.655Z): 48 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ulid::MAX.timestamp_millis(), idtypes::Ulid::MAX_TIMESTAMP_MILLIS);
    /// ```
    pub const MAX_TIMESTAMP_MILLIS: u64 = (1 << 48) - 1;

    /// The largest random field: 80 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ulid::MAX.random(), idtypes::Ulid::MAX_RANDOM);
    /// ```
    pub const MAX_RANDOM: u128 = (1 << RANDOM_BITS) - 1;

    /// The ULID of these 128 bits (every value is one).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::from_u128(1).to_string(), "00000000000000000000000001");
    /// ```
    #[inline]
    pub const fn from_u128(value: u128) -> Ulid {
        Ulid(value)
    }

    /// The 128 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::MAX.to_u128(), u128::MAX);
    /// ```
    #[inline]
    pub const fn to_u128(self) -> u128 {
        self.0
    }

    /// The ULID of 16 big-endian bytes (its binary form in the ULID specification, and what
    /// the databases store).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let id = Ulid::from_parts(1_700_000_000_000, 7)?;
    /// assert_eq!(Ulid::from_bytes(id.to_bytes()), id);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 16]) -> Ulid {
        Ulid(u128::from_be_bytes(bytes))
    }

    /// The 16 big-endian bytes: the timestamp first, so they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::from_u128(1).to_bytes()[15], 1);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// The ULID of a timestamp (Unix milliseconds, at most
    /// [`MAX_TIMESTAMP_MILLIS`](Ulid::MAX_TIMESTAMP_MILLIS)) and a random field (at most
    /// [`MAX_RANDOM`](Ulid::MAX_RANDOM)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when either part is too large,
    /// naming it.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Ulid};
    ///
    /// assert_eq!(Ulid::from_parts(0, 1)?.to_u128(), 1);
    /// let err = Ulid::from_parts(1 << 48, 0).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(unix_millis: u64, random: u128) -> Result<Ulid, Error> {
        if unix_millis > Ulid::MAX_TIMESTAMP_MILLIS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_millis as i128));
        }
        if random > Ulid::MAX_RANDOM {
            return Err(Bounds {
                part: "random field",
                min: 0,
                max: Ulid::MAX_RANDOM as i128,
            }
            .refuse(FORMAT, random as i128));
        }
        Ok(Ulid(((unix_millis as u128) << RANDOM_BITS) | random))
    }

    /// The timestamp: milliseconds since the Unix epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::from_parts(1_700_000_000_000, 0)?.timestamp_millis(), 1_700_000_000_000);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        (self.0 >> RANDOM_BITS) as u64
    }

    /// The 80-bit random field.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::from_parts(5, 9)?.random(), 9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn random(self) -> u128 {
        self.0 & Ulid::MAX_RANDOM
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ulid;
    ///
    /// let id = Ulid::from_parts(1_500, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_millis(1_500));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// A new ULID from the process-wide monotonic generator ([`UlidGenerator`]: ids from all
    /// threads are unique and rise).
    ///
    /// # Panics
    ///
    /// After the year 10889, when ULIDs run out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let (a, b) = (Ulid::now(), Ulid::now());
    /// assert!(a < b);
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> Ulid {
        generator::global().next()
    }

    /// A ULID of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the millisecond, its 80 random bits drawn from the secure random source of
    /// [`Ulid::now`]'s (a generator's first ULID of a millisecond has fresh random bits too).
    /// `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// ULIDs made so are not ordered within a millisecond (a generator's count up), and differ
    /// as random 80-bit values do.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 10889-08-02T05:31:50.655Z, giving the time found in Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, Ulid};
    ///
    /// let id = Ulid::at(UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_999))?;
    /// assert_eq!(id.timestamp_millis(), 1_700_000_000_123); // rounded down
    /// assert_ne!(id, Ulid::at(UNIX_EPOCH + Duration::from_millis(1_700_000_000_123))?);
    ///
    /// let err = Ulid::at(UNIX_EPOCH - Duration::from_millis(1)).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Ulid, Error> {
        Ulid::at_time(time.into())
    }

    /// [`at`](Ulid::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Ulid, Error> {
        use crate::utc::{MILLIS, floor_within};

        let millis = floor_within(&time, MILLIS, FORMAT, &TIMESTAMP)? as u128;
        let random = crate::process::random::secure_u128() & Ulid::MAX_RANDOM;
        Ok(Ulid((millis << RANDOM_BITS) | random))
    }
}

#[cfg(feature = "uuid")]
impl Ulid {
    /// The UUID of the same 128 bits (a ULID and a UUID are both 16 bytes; the UUID's version
    /// and variant fields are whatever the ULID's bits are there).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let id: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// assert_eq!(id.to_uuid().to_string(), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
    /// assert_eq!(Ulid::from_uuid(id.to_uuid()), id);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn to_uuid(self) -> uuid::Uuid {
        uuid::Uuid::from_u128(self.0)
    }

    /// The ULID of a UUID's 128 bits (every UUID is one; its timestamp is meaningful when
    /// the UUID came from a ULID, or is a version 7 UUID, whose first 48 bits are Unix
    /// milliseconds too).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let uuid = uuid::Uuid::now_v7();
    /// let id = Ulid::from_uuid(uuid);
    /// assert_eq!(id.timestamp_millis(), uuid.get_timestamp().unwrap().to_unix().0 * 1000
    ///     + u64::from(uuid.get_timestamp().unwrap().to_unix().1) / 1_000_000);
    /// ```
    #[inline]
    pub const fn from_uuid(uuid: uuid::Uuid) -> Ulid {
        Ulid(uuid.as_u128())
    }
}

impl Ulid {
    /// The ULID of a time (to the millisecond, rounded down; within 1970 to 10889) and a
    /// random field. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside ULIDs
    /// (giving the time found in Unix milliseconds), or a random field above
    /// [`MAX_RANDOM`](Ulid::MAX_RANDOM).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use idtypes::Ulid;
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_000);
    /// assert_eq!(Ulid::from_datetime(time, 0)?.datetime::<SystemTime>(), Some(time));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: impl crate::UtcTime, random: u128) -> Result<Ulid, Error> {
        let millis = crate::utc::floor_within(&time, crate::utc::MILLIS, FORMAT, &TIMESTAMP)?;
        Ulid::from_parts(millis as u64, random)
    }
}

crate::text::traits::convert!(Ulid, u128, to_u128, from_u128);
crate::text::traits::convert!(Ulid, [u8; 16], to_bytes, from_bytes);

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn parts_round_trip_and_refuse_what_does_not_fit() {
        let id = Ulid::from_parts(Ulid::MAX_TIMESTAMP_MILLIS, Ulid::MAX_RANDOM).unwrap();
        assert_eq!(id, Ulid::MAX);
        assert_eq!(
            Ulid::from_parts(0, Ulid::MAX_RANDOM + 1)
                .unwrap_err()
                .kind(),
            crate::ErrorKind::OutOfRange
        );
        let err = Ulid::from_parts(1 << 48, 0).unwrap_err();
        assert!(err.to_string().contains("timestamp"), "{err}");
    }

    #[test]
    fn bytes_are_big_endian_and_sort_like_the_ids() {
        let a = Ulid::from_parts(1, 0).unwrap();
        let b = Ulid::from_parts(0, Ulid::MAX_RANDOM).unwrap();
        assert!(a > b && a.to_bytes() > b.to_bytes());
        assert_eq!(Ulid::from_bytes(a.to_bytes()), a);
        assert_eq!(u128::from(a), a.to_u128());
        assert_eq!(Ulid::from([0xFF; 16]), Ulid::MAX);
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::{ErrorKind, Ulid};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn at_takes_every_millisecond_of_the_span_and_fresh_random_bits() {
        let last = UNIX_EPOCH
            + Duration::from_millis(Ulid::MAX_TIMESTAMP_MILLIS)
            + Duration::from_nanos(999_999);
        assert_eq!(
            Ulid::at(last).unwrap().timestamp_millis(),
            Ulid::MAX_TIMESTAMP_MILLIS
        );
        let first = Ulid::at(UNIX_EPOCH).unwrap();
        assert_eq!(first.timestamp_millis(), 0);
        // Two draws of 80 bits alike: odds of 1 in 2^80.
        assert_ne!(first.random(), Ulid::at(UNIX_EPOCH).unwrap().random());
        let err = Ulid::at(UNIX_EPOCH - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("found -1"), "{err}");
        let err = Ulid::at(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }
}
