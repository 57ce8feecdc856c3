//! [`Ksuid`]: the KSUID (K-Sortable Unique IDentifier, Segment's `segmentio/ksuid`): 20 bytes,
//! a 32-bit big-endian count of seconds since the KSUID epoch (1,400,000,000 Unix seconds,
//! 2014-05-13T16:53:20Z), then a 128-bit random payload, written as 27 characters of base62.
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | seconds since the KSUID epoch, big-endian (to 2150-06-19T23:21:35Z) |
//! | 4..20 | the payload: random; counted up within a second by a [monotonic](KsuidGenerator::monotonic) generator |
//!
//! The text is 27 characters of `0-9A-Za-z` (in that order: the texts sort like the bytes),
//! left-padded with `0`. The nil KSUID (all zeros) is `000000000000000000000000000` and the
//! largest `aWgEPTl1tmebfsQzFP4bxwgy80V`; a text above it is refused.
//!
//! **Stricter than the references:** segmentio's Go package and the npm `ksuid` package do
//! not check the alphabet: the npm package reads a character by its code (`:` as `3`, `@` as
//! `9`), the Go decoder by byte arithmetic (`:` as 253, `{` as 62), so each accepts texts no
//! KSUID writer makes, and they read them differently. This crate refuses every character
//! outside `0-9A-Za-z`, with its position. A text either reference writes always parses.
//!
//! # Examples
//!
//! ```
//! use idtypes::Ksuid;
//!
//! let id: Ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse()?;
//! assert_eq!(id.timestamp_seconds(), 1_507_608_047); // 2017-10-10T04:00:47Z
//! assert_eq!(id.ksuid_seconds(), 107_608_047);
//! assert_eq!(id.payload(), 0xB5A1_CD34_B5F9_9D11_54FB_6853_345C_9735);
//! assert_eq!(id.to_string(), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
//! # Ok::<(), idtypes::Error>(())
//! ```

pub(crate) mod base62;
#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
pub(crate) mod text;
mod typed;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::KsuidGenerator;
pub use typed::TypedKsuid;

use crate::{Error, error::Bounds};

pub(crate) const FORMAT: &str = "KSUID";

/// A KSUID: 4 bytes of seconds since the KSUID epoch (1,400,000,000 Unix seconds), then a
/// 16-byte random payload. Ids order by their bytes (time, then payload), and so does their
/// text.
///
/// # Examples
///
/// ```
/// use idtypes::Ksuid;
///
/// let id = Ksuid::from_parts(1_700_000_000, 42)?;
/// assert_eq!((id.timestamp_seconds(), id.payload()), (1_700_000_000, 42));
/// assert!(Ksuid::from_parts(1_700_000_001, 0)? > id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Ksuid([u8; 20]);

impl Ksuid {
    /// The nil KSUID (all zeros), `000000000000000000000000000`: the smallest.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ksuid::MIN.to_string(), "000000000000000000000000000");
    /// ```
    pub const MIN: Ksuid = Ksuid([0; 20]);

    /// The largest KSUID (all ones), `aWgEPTl1tmebfsQzFP4bxwgy80V`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ksuid::MAX.to_string(), "aWgEPTl1tmebfsQzFP4bxwgy80V");
    /// ```
    pub const MAX: Ksuid = Ksuid([0xFF; 20]);

    /// The length of the text: 27 characters.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ksuid::MIN.to_string().len(), idtypes::Ksuid::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 27;

    /// The KSUID epoch in Unix seconds, 1,400,000,000 (2014-05-13T16:53:20Z): the time of a
    /// timestamp field of 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::MIN.timestamp_seconds(), Ksuid::EPOCH_SECONDS);
    /// ```
    pub const EPOCH_SECONDS: u64 = 1_400_000_000;

    /// The largest timestamp, in Unix seconds (2150-06-19T23:21:35Z): the epoch plus
    /// 2^32 - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::MAX.timestamp_seconds(), Ksuid::MAX_TIMESTAMP_SECONDS);
    /// ```
    pub const MAX_TIMESTAMP_SECONDS: u64 = Ksuid::EPOCH_SECONDS + u32::MAX as u64;

