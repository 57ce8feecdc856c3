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
    let value = match digits_value(text) {
        Some(value) => value,
        None => {
            let position = first_non_digit(text);
            return Err(Refusal::Character {
                position,
                found: char_at(text, position),
            });
        }
    };
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

/// The number 1 to 19 ASCII digits spell, or `None` if a byte is not a digit.
///
/// The first `len % 8` digits one at a time, then eight at a time in a little-endian word
/// (SWAR): checked with two masks, and made a number by three multiplications that each join
/// neighbouring lanes (digits into pairs, pairs into fours, fours into eight), instead of a
/// chain of eight `* 10 + digit`. 19 digits are below 10^19 < 2^64: no overflow.
#[inline]
const fn digits_value(text: &[u8]) -> Option<u64> {
    let len = text.len();
    let mut value = 0u64;
    let mut i = 0;
    while i < len % 8 {
        let digit = text[i].wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value * 10 + digit as u64;
        i += 1;
    }
    while i < len {
        let eight = u64::from_le_bytes([
            text[i],
            text[i + 1],
            text[i + 2],
            text[i + 3],
            text[i + 4],
            text[i + 5],
            text[i + 6],
            text[i + 7],
        ]);
        match eight_digits_value(eight) {
            Some(digits) => value = value * 100_000_000 + digits,
            None => return None,
        }
        i += 8;
    }
    Some(value)
}

/// The number 8 ASCII digits spell (a little-endian word, the first digit in the low byte), or
/// `None` if a byte is not a digit.
#[inline(always)]
const fn eight_digits_value(x: u64) -> Option<u64> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // A digit is 0x30 to 0x39: its high nibble is 3, and adding 6 leaves it 3.
    let digits = (x & (0xF0 * ONES)) == 0x30 * ONES
        && (x.wrapping_add(0x06 * ONES) & (0xF0 * ONES)) == 0x30 * ONES;
    if !digits {
        return None;
    }
    let x = x & (0x0F * ONES);
    // Earlier digit * 10 + later one, in the even bytes; then pairs, then fours. What the
    // multiplications carry past bit 63 is not wanted: wrapping.
    let x = x.wrapping_mul(10 << 8 | 1) >> 8 & 0x00FF_00FF_00FF_00FF;
    let x = x.wrapping_mul(100 << 16 | 1) >> 16 & 0x0000_FFFF_0000_FFFF;
    Some(x.wrapping_mul(10_000 << 32 | 1) >> 32)
}

