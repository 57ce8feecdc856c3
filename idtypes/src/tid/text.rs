//! The 13-character text of a [`Tid`]: parsing, encoding, `Display`, `Debug`, `tid!`.

use super::{FORMAT, Tid};
use crate::{
    Error, IdText,
    codec::base32_sortable as b32,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The symbols a TID may start with: the first symbol carries only bits 63..60.
const FIRST_SYMBOLS: &str = "234567abcdefghij";

/// The text as schemas state it: the reference syntax.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[2-7a-j][2-7a-z]{12}",
    min_len: Tid::TEXT_LEN,
    max_len: Tid::TEXT_LEN,
    description: "An atproto TID (timestamp identifier): 13 characters of the base32-sortable \
                  alphabet `234567abcdefghijklmnopqrstuvwxyz`, the first one of \
                  `234567abcdefghij`. TIDs sort in the order they were made.",
    example: "3jzfcijpj2z2a",
    words: "13 base32-sortable characters",
    spec_url: Some("https://atproto.com/specs/tid"),
};

impl Tid {
    /// Parses the 13-character text, exactly as the atproto reference syntax
    /// `^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$` does.
    ///
    /// Strict: no trimming, no case folding, and the legacy dashed form `3jzf-cij-pj2z-2a` is
    /// refused. On x86-64 the 13 characters are checked and decoded together with SSE2; for
    /// constants, [`parse_const`](Tid::parse_const) and [`tid!`](crate::tid!) do the same work
    /// at compile time.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) unless the text is 13 bytes long;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when the first symbol is `k`..`z`
    ///   (the value would need 65 bits);
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside
    ///   `234567abcdefghijklmnopqrstuvwxyz`, with the position of the first one.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Tid};
    ///
    /// assert_eq!(Tid::parse("3jzfcijpj2z2a")?.to_u64(), 1728652679052295174);
    /// assert_eq!(Tid::parse("2222222222223")?, Tid::from_u64(1));
    /// assert_eq!(Tid::parse("bzzzzzzzzzzzz")?, Tid::from_u64(i64::MAX as u64));
    ///
    /// assert_eq!(Tid::parse("3jzf-cij-pj2z-2a").unwrap_err().kind(), ErrorKind::Length);
    /// assert_eq!(Tid::parse("3JZFCIJPJ2Z2A").unwrap_err().kind(), ErrorKind::Character);
    /// assert_eq!(Tid::parse("zzzzzzzzzzzzz").unwrap_err().kind(), ErrorKind::Overflow);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<Tid, Error> {
        Tid::parse_ascii(text.as_bytes())
    }

    /// [`parse`](Tid::parse) for text given as bytes (a database column, a network buffer).
    ///
    /// # Errors
    ///
    /// As [`parse`](Tid::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// assert_eq!(Tid::parse_ascii(b"2222222222223")?, Tid::from_u64(1));
    /// assert!(Tid::parse_ascii(b"222222222222\xff").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<Tid, Error> {
        match Tid::parse_valid(text) {
            Some(tid) => Ok(tid),
            None => Err(parse_error(text)),
        }
    }

    /// The TID `text` spells, or `None` for any text [`parse_ascii`](Tid::parse_ascii)
    /// refuses (a typed id's parse tries this first, and builds no error it does not need).
    #[inline]
    pub(crate) fn parse_valid(text: &[u8]) -> Option<Tid> {
        let decoded = match (text.first_chunk::<13>(), text.len()) {
            (Some(symbols), 13) => b32::decode13_fast(symbols).ok().zip(Some(symbols[0])),
            _ => None,
        };
        match decoded {
            // Valid symbols up to `j` carry at most 4 bits: the value fits in 64.
            Some((value, first)) if first <= b'j' => Some(Tid(value)),
            _ => None,
        }
    }

    /// [`parse`](Tid::parse) as a `const fn`, for constants: same rules, same errors.
    ///
    /// # Errors
    ///
    /// As [`parse`](Tid::parse).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, unwrap_const};
    ///
    /// // `const` code takes the value with `unwrap_const!` (or `tid!`): see its docs for why.
    /// const KNOWN: Tid = unwrap_const!(Tid::parse_const("3jzfcijpj2z2a"));
    /// assert_eq!(KNOWN.clock_id(), 6);
    /// assert_eq!(Tid::parse_const("3jzf").unwrap_err().kind(), idtypes::ErrorKind::Length);
    /// ```
    pub const fn parse_const(text: &str) -> Result<Tid, Error> {
        let text = text.as_bytes();
        if let (Some(symbols), 13) = (text.first_chunk::<13>(), text.len()) {
            if let Ok(value) = b32::decode13(symbols) {
                if symbols[0] <= b'j' {
                    return Ok(Tid(value));
                }
            }
        }
        Err(parse_error(text))
    }

    /// The 13-character text, on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdText, Tid};
    ///
    /// let text = Tid::from_u64(1728652679052295174).encode();
    /// assert_eq!(text.as_str(), "3jzfcijpj2z2a");
    ///
    /// const MAX: IdText<13> = Tid::MAX.encode();
    /// assert_eq!(MAX, "jzzzzzzzzzzzz");
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<13> {
        IdText::from_ascii(b32::encode13(self.0))
    }
}

