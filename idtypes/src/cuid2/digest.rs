//! The reference's `hash`: SHA3-512 of the input, read as a big-endian integer and written in
//! base 36 (the first digit then dropped by the callers), on the stack.
//!
//! The 512-bit integer is cut into chunks of twelve base-36 digits by dividing it by 36^12
//! over eight 64-bit limbs, each step a division of two words by one with a precomputed
//! reciprocal (Möller and Granlund, "Improved division by invariant integers", 2011: two
//! multiplications instead of a hardware division). Only the leading chunks, the ones an id
//! or a fingerprint reads, are then written out as digits.

use sha3::{Digest as _, Sha3_512};

/// The base-36 digits, as JavaScript's `toString(36)` writes them.
pub(crate) const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// 36^12, the largest power of 36 below 2^64: one chunk of digits.
const CHUNK: u64 = 36u64.pow(12);
/// The shift that sets the top bit of [`CHUNK`] (the division needs it set).
const SHIFT: u32 = CHUNK.leading_zeros();
/// [`CHUNK`], shifted.
const DIVISOR: u64 = CHUNK << SHIFT;
/// The divisor's reciprocal: `floor((2^128 - 1) / DIVISOR) - 2^64`.
const RECIPROCAL: u64 = (u128::MAX / DIVISOR as u128 - (1 << 64)) as u64;
/// Chunks of a 512-bit integer: 9 (36^108 > 2^512).
const CHUNKS: usize = 9;
/// The leading digits written out: at least 37 (an id reads 33, a fingerprint 33).
const LEADING: usize = 48;

/// `<high, low> / DIVISOR` for `high < DIVISOR`: the quotient and the remainder.
#[inline(always)]
fn divide(high: u64, low: u64) -> (u64, u64) {
    // The estimate below is within 1 of the quotient, and `q` fits 128 bits: high *
    // (RECIPROCAL + 2^64) + low < DIVISOR * 2^128 / DIVISOR.
    let q =
        u128::from(RECIPROCAL) * u128::from(high) + ((u128::from(high) << 64) | u128::from(low));
    let mut quotient = ((q >> 64) as u64).wrapping_add(1);
    let mut rem = low.wrapping_sub(quotient.wrapping_mul(DIVISOR));
    if rem > q as u64 {
        quotient = quotient.wrapping_sub(1);
        rem = rem.wrapping_add(DIVISOR);
    }
    if rem >= DIVISOR {
        quotient = quotient.wrapping_add(1);
        rem -= DIVISOR;
    }
    (quotient, rem)
}

/// Writes the twelve digits of `chunk` (below 36^12) into `out`, as two independent runs of
/// six (below 36^6, in 32 bits).
#[inline(always)]
fn write_chunk(chunk: u64, out: &mut [u8; 12]) {
    const HALF: u64 = 36u64.pow(6);
    let (mut high, mut low) = ((chunk / HALF) as u32, (chunk % HALF) as u32);
    for i in (0..6).rev() {
        out[i] = DIGITS[(high % 36) as usize];
        out[i + 6] = DIGITS[(low % 36) as usize];
        high /= 36;
        low /= 36;
    }
}

/// The chunks of twelve base-36 digits of the big-endian integer `digest`, the least
/// significant first, and how many there are (at least one).
fn chunks(digest: &[u8; 64]) -> ([u64; CHUNKS], usize) {
    let mut limbs = [0u64; 8];
    for (limb, bytes) in limbs.iter_mut().zip(digest.chunks_exact(8)) {
        let mut word = [0; 8];
        word.copy_from_slice(bytes);
        *limb = u64::from_be_bytes(word);
    }
    let mut chunks = [0u64; CHUNKS];
    let mut count = 0;
    // The first limb that is not zero.
    let mut top = limbs
        .iter()
        .position(|&limb| limb != 0)
        .unwrap_or(limbs.len());
    // At most nine passes: 36^108 > 2^512.
    while top < limbs.len() || count == 0 {
        let live = &mut limbs[top..];
        // The live limbs shifted by SHIFT, read on the fly: the quotient is the same, the
        // remainder comes out shifted.
        let mut rem = live.first().map_or(0, |&limb| limb >> (64 - SHIFT));
        for i in 0..live.len() {
            let next = live.get(i + 1).map_or(0, |&limb| limb >> (64 - SHIFT));
            let (quotient, r) = divide(rem, (live[i] << SHIFT) | next);
            live[i] = quotient;
            rem = r;
        }
        chunks[count] = rem >> SHIFT;
        count += 1;
        while top < limbs.len() && limbs[top] == 0 {
            top += 1;
        }
    }
    (chunks, count)
}

/// The leading digits of a digest as an integer in base 36, without leading zeros (`"0"`
/// for zero): all of them up to 37, at least 37 beyond.
pub(crate) struct Base36 {
    /// The digits: `digits[start..]`.
    digits: [u8; LEADING],
    start: usize,
}