/// The position of the first byte of `text` that is not a digit (`text.len()` if none).
#[cold]
const fn first_non_digit(text: &[u8]) -> usize {
    let mut i = 0;
    while i < text.len() && text[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// `POW10[k]` is 10^k: the smallest number of `k + 1` digits.
const POW10: [u64; 20] = {
    let mut table = [1u64; 20];
    let mut k = 1;
    while k < 20 {
        table[k] = table[k - 1] * 10;
        k += 1;
    }
    table
};

/// The number of decimal digits of `value` (1 to 19 for a value below 2^63).
///
/// From the bit length: `floor(log10(2^b)) = b * 1233 >> 12` for every `b` below 64, and a
/// number of bit length `b + 1` has that many digits plus one, or plus two when it reaches the
/// next power of ten. No loop.
#[inline(always)]
const fn digit_count(value: u64) -> usize {
    let log2 = 63 - (value | 1).leading_zeros() as usize;
    let guess = (log2 * 1233) >> 12;
    guess + 1 + (value >= POW10[guess + 1]) as usize
}

/// The two digits of each number below 100 as ASCII, the tens in the low byte (`PAIRS[42]`
/// is `b"42"` read as a little-endian `u16`): 200 bytes, and as many zeros after them, so that
/// an index of one byte needs no bounds check.
const PAIRS: [u16; 256] = {
    let mut table = [0; 256];
    let mut n = 0;
    while n < 100 {
        table[n] = u16::from_le_bytes([b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
        n += 1;
    }
    table
};

/// The two digits of `n` (below 100) as ASCII, the tens in the low byte.
#[inline(always)]
const fn pair(n: u32) -> u64 {
    PAIRS[n as u8 as usize] as u64
}

/// The 8 decimal digits of `n` (below 10^8, with leading zeros) as ASCII, the first in the low
/// byte: what the bytes of a little-endian word are in memory.
///
/// Without a table (SWAR): `n` split into two 4-digit halves in 32-bit lanes, each lane into
/// two 2-digit ones in 16-bit lanes, each of those into two digits in bytes, each split a
/// multiplication and a shift that divide every lane at once: as fast as two digits at a time
/// from [`PAIRS`] (itoa's way), with no table to load.
#[inline(always)]
const fn eight_digits(n: u32) -> u64 {
    // Two 4-digit halves in 32-bit lanes, the first in the low one.
    let high = n / 10_000;
    let x = high as u64 | ((n - high * 10_000) as u64) << 32;
    // Each lane (below 10^4) split into hundreds and the rest, 16 bits each: v / 100 is
    // (v * 5243) >> 19 below 43,699, and no lane's product reaches the next lane.
    let hundreds = ((x * 5243) >> 19) & 0x0000_007F_0000_007F;
    let x = hundreds | (x - hundreds * 100) << 16;
    // Each 16-bit lane (below 100) split into tens and ones, 8 bits each: v / 10 is
    // (v * 103) >> 10 below 179.
    let tens = ((x * 103) >> 10) & 0x000F_000F_000F_000F;
    let x = tens | (x - tens * 10) << 8;
    x | 0x3030_3030_3030_3030
}

/// The decimal text of `value` (at most 2^63 - 1), on the stack: as many digits as the
/// number has (1 to 19), the same text as `u64`'s `Display`.
///
/// The last 16 digits, leading zeros included, are made at once in two words
/// ([`eight_digits`] each), from two divisions of `value` by 10^8. The 1 to 3 digits before
/// them (`value / 10^16`, below 923) are written first, and the two words after them, at the
/// byte their count gives (two compares, no branch: mixed lengths, a Snowflake's 18 and 19
/// digits, would mispredict one). A Snowflake takes that way from 28 days past its epoch on
/// (2^22 ms ids reach 10^16 then), a Sonyflake (v1) from 69 days. Shorter numbers shift their
/// leading zeros out. No loop, no chain of divisions by 100 (which took 22 ns for a
/// Snowflake's 18 digits).
#[inline]
pub(crate) const fn encode(value: u64) -> IdText<19> {
    let high = value / 100_000_000;
    let top = high / 100_000_000;
    let middle = eight_digits((high - top * 100_000_000) as u32);
    let bottom = eight_digits((value - high * 100_000_000) as u32);
    let mut bytes = [0u8; 19];
    let len;
    if top > 0 {
        // `top`'s digits: 1 to 3, its text shifted down to them.
        let top = top as u32;
        let k = 1 + (top >= 10) as usize + (top >= 100) as usize;
        len = 16 + k;
        let hundreds = top / 100;
        let text = (b'0' as u32 + hundreds) | (pair(top - hundreds * 100) as u32) << 8;
        if let Some(head) = bytes.first_chunk_mut::<4>() {
            *head = (text >> (8 * (3 - k))).to_le_bytes();
        }
        // The 16 digits from byte `k` (at most 3: they end by byte 19).
        let (_, rest) = bytes.split_at_mut(k);
        if let Some((first, rest)) = rest.split_first_chunk_mut::<8>() {
            *first = middle.to_le_bytes();
            if let Some(second) = rest.first_chunk_mut::<8>() {
                *second = bottom.to_le_bytes();
            }
        }
    } else {
        len = digit_count(value);
        let digits = (middle as u128 | (bottom as u128) << 64) >> (8 * (16 - len));
        if let Some((head, _)) = bytes.split_first_chunk_mut::<16>() {
            *head = digits.to_le_bytes();
        }
    }
    IdText::from_ascii_prefix(bytes, len)
}

/// [`encode`]'s text in a new `String`, which is `u64`'s decimal text (no sign, no leading
/// zeros), made as `u64`'s `to_string` makes it: the standard library formats integers for a
/// `String` in its own specialized way, faster at run time than the `const` [`encode`] and a
/// copy (measured in `idtypes/docs/performance.md`). What `Snowflake::to_string` and
/// `Sonyflake::to_string` give.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn to_string(value: u64) -> alloc::string::String {
    alloc::string::ToString::to_string(&value)
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

    /// The parse of before words: one digit at a time.
    fn parse_slow(text: &[u8]) -> Result<u64, std::string::String> {
        if text.is_empty() || text.len() > 19 {
            return Err(std::format!("length {}", text.len()));
        }
        let mut value = 0u64;
        for (i, &b) in text.iter().enumerate() {
            if !b.is_ascii_digit() {
                return Err(std::format!("character at {i}"));
            }
            value = value * 10 + (b - b'0') as u64;
        }
        if text.len() > 1 && text[0] == b'0' {
            return Err("leading zero".into());
        }
        if value > MAX_VALUE {
            return Err("overflow".into());
        }
        Ok(value)
    }

    fn refusal_name(refusal: Refusal) -> std::string::String {
        match refusal {
            Refusal::Length(len) => std::format!("length {len}"),
            Refusal::Character { position, .. } => std::format!("character at {position}"),
            Refusal::LeadingZero => "leading zero".into(),
            Refusal::Overflow { .. } => "overflow".into(),
        }
    }

    #[test]
    fn every_byte_in_every_place_of_every_length_parses_as_one_digit_at_a_time_does() {
        let digits = b"9223372036854775807";
        for len in 1..=19 {
            for place in 0..len {
                for byte in 0..=255u8 {
                    let mut text = digits[..len].to_vec();
                    text[place] = byte;
                    let fast = parse(&text).map_err(refusal_name);
                    assert_eq!(
                        fast,
                        parse_slow(&text),
                        "{:?}",
                        std::string::String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn to_string_is_the_encoded_text() {
        let mut value = 1u64;
        for _ in 0..19 {
            for v in [0, value - 1, value, value + 1, value * 9, MAX_VALUE] {
                let v = v.min(MAX_VALUE);
                assert_eq!(to_string(v), std::format!("{v}"));
                assert_eq!(to_string(v).as_str(), encode(v).as_str());
            }
            value *= 10;
        }
    }

    #[test]
    fn the_digit_count_steps_at_each_power_of_ten() {
        for (k, &power) in POW10.iter().enumerate().skip(1) {
            assert_eq!(digit_count(power - 1), k, "{}", power - 1);
            if power <= MAX_VALUE {
                assert_eq!(digit_count(power), k + 1, "{power}");
            }
        }
        assert_eq!(digit_count(0), 1);
        assert_eq!(digit_count(MAX_VALUE), 19);
    }

    #[test]
    fn every_digit_in_every_place_encodes_as_std_does() {
        for &power in &POW10[..19] {
            for digit in 1..10u64 {
                let Some(v) = digit.checked_mul(power).filter(|&v| v <= MAX_VALUE) else {
                    continue;
                };
                for v in [v, v - 1, v + 1, v | 1, MAX_VALUE - v] {
                    let text = encode(v);
                    assert_eq!(text.as_str(), std::format!("{v}"));
                    assert!(text.into_bytes()[text.len()..].iter().all(|&b| b == 0));
                }
            }
        }
    }

    #[test]
    fn sampled_values_encode_as_std_does() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Every length alike: the sample shifted right by 0 to 63 bits.
            let v = (x >> (i % 64)) & MAX_VALUE;
            assert_eq!(encode(v).as_str(), std::format!("{v}"));
        }
    }
}
