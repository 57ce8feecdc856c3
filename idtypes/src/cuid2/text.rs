//! The text of a [`Cuid2`]: parsing as the reference's `isCuid` checks
//! (`/^[a-z][0-9a-z]+$/`, 2 to 32 characters), `Display`, `Debug`, `TEXT_SCHEMA`.

use super::{Cuid2, FORMAT};
use crate::{
    Error,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The text as JSON Schema and OpenAPI state it: what [`Cuid2::parse`] accepts.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[a-z][0-9a-z]{1,31}",
    min_len: Cuid2::MIN_LEN,
    max_len: Cuid2::MAX_LEN,
    description: "A CUID2: a lowercase letter, then 1 to 31 digits or lowercase letters \
                  (2 to 32 characters, 24 unless chosen), as `@paralleldrive/cuid2` makes them. \
                  CUID2s are not ordered by time.",
    example: "tz4a98xxat96iws9zmbrgj3a",
    words: "2 to 32 lowercase letters and digits, the first a letter",
    spec_url: Some("https://github.com/paralleldrive/cuid2"),
};

/// What may stand first: a lowercase letter.
pub(crate) const FIRST: &str = "abcdefghijklmnopqrstuvwxyz";
/// What may stand after the first character: a digit or a lowercase letter.
const REST: &str = "0123456789abcdefghijklmnopqrstuvwxyz";

/// Whether `byte` may stand after the first character.
#[inline(always)]
const fn is_rest(byte: u8) -> bool {
    byte.is_ascii_digit() || byte.is_ascii_lowercase()
}

impl Cuid2 {
    /// Parses a CUID2: what the reference's `isCuid` accepts, a lowercase letter and then 1
    /// to 31 digits or lowercase letters (see [what `isCuid` accepts](crate::cuid2#what-iscuid-accepts)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text shorter than 2 or longer
    /// than 32 bytes; [`ErrorKind::Character`](crate::ErrorKind::Character) for a first
    /// character that is not a lowercase letter, or a later one that is neither a digit nor
    /// a lowercase letter, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Cuid2, ErrorKind};
    ///
    /// assert_eq!(Cuid2::parse("pfh0haxfpzowht3oi213cqos")?.len(), 24);
    /// let err = Cuid2::parse("1fh0haxfpzowht3oi213cqos").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(0)));
    /// let err = Cuid2::parse("pfh0haxfpZowht3oi213cqos").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(9)));
    /// assert_eq!(Cuid2::parse("p").unwrap_err().kind(), ErrorKind::Length);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<Cuid2, Error> {
        Cuid2::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`Cuid2::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert_eq!(Cuid2::parse_ascii(b"a0")?.as_str(), "a0");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<Cuid2, Error> {
        match Cuid2::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error(text)),
        }
    }

    /// The CUID2 of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) fn parse_valid(text: &[u8]) -> Option<Cuid2> {
        if text.len() < Cuid2::MIN_LEN || text.len() > Cuid2::MAX_LEN {
            return None;
        }
        if !text[0].is_ascii_lowercase() {
            return None;
        }
        let mut bytes = [0u8; Cuid2::MAX_LEN];
        let mut valid = true;
        for (slot, &byte) in bytes.iter_mut().zip(text) {
            valid &= is_rest(byte);
            *slot = byte;
        }
        valid.then_some(Cuid2::from_checked(bytes, text.len()))
    }

    /// Parses a CUID2 in `const` code (a constant known to be valid, through
    /// [`unwrap_const!`](crate::unwrap_const)).
    ///
    /// # Errors
    ///
    /// As [`Cuid2::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Cuid2, unwrap_const};
    ///
    /// const ADMIN: Cuid2 = unwrap_const!(Cuid2::parse_const("admin0"));
    /// assert_eq!(ADMIN.as_str(), "admin0");
    /// ```
    pub const fn parse_const(text: &str) -> Result<Cuid2, Error> {
        let text = text.as_bytes();
        if text.len() < Cuid2::MIN_LEN || text.len() > Cuid2::MAX_LEN {
            return Err(length_error(text.len()));
        }
        let mut bytes = [0u8; Cuid2::MAX_LEN];
        let mut i = 0;
        while i < text.len() {
            let ok = if i == 0 {
                text[0].is_ascii_lowercase()
            } else {
                is_rest(text[i])
            };
            if !ok {
                return Err(character_error(text, i));
            }
            bytes[i] = text[i];
            i += 1;
        }
        Ok(Cuid2::from_checked(bytes, text.len()))
    }
}

