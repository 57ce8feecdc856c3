//! Fixed-width Base58 (Bitcoin alphabet): a `u64` as exactly 11 symbols, most significant
//! first, left-padded with `1` (the zero symbol).
//!
//! The alphabet is in ASCII order, so the text of equal-width values sorts like the values.
//! 58^11 is larger than 2^64: 11 symbols can name values a `u64` cannot hold, which decoding
//! reports.
//!
//! Both directions avoid one long dependency chain: encoding splits the value once by 58^6
//! and then writes pairs of symbols from a table; decoding combines pairs of symbols, then
//! groups, with checked arithmetic for the overflow.

/// The alphabet, in symbol order.
pub(crate) const ALPHABET: &[u8; 58] =
    b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// The alphabet as written in error messages.
pub(crate) const ALPHABET_STR: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// Marks a byte that is not a symbol in [`DECODE`].
pub(crate) const INVALID: u8 = 0xFF;

/// Symbol value of each byte, or `INVALID`.
pub(crate) const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 58 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

const B2: u64 = 58 * 58;
const B3: u64 = B2 * 58;
const B4: u64 = B3 * 58;
const B6: u64 = B3 * B3;
const B7: u64 = B6 * 58;

/// The two symbols of every value below 58^2.
const PAIRS: [[u8; 2]; B2 as usize] = {
    let mut table = [[0u8; 2]; B2 as usize];
    let mut v = 0;
    while v < B2 as usize {
        table[v] = [ALPHABET[v / 58], ALPHABET[v % 58]];
        v += 1;
    }
    table
};

/// Encodes `value` as 11 symbols.
#[inline]
pub(crate) const fn encode11(value: u64) -> [u8; 11] {
    // value = high * 58^6 + low; high < 2^64 / 58^6 < 58^5 (5 symbols), low < 58^6 (6).
    let high = (value / B6) as u32;
    let low = value % B6;
    let (h0, h_rest) = (high / B4 as u32, high % B4 as u32);
    let (h1, h2) = (h_rest / B2 as u32, h_rest % B2 as u32);
    let (l0, l_rest) = (low / B4, low % B4);
    let (l1, l2) = ((l_rest / B2) as usize, (l_rest % B2) as usize);
    let p = PAIRS[h1 as usize];
    let q = PAIRS[h2 as usize];
    let r = PAIRS[l0 as usize];
    let s = PAIRS[l1];
    let t = PAIRS[l2];
    [
        ALPHABET[h0 as usize],
        p[0],
        p[1],
        q[0],
        q[1],
        r[0],
        r[1],
        s[0],
        s[1],
        t[0],
        t[1],
    ]
}

/// Why 11 symbols do not decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// The byte at this position is not a symbol.
    Symbol(usize),
    /// The value is above `u64::MAX`.
    Overflow,
}

/// Decodes 11 symbols.
#[inline]
pub(crate) const fn decode11(text: &[u8; 11]) -> Result<u64, DecodeError> {
    let d = [
        DECODE[text[0] as usize],
        DECODE[text[1] as usize],
        DECODE[text[2] as usize],
        DECODE[text[3] as usize],
        DECODE[text[4] as usize],
        DECODE[text[5] as usize],
        DECODE[text[6] as usize],
        DECODE[text[7] as usize],
        DECODE[text[8] as usize],
        DECODE[text[9] as usize],
        DECODE[text[10] as usize],
    ];
    let any = d[0] | d[1] | d[2] | d[3] | d[4] | d[5] | d[6] | d[7] | d[8] | d[9] | d[10];
    if any & 0x80 != 0 {
        return Err(DecodeError::Symbol(first_invalid(text)));
    }
    // Pairs, then groups: symbols 0..4 (a), 4..8 (b), 8..11 (c).
    let a = pair(d[0], d[1]) * B2 + pair(d[2], d[3]);
    let b = pair(d[4], d[5]) * B2 + pair(d[6], d[7]);
    let c = pair(d[8], d[9]) * 58 + d[10] as u64;
    // value = a * 58^7 + b * 58^3 + c, where only the first product can overflow.
    let Some(top) = a.checked_mul(B7) else {
        return Err(DecodeError::Overflow);
    };
    match top.checked_add(b * B3 + c) {
        Some(value) => Ok(value),
        None => Err(DecodeError::Overflow),
    }
}

/// The value of two symbol values.
#[inline]
const fn pair(high: u8, low: u8) -> u64 {
    high as u64 * 58 + low as u64
}

/// The position of the first byte of `text` outside the alphabet, or `text.len()`.
pub(crate) const fn first_invalid(text: &[u8]) -> usize {
    super::first_invalid(text, &DECODE, INVALID)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode_slow(mut value: u64) -> [u8; 11] {
        let mut out = [b'1'; 11];
        for byte in out.iter_mut().rev() {
            *byte = ALPHABET[(value % 58) as usize];
            value /= 58;
        }
        out
    }

    fn decode_slow(text: &[u8; 11]) -> Result<u64, DecodeError> {
        let mut value = 0u128;
        for (i, &b) in text.iter().enumerate() {
            let digit = DECODE[b as usize];
            if digit == INVALID {
                return Err(DecodeError::Symbol(i));
            }
            value = value * 58 + digit as u128;
        }
        u64::try_from(value).map_err(|_| DecodeError::Overflow)
    }

    #[test]
    fn known_answers() {
        assert_eq!(&encode11(0), b"11111111111");
        assert_eq!(&encode11(57), b"1111111111z");
        assert_eq!(&encode11(u64::MAX), b"jpXCZedGfVQ");
        assert_eq!(decode11(b"jpXCZedGfVQ"), Ok(u64::MAX));
        assert_eq!(decode11(b"jpXCZedGfVR"), Err(DecodeError::Overflow));
        assert_eq!(decode11(b"zzzzzzzzzzz"), Err(DecodeError::Overflow));
    }

    #[test]
    fn every_symbol_in_every_position_matches_the_scalar_codec() {
        for pos in 0..11 {
            for byte in 0..=255u8 {
                let mut text = *b"jpXCZedGfVQ";
                text[pos] = byte;
                assert_eq!(
                    decode11(&text),
                    decode_slow(&text),
                    "byte {byte:#x} at {pos}"
                );
                let mut text = *b"11111111111";
                text[pos] = byte;
                assert_eq!(
                    decode11(&text),
                    decode_slow(&text),
                    "byte {byte:#x} at {pos}"
                );
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
            assert_eq!(encode11(x), encode_slow(x));
            assert_eq!(decode11(&encode11(x)), Ok(x));
        }
        for k in 0..64 {
            for v in [(1u64 << k) - 1, 1 << k, (1u64 << k) + 1] {
                assert_eq!(encode11(v), encode_slow(v));
                assert_eq!(decode11(&encode11(v)), Ok(v));
            }
        }
    }
}
