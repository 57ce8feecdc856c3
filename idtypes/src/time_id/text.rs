//! The text of a [`TimeId`]: 13 symbols, or `STTT-TTT-TTTT-CC` with dashes for display.

use super::{FORMAT, TimeId};
use crate::{
    Error, IdText,
    codec::base32_sortable as b32,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The symbols a TimeId may start with: `2`..`b` for timestamps from 1970 on, `s`..`z` before.
const FIRST_SYMBOLS: &str = "234567abstuvwxyz";

/// Where the dashed form has its dashes.
const DASHES: [usize; 3] = [4, 8, 13];

/// The text as schemas state it: the plain or the dashed form, as `parse` takes them.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "(?:[2-7abs-z][2-7a-z]{12}|[2-7abs-z][2-7a-z]{3}-[2-7a-z]{3}-[2-7a-z]{4}-[2-7a-z]{2})",
    min_len: TimeId::TEXT_LEN,
    max_len: TimeId::DASHED_LEN,
    description: "A Time-Ordered ID (draft-goldman TimeId): 13 characters of the \
                  base32-sortable alphabet `234567abcdefghijklmnopqrstuvwxyz`, the first one of \
                  `234567abstuvwxyz`, or the same with dashes as `STTT-TTT-TTTT-CC` (the \
                  display form).",
    example: "3kxnlhr3gxq23",
    words: "13 base32-sortable characters, or the dashed form",
    spec_url: Some("https://datatracker.ietf.org/doc/draft-goldman-tid/"),
};

/// Whether the symbol `byte` (known to be in the alphabet) may start a TimeId: the 65-bit
/// sign extension of an `i64` starts with `00` or `11`, so symbols 8..=23 (`c`..`r`) cannot.
const fn first_symbol_in_range(byte: u8) -> bool {
    byte <= b'b' || byte >= b's'
}

