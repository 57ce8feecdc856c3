//! The 27-character text of a [`Ksuid`]: parsing, encoding, `Display`, `Debug`.

use super::{FORMAT, Ksuid, base62};
use crate::{
    Error, IdText,
    codec::first_invalid,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The text of the largest KSUID, as errors name it.
pub(crate) const LARGEST: &str = "aWgEPTl1tmebfsQzFP4bxwgy80V";

/// The text as JSON Schema and OpenAPI state it: what [`Ksuid::parse`] accepts (the 27-symbol
/// texts up to [`LARGEST`]; see the test that derives it).
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "(?:[0-9A-Z][0-9A-Za-z]{26}|a[0-9A-V][0-9A-Za-z]{25}|aW[0-9A-Za-f][0-9A-Za-z]{24}|\
              aWg[0-9A-D][0-9A-Za-z]{23}|aWgE[0-9A-O][0-9A-Za-z]{22}|aWgEP[0-9A-S][0-9A-Za-z]{21}|\
              aWgEPT[0-9A-Za-k][0-9A-Za-z]{20}|aWgEPTl[0][0-9A-Za-z]{19}|\
              aWgEPTl1[0-9A-Za-s][0-9A-Za-z]{18}|aWgEPTl1t[0-9A-Za-l][0-9A-Za-z]{17}|\
              aWgEPTl1tm[0-9A-Za-d][0-9A-Za-z]{16}|aWgEPTl1tme[0-9A-Za][0-9A-Za-z]{15}|\
              aWgEPTl1tmeb[0-9A-Za-e][0-9A-Za-z]{14}|aWgEPTl1tmebf[0-9A-Za-r][0-9A-Za-z]{13}|\
              aWgEPTl1tmebfs[0-9A-P][0-9A-Za-z]{12}|aWgEPTl1tmebfsQ[0-9A-Za-y][0-9A-Za-z]{11}|\
              aWgEPTl1tmebfsQz[0-9A-E][0-9A-Za-z]{10}|aWgEPTl1tmebfsQzF[0-9A-O][0-9A-Za-z]{9}|\
              aWgEPTl1tmebfsQzFP[0-3][0-9A-Za-z]{8}|aWgEPTl1tmebfsQzFP4[0-9A-Za][0-9A-Za-z]{7}|\
              aWgEPTl1tmebfsQzFP4b[0-9A-Za-w][0-9A-Za-z]{6}|aWgEPTl1tmebfsQzFP4bx[0-9A-Za-v][0-9A-Za-z]{5}|\
              aWgEPTl1tmebfsQzFP4bxw[0-9A-Za-f][0-9A-Za-z]{4}|aWgEPTl1tmebfsQzFP4bxwg[0-9A-Za-x][0-9A-Za-z]{3}|\
              aWgEPTl1tmebfsQzFP4bxwgy[0-7][0-9A-Za-z]{2}|aWgEPTl1tmebfsQzFP4bxwgy80[0-9A-V])",
    min_len: Ksuid::TEXT_LEN,
    max_len: Ksuid::TEXT_LEN,
    description: "A KSUID: 27 characters of base62 (`0-9A-Za-z`, in that order), at most \
                  `aWgEPTl1tmebfsQzFP4bxwgy80V`: 20 bytes, a 32-bit count of seconds since \
                  1,400,000,000 Unix seconds (2014-05-13T16:53:20Z), then a 128-bit random \
                  payload. KSUIDs sort by time.",
    example: "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
    words: "27 base62 characters",
    spec_url: Some("https://github.com/segmentio/ksuid"),
};

