//! Ranges of UUIDs: version 7 UUIDs by their time, and TypeID texts by a prefix of their
//! suffix.
//!
//! A version 7 UUID starts with its 48-bit Unix millisecond timestamp (RFC 9562 §5.7), so
//! those made in a span of time are one range of the 128-bit values, which is how UUIDs
//! compare in Rust and in PostgreSQL's `uuid` column. The range holds every UUID between its
//! bounds, whatever its version: a query over a column of version 7 UUIDs finds exactly the
//! ones made in the span.

use uuid::Uuid;

use crate::{Error, IdRange, Ulid, codec::crockford};

/// The name errors give a TypeID suffix.
const SUFFIX: &str = "TypeID suffix";

/// The inclusive range of version 7 UUIDs whose timestamps (Unix milliseconds) lie in
/// `start_millis..=end_millis`, or `None` when it is empty. An end past the last 48-bit
/// millisecond (in the year 10889) is taken as that.
///
/// # Examples
///
/// ```
/// use idtypes::uuids;
///
/// let range = uuids::range_for_millis(1_688_096_058_518, 1_688_096_058_518).unwrap();
/// assert!(range.contains(&uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057")));
/// assert!(!range.contains(&uuid::uuid!("01890a5d-ac97-7000-8000-000000000000")));
/// assert_eq!(range.start(), uuid::uuid!("01890a5d-ac96-0000-0000-000000000000"));
/// assert!(uuids::range_for_millis(2, 1).is_none());
/// ```
pub const fn range_for_millis(start_millis: u64, end_millis: u64) -> Option<IdRange<Uuid>> {
    match Ulid::range_for_millis(start_millis, end_millis) {
        Some(range) => Some(of_ulids(range)),
        None => None,
    }
}

/// The version 7 UUIDs made within a span of time, as an inclusive range; `None` when none
/// can be (an empty span, or one that ends before 1970).
///
/// Takes any range of `SystemTime` (or of a type that converts to it, as every
/// [`UtcTime`](crate::UtcTime) does): `start..end` leaves `end` out, `start..=end` keeps it, `start..` runs to
/// the last one; times are taken to the millisecond.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use idtypes::uuids;
///
/// let made = UNIX_EPOCH + Duration::from_millis(1_688_096_058_518);
/// let range = uuids::range_for_time(made..made + Duration::from_secs(60)).unwrap();
/// assert!(range.contains(&uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057")));
/// assert!(uuids::range_for_time(..UNIX_EPOCH).is_none());
/// ```
#[cfg(feature = "std")]
pub fn range_for_time<T>(span: impl core::ops::RangeBounds<T>) -> Option<IdRange<Uuid>>
where
    T: Clone + Into<std::time::SystemTime>,
{
    Ulid::range_for_time(span).map(of_ulids)
}

/// The version 7 UUIDs made within a span of time, as [`IdRanges`](crate::IdRanges) (one
/// range, or none): the same as [`range_for_time`], in the shape every format's
/// `ranges_for_time` has.
///
/// # Examples
///
/// ```
/// use std::time::UNIX_EPOCH;
/// use idtypes::uuids;
///
/// assert_eq!(uuids::ranges_for_time(UNIX_EPOCH..).len(), 1);
/// assert!(uuids::ranges_for_time(..UNIX_EPOCH).is_empty());
/// ```
#[cfg(feature = "std")]
pub fn ranges_for_time<T>(span: impl core::ops::RangeBounds<T>) -> crate::IdRanges<Uuid>
where
    T: Clone + Into<std::time::SystemTime>,
{
    Ulid::ranges_for_time(span).map(Ulid::to_uuid)
}

/// The inclusive range of UUIDs whose TypeID suffix starts with `prefix` (lowercase, as
/// TypeID writes it), or `None` when none does (a first character above `7`). The empty
/// prefix gives every UUID. For version 7 UUIDs, whose suffixes sort by time, a prefix is a
/// span of time.
///
/// # Errors
///
/// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 26 characters,
/// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
/// lowercase alphabet (uppercase included, which TypeID refuses), with its position.
///
/// # Examples
///
/// ```
/// use idtypes::uuids;
///
/// let range = uuids::range_for_prefix("01h455")?.unwrap();
/// assert!(range.contains(&uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057")));
/// assert!(uuids::range_for_prefix("8")?.is_none());
/// assert_eq!(uuids::range_for_prefix("01H").unwrap_err().position(), Some(2));
/// # Ok::<(), idtypes::Error>(())
/// ```
pub fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Uuid>>, Error> {
    let bounds = crockford::prefix_bounds(
        prefix,
        &crockford::DECODE_LOWER,
        SUFFIX,
        crockford::LOWER_STR,
    )?;
    Ok(bounds
        .map(|(start, end)| IdRange::new_unchecked(Uuid::from_u128(start), Uuid::from_u128(end))))
}

/// The same bits as UUIDs.
const fn of_ulids(range: IdRange<Ulid>) -> IdRange<Uuid> {
    let (start, end) = range.into_bounds();
    IdRange::new_unchecked(start.to_uuid(), end.to_uuid())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn a_millisecond_holds_every_v7_uuid_made_in_it_and_no_other() {
        let millis = 1_688_096_058_518u64;
        let range = range_for_millis(millis, millis).unwrap();
        let made = |millis: u64, low: u128| Uuid::from_u128((u128::from(millis) << 80) | low);
        let v7_low = (0x7u128 << 76) | (0b10u128 << 62);
        assert!(range.contains(&made(millis, v7_low)));
        assert!(range.contains(&made(millis, (1 << 80) - 1)));
        assert!(!range.contains(&made(millis - 1, (1 << 80) - 1)));
        assert!(!range.contains(&made(millis + 1, 0)));
        let all = range_for_millis(0, u64::MAX).unwrap();
        assert_eq!((all.start(), all.end()), (Uuid::nil(), Uuid::max()));
    }

    #[cfg(feature = "std")]
    #[test]
    fn time_spans_are_millisecond_ranges() {
        use std::time::{Duration, UNIX_EPOCH};
        let at = UNIX_EPOCH + Duration::from_millis(1_000);
        assert_eq!(
            range_for_time(at..at + Duration::from_millis(2)),
            range_for_millis(1_000, 1_001)
        );
        assert_eq!(range_for_time(at..=at), range_for_millis(1_000, 1_000));
        assert_eq!(
            ranges_for_time(at..).single(),
            range_for_millis(1_000, u64::MAX)
        );
    }

    #[test]
    fn suffix_prefixes_cover_the_uuids_whose_text_starts_with_them() {
        let uuid = Uuid::from_u128(0x0189_0a5d_ac96_774b_bcce_b302_099a_8057);
        let text = super::super::typeid::encode_suffix(uuid.as_u128());
        for len in 0..=super::super::typeid::SUFFIX_LEN {
            let range = range_for_prefix(&text[..len]).unwrap().unwrap();
            assert!(range.contains(&uuid), "{len}");
            let start = super::super::typeid::encode_suffix(range.start().as_u128());
            let end = super::super::typeid::encode_suffix(range.end().as_u128());
            assert!(start.starts_with(&text[..len]) && end.starts_with(&text[..len]));
        }
        let err = range_for_prefix("01H4").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(2))
        );
        let err = range_for_prefix(&"0".repeat(27)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(range_for_prefix("8").unwrap(), None);
    }
}
