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

/// Gathers 8 bytes of 5 bits (byte `k` holding bits `5k..5k+5`) into 40 bits.
#[inline]
pub(crate) const fn gather40(x: u64) -> u64 {
    let x = (x & 0x001F_001F_001F_001F) | ((x >> 3) & 0x03E0_03E0_03E0_03E0);
    let x = (x & 0x0000_03FF_0000_03FF) | ((x >> 6) & 0x000F_FC00_000F_FC00);
    (x & 0xF_FFFF) | ((x >> 12) & 0xFF_FFF0_0000)
}

/// Per byte of `x`: 0x80 where the byte is a symbol, 0 elsewhere; and the symbol values
/// (meaningful only where the byte is a symbol).
#[inline]
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

/// The two symbols of every 10-bit value: `PAIRS[v] = [symbol(v >> 5), symbol(v & 31)]`.
const PAIRS: [[u8; 2]; 1024] = {
    let mut table = [[0u8; 2]; 1024];
    let mut v = 0;
    while v < 1024 {
        table[v] = [ALPHABET[v >> 5], ALPHABET[v & 31]];
        v += 1;
    }
    table
};

/// Encodes the 64 bits of `value` as 13 symbols (the first symbol is `value >> 60`).
///
/// One lookup for the first symbol and six independent lookups of symbol pairs (a 2 KiB
/// table): no long dependency chain, so it runs in a few nanoseconds.
#[inline]
pub(crate) const fn encode13(value: u64) -> [u8; 13] {
    let mut out = [0u8; 13];
    out[0] = ALPHABET[(value >> 60) as usize];
    let mut k = 0;
    while k < 6 {
        let pair = PAIRS[((value >> (50 - 10 * k)) & 0x3FF) as usize];
        out[1 + 2 * k] = pair[0];
        out[2 + 2 * k] = pair[1];
        k += 1;
    }
    out
}

/// Decodes 13 symbols into the low 64 bits of their value.
///
/// On a byte outside the alphabet, returns the position of the first one. The first symbol's
/// fifth bit (values 16..32) falls off the top: callers check `text[0]` themselves.
#[inline]
pub(crate) const fn decode13(text: &[u8; 13]) -> Result<u64, usize> {
    // Two overlapping word loads: bytes 0..8 (keep the first five) and bytes 5..13.
    let hi = u64::from_be_bytes([
        text[0], text[1], text[2], text[3], text[4], text[5], text[6], text[7],
    ]) >> 24;
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

/// [`decode13`] for run time: the same result, with SSE2 on x86-64 (every x86-64 CPU has it),
/// checking and decoding the 13 symbols in one 16-byte register.
#[inline]
pub(crate) fn decode13_fast(text: &[u8; 13]) -> Result<u64, usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        match sse2::decode13(text) {
            Some(value) => Ok(value),
            None => Err(first_invalid(text)),
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        decode13(text)
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_cvtsi128_si64, _mm_madd_epi16,
        _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8, _mm_set1_epi16,
        _mm_set1_epi32, _mm_set1_epi64x, _mm_slli_epi16, _mm_slli_epi64, _mm_srli_epi16,
        _mm_srli_epi64, _mm_sub_epi8, _mm_unpackhi_epi64,
    };

    /// The value of 13 symbols, or `None` if any byte is outside the alphabet.
    #[inline]
    pub(super) fn decode13(text: &[u8; 13]) -> Option<u64> {
        // Lane 0: bytes 0..8 (symbols 0..8); lane 1: bytes 5..13 (symbols 5..13). Each lane
        // decodes to 40 bits; the overlap is dropped when the lanes are joined.
        let first = u64::from_le_bytes([
            text[0], text[1], text[2], text[3], text[4], text[5], text[6], text[7],
        ]);
        let last = u64::from_le_bytes([
            text[5], text[6], text[7], text[8], text[9], text[10], text[11], text[12],
        ]);
        // SAFETY: SSE2 is enabled for this target (checked by the `cfg` above); the
        // intrinsics only compute on registers.
        unsafe {
            let x = _mm_set_epi64x(last as i64, first as i64);
            // Signed byte compares: bytes >= 0x80 are negative and fail `> '1'` and `> '`'`.
            let digit = _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(b'2' as i8 - 1)),
                _mm_cmplt_epi8(x, _mm_set1_epi8(b'7' as i8 + 1)),
            );
            let letter = _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(b'a' as i8 - 1)),
                _mm_cmplt_epi8(x, _mm_set1_epi8(b'z' as i8 + 1)),
            );
            if _mm_movemask_epi8(_mm_or_si128(digit, letter)) != 0xFFFF {
                return None;
            }
            // Symbol values: '2'..'7' -> 0..5, 'a'..'z' -> 6..31.
            let gap = (b'a' - 6 - b'2') as i8;
            let values = _mm_sub_epi8(
                _mm_sub_epi8(x, _mm_set1_epi8(b'2' as i8)),
                _mm_and_si128(letter, _mm_set1_epi8(gap)),
            );
            Some(join(values))
        }
    }

    /// Packs two lanes of eight 5-bit values (first symbol in the lowest byte) into 65 bits,
    /// of which the low 64 are returned.
    #[inline]
    unsafe fn join(values: __m128i) -> u64 {
        // SAFETY (whole body): SSE2 register arithmetic only.
        unsafe {
            // 16-bit lanes: earlier symbol * 32 + later symbol.
            let pairs = _mm_or_si128(
                _mm_slli_epi16(_mm_and_si128(values, _mm_set1_epi16(0x00FF)), 5),
                _mm_srli_epi16(values, 8),
            );
            // 32-bit lanes: earlier pair * 1024 + later pair.
            let quads = _mm_madd_epi16(pairs, _mm_set1_epi32((1 << 16) | 1024));
            // 64-bit lanes: earlier quad << 20 | later quad: 40 bits each.
            let octs = _mm_or_si128(
                _mm_slli_epi64(_mm_and_si128(quads, _mm_set1_epi64x(0xFFFF_FFFF)), 20),
                _mm_srli_epi64(quads, 32),
            );
            let first = _mm_cvtsi128_si64(octs) as u64;
            let last = _mm_cvtsi128_si64(_mm_unpackhi_epi64(octs, octs)) as u64;
            // Symbols 0..5 are the top 25 of `first`'s 40 bits; symbols 5..13 are `last`.
            ((first >> 15) << 40) | last
        }
    }
}

/// The position of the first byte of `text` outside the alphabet, or `text.len()`.
pub(crate) const fn first_invalid(text: &[u8]) -> usize {
    super::first_invalid(text, &DECODE, INVALID)
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
                assert_eq!(decode13_fast(&text), decode_slow(&text));
            }
        }
    }

    #[test]
    fn every_byte_in_every_position_is_classified_like_the_table() {
        for pos in 0..13 {
            for byte in 0..=255u8 {
                let mut text = *b"2222222222222";
                text[pos] = byte;
                let expected = decode_slow(&text);
                assert_eq!(decode13(&text), expected, "byte {byte:#x} at {pos}");
                assert_eq!(decode13_fast(&text), expected, "byte {byte:#x} at {pos}");
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
            assert_eq!(decode13_fast(&encode13(x)), Ok(x));
        }
    }
}