impl Base36 {
    /// The leading digits, the most significant first.
    #[inline]
    pub(crate) fn leading(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    /// The leading base-36 digits of the big-endian integer `digest`.
    pub(crate) fn of(digest: &[u8; 64]) -> Base36 {
        let (chunks, count) = chunks(digest);
        let mut digits = [b'0'; LEADING];
        let written = count.min(LEADING / 12);
        // The chunks written end at the end of `digits`.
        for (k, out) in digits.rchunks_exact_mut(12).take(written).enumerate() {
            let out: &mut [u8; 12] = out.try_into().unwrap_or_else(|_| unreachable!());
            write_chunk(chunks[count - written + k], out);
        }
        let start = match digits.iter().position(|&digit| digit != b'0') {
            Some(first) => first,
            // Zero is written `0`.
            None => LEADING - 1,
        };
        Base36 { digits, start }
    }
}

/// SHA3-512 over `parts`, one after the other (the reference hashes their concatenation).
pub(crate) fn sha3_512(parts: &[&[u8]]) -> [u8; 64] {
    let mut hasher = Sha3_512::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize().into()
}

/// The reference's `hash(input)`: SHA3-512 in base 36, its first digit dropped.
pub(crate) fn hash(parts: &[&[u8]]) -> Base36 {
    let mut text = Base36::of(&sha3_512(parts));
    // `.slice(1)`: past the end when the text is one digit, as JavaScript's is then empty.
    text.start = (text.start + 1).min(LEADING);
    text
}

/// An integer in base 36, as JavaScript's `Number.prototype.toString(36)` writes it (a `-`
/// before a negative one), on the stack: at most 14 characters.
pub(crate) struct Number {
    bytes: [u8; 14],
    start: usize,
}

impl Number {
    /// The text of `value`.
    #[inline]
    pub(crate) fn signed(value: i64) -> Number {
        let mut number = Number::unsigned(value.unsigned_abs());
        if value < 0 {
            number.start -= 1;
            number.bytes[number.start] = b'-';
        }
        number
    }

    /// The text of `value` (at most 13 digits, leaving room for a sign).
    #[inline]
    pub(crate) fn unsigned(mut value: u64) -> Number {
        let mut bytes = [0; 14];
        let mut start = bytes.len();
        loop {
            start -= 1;
            bytes[start] = DIGITS[(value % 36) as usize];
            value /= 36;
            if value == 0 {
                break;
            }
        }
        Number { bytes, start }
    }

    /// The characters.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    /// Every digit of a digest in base 36, from all its chunks.
    fn all(digest: &[u8; 64]) -> String {
        let (chunks, count) = chunks(digest);
        let mut text = String::new();
        for chunk in chunks[..count].iter().rev() {
            let mut out = [0; 12];
            write_chunk(*chunk, &mut out);
            text.push_str(core::str::from_utf8(&out).unwrap());
        }
        let trimmed = text.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".into()
        } else {
            trimmed.into()
        }
    }

    /// The base-36 text of a big-endian integer, one digit at a time (the slow, obvious way).
    fn slow_base36(bytes: &[u8; 64]) -> String {
        let mut value = bytes.to_vec();
        let mut digits = Vec::new();
        while value.iter().any(|&byte| byte != 0) {
            let mut rem = 0u32;
            for byte in &mut value {
                let current = (rem << 8) | u32::from(*byte);
                *byte = (current / 36) as u8;
                rem = current % 36;
            }
            digits.push(DIGITS[rem as usize]);
        }
        if digits.is_empty() {
            digits.push(b'0');
        }
        digits.reverse();
        String::from_utf8(digits).unwrap()
    }

    #[test]
    fn base36_matches_the_digit_by_digit_conversion() {
        let mut cases: Vec<[u8; 64]> = vec![[0; 64], [0xFF; 64]];
        let mut one = [0; 64];
        one[63] = 1;
        cases.push(one);
        let mut top = [0; 64];
        top[0] = 0x80;
        cases.push(top);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..300 {
            let mut bytes = [0u8; 64];
            for byte in &mut bytes[i % 40..] {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                *byte = (state >> 56) as u8;
            }
            cases.push(bytes);
        }
        for bytes in cases {
            let ours = Base36::of(&bytes);
            let slow = slow_base36(&bytes);
            assert_eq!(all(&bytes), slow);
            assert!(slow.as_bytes().starts_with(ours.leading()));
            assert!(ours.leading().len() >= slow.len().min(37));
        }
    }

    #[test]
    fn base36_matches_the_references_big_integer_text() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/vectors/cuid2/cuid2.json"
        );
        let vectors: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let cases = vectors["base36"].as_array().unwrap();
        assert!(cases.len() >= 5);
        for case in cases {
            let hex = case["digest"].as_str().unwrap();
            let digest: [u8; 64] =
                core::array::from_fn(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap());
            let text = case["base36"].as_str().unwrap();
            assert_eq!(all(&digest), text, "{hex}");
            assert!(text.as_bytes().starts_with(Base36::of(&digest).leading()));
        }
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        let text =
            |value: i64| String::from_utf8(Number::signed(value).as_bytes().to_vec()).unwrap();
        assert_eq!(text(0), "0");
        assert_eq!(text(35), "z");
        assert_eq!(text(36), "10");
        assert_eq!(text(-1500), "-15o");
        assert_eq!(text(1_700_000_000_000), "loyw3v28");
        assert_eq!(text(i64::MAX), "1y2p0ij32e8e7");
        assert_eq!(text(i64::MIN), "-1y2p0ij32e8e8");
        assert_eq!(Number::unsigned(u64::MAX).as_bytes(), b"3w5e11264sgsf");
    }
}
