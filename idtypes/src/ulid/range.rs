//! Ranges of [`Ulid`]s: by a prefix of the text, by a span of milliseconds, by a span of time.

use super::{FORMAT, RANDOM_BITS, Ulid};
use crate::{Error, IdRange, codec::crockford};

impl Ulid {
    /// The inclusive range of ULIDs whose text starts with `prefix` (either case), or `None`
    /// when no ULID does (a first character above `7`). The empty prefix gives every ULID.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 26
    /// characters, [`ErrorKind::Character`](crate::ErrorKind::Character) for a character
    /// outside the alphabet, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let range = Ulid::range_for_prefix("01ARZ")?.unwrap();
    /// assert!(range.contains(&"01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?));
    /// assert_eq!(range.start().to_string(), "01ARZ000000000000000000000");
    /// assert!(Ulid::range_for_prefix("8")?.is_none());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Ulid>>, Error> {
        let bounds = crockford::prefix_bounds(
            prefix,
            &crockford::DECODE_ANY_CASE,
            FORMAT,
            crockford::UPPER_STR,
        )?;
        Ok(bounds.map(|(start, end)| IdRange::new_unchecked(Ulid(start), Ulid(end))))
    }

    /// The inclusive range of ULIDs whose timestamps (Unix milliseconds) lie in
    /// `start_millis..=end_millis`, with any random field; `None` when it is empty. An end
    /// past [`MAX_TIMESTAMP_MILLIS`](Ulid::MAX_TIMESTAMP_MILLIS) is taken as that.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let range = Ulid::range_for_millis(1_700_000_000_000, 1_700_000_000_000).unwrap();
    /// assert_eq!(range.start(), Ulid::from_parts(1_700_000_000_000, 0)?);
    /// assert_eq!(range.end(), Ulid::from_parts(1_700_000_000_000, Ulid::MAX_RANDOM)?);
    /// assert!(Ulid::range_for_millis(2, 1).is_none());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_millis(start_millis: u64, end_millis: u64) -> Option<IdRange<Ulid>> {
        let end = if end_millis > Ulid::MAX_TIMESTAMP_MILLIS {
            Ulid::MAX_TIMESTAMP_MILLIS
        } else {
            end_millis
        };
        if start_millis > end {
            return None;
        }
        Some(IdRange::new_unchecked(
            Ulid((start_millis as u128) << RANDOM_BITS),
            Ulid(((end as u128) << RANDOM_BITS) | Ulid::MAX_RANDOM),
        ))
    }

    /// The ULIDs made within a span of time, as an inclusive range; `None` when no ULID can
    /// be (an empty span, or one that ends before 1970).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does): `start..end` leaves `end` out, `start..=end` keeps it, `start..`
    /// runs to the last ULID; times are taken to the millisecond.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ulid;
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// let range = Ulid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
    /// assert_eq!(range.start().timestamp(), day);
    /// assert_eq!(range.end().timestamp_millis(), 1_700_086_399_999);
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(span: impl core::ops::RangeBounds<T>) -> Option<IdRange<Ulid>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) =
            crate::range::time::unsigned_bounds(crate::range::time::millis_bounds(span)?)?;
        Ulid::range_for_millis(start, end)
    }

    /// The ULIDs made within a span of time, as [`IdRanges`](crate::IdRanges) (one range, or
    /// none): the same as [`range_for_time`](Ulid::range_for_time), in the shape every
    /// format's `ranges_for_time` has.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::ranges_for_time(UNIX_EPOCH..).len(), 1);
    /// assert!(Ulid::ranges_for_time(..UNIX_EPOCH).is_empty());
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(span: impl core::ops::RangeBounds<T>) -> crate::IdRanges<Ulid>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        crate::IdRanges::from_option(Ulid::range_for_time(span), Ulid(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_id_with_the_prefix_is_in_its_range_and_no_other() {
        let id = Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV").unwrap();
        for len in 0..=26 {
            let text = id.to_string();
            let range = Ulid::range_for_prefix(&text[..len]).unwrap().unwrap();
            assert!(range.contains(&id), "{len}");
            assert!(range.start().to_string().starts_with(&text[..len]));
            assert!(range.end().to_string().starts_with(&text[..len]));
        }
        let lower = Ulid::range_for_prefix("01arz").unwrap();
        assert_eq!(lower, Ulid::range_for_prefix("01ARZ").unwrap());
        assert_eq!(
            Ulid::range_for_prefix("7").unwrap().unwrap().end(),
            Ulid::MAX
        );
    }

    #[test]
    fn a_bad_prefix_is_an_error_with_its_position() {
        let err = Ulid::range_for_prefix("01AU").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
        let long = "0".repeat(27);
        assert_eq!(
            Ulid::range_for_prefix(&long).unwrap_err().kind(),
            ErrorKind::Length
        );
    }

    #[test]
    fn millis_ranges_clamp_their_end() {
        let range = Ulid::range_for_millis(0, u64::MAX).unwrap();
        assert_eq!((range.start(), range.end()), (Ulid::MIN, Ulid::MAX));
    }
}
