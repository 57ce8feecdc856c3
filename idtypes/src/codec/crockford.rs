//! Crockford base32 for 128-bit values: 26 symbols over `0123456789ABCDEFGHJKMNPQRSTVWXYZ`,
//! most significant first, the first symbol carrying only 3 bits (so it is `0` to `7`).
//!
//! This is the text of a ULID (uppercase, read in either case) and the suffix of a TypeID
//! (lowercase only). The alphabet is in ASCII order in either case, so the texts of fixed-width
//! values sort like the values. `I`, `L`, `O` and `U` are not symbols: Crockford's decoding of
//! `I`/`L` as 1 and `O` as 0 is not part of either specification, and a reader that guessed
//! would accept texts no writer makes.
//!
//! Encoding looks up 13 pairs of symbols (10 bits each, a 2 KiB table) independently;
//! decoding looks up every symbol independently, packs eight at a time in a `u64` (as
//! base32-sortable does) and checks them all with one comparison.

/// The alphabet, uppercase, in symbol order.
pub(crate) const UPPER: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The alphabet, lowercase, in symbol order.
pub(crate) const LOWER: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The uppercase alphabet as error messages write it (a ULID reads either case).
pub(crate) const UPPER_STR: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The lowercase alphabet as error messages write it.
#[cfg_attr(
    not(feature = "uuid"),
    allow(dead_code, reason = "the TypeID suffix reads it")
)]
pub(crate) const LOWER_STR: &str = "0123456789abcdefghjkmnpqrstvwxyz";

/// The symbols a first character may be: it carries the top 3 bits.
pub(crate) const FIRST_STR: &str = "01234567";

/// Marks a byte that is not a symbol in a decoding table.
pub(crate) const INVALID: u8 = 0xFF;

/// Symbol value of each byte in either case (a ULID), or [`INVALID`].
pub(crate) const DECODE_ANY_CASE: [u8; 256] = decode_table(true);

/// Symbol value of each lowercase byte (a TypeID suffix), or [`INVALID`].
#[cfg_attr(
    not(feature = "uuid"),
    allow(dead_code, reason = "the TypeID suffix reads it")
)]
pub(crate) const DECODE_LOWER: [u8; 256] = decode_table(false);

const fn decode_table(upper_too: bool) -> [u8; 256] {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 32 {
        table[LOWER[i] as usize] = i as u8;
        if upper_too {
            table[UPPER[i] as usize] = i as u8;
        }
        i += 1;
    }
    table
}

const fn pairs(alphabet: &[u8; 32]) -> [[u8; 2]; 1024] {
    let mut table = [[0u8; 2]; 1024];
    let mut v = 0;
    while v < 1024 {
        table[v] = [alphabet[v >> 5], alphabet[v & 31]];
        v += 1;
    }
    table
}

const UPPER_PAIRS: [[u8; 2]; 1024] = pairs(UPPER);
const LOWER_PAIRS: [[u8; 2]; 1024] = pairs(LOWER);

use super::base32_sortable::gather40;

/// The 26 symbols of `value`, uppercase (`lowercase: false`) or lowercase.
#[inline]
pub(crate) const fn encode26(value: u128, lowercase: bool) -> [u8; 26] {
    let table = if lowercase {
        &LOWER_PAIRS
    } else {
        &UPPER_PAIRS
    };
    let mut out = [0u8; 26];
    let mut k = 0;
    while k < 13 {
        // Pair `k` holds bits `120 - 10k .. 130 - 10k`; the first pair's top 2 bits are 0.
        let pair = table[((value >> (120 - 10 * k)) & 1023) as usize];
        out[2 * k] = pair[0];
        out[2 * k + 1] = pair[1];
        k += 1;
    }
    out
}

