//! Ranges of [`RsXid`]s: by a prefix of the text (which sorts like the bytes), by a span of
//! seconds, by a span of time.

use super::{
    FORMAT, RsXid,
    text::{ALPHABET_STR, DECODE, INVALID, LAST_STR},
};
use crate::{
    Error, IdRange,
    codec::narrow12,
    error::{Lengths, Repr, char_at},
};

impl RsXid {
    /// The inclusive range of ids whose text starts with `prefix`. The empty prefix gives
    /// every id. (Every prefix of valid characters has ids, so `None` never comes; the
    /// `Option` is the shape every format's `range_for_prefix` has.)
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 20
    /// characters, [`ErrorKind::Character`](crate::ErrorKind::Character) for a character
    /// outside `0-9a-v`, or a 20th character other than `0` and `g`, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let range = RsXid::range_for_prefix("9m4e2")?.unwrap();
    /// assert!(range.contains(&"9m4e2mr0ui3e8a215n4g".parse()?));
    /// assert_eq!(range.start().to_string(), "9m4e2000000000000000");
    /// assert_eq!(range.end().to_string(), "9m4e2vvvvvvvvvvvvvvg");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<RsXid>>, Error> {
        let bytes = prefix.as_bytes();
        if bytes.len() > RsXid::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, RsXid::TEXT_LEN),
                    found: bytes.len(),
                },
            ));
        }
        // The text is 100 bits: the id's 96, then 4 zero bits.
        let mut value = 0u128;
        for (i, &byte) in bytes.iter().enumerate() {
            let symbol = DECODE[byte as usize];
            if symbol == INVALID || (i == 19 && symbol & 0xF != 0) {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(bytes, i),
                        expected: if i == 19 { LAST_STR } else { ALPHABET_STR },
                    },
                ));
            }
            value = (value << 5) | symbol as u128;
        }
        let free = 5 * (RsXid::TEXT_LEN - bytes.len()) as u32;
        let start = value << free;
        let end = start | ((1u128 << free) - 1);
        Ok(Some(IdRange::new_unchecked(
            RsXid(narrow12((start >> 4).to_be_bytes())),
            RsXid(narrow12((end >> 4).to_be_bytes())),
        )))
    }
}

crate::range::seconds_first::seconds_first_ranges!(RsXid);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use crate::codec::widen12;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_id_with_the_prefix_is_in_its_range_and_no_other() {
        let id = RsXid::parse("9m4e2mr0ui3e8a215n4g").unwrap();
        let text = id.to_string();
        for len in 0..=20 {
            let range = RsXid::range_for_prefix(&text[..len]).unwrap().unwrap();
            assert!(range.contains(&id), "{len}");
            assert!(range.start().to_string().starts_with(&text[..len]));
            assert!(range.end().to_string().starts_with(&text[..len]));
            // The ids just outside have another prefix.
            let below = u128::from_be_bytes(widen12(range.start().to_bytes()));
            let above = u128::from_be_bytes(widen12(range.end().to_bytes()));
            for outside in [below.checked_sub(1), Some(above + 1)]
                .into_iter()
                .flatten()
            {
                if outside >> 96 == 0 {
                    let outside = RsXid::from_bytes(narrow12(outside.to_be_bytes()));
                    assert!(!outside.to_string().starts_with(&text[..len]), "{len}");
                }
            }
        }
        let all = RsXid::range_for_prefix("").unwrap().unwrap();
        assert_eq!((all.start(), all.end()), (RsXid::MIN, RsXid::MAX));
        let last = RsXid::range_for_prefix("v").unwrap().unwrap();
        assert_eq!(last.end(), RsXid::MAX);
    }

    #[test]
    fn a_bad_prefix_is_an_error_with_its_position() {
        let err = RsXid::range_for_prefix("9m4W").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
        let err = RsXid::range_for_prefix("9m4e2mr0ui3e8a215n4h").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(19))
        );
        let long = "0".repeat(21);
        assert_eq!(
            RsXid::range_for_prefix(&long).unwrap_err().kind(),
            ErrorKind::Length
        );
    }

    #[test]
    fn seconds_ranges_clamp_their_end() {
        let range = RsXid::range_for_seconds(0, u64::MAX).unwrap();
        assert_eq!((range.start(), range.end()), (RsXid::MIN, RsXid::MAX));
        assert!(RsXid::range_for_seconds(1 << 32, u64::MAX).is_none());
    }

    #[test]
    #[cfg(feature = "std")]
    fn a_time_span_covers_the_seconds_it_touches() {
        use std::time::{Duration, UNIX_EPOCH};
        let t = UNIX_EPOCH + Duration::from_millis(1_700_000_000_500);
        let range = RsXid::range_for_time(t..=t).unwrap();
        assert_eq!(range.start().timestamp_seconds(), 1_700_000_000);
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_000);
        let range = RsXid::range_for_time(t..t + Duration::from_millis(600)).unwrap();
        assert_eq!(range.end().timestamp_seconds(), 1_700_000_001);
    }
}
