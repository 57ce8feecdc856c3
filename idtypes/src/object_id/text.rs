//! The 24-character text of an [`ObjectId`]: hexadecimal, written in lowercase, read in either
//! case. Parsing, encoding, `Display`, `Debug`.

use super::{FORMAT, ObjectId};
use crate::{
    Error, IdText,
    codec::hex::{DECODE_ANY_CASE, DIGITS_ANY_CASE, INVALID, PAIRS_LOWER, decode8_any_case},
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The text as JSON Schema and OpenAPI state it: what [`ObjectId::parse`] accepts.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[0-9a-fA-F]{24}",
    min_len: ObjectId::TEXT_LEN,
    max_len: ObjectId::TEXT_LEN,
    description: "A MongoDB ObjectId: 24 hexadecimal digits, written in lowercase and read in \
                  either case: 12 bytes of 4-byte Unix seconds, a 5-byte random value of the \
                  process that made it and a 3-byte counter. ObjectIds sort by their time.",
    example: "64b7f0a1c2d3e4f5a6b7c8d9",
    words: "24 hexadecimal digits",
    spec_url: Some(
        "https://github.com/mongodb/specifications/blob/master/source/bson-objectid/objectid.md",
    ),
};

impl ObjectId {
    /// Parses the 24-digit text, in either case (as the MongoDB drivers read it).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text of another length, and
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character that is not a
    /// hex digit, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ObjectId};
    ///
    /// let id = ObjectId::parse("64b7f0a1c2d3e4f5a6b7c8d9")?;
    /// assert_eq!(ObjectId::parse("64B7F0A1C2D3E4F5A6B7C8D9")?, id);
    /// let err = ObjectId::parse("64b7f0a1c2d3e4f5a6b7c8dg").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(23)));
    /// assert_eq!(ObjectId::parse("abcdefghijkl").unwrap_err().kind(), ErrorKind::Length);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<ObjectId, Error> {
        ObjectId::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`ObjectId::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// assert_eq!(ObjectId::parse_ascii(b"ffffffffffffffffffffffff")?, ObjectId::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<ObjectId, Error> {
        match ObjectId::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error(text)),
        }
    }

    /// The id of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) const fn parse_valid(text: &[u8]) -> Option<ObjectId> {
        match text.first_chunk::<24>() {
            Some(text24) if text.len() == 24 => decode(text24),
            _ => None,
        }
    }

    /// The text on the stack, without allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ObjectId;
    ///
    /// let id = ObjectId::from_parts(1_689_776_289, [0xc2, 0xd3, 0xe4, 0xf5, 0xa6], 0xb7c8d9)?;
    /// assert_eq!(id.encode(), "64b7f0a1c2d3e4f5a6b7c8d9");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<24> {
        IdText::from_ascii(encode(self.0))
    }
}

/// The 24 lowercase digits of 12 bytes.
#[inline]
const fn encode(bytes: [u8; 12]) -> [u8; 24] {
    let mut out = [0u8; 24];
    let mut i = 0;
    while i < 12 {
        let pair = PAIRS_LOWER[bytes[i] as usize];
        out[2 * i] = pair[0];
        out[2 * i + 1] = pair[1];
        i += 1;
    }
    out
}

/// The 12 bytes of 24 hex digits of either case, or `None`: three words of 8 digits, each
/// checked and packed without a table.
#[inline]
const fn decode(text: &[u8; 24]) -> Option<ObjectId> {
    let mut out = [0u8; 12];
    let mut w = 0;
    let mut ok = true;
    while w < 3 {
        let mut word = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            word[j] = text[8 * w + j];
            j += 1;
        }
        let (bytes, valid) = decode8_any_case(u64::from_le_bytes(word));
        ok &= valid;
        let bytes = bytes.to_le_bytes();
        out[4 * w] = bytes[0];
        out[4 * w + 1] = bytes[1];
        out[4 * w + 2] = bytes[2];
        out[4 * w + 3] = bytes[3];
        w += 1;
    }
    if ok { Some(ObjectId(out)) } else { None }
}

#[cold]
#[inline(never)]
fn parse_error(text: &[u8]) -> Error {
    if text.len() != ObjectId::TEXT_LEN {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(ObjectId::TEXT_LEN, ObjectId::TEXT_LEN),
                found: text.len(),
            },
        );
    }
    let position = crate::codec::first_invalid(text, &DECODE_ANY_CASE, INVALID);
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: DIGITS_ANY_CASE,
        },
    )
}

crate::text::traits::text_traits!(
    /// The text: 24 lowercase hexadecimal digits.
    ///
    /// ```
    /// let id: idtypes::ObjectId = "64B7F0A1C2D3E4F5A6B7C8D9".parse()?;
    /// assert_eq!(format!("{id}"), "64b7f0a1c2d3e4f5a6b7c8d9");
    /// assert_eq!(format!("{id:?}"), "ObjectId(64b7f0a1c2d3e4f5a6b7c8d9)");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    ObjectId,
    encode
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_byte_value_round_trips_in_every_place_in_either_case() {
        for place in 0..12 {
            for value in 0..=255u8 {
                let mut bytes = [0u8; 12];
                bytes[place] = value;
                let id = ObjectId::from_bytes(bytes);
                let text = id.encode();
                let expected: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
                assert_eq!(text.as_str(), expected);
                assert_eq!(ObjectId::parse(&text), Ok(id), "{bytes:?}");
                assert_eq!(ObjectId::parse(&expected.to_uppercase()), Ok(id));
            }
        }
    }

    #[test]
    fn every_foreign_byte_in_every_position_is_refused_there() {
        let good = *b"64b7f0a1c2d3e4f5a6b7c8d9";
        for position in 0..24 {
            for byte in 0..=255u8 {
                let mut text = good;
                text[position] = byte;
                let valid = byte.is_ascii_hexdigit();
                match ObjectId::parse_ascii(&text) {
                    Ok(_) => assert!(valid, "{byte:#x} at {position}"),
                    Err(err) => {
                        assert!(!valid, "{byte:#x} at {position}");
                        assert_eq!(
                            (err.kind(), err.position()),
                            (ErrorKind::Character, Some(position))
                        );
                        assert!(err.to_string().contains(DIGITS_ANY_CASE), "{err}");
                    }
                }
            }
        }
    }

    #[test]
    fn other_lengths_are_refused() {
        for text in [
            "",
            "64b7f0a1c2d3e4f5a6b7c8d",
            "64b7f0a1c2d3e4f5a6b7c8d90",
            "abcdefghijkl",
        ] {
            let err = ObjectId::parse(text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Length, "{text}");
            assert_eq!(err.format_name(), FORMAT);
        }
        // Bytes, not characters: `ü` is two.
        assert_eq!(
            ObjectId::parse("64b7f0a1c2d3e4f5a6b7c8ü")
                .unwrap_err()
                .kind(),
            ErrorKind::Character
        );
    }

    #[test]
    fn text_order_is_id_order() {
        let mut ids: Vec<ObjectId> = (0..300u128)
            .map(|i| {
                let v = i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835);
                ObjectId::from_bytes(crate::codec::narrow12(v.to_be_bytes()))
            })
            .collect();
        let mut texts: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        ids.sort();
        texts.sort();
        let sorted: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        assert_eq!(texts, sorted);
    }
}