/// The value of 26 symbols under `table`, or `None` when a byte is not a symbol or the first
/// symbol is above `7` (the value would need 131 bits).
#[inline]
pub(crate) const fn decode26(text: &[u8; 26], table: &[u8; 256]) -> Option<u128> {
    // 26 independent lookups; symbols 2..26 go eight to a `u64` (one per byte, the first the
    // most significant), which `gather40` packs into 40 bits without a chain of shifts. One
    // comparison of all the symbols or-ed together checks them.
    let first = table[text[0] as usize] as u64;
    let second = table[text[1] as usize] as u64;
    let (a, b, c) = (
        eight(text, table, 2),
        eight(text, table, 10),
        eight(text, table, 18),
    );
    if (first | second | ((a | b | c) & 0xE0E0_E0E0_E0E0_E0E0)) > 31 || first > 7 {
        return None;
    }
    let high = (first << 5) | second;
    Some(
        ((high as u128) << 120)
            | ((gather40(a) as u128) << 80)
            | ((gather40(b) as u128) << 40)
            | gather40(c) as u128,
    )
}

/// [`decode26`] for run time, of a text of any length (`None` unless it is 26 bytes): the
/// same result, by AVX2 where the processor has it (`codec::avx2`), else by `decode26`.
/// `ANY_CASE` picks the table: [`DECODE_ANY_CASE`] or [`DECODE_LOWER`].
///
/// Inlined, it is a call and a test; the work is done out of line, once for every caller
/// (a typed id's parse among them), by [`decode_into`], whose answer comes back in a register
/// (see `codec::avx2::crockford26` for what an `Option<u128>` coming back cost).
#[inline(always)]
pub(crate) fn decode_fast<const ANY_CASE: bool>(text: &[u8]) -> Option<u128> {
    let mut value = 0;
    decode_into::<ANY_CASE>(text, &mut value).then_some(value)
}

/// [`decode_fast`]'s work: whether `text` is a value, and the value in `value`.
#[inline(never)]
fn decode_into<const ANY_CASE: bool>(text: &[u8], value: &mut u128) -> bool {
    let symbols = match (text.first_chunk::<26>(), text.len()) {
        (Some(symbols), 26) => symbols,
        _ => return false,
    };
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    if super::avx2::available() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { super::avx2::crockford26::<ANY_CASE>(symbols, value) };
    }
    let table = if ANY_CASE {
        &DECODE_ANY_CASE
    } else {
        &DECODE_LOWER
    };
    match decode26(symbols, table) {
        Some(decoded) => {
            *value = decoded;
            true
        }
        None => false,
    }
}

/// [`decode26`] of a text of any length: `None` unless it is 26 bytes (in `const` code: a
/// TypeID's suffix read by `DynTypeId::parse`).
#[cfg_attr(
    not(feature = "uuid"),
    allow(dead_code, reason = "the TypeID suffix reads it")
)]
#[inline]
pub(crate) const fn decode(text: &[u8], table: &[u8; 256]) -> Option<u128> {
    match (text.first_chunk::<26>(), text.len()) {
        (Some(symbols), 26) => decode26(symbols, table),
        _ => None,
    }
}

