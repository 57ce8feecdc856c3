//! A Snowflake's text: the decimal number, strictly (no sign, no leading zeros, at most
//! 2^63 - 1), encoded on the stack; and the text as schemas state it.

use super::{FORMAT, MAX_VALUE, Snowflake};
use crate::{
    Error, IdText,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The text of the largest id, 2^63 - 1.
const LARGEST: &[u8; 19] = b"9223372036854775807";

/// The digits that may stand where the text of a 19-digit id equals [`LARGEST`] so far:
/// `UP_TO[d]` are those up to `d`.
const UP_TO: [&str; 10] = [
    "0",
    "01",
    "012",
    "0123",
    "01234",
    "012345",
    "0123456",
    "01234567",
    "012345678",
    "0123456789",
];

/// The texts `parse` accepts, as a pattern: `0`, the numbers of 1 to 18 digits, then the
/// 19-digit ones up to `9223372036854775807`, one alternative per digit of it where a smaller
/// digit leaves the rest free (digits compare like ASCII). The test
/// `the_pattern_is_the_numbers_up_to_the_largest` derives it.
const PATTERN: &str = "(?:0|[1-9][0-9]{0,17}|[1-8][0-9]{18}|9[01][0-9]{17}|92[01][0-9]{16}\
                       |922[0-2][0-9]{15}|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}\
                       |922337[01][0-9]{12}|92233720[0-2][0-9]{10}|922337203[0-5][0-9]{9}\
                       |9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}\
                       |922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}\
                       |92233720368547[0-6][0-9]{4}|922337203685477[0-4][0-9]{3}\
                       |9223372036854775[0-7][0-9]{2}|922337203685477580[0-7])";

/// The text as schemas state it. Its pattern is `^(0|[1-9][0-9]{0,18})$` held to
/// 9223372036854775807, so that it accepts exactly what `parse` does.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: PATTERN,
    min_len: 1,
    max_len: Snowflake::TEXT_LEN,
    description: "A Snowflake id (the 64-bit layout of Twitter and Discord: a zero bit, 41-bit \
                  milliseconds since the service's epoch, a 10-bit worker id, a 12-bit \
                  sequence) as a decimal number: 1 to 19 digits, without sign or leading \
                  zeros, at most `9223372036854775807` (2^63 - 1). Compare Snowflakes as \
                  numbers: their texts do not sort like them.",
    example: "175928847299117063",
    words: "1 to 19 decimal digits",
};

impl Snowflake {
    /// The length of the longest text, in bytes: 19 (`9223372036854775807`). Shorter
    /// numbers have shorter texts, down to `0`.
    pub const TEXT_LEN: usize = 19;

    /// Parses the decimal text: 1 to 19 ASCII digits, no sign, no leading zeros (but `0`
    /// itself), at most `9223372036854775807`.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) for an empty text or one of more than
    ///   19 bytes;
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for anything but a digit (a
    ///   sign, a space), at its position;
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a leading zero, at byte 0;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) above 2^63 - 1, at the first digit
    ///   that makes it so.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Snowflake};
    ///
    /// assert_eq!(Snowflake::parse("175928847299117063")?.to_u64(), 175928847299117063);
    /// let err = Snowflake::parse("+1").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(0)));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid Snowflake: unexpected character '+' at byte 0, expected one of `0123456789`"
    /// );
    /// let err = Snowflake::parse("9223372036854775808").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, Some(18)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse(text: &str) -> Result<Snowflake, Error> {
        Snowflake::parse_ascii(text.as_bytes())
    }

    /// [`parse`](Self::parse) for text given as bytes.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::parse_ascii(b"42")?.to_u64(), 42);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn parse_ascii(text: &[u8]) -> Result<Snowflake, Error> {
        let len = text.len();
        if len == 0 || len > Snowflake::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(1, Snowflake::TEXT_LEN),
                    found: len,
                },
            ));
        }
        // 19 digits are below 10^19 < 2^64: no overflow.
        let mut value = 0u64;
        let mut i = 0;
        while i < len {
            let digit = text[i].wrapping_sub(b'0');
            if digit > 9 {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(text, i),
                        expected: UP_TO[9],
                    },
                ));
            }
            value = value * 10 + digit as u64;
            i += 1;
        }
        if len > 1 && text[0] == b'0' {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(0),
                    rule: "a leading zero (only `0` itself starts with one)",
                },
            ));
        }
        if value > MAX_VALUE {
            // 19 digits, above the largest: the first that differs from its is larger.
            let mut at = 0;
            while text[at] == LARGEST[at] {
                at += 1;
            }
            return Err(Error::new(
                FORMAT,
                Repr::Overflow {
                    position: at,
                    found: text[at] as char,
                    expected: UP_TO[(LARGEST[at] - b'0') as usize],
                },
            ));
        }
        Ok(Snowflake(value))
    }

    /// The decimal text, on the stack: as many digits as the number has (1 to 19).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// assert_eq!(Snowflake::from_u64(175928847299117063).encode(), "175928847299117063");
    /// assert_eq!(Snowflake::MIN.encode(), "0");
    /// assert_eq!(Snowflake::MAX.encode().len(), Snowflake::TEXT_LEN);
    /// ```
    pub const fn encode(self) -> IdText<19> {
        let mut len = 1;
        let mut rest = self.0 / 10;
        while rest != 0 {
            len += 1;
            rest /= 10;
        }
        let mut digits = [0u8; 19];
        let mut value = self.0;
        let mut i = len;
        while i > 0 {
            i -= 1;
            digits[i] = b'0' + (value % 10) as u8;
            value /= 10;
        }
        IdText::from_ascii_prefix(digits, len)
    }
}

crate::text::traits::text_traits!(Snowflake, encode);
