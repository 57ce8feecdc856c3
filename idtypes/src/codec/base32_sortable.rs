//! base32-sortable: 5 bits per symbol over `234567abcdefghijklmnopqrstuvwxyz`.
//!
//! The alphabet is in ASCII order, so the text of fixed-width values sorts like the values.
//! Thirteen symbols carry 65 bits, most significant first; the codec works on the low 64 bits
//! and leaves the first symbol's fifth bit to the caller (`Tid` requires it to be 0).
//!
//! Both directions work eight symbols at a time in a `u64` (one symbol per byte), which is what
//! makes encoding and validating a 13-symbol text take a few nanoseconds.

/// The alphabet, in symbol order.
pub(crate) const ALPHABET: &[u8; 32] = b"234567abcdefghijklmnopqrstuvwxyz";

/// The alphabet as written in error messages.
pub(crate) const ALPHABET_STR: &str = "234567abcdefghijklmnopqrstuvwxyz";

/// Symbol value of each byte, or `INVALID`.
pub(crate) const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 32 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// Marks a byte that is not a symbol in [`DECODE`].
pub(crate) const INVALID: u8 = 0xFF;

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Spreads the low 40 bits of `x` into 8 bytes of 5 bits, byte `k` holding bits `5k..5k+5`.
const fn spread40(x: u64) -> u64 {
    let x = (x & 0xF_FFFF) | ((x & 0xFF_FFF0_0000) << 12);
    let x = (x & 0x0000_03FF_0000_03FF) | ((x & 0x000F_FC00_000F_FC00) << 6);
    (x & 0x001F_001F_001F_001F) | ((x & 0x03E0_03E0_03E0_03E0) << 3)
}

/// The inverse of [`spread40`] for bytes below 32.
const fn gather40(x: u64) -> u64 {
    let x = (x & 0x001F_001F_001F_001F) | ((x >> 3) & 0x03E0_03E0_03E0_03E0);
    let x = (x & 0x0000_03FF_0000_03FF) | ((x >> 6) & 0x000F_FC00_000F_FC00);
    (x & 0xF_FFFF) | ((x >> 12) & 0xFF_FFF0_0000)
}

/// Maps each byte value 0..32 to its symbol.
const fn to_ascii(x: u64) -> u64 {
    // A byte is a letter when it is at least 6: adding 122 sets its top bit then.
    let letters = ((x + 0x7A * ONES) & HIGH) >> 7;
    x + b'2' as u64 * ONES + letters * (b'a' - 6 - b'2') as u64
}

/// Per byte of `x`: 0x80 where the byte is a symbol, 0 elsewhere; and the symbol values
/// (meaningful only where the byte is a symbol).
const fn from_ascii(x: u64) -> (u64, u64) {
    let low7 = x & !HIGH;
    // `(low7 + (0x80 - lo))` has its top bit set where the byte is >= lo;
    // `(low7 + (0x7F - hi))` where it is > hi. Neither carries into the next byte.
    let ge_2 = low7 + (0x80 - 0x32) * ONES;
    let gt_7 = low7 + (0x7F - 0x37) * ONES;
    let ge_a = low7 + (0x80 - 0x61) * ONES;
    let gt_z = low7 + (0x7F - 0x7A) * ONES;
    let digit = ge_2 & !gt_7;
    let letter = ge_a & !gt_z;
    let valid = (digit | letter) & !x & HIGH;
    // Where valid, every byte is >= '2', so the subtraction borrows nowhere.
    let values = low7
        .wrapping_sub(b'2' as u64 * ONES)
        .wrapping_sub(((letter & HIGH) >> 7) * (b'a' - 6 - b'2') as u64);
    (valid, values)
}

/// Encodes the 64 bits of `value` as 13 symbols (the first symbol is `value >> 60`).
pub(crate) const fn encode13(value: u64) -> [u8; 13] {
    let hi = to_ascii(spread40(value >> 40)).to_be_bytes();
    let lo = to_ascii(spread40(value)).to_be_bytes();
    [
        hi[3], hi[4], hi[5], hi[6], hi[7], lo[0], lo[1], lo[2], lo[3], lo[4], lo[5], lo[6], lo[7],
    ]
}

/// Decodes 13 symbols into the low 64 bits of their value.
///
/// On a byte outside the alphabet, returns the position of the first one. The first symbol's
/// fifth bit (values 16..32) falls off the top: callers check `text[0]` themselves.
pub(crate) const fn decode13(text: &[u8; 13]) -> Result<u64, usize> {
    let hi = u64::from_be_bytes([0, 0, 0, text[0], text[1], text[2], text[3], text[4]]);
    let lo = u64::from_be_bytes([
        text[5], text[6], text[7], text[8], text[9], text[10], text[11], text[12],
    ]);
    let (hi_valid, hi_values) = from_ascii(hi);
    let (lo_valid, lo_values) = from_ascii(lo);
    const HI_USED: u64 = 0x0000_0080_8080_8080;
    if hi_valid & HI_USED != HI_USED || lo_valid != HIGH {
        return Err(first_invalid(text));
    }
    Ok((gather40(hi_values & 0x0000_00FF_FFFF_FFFF) << 40) | gather40(lo_values))
}

/// The position of the first byte of `text` outside the alphabet, or `text.len()`.
pub(crate) const fn first_invalid(text: &[u8]) -> usize {
    let mut i = 0;
    while i < text.len() {
        if DECODE[text[i] as usize] == INVALID {
            return i;
        }
        i += 1;
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode_slow(value: u64) -> [u8; 13] {
        let mut out = [0u8; 13];
        for (i, byte) in out.iter_mut().enumerate() {
            let shift = 60 - 5 * i as u32;
            *byte = ALPHABET[((value >> shift) & 0x1F) as usize];
        }
        out
    }

    fn decode_slow(text: &[u8; 13]) -> Result<u64, usize> {
        let mut value = 0u64;
        for (i, &b) in text.iter().enumerate() {
            let v = DECODE[b as usize];
            if v == INVALID {
                return Err(i);
            }
            value = (value << 5) | v as u64;
        }
        Ok(value)
    }

    #[test]
    fn every_symbol_in_every_position_matches_the_scalar_codec() {
        for pos in 0..13u32 {
            for sym in 0..32u64 {
                let shift = 60 - 5 * pos as i32;
                let value = if shift >= 0 { sym << shift } else { sym };
                let value = if pos == 0 { value & (0xF << 60) } else { value };
                assert_eq!(encode13(value), encode_slow(value), "pos {pos} sym {sym}");
                let text = encode_slow(value);
                assert_eq!(decode13(&text), decode_slow(&text));
            }
        }
    }

    #[test]
    fn every_byte_in_every_position_is_classified_like_the_table() {
        for pos in 0..13 {
            for byte in 0..=255u8 {
                let mut text = *b"2222222222222";
                text[pos] = byte;
                match decode_slow(&text) {
                    Ok(v) => assert_eq!(decode13(&text), Ok(v), "byte {byte:#x} at {pos}"),
                    Err(p) => assert_eq!(decode13(&text), Err(p), "byte {byte:#x} at {pos}"),
                }
            }
        }
    }

    #[test]
    fn sampled_values_round_trip() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(encode13(x), encode_slow(x));
            assert_eq!(decode13(&encode13(x)), Ok(x));
        }
    }
}
