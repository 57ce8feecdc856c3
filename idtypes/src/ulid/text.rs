//! The 26-character text of a [`Ulid`]: parsing (either case), encoding (uppercase),
//! `Display`, `Debug`.

use super::{FORMAT, Ulid};
use crate::{
    Error, IdText,
    codec::{crockford, first_invalid},
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The text as JSON Schema and OpenAPI state it: what [`Ulid::parse`] accepts.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}",
    min_len: Ulid::TEXT_LEN,
    max_len: Ulid::TEXT_LEN,
    description: "A ULID: 26 characters of Crockford base32 (`0123456789ABCDEFGHJKMNPQRSTVWXYZ`, \
                  read in either case, written in uppercase), the first one of `0` to `7`: \
                  48 bits of Unix milliseconds, then 80 random bits. ULIDs sort in the order \
                  they were made.",
    example: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
    words: "26 Crockford base32 characters",
    spec_url: Some("https://github.com/ulid/spec"),
};

impl Ulid {
    /// Parses the 26-character text, in either case.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text of another length,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
    /// alphabet (`I`, `L`, `O` and `U` are not in it) and
    /// [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for a first character above `7`,
    /// each with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Ulid};
    ///
    /// assert_eq!(Ulid::parse("00000000000000000000000001")?.to_u128(), 1);
    /// let err = Ulid::parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Overflow);
    /// assert_eq!(err.position(), Some(0));
    /// assert_eq!(Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAU").unwrap_err().position(), Some(25));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<Ulid, Error> {
        Ulid::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`Ulid::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::parse_ascii(b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ")?, Ulid::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<Ulid, Error> {
        match Ulid::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error(text)),
        }
    }

    /// The ULID of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) fn parse_valid(text: &[u8]) -> Option<Ulid> {
        crockford::decode_fast::<true>(text).map(Ulid)
    }

    /// The canonical text (uppercase) on the stack, without allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let id = Ulid::from_parts(1_469_922_850_259, 0xD676_4C61_EFB9_9302_BD5B)?;
    /// assert_eq!(id.encode(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<26> {
        IdText::from_ascii(crockford::encode26(self.0, false))
    }

    /// The canonical text (uppercase) in a new `String` of its size: what `format!("{id}")`
    /// and `ToString` give, in half their time (this method, found before `ToString`'s, makes
    /// no `Formatter` and allocates once, the `ulid` crate's own `to_string` does the same).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// let id = Ulid::from_parts(1_469_922_850_259, 0xD676_4C61_EFB9_9302_BD5B)?;
    /// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[allow(
        clippy::inherent_to_string_shadow_display,
        reason = "the same text as `Display`, without the formatting machinery"
    )]
    #[inline]
    pub fn to_string(&self) -> alloc::string::String {
        alloc::string::String::from(self.encode().as_str())
    }

    /// The text in lowercase (as a TypeID suffix writes the same 128 bits), on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ulid;
    ///
    /// assert_eq!(Ulid::MAX.encode_lowercase(), "7zzzzzzzzzzzzzzzzzzzzzzzzz");
    /// ```
    #[inline]
    pub const fn encode_lowercase(self) -> IdText<26> {
        IdText::from_ascii(crockford::encode26(self.0, true))
    }
}

#[cold]
#[inline(never)]
fn parse_error(text: &[u8]) -> Error {
    if text.len() != Ulid::TEXT_LEN {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(Ulid::TEXT_LEN, Ulid::TEXT_LEN),
                found: text.len(),
            },
        );
    }
    let position = first_invalid(text, &crockford::DECODE_ANY_CASE, crockford::INVALID);
    if position == text.len() {
        // Every symbol is valid: the first one is above `7`.
        return Error::new(
            FORMAT,
            Repr::Overflow {
                position: 0,
                found: char_at(text, 0),
                expected: crockford::FIRST_STR,
            },
        );
    }
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: crockford::UPPER_STR,
        },
    )
}

crate::text::traits::text_traits!(
    /// The canonical text: 26 characters, uppercase.
    ///
    /// ```
    /// let id: idtypes::Ulid = "01arz3ndektsv4rrffq69g5fav".parse()?;
    /// assert_eq!(format!("{id}"), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// assert_eq!(format!("{id:?}"), "Ulid(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    Ulid,
    encode
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn the_specifications_example_reads_and_writes() {
        let id = Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV").unwrap();
        assert_eq!(id.timestamp_millis(), 1_469_922_850_259);
        assert_eq!(id.encode(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assert_eq!(Ulid::parse("01ArZ3nDeKtSv4RrFfQ69G5fAv"), Ok(id));
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases: [(&str, ErrorKind, Option<usize>); 6] = [
            ("", ErrorKind::Length, None),
            ("01ARZ3NDEKTSV4RRFFQ69G5FA", ErrorKind::Length, None),
            ("01ARZ3NDEKTSV4RRFFQ69G5FAVV", ErrorKind::Length, None),
            ("01ARZ3NDEKTSV4RRFFQ69G5FAI", ErrorKind::Character, Some(25)),
            ("0LARZ3NDEKTSV4RRFFQ69G5FAV", ErrorKind::Character, Some(1)),
            ("81ARZ3NDEKTSV4RRFFQ69G5FAV", ErrorKind::Overflow, Some(0)),
        ];
        for (text, kind, position) in cases {
            let err = Ulid::parse(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text}: {err}"
            );
            assert_eq!(err.format_name(), FORMAT);
        }
        let err = Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5FAü").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        let err = Ulid::parse("01ARZ3NDEKTSV4RRFFQ69G5Fü").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(24))
        );
    }

    #[test]
    fn text_order_is_id_order() {
        let mut ids: Vec<Ulid> = (0..200u128)
            .map(|i| Ulid::from_u128(i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835)))
            .collect();
        let mut texts: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        ids.sort();
        texts.sort();
        let sorted: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        assert_eq!(texts, sorted);
    }
}