/// Why `text` is not a TID (it is not): the length, else the first symbol if it overflows,
/// else the first foreign character. Kept out of line, off the path of valid input.
#[cold]
#[inline(never)]
const fn parse_error(text: &[u8]) -> Error {
    if text.len() != Tid::TEXT_LEN {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(Tid::TEXT_LEN, Tid::TEXT_LEN),
                found: text.len(),
            },
        );
    }
    let first = b32::DECODE[text[0] as usize];
    if first != b32::INVALID && first >= 16 {
        return Error::new(
            FORMAT,
            Repr::Overflow {
                position: 0,
                found: char_at(text, 0),
                expected: FIRST_SYMBOLS,
            },
        );
    }
    let position = b32::first_invalid(text);
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: b32::ALPHABET_STR,
        },
    )
}

crate::text::traits::text_traits!(Tid, encode);

/// The message `tid!` fails compilation with.
#[doc(hidden)]
pub const fn literal(text: &str) -> Tid {
    match crate::error::split(Tid::parse_const(text)) {
        Ok(tid) => tid,
        Err(err) => match core::mem::ManuallyDrop::into_inner(err).kind() {
            crate::ErrorKind::Length => panic!("invalid TID literal: expected 13 characters"),
            crate::ErrorKind::Overflow => {
                panic!("invalid TID literal: the first character must be one of 234567abcdefghij")
            }
            _ => panic!(
                "invalid TID literal: every character must be one of \
                 234567abcdefghijklmnopqrstuvwxyz"
            ),
        },
    }
}

/// A [`Tid`] constant from its text, checked at compile time.
///
/// # Examples
///
/// ```
/// use idtypes::{Tid, tid};
///
/// const GENESIS: Tid = tid!("3jzfcijpj2z2a");
/// assert_eq!(GENESIS.clock_id(), 6);
/// ```
///
/// An invalid literal does not compile:
///
/// ```compile_fail
/// let tid = idtypes::tid!("3jzf-cij-pj2z-2a");
/// ```
#[macro_export]
macro_rules! tid {
    ($text:expr) => {
        const { $crate::__private::tid_literal($text) }
    };
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn known_answers() {
        assert_eq!(
            Tid::parse("3jzfcijpj2z2a").unwrap().to_u64(),
            1728652679052295174
        );
        assert_eq!(
            Tid::parse("bzzzzzzzzzzzz").unwrap().to_u64(),
            i64::MAX as u64
        );
        assert_eq!(Tid::parse("2222222222223").unwrap().to_u64(), 1);
        assert_eq!(Tid::parse("2222222222222").unwrap().to_u64(), 0);
        assert_eq!(Tid::parse("c222222222222").unwrap().to_u64(), 1 << 63);
        assert_eq!(Tid::parse("j222222222222").unwrap().to_u64(), 0xF << 60);
        assert_eq!(Tid::parse("jzzzzzzzzzzzz").unwrap().to_u64(), u64::MAX);
    }

    #[test]
    fn encode_is_the_inverse_of_parse() {
        for value in [
            0,
            1,
            1728652679052295174,
            i64::MAX as u64,
            1 << 63,
            u64::MAX,
        ] {
            let tid = Tid::from_u64(value);
            assert_eq!(Tid::parse(tid.encode().as_str()), Ok(tid));
            assert_eq!(Tid::parse_const(tid.encode().as_str()), Ok(tid));
        }
    }

    #[test]
    fn parse_and_parse_const_agree_on_every_byte_in_every_position() {
        for pos in 0..13 {
            for byte in 0..=255u8 {
                let mut text = *b"3jzfcijpj2z2a";
                text[pos] = byte;
                if let Ok(text) = core::str::from_utf8(&text) {
                    assert_eq!(Tid::parse(text), Tid::parse_const(text), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn first_symbol_beyond_j_overflows_at_position_zero() {
        let err = Tid::parse("kjzfcijpj2z2a").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
        assert_eq!(err.position(), Some(0));
        assert_eq!(
            err.to_string(),
            "invalid atproto TID: character 'k' at byte 0 puts the value out of range, \
             expected one of `234567abcdefghij` there"
        );
    }

    #[test]
    fn the_first_bad_character_is_reported() {
        let err = Tid::parse("3jz\u{e9}cijpj2z2").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Character);
        assert_eq!(err.position(), Some(3));
        assert!(err.to_string().contains("'\u{e9}' at byte 3"));
        let err = Tid::parse("\u{0}222222222222").unwrap_err();
        assert_eq!(err.position(), Some(0));
        assert!(err.to_string().contains("'\\0' at byte 0"), "{err}");
    }

    #[test]
    fn length_is_checked_before_characters() {
        let err = Tid::parse("3JZFCIJPJ2Z2").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(
            err.to_string(),
            "invalid atproto TID: expected 13 bytes, found 12 bytes"
        );
    }

    #[test]
    fn display_pads_and_debug_shows_text() {
        let tid = Tid::from_u64(1);
        assert_eq!(format!("{tid:>15}"), "  2222222222223");
        assert_eq!(format!("{tid:?}"), "Tid(2222222222223)");
    }

    #[test]
    #[should_panic(expected = "invalid TID literal: expected 13 characters")]
    fn literal_rejects_bad_text() {
        let text = std::hint::black_box("222");
        literal(text);
    }
}
