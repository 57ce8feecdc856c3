//! Base62 for 160-bit values, as KSUIDs write them: 27 symbols over
//! `0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz`, most significant first,
//! left-padded with `0`. The alphabet is in ASCII order, so the texts sort like the values.
//!
//! 62^27 is a little above 2^160, so the 27-symbol texts above the largest 160-bit value
//! (`aWgEPTl1tmebfsQzFP4bxwgy80V`) name no value: [`decode`] tells them apart.
//!
//! Encoding divides the value, as five 32-bit words, by 62^5 five times (a 64-bit division
//! by a constant, which compiles to a multiplication) and writes each remainder as five
//! symbols. Decoding checks every symbol with one comparison of their OR, reads the text as
//! three 9-symbol numbers (62^9 fits in 64 bits) and joins them in three 64-bit words with
//! 128-bit multiplications.

/// The alphabet, in symbol order.
pub(crate) const ALPHABET: &[u8; 62] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The alphabet as error messages write it.
pub(crate) const ALPHABET_STR: &str =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The number of symbols of a text.
pub(crate) const LEN: usize = 27;

/// Marks a byte that is not a symbol in [`DECODE`].
pub(crate) const INVALID: u8 = 0xFF;

/// Symbol value of each byte, or [`INVALID`].
pub(crate) const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 62 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// 62^5: five symbols, under 2^30.
const FIVE: u64 = 916_132_832;

/// 62^9: nine symbols, under 2^54.
const NINE: u64 = 13_537_086_546_263_552;

/// The pairs of symbols of the numbers 0 to 62^2 - 1, in order.
const PAIRS: [[u8; 2]; 3844] = {
    let mut table = [[0u8; 2]; 3844];
    let mut i = 0;
    while i < 3844 {
        table[i] = [ALPHABET[i / 62], ALPHABET[i % 62]];
        i += 1;
    }
    table
};

/// The 27 symbols of a 160-bit value (20 big-endian bytes).
#[inline]
pub(crate) const fn encode(bytes: &[u8; 20]) -> [u8; LEN] {
    let mut words = [0u32; 5];
    let mut i = 0;
    while i < 5 {
        words[i] = u32::from_be_bytes([
            bytes[4 * i],
            bytes[4 * i + 1],
            bytes[4 * i + 2],
            bytes[4 * i + 3],
        ]);
        i += 1;
    }
    let mut out = [b'0'; LEN];
    // Five rounds of long division by 62^5, each giving the next five symbols from the end.
    let mut round = 0;
    while round < 5 {
        let mut remainder = 0u64;
        let mut i = 0;
        while i < 5 {
            let current = (remainder << 32) | words[i] as u64;
            words[i] = (current / FIVE) as u32;
            remainder = current % FIVE;
            i += 1;
        }
        write5(&mut out, LEN - 5 * (round + 1), remainder as u32);
        round += 1;
    }
    // What is left is below 62^2: the first two symbols.
    let pair = PAIRS[words[4] as usize];
    out[0] = pair[0];
    out[1] = pair[1];
    out
}

/// Writes `chunk` (below 62^5) as five symbols at `at`.
#[inline(always)]
const fn write5(out: &mut [u8; LEN], at: usize, chunk: u32) {
    let high = chunk / 3844;
    let low = PAIRS[(chunk % 3844) as usize];
    let middle = PAIRS[(high % 3844) as usize];
    out[at] = ALPHABET[(high / 3844) as usize];
    out[at + 1] = middle[0];
    out[at + 2] = middle[1];
    out[at + 3] = low[0];
    out[at + 4] = low[1];
}

/// What a 27-byte text is not, when it is not a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// A byte outside the alphabet (the first such one is found by
    /// [`first_invalid`](crate::codec::first_invalid)).
    Symbol,
    /// Every byte is a symbol, and the value is above 2^160 - 1.
    Overflow,
}

/// The 20 big-endian bytes of a 27-symbol text.
#[inline]
pub(crate) const fn decode(text: &[u8; LEN]) -> Result<[u8; 20], DecodeError> {
    let Some(words) = decode_wide(text) else {
        return Err(DecodeError::Symbol);
    };
    if words[0] >> 32 != 0 {
        return Err(DecodeError::Overflow);
    }
    Ok(to_bytes(words))
}

