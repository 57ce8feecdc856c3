//! The 20-character text of an [`RsXid`]: base32hex in lowercase (`0-9a-v`), the 96 bits of
//! the bytes then 4 zero bits. Parsing, encoding, `Display`, `Debug`.

use super::{FORMAT, RsXid};
use crate::codec::{narrow12, widen12};
use crate::{
    Error, IdText,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The alphabet: base32hex (RFC 4648 §7) in lowercase, in the order of the values.
pub(crate) const ALPHABET: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

/// The alphabet as messages list it.
pub(crate) const ALPHABET_STR: &str = "0123456789abcdefghijklmnopqrstuv";

/// What may stand last: the 20th character holds one bit of the id and 4 zero bits.
pub(crate) const LAST_STR: &str = "0g";

/// Not a symbol.
pub(crate) const INVALID: u8 = 0xFF;

/// Each byte's symbol value, or [`INVALID`]: lowercase only, as rs/xid reads it.
pub(crate) const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 32 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// The text as JSON Schema and OpenAPI state it: what [`RsXid::parse`] accepts.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[0-9a-v]{19}[0g]",
    min_len: RsXid::TEXT_LEN,
    max_len: RsXid::TEXT_LEN,
    description: "An rs/xid XID (github.com/rs/xid; not the uid11 xid): 20 characters of \
                  lowercase base32hex (`0123456789abcdefghijklmnopqrstuv`), the last one `0` \
                  or `g`: 12 bytes of 4-byte Unix seconds, a 3-byte machine id, a 2-byte \
                  process id and a 3-byte counter. XIDs sort by their time.",
    example: "9m4e2mr0ui3e8a215n4g",
    words: "20 lowercase base32hex characters",
    spec_url: Some("https://github.com/rs/xid"),
};

/// The bits under each half of the text (10 symbols, 50 bits): the top 50 of the 96, then
/// the low 46 and the 4 zero bits.
const LOW_BITS: u32 = 46;

impl RsXid {
    /// Parses the 20-character text: `0-9a-v` (lowercase only, as rs/xid), the last
    /// character `0` or `g`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text of another length, and
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
    /// alphabet (uppercase included) or a last character other than `0` and `g` (its 4
    /// spare bits must be zero), with its position and what may stand there.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, RsXid};
    ///
    /// let id = RsXid::parse("9m4e2mr0ui3e8a215n4g")?;
    /// assert_eq!(id.counter(), 4_271_561);
    /// // rs/xid's own invalid example: a last character with spare bits set.
    /// let err = RsXid::parse("c6e52g2mrqcjl44hf179").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(19)));
    /// assert_eq!(RsXid::parse("9M4E2MR0UI3E8A215N4G").unwrap_err().position(), Some(1));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<RsXid, Error> {
        RsXid::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`RsXid::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// assert_eq!(RsXid::parse_ascii(b"vvvvvvvvvvvvvvvvvvvg")?, RsXid::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<RsXid, Error> {
        match RsXid::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error(text)),
        }
    }

    /// The id of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) const fn parse_valid(text: &[u8]) -> Option<RsXid> {
        match text.first_chunk::<20>() {
            Some(text20) if text.len() == 20 => decode(text20),
            _ => None,
        }
    }

    /// The text on the stack, without allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id = RsXid::from_parts(1_300_816_219, [0x60, 0xf4, 0x86], 0xe428, 4_271_561)?;
    /// assert_eq!(id.encode(), "9m4e2mr0ui3e8a215n4g");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<20> {
        IdText::from_ascii(encode(self.0))
    }
}

/// The 20 symbols of 12 bytes.
#[inline]
const fn encode(bytes: [u8; 12]) -> [u8; 20] {
    let value = u128::from_be_bytes(widen12(bytes));
    let high = (value >> LOW_BITS) as u64;
    let low = ((value as u64) & ((1 << LOW_BITS) - 1)) << 4;
    let mut out = [0u8; 20];
    let mut i = 0;
    while i < 10 {
        let shift = 45 - 5 * i;
        out[i] = ALPHABET[((high >> shift) & 31) as usize];
        out[10 + i] = ALPHABET[((low >> shift) & 31) as usize];
        i += 1;
    }
    out
}

/// The 12 bytes of 20 valid symbols, or `None`.
#[inline]
const fn decode(text: &[u8; 20]) -> Option<RsXid> {
    let mut high = 0u64;
    let mut low = 0u64;
    let mut seen = 0u8;
    let mut i = 0;
    while i < 10 {
        let h = DECODE[text[i] as usize];
        let l = DECODE[text[10 + i] as usize];
        seen |= h | l;
        high = (high << 5) | h as u64;
        low = (low << 5) | l as u64;
        i += 1;
    }
    // An invalid symbol sets bits above 31; the last symbol's 4 low bits are zero.
    if seen > 31 || low & 0xF != 0 {
        return None;
    }
    let value = ((high as u128) << LOW_BITS) | (low >> 4) as u128;
    Some(RsXid(narrow12(value.to_be_bytes())))
}

#[cold]
#[inline(never)]
fn parse_error(text: &[u8]) -> Error {
    if text.len() != RsXid::TEXT_LEN {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(RsXid::TEXT_LEN, RsXid::TEXT_LEN),
                found: text.len(),
            },
        );
    }
    let position = text[..19]
        .iter()
        .position(|&byte| DECODE[byte as usize] == INVALID)
        .unwrap_or(19);
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: if position == 19 {
                LAST_STR
            } else {
                ALPHABET_STR
            },
        },
    )
}

crate::text::traits::text_traits!(
    /// The text: 20 characters of lowercase base32hex.
    ///
    /// ```
    /// let id: idtypes::RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
    /// assert_eq!(format!("{id}"), "9m4e2mr0ui3e8a215n4g");
    /// assert_eq!(format!("{id:?}"), "RsXid(9m4e2mr0ui3e8a215n4g)");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    RsXid,
    encode
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn rs_xids_example_reads_and_writes() {
        let bytes = [
            0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9,
        ];
        let id = RsXid::parse("9m4e2mr0ui3e8a215n4g").unwrap();
        assert_eq!(id.to_bytes(), bytes);
        assert_eq!(RsXid::from_bytes(bytes).encode(), "9m4e2mr0ui3e8a215n4g");
    }

