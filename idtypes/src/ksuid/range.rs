//! Ranges of [`Ksuid`]s: by a prefix of the text, by a span of seconds, by a span of time.

use super::{FORMAT, Ksuid, base62};
use crate::{
    Error, IdRange,
    codec::first_invalid,
    error::{Lengths, Repr, char_at},
};

impl Ksuid {
    /// The inclusive range of KSUIDs whose text starts with `prefix`, or `None` when no KSUID
    /// does (a prefix above `aWgEPTl1tmebfsQzFP4bxwgy80V`'s). The empty prefix gives every
    /// KSUID. The texts sort like the ids, so the range holds exactly those ids.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 27
    /// characters, [`ErrorKind::Character`](crate::ErrorKind::Character) for a character
    /// outside `0-9A-Za-z`, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let range = Ksuid::range_for_prefix("0ujts")?.unwrap();
    /// assert!(range.contains(&"0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse()?));
    /// assert_eq!(range.start().to_string(), "0ujts0000000000000000000000");
    /// assert_eq!(range.end().to_string(), "0ujtszzzzzzzzzzzzzzzzzzzzzz");
    /// assert!(Ksuid::range_for_prefix("b")?.is_none());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Ksuid>>, Error> {
        let prefix = prefix.as_bytes();
        if prefix.len() > Ksuid::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, Ksuid::TEXT_LEN),
                    found: prefix.len(),
                },
            ));
        }
        let position = first_invalid(prefix, &base62::DECODE, base62::INVALID);
        if position < prefix.len() {
            return Err(Error::new(
                FORMAT,
                Repr::Character {
                    position,
                    found: char_at(prefix, position),
                    expected: base62::ALPHABET_STR,
                },
            ));
        }
        let mut low = [b'0'; base62::LEN];
        let mut high = [b'z'; base62::LEN];
        low[..prefix.len()].copy_from_slice(prefix);
        high[..prefix.len()].copy_from_slice(prefix);
        let start = match base62::decode(&low) {
            Ok(bytes) => Ksuid(bytes),
            // The smallest text with the prefix is above every KSUID.
            Err(_) => return Ok(None),
        };
        let end = match base62::decode_saturating(&high) {
            Some(bytes) => Ksuid(bytes),
            None => return Ok(None),
        };
        Ok(Some(IdRange::new_unchecked(start, end)))
    }

    /// The inclusive range of KSUIDs whose timestamps (Unix seconds) lie in
    /// `start_seconds..=end_seconds`, with any payload; `None` when it is empty or holds no
    /// KSUID time. A start before the KSUID epoch (1,400,000,000) is taken as the epoch, an
    /// end past [`MAX_TIMESTAMP_SECONDS`](Ksuid::MAX_TIMESTAMP_SECONDS) as that.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let range = Ksuid::range_for_seconds(1_700_000_000, 1_700_000_000).unwrap();
    /// assert_eq!(range.start(), Ksuid::from_parts(1_700_000_000, 0)?);
    /// assert_eq!(range.end(), Ksuid::from_parts(1_700_000_000, u128::MAX)?);
    /// assert!(Ksuid::range_for_seconds(2, 1).is_none());
    /// assert!(Ksuid::range_for_seconds(0, 1_000_000_000).is_none());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_seconds(start_seconds: u64, end_seconds: u64) -> Option<IdRange<Ksuid>> {
        if end_seconds < Ksuid::EPOCH_SECONDS {
            return None;
        }
        let start = start_seconds.saturating_sub(Ksuid::EPOCH_SECONDS);
        let end = if end_seconds > Ksuid::MAX_TIMESTAMP_SECONDS {
            u32::MAX as u64
        } else {
            end_seconds - Ksuid::EPOCH_SECONDS
        };
        if start > end {
            return None;
        }
        Some(IdRange::new_unchecked(
            Ksuid::from_ksuid_parts(start as u32, 0),
            Ksuid::from_ksuid_parts(end as u32, u128::MAX),
        ))
    }

    /// The KSUIDs made within a span of time, as an inclusive range; `None` when no KSUID can
    /// be (an empty span, or one outside KSUIDs' time, 2014 to 2150).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does): `start..end` leaves `end` out, `start..=end` keeps it, `start..`
    /// runs to the last KSUID. KSUIDs hold whole seconds: the range holds every second the
    /// span touches, so a span that starts within a second includes the ids of that whole
    /// second.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ksuid;
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// let range = Ksuid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
    /// assert_eq!(range.start().timestamp(), day);
    /// assert_eq!(range.end().timestamp_seconds(), 1_700_086_399);
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(span: impl core::ops::RangeBounds<T>) -> Option<IdRange<Ksuid>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) = crate::range::time::micros_bounds(span)?;
        let seconds = (start.div_euclid(1_000_000), end.div_euclid(1_000_000));
        let (start, end) = crate::range::time::unsigned_bounds(seconds)?;
        Ksuid::range_for_seconds(start, end)
    }

    /// The KSUIDs made within a span of time, as [`IdRanges`](crate::IdRanges) (one range, or
    /// none): the same as [`range_for_time`](Ksuid::range_for_time), in the shape every
    /// format's `ranges_for_time` has.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::ranges_for_time(UNIX_EPOCH..).len(), 1);
    /// assert!(Ksuid::ranges_for_time(..UNIX_EPOCH + Duration::from_secs(1_000)).is_empty());
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(span: impl core::ops::RangeBounds<T>) -> crate::IdRanges<Ksuid>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        crate::IdRanges::from_option(Ksuid::range_for_time(span), Ksuid::MIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_id_with_the_prefix_is_in_its_range_and_no_other() {
        let id = Ksuid::parse("0ujtsYcgvSTl8PAuAdqWYSMnLOv").unwrap();
        let text = id.to_string();
        for len in 0..=27 {
            let range = Ksuid::range_for_prefix(&text[..len]).unwrap().unwrap();
            assert!(range.contains(&id), "{len}");
            assert!(range.start().to_string().starts_with(&text[..len]));
            assert!(range.end().to_string().starts_with(&text[..len]));
            // The ids just outside have another prefix.
            if len > 0 {
                let below = Ksuid::from_bytes(step(range.start().to_bytes(), false));
                let above = Ksuid::from_bytes(step(range.end().to_bytes(), true));
                assert!(!below.to_string().starts_with(&text[..len]), "{len}");
                assert!(!above.to_string().starts_with(&text[..len]), "{len}");
            }
        }
        let all = Ksuid::range_for_prefix("").unwrap().unwrap();
        assert_eq!(all.into_bounds(), (Ksuid::MIN, Ksuid::MAX));
    }

    /// The bytes one above (`up`) or below a value's.
    fn step(mut bytes: [u8; 20], up: bool) -> [u8; 20] {
        for byte in bytes.iter_mut().rev() {
            let (next, carry) = if up {
                byte.overflowing_add(1)
            } else {
                byte.overflowing_sub(1)
            };
            *byte = next;
            if !carry {
                break;
            }
        }
        bytes
    }

    #[test]
    fn prefixes_at_the_top_end_at_the_largest_or_have_no_range() {
        let a = Ksuid::range_for_prefix("a").unwrap().unwrap();
        assert_eq!(a.end(), Ksuid::MAX);
        let full = Ksuid::range_for_prefix("aWgEPTl1tmebfsQzFP4bxwgy80V")
            .unwrap()
            .unwrap();
        assert_eq!(full.into_bounds(), (Ksuid::MAX, Ksuid::MAX));
        assert_eq!(
            Ksuid::range_for_prefix("aWgEPTl1tmebfsQzFP4bxwgy80W").unwrap(),
            None
        );
        assert_eq!(Ksuid::range_for_prefix("aX").unwrap(), None);
        assert_eq!(Ksuid::range_for_prefix("z").unwrap(), None);
    }

    #[test]
    fn a_bad_prefix_is_an_error_with_its_position() {
        let err = Ksuid::range_for_prefix("0uj:").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
        let long = "0".repeat(28);
        assert_eq!(
            Ksuid::range_for_prefix(&long).unwrap_err().kind(),
            ErrorKind::Length
        );
    }

    #[test]
    fn second_ranges_clamp_to_ksuid_time() {
        let range = Ksuid::range_for_seconds(0, u64::MAX).unwrap();
        assert_eq!((range.start(), range.end()), (Ksuid::MIN, Ksuid::MAX));
        assert!(Ksuid::range_for_seconds(0, Ksuid::EPOCH_SECONDS - 1).is_none());
        let first = Ksuid::range_for_seconds(0, Ksuid::EPOCH_SECONDS).unwrap();
        assert_eq!(first.end().ksuid_seconds(), 0);
        assert!(Ksuid::range_for_seconds(Ksuid::MAX_TIMESTAMP_SECONDS + 1, u64::MAX).is_none());
    }

    #[test]
    #[cfg(feature = "std")]
    fn a_time_span_covers_every_second_it_touches() {
        use std::time::{Duration, UNIX_EPOCH};
        let at = UNIX_EPOCH + Duration::from_millis(1_700_000_000_500);
        let range = Ksuid::range_for_time(at..=at).unwrap();
        assert_eq!(range.start().timestamp_seconds(), 1_700_000_000);
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_000);
        let exclusive = UNIX_EPOCH + Duration::from_secs(1_700_000_001);
        let range = Ksuid::range_for_time(at..exclusive).unwrap();
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_000);
    }
}
