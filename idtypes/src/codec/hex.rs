//! Hexadecimal of fixed-size byte arrays, two symbols per byte: uppercase (`[0-9A-F]`, a
//! TBSL's text), and a UUID's hyphenated text (read in either case, written in lowercase).
//! Tables write; words of 8 symbols read.

/// The alphabet, in symbol order.
pub(crate) const ALPHABET: &[u8; 16] = b"0123456789ABCDEF";

/// Marks a byte that is not an uppercase hex digit in [`DECODE`].
pub(crate) const INVALID: u8 = 0xFF;

/// The alphabet in lowercase (a UUID's hyphenated text, an ObjectId's).
pub(crate) const ALPHABET_LOWER: &[u8; 16] = b"0123456789abcdef";

/// The value of each byte as an uppercase hex digit, or `INVALID` (lowercase is not canonical).
pub(crate) const DECODE: [u8; 256] = decode_table();

/// The hex digits of either case, as messages list them (a UUID's hyphenated text, an
/// ObjectId's).
pub(crate) const DIGITS_ANY_CASE: &str = "0123456789abcdefABCDEF";

/// The value of each byte as a hex digit of either case, or `INVALID`: where a text read in
/// either case has its first foreign byte.
pub(crate) const DECODE_ANY_CASE: [u8; 256] = {
    let mut table = DECODE;
    let mut i = 10;
    while i < 16 {
        table[ALPHABET_LOWER[i] as usize] = i as u8;
        i += 1;
    }
    table
};

const fn decode_table() -> [u8; 256] {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 16 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
}

/// The two symbols of every byte.
const PAIRS: [[u8; 2]; 256] = pairs(ALPHABET);

/// The two lowercase symbols of every byte.
pub(crate) const PAIRS_LOWER: [[u8; 2]; 256] = pairs(ALPHABET_LOWER);

const fn pairs(alphabet: &[u8; 16]) -> [[u8; 2]; 256] {
    let mut table = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = [alphabet[b >> 4], alphabet[b & 15]];
        b += 1;
    }
    table
}

/// Encodes 10 bytes as 20 symbols.
#[inline]
pub(crate) const fn encode10(bytes: &[u8; 10]) -> [u8; 20] {
    let mut out = [0u8; 20];
    let mut i = 0;
    while i < 10 {
        let pair = PAIRS[bytes[i] as usize];
        out[2 * i] = pair[0];
        out[2 * i + 1] = pair[1];
        i += 1;
    }
    out
}

/// Decodes 20 symbols into 10 bytes, or returns the position of the first foreign byte.
///
/// Eight symbols at a time in a `u64` (three overlapping words: symbols 0-7, 8-15, 12-19):
/// each word is checked for `0-9A-F` and turned into four bytes with a few shifts and masks,
/// instead of twenty dependent table lookups. The table finds the culprit on failure.
///
/// The bytes are put together as one integer and handed out as its first ten little-endian
/// bytes: the compiler then stores the id with two moves (eight bytes and two). Built byte by
/// byte from the three words, it took ten one-byte stores, and a caller that read the id back
/// as wider words (a typed id's parse, a `Result` copied whole) waited on each of them.
/// Always inlined, into the two parsers that call it: a `Result<[u8; 10], usize>` returned
/// through memory would cost that same wait.
#[inline(always)]
pub(crate) const fn decode20(text: &[u8; 20]) -> Result<[u8; 10], usize> {
    let (a, a_ok) = decode8(word(text, 0));
    let (b, b_ok) = decode8(word(text, 8));
    let (c, c_ok) = decode8(word(text, 12));
    // `&`, not `&&`: one branch for the three words.
    if !(a_ok & b_ok & c_ok) {
        return Err(super::first_invalid(text, &DECODE, INVALID));
    }
    // Byte `i` of the id in byte `i` of `value`; `c` holds symbols 12-19, of which 16-19 are
    // new (its bytes 2 and 3).
    let value = a as u128 | (b as u128) << 32 | ((c >> 16) as u128) << 64;
    Ok(low_ten_bytes(value))
}

/// The ten low-order bytes of `value`, lowest first.
#[inline(always)]
const fn low_ten_bytes(value: u128) -> [u8; 10] {
    match value.to_le_bytes().first_chunk::<10>() {
        Some(bytes) => *bytes,
        // A 16-byte array has a first chunk of 10: not reached.
        None => [0; 10],
    }
}