    #[test]
    fn every_byte_value_round_trips_in_every_place() {
        for place in 0..12 {
            for value in 0..=255u8 {
                let mut bytes = [0u8; 12];
                bytes[place] = value;
                let id = RsXid::from_bytes(bytes);
                assert_eq!(RsXid::parse(&id.encode()), Ok(id), "{bytes:?}");
            }
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases: [(&str, ErrorKind, Option<usize>, &str); 9] = [
            ("", ErrorKind::Length, None, ""),
            ("9m4e2mr0ui3e8a215n4", ErrorKind::Length, None, ""),
            ("9m4e2mr0ui3e8a215n4g0", ErrorKind::Length, None, ""),
            ("9m4e2mr0ui3e8a215n4w", ErrorKind::Character, Some(19), "0g"),
            ("9m4e2mr0ui3e8a215n4h", ErrorKind::Character, Some(19), "0g"),
            ("9m4e2mr0ui3e8a215n4G", ErrorKind::Character, Some(19), "0g"),
            (
                "wm4e2mr0ui3e8a215n4g",
                ErrorKind::Character,
                Some(0),
                ALPHABET_STR,
            ),
            (
                "9m4e2mr0ui3e8a215N4g",
                ErrorKind::Character,
                Some(17),
                ALPHABET_STR,
            ),
            (
                "9m4e2mr0ui3e8a215n-g",
                ErrorKind::Character,
                Some(18),
                ALPHABET_STR,
            ),
        ];
        for (text, kind, position, expected) in cases {
            let err = RsXid::parse(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text}: {err}"
            );
            assert_eq!(err.format_name(), FORMAT);
            assert!(err.to_string().contains(expected), "{err}");
        }
        // Bytes, not characters: `ü` is two.
        assert_eq!(
            RsXid::parse("9m4e2mr0ui3e8a215n4ü").unwrap_err().kind(),
            ErrorKind::Length
        );
        let err = RsXid::parse("9m4e2mr0ui3e8a215nü").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(18))
        );
    }

    #[test]
    fn text_order_is_id_order() {
        let mut ids: Vec<RsXid> = (0..300u128)
            .map(|i| {
                let v = i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
                RsXid::from_bytes(narrow12(v.to_be_bytes()))
            })
            .collect();
        let mut texts: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        ids.sort();
        texts.sort();
        let sorted: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        assert_eq!(texts, sorted);
    }
}
