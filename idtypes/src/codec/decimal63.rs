//! The decimal text of a 63-bit id (a Snowflake's, a Sonyflake's): 1 to 19 ASCII digits, no
//! sign, no leading zeros, at most 2^63 - 1; parsed strictly and encoded on the stack. The
//! formats give their name (for errors) and their schema's words.

use crate::{
    Error, IdText,
    error::{Lengths, Repr, char_at},
};

/// The largest value, 2^63 - 1.
pub(crate) const MAX_VALUE: u64 = (1 << 63) - 1;

/// The length of the longest text: 19 (`9223372036854775807`).
pub(crate) const TEXT_LEN: usize = 19;

/// The text of the largest value, 2^63 - 1.
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

/// The texts [`parse`] accepts, as a pattern: `0`, the numbers of 1 to 18 digits, then the
/// 19-digit ones up to `9223372036854775807`, one alternative per digit of it where a smaller
/// digit leaves the rest free (digits compare like ASCII). The test
/// `the_pattern_is_the_numbers_up_to_the_largest` derives it.
pub(crate) const PATTERN: &str = "(?:0|[1-9][0-9]{0,17}|[1-8][0-9]{18}|9[01][0-9]{17}|92[01][0-9]{16}\
                       |922[0-2][0-9]{15}|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}\
                       |922337[01][0-9]{12}|92233720[0-2][0-9]{10}|922337203[0-5][0-9]{9}\
                       |9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}\
                       |922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}\
                       |92233720368547[0-6][0-9]{4}|922337203685477[0-4][0-9]{3}\
                       |9223372036854775[0-7][0-9]{2}|922337203685477580[0-7])";

/// Why [`parse`] refused a text: a `Copy` value (a `const fn` cannot drop an [`Error`]),
/// which [`error`](Refusal::error) makes the format's error.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Refusal {
    /// Empty or longer than 19 bytes: the length found.
    Length(usize),
    /// Not a digit, at `position`.
    Character { position: usize, found: char },
    /// A leading zero.
    LeadingZero,
    /// Above 2^63 - 1, from the digit at `position`, where only `expected` may stand.
    Overflow {
        position: usize,
        found: char,
        expected: &'static str,
    },
}

impl Refusal {
    /// The error of `format` for this refusal.
    #[cold]
    pub(crate) const fn error(self, format: &'static str) -> Error {
        let repr = match self {
            Refusal::Length(found) => Repr::Length {
                expected: Lengths::Between(1, TEXT_LEN),
                found,
            },
            Refusal::Character { position, found } => Repr::Character {
                position,
                found,
                expected: UP_TO[9],
            },
            Refusal::LeadingZero => Repr::Syntax {
                position: Some(0),
                rule: "a leading zero (only `0` itself starts with one)",
            },
            Refusal::Overflow {
                position,
                found,
                expected,
            } => Repr::Overflow {
                position,
                found,
                expected,
            },
        };
        Error::new(format, repr)
    }
}

/// Parses the decimal text of a 63-bit id: 1 to 19 ASCII digits, no sign, no leading zeros
/// (but `0` itself), at most `9223372036854775807`.
///
/// Refuses with [`Refusal::Length`] for an empty text or one of more than 19 bytes,
/// [`Refusal::Character`] for anything but a digit (at its position),
/// [`Refusal::LeadingZero`], [`Refusal::Overflow`] above 2^63 - 1 (at the first digit that
/// makes it so).
pub(crate) const fn parse(text: &[u8]) -> Result<u64, Refusal> {
    let len = text.len();
    if len == 0 || len > TEXT_LEN {
        return Err(Refusal::Length(len));
    }
    // 19 digits are below 10^19 < 2^64: no overflow.
    let mut value = 0u64;
    let mut i = 0;
    while i < len {
        let digit = text[i].wrapping_sub(b'0');
        if digit > 9 {
            return Err(Refusal::Character {
                position: i,
                found: char_at(text, i),
            });
        }
        value = value * 10 + digit as u64;
        i += 1;
    }
    if len > 1 && text[0] == b'0' {
        return Err(Refusal::LeadingZero);
    }
    if value > MAX_VALUE {
        // 19 digits, above the largest: the first that differs from its is larger.
        let mut at = 0;
        while text[at] == LARGEST[at] {
            at += 1;
        }
        return Err(Refusal::Overflow {
            position: at,
            found: text[at] as char,
            expected: UP_TO[(LARGEST[at] - b'0') as usize],
        });
    }
    Ok(value)
}

/// The two digits of each number below 100, for writing two digits a division.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
                            2021222324252627282930313233343536373839\
                            4041424344454647484950515253545556575859\
                            6061626364656667686970717273747576777879\
                            8081828384858687888990919293949596979899";

/// The number of decimal digits of `value` (1 to 20).
const fn digit_count(value: u64) -> usize {
    let mut len = 1;
    let mut bound = 10u64;
    while len < 20 && value >= bound {
        len += 1;
        bound = bound.wrapping_mul(10);
    }
    len
}

/// The decimal text of `value` (at most 2^63 - 1), on the stack: as many digits as the
/// number has (1 to 19), written from the end two at a time.
pub(crate) const fn encode(value: u64) -> IdText<19> {
    let len = digit_count(value);
    let mut digits = [0u8; 19];
    let mut rest = value;
    let mut i = len;
    while rest >= 100 {
        let pair = (rest % 100) as usize * 2;
        rest /= 100;
        i -= 2;
        digits[i] = PAIRS[pair];
        digits[i + 1] = PAIRS[pair + 1];
    }
    if rest >= 10 {
        let pair = rest as usize * 2;
        digits[i - 2] = PAIRS[pair];
        digits[i - 1] = PAIRS[pair + 1];
    } else {
        digits[i - 1] = b'0' + rest as u8;
    }
    IdText::from_ascii_prefix(digits, len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_encodes_as_std_does() {
        let mut value = 1u64;
        for _ in 0..19 {
            for v in [value - 1, value, value + 1, value * 9, value * 10 - 1] {
                let v = v.min(MAX_VALUE);
                assert_eq!(encode(v).as_str(), std::format!("{v}"));
                assert_eq!(parse(encode(v).as_str().as_bytes()).ok(), Some(v));
            }
            value *= 10;
        }
        assert_eq!(encode(MAX_VALUE).as_str(), "9223372036854775807");
        assert_eq!(encode(0).as_str(), "0");
    }
}