/// The 8 symbols of `text` from `at`, as a little-endian word (symbol `at` in the low byte).
#[inline(always)]
const fn word(text: &[u8; 20], at: usize) -> u64 {
    u64::from_le_bytes([
        text[at],
        text[at + 1],
        text[at + 2],
        text[at + 3],
        text[at + 4],
        text[at + 5],
        text[at + 6],
        text[at + 7],
    ])
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The four bytes that 8 uppercase hex symbols (a little-endian word) spell, in the low half
/// of the result in text order, and whether all 8 are `0-9A-F`.
#[inline(always)]
const fn decode8(x: u64) -> (u32, bool) {
    // Top bit of each byte set where the symbol is a digit or `A-F` (bytes under 0x80 only).
    let low7 = x & !HIGH;
    let digit = within(low7, b'0', b'9');
    let letter = within(low7, b'A', b'F');
    let ok = (digit | letter) & !x & HIGH == HIGH;
    (pack8(x), ok)
}

/// [`decode8`] of hex digits in either case (`0-9`, `a-f`, `A-F`): a UUID's hyphenated text, an ObjectId's.
#[inline(always)]
pub(crate) const fn decode8_any_case(x: u64) -> (u32, bool) {
    let low7 = x & !HIGH;
    let digit = within(low7, b'0', b'9');
    // `| 0x20` takes `A-F` to `a-f` and leaves `a-f` there; no other byte lands in `a-f`.
    let letter = within(low7 | (0x20 * ONES), b'a', b'f');
    let ok = (digit | letter) & !x & HIGH == HIGH;
    (pack8(x), ok)
}

/// The four bytes 8 hex symbols spell (meaningful where all 8 are symbols): each symbol's
/// value is its low nibble, plus 9 for a letter (bit 6 set: `A` is 0x41, `a` 0x61), then
/// symbol 2k (high nibble) and 2k+1 (low nibble) go into byte lane 2k, then the even lanes
/// side by side.
#[inline(always)]
const fn pack8(x: u64) -> u32 {
    let nibbles = (x & (0x0F * ONES)) + ((x >> 6) & ONES) * 9;
    let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF;
    let pairs = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF;
    (pairs | (pairs >> 16)) as u32
}

/// Top bit of each byte of `low7` (bytes below 0x80) set where `lo <= byte <= hi`.
#[inline(always)]
const fn within(low7: u64, lo: u8, hi: u8) -> u64 {
    (low7 + (0x80 - lo as u64) * ONES) & !(low7 + (0x7F - hi as u64) * ONES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn either_case_reads_every_hex_digit_and_nothing_else() {
        for byte in 0..=255u8 {
            let expected = (byte as char).to_digit(16).map_or(INVALID, |d| d as u8);
            assert_eq!(DECODE_ANY_CASE[byte as usize], expected, "{byte:#x}");
        }
        assert!(
            DIGITS_ANY_CASE
                .bytes()
                .all(|b| DECODE_ANY_CASE[b as usize] != INVALID)
        );
    }

    #[test]
    fn every_byte_round_trips_and_lowercase_is_refused() {
        for b in 0..=255u8 {
            let bytes = [b; 10];
            let text = encode10(&bytes);
            assert_eq!(decode20(&text), Ok(bytes));
        }
        let mut text = *b"25BF6196C8D610700000";
        text[3] = b'f';
        assert_eq!(decode20(&text), Err(3));
    }

    #[test]
    fn every_byte_in_every_position_decodes_to_its_place() {
        for pos in 0..10 {
            for b in 0..=255u8 {
                let mut bytes = [0x5Au8, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xA5];
                bytes[pos] = b;
                assert_eq!(decode20(&encode10(&bytes)), Ok(bytes), "{b:#x} at {pos}");
            }
        }
    }

    #[test]
    fn eight_symbols_of_either_case_read_like_a_table() {
        let table = |b: u8| match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            b'A'..=b'F' => Some(b - b'A' + 10),
            _ => None,
        };
        for pos in 0..8 {
            for byte in 0..=255u8 {
                let mut text = *b"09afAF5c";
                text[pos] = byte;
                let (value, ok) = decode8_any_case(u64::from_le_bytes(text));
                let expected: Option<Vec<u8>> = text.iter().map(|&b| table(b)).collect();
                assert_eq!(ok, expected.is_some(), "byte {byte:#x} at {pos}");
                if let Some(nibbles) = expected {
                    let bytes: Vec<u8> = nibbles.chunks(2).map(|p| p[0] << 4 | p[1]).collect();
                    assert_eq!(
                        value.to_le_bytes().as_slice(),
                        bytes,
                        "byte {byte:#x} at {pos}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_foreign_byte_in_every_position_is_found() {
        for pos in 0..20 {
            for byte in 0..=255u8 {
                let mut text = *b"0123456789ABCDEF0000";
                text[pos] = byte;
                let valid = byte.is_ascii_digit() || (b'A'..=b'F').contains(&byte);
                assert_eq!(decode20(&text).is_ok(), valid, "byte {byte:#x} at {pos}");
                if !valid {
                    assert_eq!(decode20(&text), Err(pos));
                }
            }
        }
    }
}
