//! Ranges of [`ObjectId`]s: by a prefix of the text (which sorts like the bytes), by a span of
//! seconds, by a span of time.

use super::{FORMAT, ObjectId};
use crate::{
    Error, IdRange,
    codec::{
        hex::{DECODE_ANY_CASE, DIGITS_ANY_CASE, INVALID},
        narrow12,
    },
    error::{Lengths, Repr, char_at},
};

impl ObjectId {
    /// The inclusive range of ids whose text starts with `prefix` (in either case, as the
    /// text is read). The empty prefix gives every id. (Every prefix of hex digits has ids,
    /// so `None` never comes; the `Option` is the shape every format's `range_for_prefix`
    /// has.)
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 24
    /// characters, [`ErrorKind::Character`](crate::ErrorKind::Character) for a character
    /// that is not a hex digit, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let range = ObjectId::range_for_prefix("64b7f")?.unwrap();
    /// assert!(range.contains(&"64b7f0a1c2d3e4f5a6b7c8d9".parse()?));
    /// assert_eq!(range.start().to_string(), "64b7f0000000000000000000");
    /// assert_eq!(range.end().to_string(), "64b7ffffffffffffffffffff");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<ObjectId>>, Error> {
        let bytes = prefix.as_bytes();
        if bytes.len() > ObjectId::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, ObjectId::TEXT_LEN),
                    found: bytes.len(),
                },
            ));
        }
        let mut value = 0u128;
        for (i, &byte) in bytes.iter().enumerate() {
            let digit = DECODE_ANY_CASE[byte as usize];
            if digit == INVALID {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(bytes, i),
                        expected: DIGITS_ANY_CASE,
                    },
                ));
            }
            value = (value << 4) | digit as u128;
        }
        let free = 4 * (ObjectId::TEXT_LEN - bytes.len()) as u32;
        let start = value << free;
        let end = start | ((1u128 << free) - 1);
        Ok(Some(IdRange::new_unchecked(
            ObjectId(narrow12(start.to_be_bytes())),
            ObjectId(narrow12(end.to_be_bytes())),
        )))
    }
}

crate::range::seconds_first::seconds_first_ranges!(ObjectId);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use crate::codec::widen12;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_id_with_the_prefix_is_in_its_range_and_no_other() {
        let id = ObjectId::parse("64b7f0a1c2d3e4f5a6b7c8d9").unwrap();
        let text = id.to_string();
        for len in 0..=24 {
            let range = ObjectId::range_for_prefix(&text[..len]).unwrap().unwrap();
            assert!(range.contains(&id), "{len}");
            assert!(range.start().to_string().starts_with(&text[..len]));
            assert!(range.end().to_string().starts_with(&text[..len]));
            let upper = ObjectId::range_for_prefix(&text[..len].to_uppercase());
            assert_eq!(upper.unwrap().unwrap(), range);
            let below = u128::from_be_bytes(widen12(range.start().to_bytes()));
            let above = u128::from_be_bytes(widen12(range.end().to_bytes()));
            for outside in [below.checked_sub(1), Some(above + 1)]
                .into_iter()
                .flatten()
            {
                if outside >> 96 == 0 {
                    let outside = ObjectId::from_bytes(narrow12(outside.to_be_bytes()));
                    assert!(!outside.to_string().starts_with(&text[..len]), "{len}");
                }
            }
        }
        let all = ObjectId::range_for_prefix("").unwrap().unwrap();
        assert_eq!((all.start(), all.end()), (ObjectId::MIN, ObjectId::MAX));
    }

    #[test]
    fn a_bad_prefix_is_an_error_with_its_position() {
        let err = ObjectId::range_for_prefix("64bg").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
        let long = "0".repeat(25);
        assert_eq!(
            ObjectId::range_for_prefix(&long).unwrap_err().kind(),
            ErrorKind::Length
        );
    }

    #[test]
    fn seconds_ranges_clamp_their_end() {
        let range = ObjectId::range_for_seconds(0, u64::MAX).unwrap();
        assert_eq!((range.start(), range.end()), (ObjectId::MIN, ObjectId::MAX));
        assert!(ObjectId::range_for_seconds(1 << 32, u64::MAX).is_none());
    }

    #[test]
    #[cfg(feature = "std")]
    fn a_time_span_covers_the_seconds_it_touches() {
        use std::time::{Duration, UNIX_EPOCH};
        let t = UNIX_EPOCH + Duration::from_millis(1_700_000_000_500);
        let range = ObjectId::range_for_time(t..=t).unwrap();
        assert_eq!(range.start().timestamp_seconds(), 1_700_000_000);
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_000);
        let range = ObjectId::range_for_time(t..t + Duration::from_millis(600)).unwrap();
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_001);
    }
}