impl TimeId {
    /// Parses the plain (`3kxnlhr3gxq23`) or the dashed (`3kxn-lhr-3gxq-23`) text.
    ///
    /// Dashes are accepted only where the dashed form has them (after symbols 4, 7 and 11),
    /// and only all three together. No trimming, no case folding.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) unless 13 or 16 bytes long;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when the first symbol is `c`..`r`:
    ///   such text names a 65-bit value outside the `i64` range;
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for the first character that is
    ///   not a symbol (or not a dash where the dashed form needs one), with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, TimeId};
    ///
    /// assert_eq!(TimeId::parse("3kxnlhr3gxq23")?, TimeId::parse("3kxn-lhr-3gxq-23")?);
    /// assert_eq!(TimeId::parse("zzzzzzzzzzzzz")?, TimeId::MAX); // -1 µs, node 1023
    /// assert_eq!(TimeId::parse("jzzzzzzzzzzzz").unwrap_err().kind(), ErrorKind::Overflow);
    /// assert_eq!(TimeId::parse("3kxn-lhr3gxq-23").unwrap_err().kind(), ErrorKind::Length);
    /// let err = TimeId::parse("3kxn-lhr-3gxq_23").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(13)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<TimeId, Error> {
        TimeId::parse_ascii(text.as_bytes())
    }

    /// [`parse`](TimeId::parse) for text given as bytes.
    ///
    /// # Errors
    ///
    /// As [`parse`](TimeId::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::parse_ascii(b"2222222222223")?, TimeId::from_i64(1));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<TimeId, Error> {
        // The plain form is decoded in place; only the dashed form is gathered first.
        let decoded = match (text.first_chunk::<13>(), text.len()) {
            (Some(symbols), 13) => b32::decode13_fast(symbols).ok().zip(Some(symbols[0])),
            _ => symbols_of(text)
                .and_then(|symbols| b32::decode13_fast(&symbols).ok().zip(Some(symbols[0]))),
        };
        match decoded {
            Some((value, first)) if first_symbol_in_range(first) => Ok(TimeId(value as i64)),
            _ => Err(parse_error(text)),
        }
    }

    /// [`parse`](TimeId::parse) as a `const fn`: same rules, same errors.
    ///
    /// # Errors
    ///
    /// As [`parse`](TimeId::parse).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{TimeId, unwrap_const};
    ///
    /// // `const` code takes the value with `unwrap_const!`: see its docs for why.
    /// const EXAMPLE: TimeId = unwrap_const!(TimeId::parse_const("3kxn-lhr-3gxq-23"));
    /// assert_eq!(EXAMPLE.node().get(), 1);
    /// ```
    pub const fn parse_const(text: &str) -> Result<TimeId, Error> {
        let text = text.as_bytes();
        if let Some(symbols) = symbols_of(text) {
            if let Ok(value) = b32::decode13(&symbols) {
                if first_symbol_in_range(symbols[0]) {
                    return Ok(TimeId(value as i64));
                }
            }
        }
        Err(parse_error(text))
    }

    /// The 13-symbol text, on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::EARLIEST.encode(), "s222222222222");
    /// assert_eq!(TimeId::LATEST.encode(), "bzzzzzzzzzzzz");
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<13> {
        let mut text = b32::encode13(self.0 as u64);
        // Symbol 0 is bits 64..60 of the 65-bit sign extension: the arithmetic shift supplies
        // the 65th bit, with no branch on the sign.
        text[0] = b32::ALPHABET[((self.0 >> 60) & 0x1F) as usize];
        IdText::from_ascii(text)
    }

    /// The dashed display form `STTT-TTT-TTTT-CC`, on the stack (also `format!("{id:#}")`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert_eq!(TimeId::EARLIEST.to_dashed(), "s222-222-2222-22");
    /// assert_eq!(TimeId::MAX.to_dashed(), "zzzz-zzz-zzzz-zz");
    /// ```
    #[inline]
    pub const fn to_dashed(self) -> IdText<16> {
        let plain = self.encode();
        let p = plain.as_bytes();
        IdText::from_ascii([
            p[0], p[1], p[2], p[3], b'-', p[4], p[5], p[6], b'-', p[7], p[8], p[9], p[10], b'-',
            p[11], p[12],
        ])
    }
}

/// The 13 symbols of a plain or dashed text with its dashes in place, or `None`.
#[inline]
const fn symbols_of(text: &[u8]) -> Option<[u8; 13]> {
    match text.len() {
        13 => match text.first_chunk::<13>() {
            Some(symbols) => Some(*symbols),
            None => None,
        },
        16 if text[4] == b'-' && text[8] == b'-' && text[13] == b'-' => Some([
            text[0], text[1], text[2], text[3], text[5], text[6], text[7], text[9], text[10],
            text[11], text[12], text[14], text[15],
        ]),
        _ => None,
    }
}

/// Why `text` is not a TimeId (it is not): the length, else the first position that is
/// wrong: an out-of-range first symbol, a foreign character, a missing dash.
#[cold]
#[inline(never)]
const fn parse_error(text: &[u8]) -> Error {
    let dashed = match text.len() {
        13 => false,
        16 => true,
        found => {
            return Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Either(TimeId::TEXT_LEN, TimeId::DASHED_LEN),
                    found,
                },
            );
        }
    };
    let mut i = 0;
    while i < text.len() {
        let wants_dash = dashed && (i == DASHES[0] || i == DASHES[1] || i == DASHES[2]);
        if wants_dash {
            if text[i] != b'-' {
                return Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(text, i),
                        expected: "-",
                    },
                );
            }
        } else {
            let symbol = b32::DECODE[text[i] as usize];
            if symbol == b32::INVALID {
                return Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(text, i),
                        expected: b32::ALPHABET_STR,
                    },
                );
            }
            if i == 0 && !first_symbol_in_range(text[0]) {
                return Error::new(
                    FORMAT,
                    Repr::Overflow {
                        position: 0,
                        found: char_at(text, 0),
                        expected: FIRST_SYMBOLS,
                    },
                );
            }
        }
        i += 1;
    }
    // Unreachable for text that failed to parse; kept total rather than panicking.
    Error::new(
        FORMAT,
        Repr::Character {
            position: 0,
            found: char_at(text, 0),
            expected: b32::ALPHABET_STR,
        },
    )
}