impl Ksuid {
    /// Parses the 27-character text.
    ///
    /// Every character must be one of `0-9A-Za-z`. (segmentio's Go package and the npm
    /// `ksuid` package read some others, each its own way: `:` is 253 to the first and `3` to
    /// the second; this parser refuses them.)
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text of another length,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
    /// alphabet, with its position, and [`ErrorKind::Overflow`](crate::ErrorKind::Overflow)
    /// for a text above the largest KSUID, `aWgEPTl1tmebfsQzFP4bxwgy80V` (which the message
    /// names).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Ksuid};
    ///
    /// assert_eq!(Ksuid::parse("000000000000000000000000000")?, Ksuid::MIN);
    /// let err = Ksuid::parse("aWgEPTl1tmebfsQzFP4bxwgy80W").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Overflow);
    /// let err = Ksuid::parse("0ujtsYcgvSTl8PAuAdqWYSMnLO:").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(26)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<Ksuid, Error> {
        Ksuid::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`Ksuid::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// assert_eq!(Ksuid::parse_ascii(b"aWgEPTl1tmebfsQzFP4bxwgy80V")?, Ksuid::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<Ksuid, Error> {
        match Ksuid::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error(text)),
        }
    }

    /// The KSUID of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) fn parse_valid(text: &[u8]) -> Option<Ksuid> {
        let text: &[u8; base62::LEN] = text.try_into().ok()?;
        base62::decode(text).ok().map(Ksuid)
    }

    /// The text on the stack, without allocating.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Ksuid;
    ///
    /// let id = Ksuid::from_ksuid_parts(107_608_047, 0xB5A1_CD34_B5F9_9D11_54FB_6853_345C_9735);
    /// assert_eq!(id.encode(), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<27> {
        IdText::from_ascii(base62::encode(&self.0))
    }
}

/// Why `text` is not a KSUID (it is not): the length, else the first foreign character, else
/// the overflow. Kept out of line, off the path of valid input.
#[cold]
#[inline(never)]
fn parse_error(text: &[u8]) -> Error {
    if text.len() != Ksuid::TEXT_LEN {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(Ksuid::TEXT_LEN, Ksuid::TEXT_LEN),
                found: text.len(),
            },
        );
    }
    let position = first_invalid(text, &base62::DECODE, base62::INVALID);
    if position == text.len() {
        return Error::new(FORMAT, Repr::TooLarge { largest: LARGEST });
    }
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: base62::ALPHABET_STR,
        },
    )
}

crate::text::traits::text_traits!(
    /// The text: 27 base62 characters.
    ///
    /// ```
    /// let id: idtypes::Ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse()?;
    /// assert_eq!(format!("{id}"), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    /// assert_eq!(format!("{id:?}"), "Ksuid(0ujtsYcgvSTl8PAuAdqWYSMnLOv)");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    Ksuid,
    encode
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn segmentios_example_reads_and_writes() {
        let id = Ksuid::parse("0ujtsYcgvSTl8PAuAdqWYSMnLOv").unwrap();
        assert_eq!(
            id.to_bytes(),
            [
                0x06, 0x69, 0xF7, 0xEF, 0xB5, 0xA1, 0xCD, 0x34, 0xB5, 0xF9, 0x9D, 0x11, 0x54, 0xFB,
                0x68, 0x53, 0x34, 0x5C, 0x97, 0x35
            ]
        );
        assert_eq!(id.ksuid_seconds(), 107_608_047);
        assert_eq!(id.encode(), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases: [(&str, ErrorKind, Option<usize>); 9] = [
            ("", ErrorKind::Length, None),
            ("0ujtsYcgvSTl8PAuAdqWYSMnLO", ErrorKind::Length, None),
            ("0ujtsYcgvSTl8PAuAdqWYSMnLOvv", ErrorKind::Length, None),
            (":ujtsYcgvSTl8PAuAdqWYSMnLOv", ErrorKind::Character, Some(0)),
            (
                "0ujtsYcgvSTl8PAuAdqWYSMnLO:",
                ErrorKind::Character,
                Some(26),
            ),
            (
                "0ujtsYcgvSTl8P-uAdqWYSMnLOv",
                ErrorKind::Character,
                Some(14),
            ),
            (
                "0ujtsYcgvSTl8P{uAdqWYSMnLO[",
                ErrorKind::Character,
                Some(14),
            ),
            ("aWgEPTl1tmebfsQzFP4bxwgy80W", ErrorKind::Overflow, None),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzz", ErrorKind::Overflow, None),
        ];
        for (text, kind, position) in cases {
            let err = Ksuid::parse(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text}: {err}"
            );
            assert_eq!(err.format_name(), FORMAT);
        }
        let err = Ksuid::parse("aWgEPTl1tmebfsQzFP4bxwgy80W").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid KSUID: the value is too large, the largest is `aWgEPTl1tmebfsQzFP4bxwgy80V`"
        );
        // A character outside ASCII is refused where it starts.
        let err = Ksuid::parse("0ujtsYcgvSTl8PAuAdqWYSMnLü").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(25))
        );
    }

    #[test]
    fn text_order_is_id_order() {
        let mut state = 7u64;
        let mut ids: Vec<Ksuid> = (0..300)
            .map(|_| {
                let mut bytes = [0u8; 20];
                for byte in &mut bytes {
                    state = state.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
                    *byte = (state >> 59) as u8;
                }
                Ksuid::from_bytes(bytes)
            })
            .collect();
        let mut texts: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        ids.sort();
        texts.sort();
        let sorted: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        assert_eq!(texts, sorted);
    }

    /// The pattern of the 27-symbol texts up to the largest, derived from the alphabet: for
    /// each position, the texts equal to the largest before it, smaller at it and free after
    /// it (the last position takes the largest's own symbol too).
    #[test]
    fn the_schema_pattern_is_the_texts_up_to_the_largest() {
        let alphabet = base62::ALPHABET;
        let class = |limit: u8, inclusive: bool| -> String {
            let symbols: Vec<u8> = alphabet
                .iter()
                .copied()
                .filter(|&s| s < limit || (inclusive && s == limit))
                .collect();
            let mut out = String::from("[");
            let mut i = 0;
            while i < symbols.len() {
                let mut j = i;
                while j + 1 < symbols.len() && symbols[j + 1] == symbols[j] + 1 {
                    j += 1;
                }
                out.push(symbols[i] as char);
                if j > i + 1 {
                    out.push('-');
                }
                if j > i {
                    out.push(symbols[j] as char);
                }
                i = j + 1;
            }
            out + "]"
        };
        let bytes = LARGEST.as_bytes();
        let alternatives: Vec<String> = (0..bytes.len())
            .map(|at| {
                let rest = match bytes.len() - at - 1 {
                    0 => String::new(),
                    1 => "[0-9A-Za-z]".into(),
                    n => format!("[0-9A-Za-z]{{{n}}}"),
                };
                format!(
                    "{}{}{rest}",
                    &LARGEST[..at],
                    class(bytes[at], at + 1 == bytes.len())
                )
            })
            .filter(|alternative| !alternative.contains("[]"))
            .collect();
        assert_eq!(
            TEXT_SCHEMA.pattern,
            format!("(?:{})", alternatives.join("|"))
        );
        assert_eq!(Ksuid::MAX.encode(), LARGEST);
    }
}