/// Why `text` is not a CUID2 (it is not: `parse_valid` refused it).
#[cold]
#[inline(never)]
fn parse_error(text: &[u8]) -> Error {
    if text.len() < Cuid2::MIN_LEN || text.len() > Cuid2::MAX_LEN {
        return length_error(text.len());
    }
    let position = if text[0].is_ascii_lowercase() {
        text.iter().position(|&byte| !is_rest(byte)).unwrap_or(0)
    } else {
        0
    };
    character_error(text, position)
}

const fn length_error(found: usize) -> Error {
    Error::new(
        FORMAT,
        Repr::Length {
            expected: Lengths::Between(Cuid2::MIN_LEN, Cuid2::MAX_LEN),
            found,
        },
    )
}

const fn character_error(text: &[u8], position: usize) -> Error {
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: if position == 0 { FIRST } else { REST },
        },
    )
}

crate::text::traits::text_traits!(
    /// The text, as it was parsed or made.
    ///
    /// ```
    /// let id: idtypes::Cuid2 = "tz4a98xxat96iws9zmbrgj3a".parse()?;
    /// assert_eq!(format!("{id}"), "tz4a98xxat96iws9zmbrgj3a");
    /// assert_eq!(format!("{id:?}"), "Cuid2(tz4a98xxat96iws9zmbrgj3a)");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    Cuid2,
    as_str
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn is_cuid_accepts_a_letter_then_digits_and_letters_2_to_32_long() {
        for text in ["aa", "a0", "z9", "hello", "cjld2cjxh0000qzrmn831i7rn"] {
            assert_eq!(Cuid2::parse(text).unwrap().as_str(), text);
        }
        let longest = "a".repeat(32);
        assert_eq!(Cuid2::parse(&longest).unwrap().len(), 32);
    }

    #[test]
    fn errors_say_what_and_where() {
        let long = "a".repeat(33);
        let cases: [(&str, ErrorKind, Option<usize>); 11] = [
            ("", ErrorKind::Length, None),
            ("a", ErrorKind::Length, None),
            (&long, ErrorKind::Length, None),
            ("0a", ErrorKind::Character, Some(0)),
            ("Aa", ErrorKind::Character, Some(0)),
            ("aA", ErrorKind::Character, Some(1)),
            ("a-", ErrorKind::Character, Some(1)),
            ("a/", ErrorKind::Character, Some(1)),
            ("a:", ErrorKind::Character, Some(1)),
            ("a`", ErrorKind::Character, Some(1)),
            ("abc\n", ErrorKind::Character, Some(3)),
        ];
        for (text, kind, position) in cases {
            let err = Cuid2::parse(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text:?}: {err}"
            );
            assert_eq!(err.format_name(), FORMAT);
            assert_eq!(Cuid2::parse_const(text).unwrap_err(), err);
        }
        let err = Cuid2::parse("aé").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(1))
        );
        assert!(err.to_string().contains('é'), "{err}");
        let err = Cuid2::parse("a{").unwrap_err();
        assert!(
            err.to_string()
                .contains("0123456789abcdefghijklmnopqrstuvwxyz"),
            "{err}"
        );
    }

    #[test]
    fn ids_order_and_compare_as_their_texts() {
        let mut texts = vec!["ab", "ab0", "a0", "zz", "b", "abc", "aaaaaaaa", "ab1"]
            .into_iter()
            .filter(|text| text.len() >= 2)
            .collect::<Vec<_>>();
        let mut ids: Vec<Cuid2> = texts.iter().map(|text| text.parse().unwrap()).collect();
        texts.sort();
        ids.sort();
        let sorted: Vec<&str> = ids.iter().map(Cuid2::as_str).collect();
        assert_eq!(sorted, texts);
        assert_eq!(Cuid2::parse("ab").unwrap(), "ab");
    }
}