crate::text::traits::text_traits!(
    /// `{}` writes the plain text, `{:#}` the dashed display form.
    TimeId,
    encode,
    alternate = to_dashed
);

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use crate::time_id::NodeId;
    use std::prelude::rust_2024::*;

    fn ts_text(micros: i64) -> String {
        let id = TimeId::from_parts(micros, NodeId::MIN).unwrap();
        id.to_dashed().as_str()[..13].to_owned()
    }

    #[test]
    fn corrected_range_table_of_the_draft() {
        assert_eq!(ts_text(-(1 << 53)), "s222-222-2222");
        assert_eq!(ts_text(-((1 << 53) - 1)), "s222-222-2223");
        assert_eq!(ts_text(0), "2222-222-2222");
        assert_eq!(ts_text((1 << 53) - 1), "bzzz-zzz-zzzz");
        assert_eq!(ts_text(-1), "zzzz-zzz-zzzz");
        assert_eq!(
            TimeId::parse("jzzz-zzz-zzzz-22").unwrap_err().kind(),
            ErrorKind::Overflow
        );
    }

    #[test]
    fn worked_examples_in_utc() {
        assert_eq!(ts_text(1721407246480310), "3kxn-lhr-3gxq");
        assert_eq!(ts_text(1721382046481000), "3kxm-tyq-iinc");
        assert_eq!(ts_text(1645557742000000), "3iso-34e-qpw2");
        let id = TimeId::from_parts(1721407246480310, NodeId::new(1).unwrap()).unwrap();
        assert_eq!(id.to_dashed(), "3kxn-lhr-3gxq-23");
    }

    #[test]
    fn every_first_symbol_is_classified() {
        for (i, &symbol) in b32::ALPHABET.iter().enumerate() {
            let mut text = *b"2222222222222";
            text[0] = symbol;
            let ok = i <= 7 || i >= 24;
            assert_eq!(TimeId::parse_ascii(&text).is_ok(), ok, "{}", symbol as char);
            let text = core::str::from_utf8(&text).unwrap();
            assert_eq!(TimeId::parse_const(text).is_ok(), ok);
        }
    }

    #[test]
    fn dashes_only_where_the_display_form_has_them() {
        assert!(TimeId::parse("3kxn-lhr-3gxq-23").is_ok());
        let err = TimeId::parse("3kx-nlhr-3gxq-23").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
        let err = TimeId::parse("3kxnlhr3gxq2-").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(12))
        );
        assert_eq!(
            TimeId::parse("3kxn-lhr-3gxq23").unwrap_err().to_string(),
            "invalid TimeId: expected 13 or 16 bytes, found 15 bytes"
        );
    }

    #[test]
    fn parse_and_parse_const_agree_on_every_byte_in_every_position() {
        for base in ["3kxnlhr3gxq23", "3kxn-lhr-3gxq-23", "zzzzzzzzzzzzz"] {
            for pos in 0..base.len() {
                for byte in 0..=255u8 {
                    let mut text = base.as_bytes().to_vec();
                    text[pos] = byte;
                    if let Ok(text) = core::str::from_utf8(&text) {
                        assert_eq!(TimeId::parse(text), TimeId::parse_const(text), "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn display_is_plain_and_alternate_is_dashed() {
        let id = TimeId::from_i64(1);
        assert_eq!(id.to_string(), "2222222222223");
        assert_eq!(format!("{id:#}"), "2222-222-2222-23");
        assert_eq!(format!("{id:?}"), "TimeId(2222-222-2222-23)");
    }
}