/// The inclusive bounds of the 128-bit values whose 26 symbols start with `prefix`, read
/// under `table`; `Ok(None)` when none do (a first symbol above `7`); the empty prefix bounds
/// every value. What the ULID and TypeID-suffix prefix ranges share: their errors name
/// `format` and list `expected`, the alphabet as that text is written.
///
/// # Errors
///
/// [`ErrorKind::Length`](crate::ErrorKind::Length) for a prefix longer than 26 symbols,
/// [`ErrorKind::Character`](crate::ErrorKind::Character) for a byte `table` does not read,
/// with its position.
pub(crate) fn prefix_bounds(
    prefix: &str,
    table: &[u8; 256],
    format: &'static str,
    expected: &'static str,
) -> Result<Option<(u128, u128)>, crate::Error> {
    use crate::error::{Lengths, Repr, char_at};
    let bytes = prefix.as_bytes();
    if bytes.len() > 26 {
        return Err(crate::Error::new(
            format,
            Repr::Length {
                expected: Lengths::Between(0, 26),
                found: bytes.len(),
            },
        ));
    }
    let mut value = 0u128;
    for (i, &byte) in bytes.iter().enumerate() {
        let symbol = table[byte as usize];
        if symbol == INVALID {
            return Err(crate::Error::new(
                format,
                Repr::Character {
                    position: i,
                    found: char_at(bytes, i),
                    expected,
                },
            ));
        }
        value = (value << 5) | symbol as u128;
    }
    if bytes
        .first()
        .is_some_and(|&first| table[first as usize] > 7)
    {
        return Ok(None);
    }
    // The 26 symbols carry 130 bits, the first one's top 2 always zero.
    let free = 5 * (26 - bytes.len()) as u32;
    Ok(Some(if free >= 128 {
        (0, u128::MAX)
    } else {
        let start = value << free;
        (start, start | ((1u128 << free) - 1))
    }))
}

/// The symbol values of `text[start..start + 8]` under `table`, one per byte of a `u64`, the
/// first in the most significant byte.
#[inline(always)]
const fn eight(text: &[u8; 26], table: &[u8; 256], start: usize) -> u64 {
    let mut acc = 0u64;
    let mut k = 0;
    while k < 8 {
        acc |= (table[text[start + k] as usize] as u64) << (56 - 8 * k);
        k += 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn every_symbol_round_trips_in_each_position() {
        for position in 0..26 {
            for symbol in 0..32u128 {
                if position == 0 && symbol > 7 {
                    continue;
                }
                let value = symbol << (5 * (25 - position));
                for lowercase in [false, true] {
                    let text = encode26(value, lowercase);
                    let table = if lowercase {
                        &DECODE_LOWER
                    } else {
                        &DECODE_ANY_CASE
                    };
                    assert_eq!(decode26(&text, table), Some(value));
                }
            }
        }
    }

    #[test]
    fn the_extremes_are_zeros_and_7z() {
        assert_eq!(&encode26(0, false), b"00000000000000000000000000");
        assert_eq!(&encode26(u128::MAX, false), b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assert_eq!(&encode26(u128::MAX, true), b"7zzzzzzzzzzzzzzzzzzzzzzzzz");
        assert_eq!(
            decode26(b"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", &DECODE_ANY_CASE),
            None
        );
        assert_eq!(
            decode26(b"80000000000000000000000000", &DECODE_ANY_CASE),
            None
        );
    }

    #[test]
    fn the_tables_refuse_what_is_not_a_symbol() {
        let valid = *b"01ARZ3NDEKTSV4RRFFQ69G5FAV";
        assert!(decode26(&valid, &DECODE_ANY_CASE).is_some());
        assert_eq!(decode26(&valid, &DECODE_LOWER), None);
        let lower = valid.map(|b| b.to_ascii_lowercase());
        assert_eq!(
            decode26(&lower, &DECODE_LOWER),
            decode26(&valid, &DECODE_ANY_CASE)
        );
        for bad in [
            b'I', b'L', b'O', b'U', b'i', b'l', b'o', b'u', b'-', 0x80, 0xFF,
        ] {
            let mut text = valid;
            text[25] = bad;
            assert_eq!(decode26(&text, &DECODE_ANY_CASE), None, "{bad:#x}");
        }
    }

    #[test]
    fn text_order_is_value_order() {
        let values = [
            0u128,
            1,
            31,
            32,
            1 << 64,
            (1 << 64) - 1,
            u128::MAX >> 3,
            u128::MAX,
        ];
        for a in values {
            for b in values {
                assert_eq!(
                    encode26(a, false).cmp(&encode26(b, false)),
                    a.cmp(&b),
                    "{a:#x} {b:#x}"
                );
            }
        }
    }
}