    /// The KSUID of 20 big-endian bytes (its binary form in segmentio's package, and what
    /// the databases store): every 20 bytes are one.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let id = Ksuid::from_parts(1_700_000_000, 7)?;
    /// assert_eq!(Ksuid::from_bytes(id.to_bytes()), id);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 20]) -> Ksuid {
        Ksuid(bytes)
    }

    /// The 20 bytes: the timestamp first, big-endian, so they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let id = Ksuid::from_parts(Ksuid::EPOCH_SECONDS + 1, 2)?;
    /// assert_eq!((id.to_bytes()[3], id.to_bytes()[19]), (1, 2));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 20] {
        self.0
    }

    /// The 20 bytes, borrowed.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Ksuid::MAX.as_bytes(), &[0xFF; 20]);
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; 20] {
        &self.0
    }

    /// The KSUID of a timestamp in Unix seconds (from
    /// [`EPOCH_SECONDS`](Ksuid::EPOCH_SECONDS) to
    /// [`MAX_TIMESTAMP_SECONDS`](Ksuid::MAX_TIMESTAMP_SECONDS)) and a payload (any 128 bits,
    /// stored big-endian).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a timestamp outside
    /// KSUIDs' 136 years, naming the bounds.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Ksuid};
    ///
    /// assert_eq!(Ksuid::from_parts(Ksuid::EPOCH_SECONDS, 0)?, Ksuid::MIN);
    /// let err = Ksuid::from_parts(1_000_000_000, 0).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(unix_seconds: u64, payload: u128) -> Result<Ksuid, Error> {
        if unix_seconds < Ksuid::EPOCH_SECONDS || unix_seconds > Ksuid::MAX_TIMESTAMP_SECONDS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_seconds as i128));
        }
        Ok(Ksuid::from_ksuid_parts(
            (unix_seconds - Ksuid::EPOCH_SECONDS) as u32,
            payload,
        ))
    }

    /// The KSUID of its two fields as they are stored: seconds since the KSUID epoch, and
    /// the payload. Every pair is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let id = Ksuid::from_ksuid_parts(94_985_761, 1);
    /// assert_eq!(id.timestamp_seconds(), 1_494_985_761);
    /// assert_eq!(id.ksuid_seconds(), 94_985_761);
    /// ```
    #[inline]
    pub const fn from_ksuid_parts(ksuid_seconds: u32, payload: u128) -> Ksuid {
        let [a, b, c, d] = ksuid_seconds.to_be_bytes();
        let [e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t] = payload.to_be_bytes();
        Ksuid([a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t])
    }

    /// The timestamp: seconds since the Unix epoch (the KSUID epoch plus the stored count),
    /// from 1,400,000,000 to 5,694,967,295.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::from_parts(1_700_000_000, 0)?.timestamp_seconds(), 1_700_000_000);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_seconds(self) -> u64 {
        Ksuid::EPOCH_SECONDS + self.ksuid_seconds() as u64
    }

    /// The timestamp as stored: seconds since the KSUID epoch (segmentio's `Timestamp()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::MAX.ksuid_seconds(), u32::MAX);
    /// ```
    #[inline]
    pub const fn ksuid_seconds(self) -> u32 {
        let [a, b, c, d, ..] = self.0;
        u32::from_be_bytes([a, b, c, d])
    }

    /// The 128-bit payload (the last 16 bytes, big-endian).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::from_parts(1_700_000_000, 9)?.payload(), 9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn payload(self) -> u128 {
        let [_, _, _, _, payload @ ..] = self.0;
        u128::from_be_bytes(payload)
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ksuid;
    ///
    /// let id = Ksuid::from_parts(1_700_000_000, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_700_000_000));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_secs(self.timestamp_seconds())
    }

    /// A new KSUID from the process-wide generator ([`KsuidGenerator::new`]): the current
    /// second and a fresh random payload, as segmentio's `New()` makes them.
    ///
    /// # Panics
    ///
    /// After 2150-06-19T23:21:35Z, when KSUIDs run out. (A clock before the KSUID epoch reads
    /// as the epoch.)
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let (a, b) = (Ksuid::now(), Ksuid::now());
    /// assert_ne!(a, b);
    /// assert!(b.timestamp_seconds() >= a.timestamp_seconds());
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> Ksuid {
        generator::global().next()
    }

    /// A KSUID of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the second, its 128-bit payload drawn from the secure random source of
    /// [`Ksuid::now`]'s, as segmentio's `NewRandomWithTime` makes one. `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the KSUID
    /// epoch (2014-05-13T16:53:20Z) or after 2150-06-19T23:21:35Z, giving the time found in
    /// Unix seconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, Ksuid};
    ///
    /// let id = Ksuid::at(UNIX_EPOCH + Duration::from_millis(1_700_000_000_999))?;
    /// assert_eq!(id.timestamp_seconds(), 1_700_000_000); // rounded down
    /// assert_eq!(Ksuid::at(UNIX_EPOCH).unwrap_err().kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Ksuid, Error> {
        Ksuid::at_time(time.into())
    }

    /// [`at`](Ksuid::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Ksuid, Error> {
        use crate::utc::{SECONDS, floor_within};

        let seconds = floor_within(&time, SECONDS, FORMAT, &TIMESTAMP)? as u64;
        let payload = crate::process::random::secure_u128();
        Ok(Ksuid::from_ksuid_parts(
            (seconds - Ksuid::EPOCH_SECONDS) as u32,
            payload,
        ))
    }
}