/// The value of a 27-symbol text in three 64-bit words, most significant first (up to 62^27,
/// which needs 161 bits), or `None` for a byte outside the alphabet.
#[inline(always)]
pub(crate) const fn decode_wide(text: &[u8; LEN]) -> Option<[u64; 3]> {
    let (a, valid_a) = nine(text, 0);
    let (b, valid_b) = nine(text, 9);
    let (c, valid_c) = nine(text, 18);
    // Symbols are below 64, and INVALID has its top bits set.
    if (valid_a | valid_b | valid_c) >= 64 {
        return None;
    }
    // ((a * 62^9) + b) * 62^9 + c: a below 2^54, the first product below 2^108.
    let ab = a as u128 * NINE as u128 + b as u128;
    let low = (ab as u64) as u128 * NINE as u128 + c as u128;
    let high = (ab >> 64) * NINE as u128 + (low >> 64);
    Some([(high >> 64) as u64, high as u64, low as u64])
}

/// The number that nine symbols at `at` make, and the OR of their symbol values (64 or more
/// when one is not a symbol).
#[inline(always)]
const fn nine(text: &[u8; LEN], at: usize) -> (u64, u8) {
    let mut value = 0u64;
    let mut seen = 0u8;
    let mut i = 0;
    while i < 9 {
        let symbol = DECODE[text[at + i] as usize];
        seen |= symbol;
        value = value.wrapping_mul(62).wrapping_add(symbol as u64);
        i += 1;
    }
    (value, seen)
}

/// The 20 big-endian bytes of a value below 2^160 in three 64-bit words.
#[inline(always)]
const fn to_bytes(words: [u64; 3]) -> [u8; 20] {
    let top = (words[0] as u32).to_be_bytes();
    let middle = words[1].to_be_bytes();
    let low = words[2].to_be_bytes();
    let mut out = [0u8; 20];
    let mut i = 0;
    while i < 4 {
        out[i] = top[i];
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        out[4 + i] = middle[i];
        out[12 + i] = low[i];
        i += 1;
    }
    out
}

/// The bytes of the value of a 27-symbol text, or the largest value where the text is above
/// it: the end of a prefix's range. `None` for a byte outside the alphabet.
pub(crate) const fn decode_saturating(text: &[u8; LEN]) -> Option<[u8; 20]> {
    match decode_wide(text) {
        Some(words) if words[0] >> 32 != 0 => Some([0xFF; 20]),
        Some(words) => Some(to_bytes(words)),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's way: one symbol at a time, dividing all five words by 62.
    fn encode_by_62(bytes: &[u8; 20]) -> [u8; LEN] {
        let mut words = [0u32; 5];
        for (word, chunk) in words.iter_mut().zip(bytes.chunks(4)) {
            *word = u32::from_be_bytes(chunk.try_into().unwrap());
        }
        let mut out = [b'0'; LEN];
        for at in (0..LEN).rev() {
            let mut remainder = 0u64;
            for word in &mut words {
                let current = (remainder << 32) | u64::from(*word);
                *word = (current / 62) as u32;
                remainder = current % 62;
            }
            out[at] = ALPHABET[remainder as usize];
        }
        out
    }

    #[test]
    fn the_extremes_read_and_write() {
        assert_eq!(&encode(&[0; 20]), b"000000000000000000000000000");
        assert_eq!(&encode(&[0xFF; 20]), b"aWgEPTl1tmebfsQzFP4bxwgy80V");
        assert_eq!(decode(b"aWgEPTl1tmebfsQzFP4bxwgy80V"), Ok([0xFF; 20]));
        assert_eq!(
            decode(b"aWgEPTl1tmebfsQzFP4bxwgy80W"),
            Err(DecodeError::Overflow)
        );
        assert_eq!(
            decode(b"zzzzzzzzzzzzzzzzzzzzzzzzzzz"),
            Err(DecodeError::Overflow)
        );
        assert_eq!(
            decode(b"0000000000000:0000000000000"),
            Err(DecodeError::Symbol)
        );
    }

    #[test]
    fn encoding_matches_division_by_62_and_decoding_inverts_it() {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..2000 {
            let mut bytes = [0u8; 20];
            for byte in &mut bytes {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                *byte = (state >> 56) as u8;
            }
            // Small and large values too.
            let zeros = (state % 21) as usize;
            bytes[..zeros].fill(if state & 1 == 0 { 0 } else { 0xFF });
            let text = encode(&bytes);
            assert_eq!(text, encode_by_62(&bytes));
            assert_eq!(decode(&text), Ok(bytes));
        }
    }

    #[test]
    fn every_byte_outside_the_alphabet_is_refused() {
        for byte in 0..=255u8 {
            let mut text = *b"0ujtsYcgvSTl8PAuAdqWYSMnLOv";
            text[13] = byte;
            let valid = byte.is_ascii_alphanumeric();
            assert_eq!(decode(&text).is_ok(), valid, "{byte}");
        }
    }
}