/// The bounds of a timestamp, in Unix seconds.
static TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix seconds)",
    min: Ksuid::EPOCH_SECONDS as i128,
    max: Ksuid::MAX_TIMESTAMP_SECONDS as i128,
};

impl Ksuid {
    /// The KSUID of a time (to the second, rounded down; within 2014-05-13T16:53:20Z to
    /// 2150-06-19T23:21:35Z) and a payload. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside KSUIDs,
    /// giving the time found in Unix seconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use idtypes::Ksuid;
    ///
    /// let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// assert_eq!(Ksuid::from_datetime(time, 0)?.datetime::<SystemTime>(), time);
    /// assert!(Ksuid::from_datetime(UNIX_EPOCH, 0).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(time: impl crate::UtcTime, payload: u128) -> Result<Ksuid, Error> {
        let seconds = crate::utc::floor_within(&time, crate::utc::SECONDS, FORMAT, &TIMESTAMP)?;
        Ksuid::from_parts(seconds as u64, payload)
    }
}

crate::text::traits::convert!(Ksuid, [u8; 20], to_bytes, from_bytes);

impl AsRef<[u8]> for Ksuid {
    /// The 20 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = idtypes::Ksuid::MIN;
    /// assert_eq!(AsRef::<[u8]>::as_ref(&id), &[0; 20]);
    /// ```
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn parts_round_trip_and_refuse_a_time_outside_ksuids() {
        let id = Ksuid::from_parts(Ksuid::MAX_TIMESTAMP_SECONDS, u128::MAX).unwrap();
        assert_eq!(id, Ksuid::MAX);
        assert_eq!(
            Ksuid::from_parts(Ksuid::EPOCH_SECONDS, 0).unwrap(),
            Ksuid::MIN
        );
        for seconds in [
            0,
            Ksuid::EPOCH_SECONDS - 1,
            Ksuid::MAX_TIMESTAMP_SECONDS + 1,
        ] {
            let err = Ksuid::from_parts(seconds, 0).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::OutOfRange);
            assert!(err.to_string().contains("Unix seconds"), "{err}");
        }
        let id = Ksuid::from_parts(1_494_985_761, 0x0102).unwrap();
        assert_eq!(id.ksuid_seconds(), 94_985_761);
        assert_eq!(id.payload(), 0x0102);
        assert_eq!(Ksuid::from_ksuid_parts(94_985_761, 0x0102), id);
    }

    #[test]
    fn bytes_are_the_seconds_then_the_payload_and_sort_like_the_ids() {
        let a = Ksuid::from_ksuid_parts(1, 0);
        let b = Ksuid::from_ksuid_parts(0, u128::MAX);
        assert!(a > b && a.to_bytes() > b.to_bytes());
        assert_eq!(a.to_bytes()[..4], [0, 0, 0, 1]);
        assert_eq!(b.to_bytes()[4..], [0xFF; 16]);
        assert_eq!(Ksuid::from(a.to_bytes()), a);
        assert_eq!(<[u8; 20]>::from(b), b.to_bytes());
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::{ErrorKind, Ksuid};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn at_takes_every_second_of_the_span_and_a_fresh_payload() {
        let first = UNIX_EPOCH + Duration::from_secs(Ksuid::EPOCH_SECONDS);
        let last = UNIX_EPOCH + Duration::new(Ksuid::MAX_TIMESTAMP_SECONDS, 999_999_999);
        let id = Ksuid::at(first).unwrap();
        assert_eq!(id.ksuid_seconds(), 0);
        assert_eq!(Ksuid::at(last).unwrap().ksuid_seconds(), u32::MAX);
        // Two draws of 128 bits alike: odds of 1 in 2^128.
        assert_ne!(id.payload(), Ksuid::at(first).unwrap().payload());
        let err = Ksuid::at(first - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("1399999999"), "{err}");
        let err = Ksuid::at(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }
}
