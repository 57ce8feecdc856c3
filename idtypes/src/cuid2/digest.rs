//! The reference's `hash`: SHA3-512 of the input, read as a big-endian integer and written in
//! base 36 (the first digit then dropped by the callers), on the stack.
//!
//! The 512-bit integer is converted six digits at a time: divided by 36^6 (below 2^32) over
//! sixteen 32-bit limbs, whose every step is a 64-bit division by a constant (a multiply).

use sha3::{Digest as _, Sha3_512};

/// The base-36 digits, as JavaScript's `toString(36)` writes them.
pub(crate) const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// 36^6, the largest power of 36 below 2^32.
const CHUNK: u64 = 36u64.pow(6);

/// Digits of a 512-bit integer in chunks of six: 17 chunks (36^102 > 2^512).
const CAPACITY: usize = 102;

/// The base-36 text of a digest, without leading zeros (`"0"` for zero).
pub(crate) struct Base36 {
    digits: [u8; CAPACITY],
    start: usize,
}

impl Base36 {
    /// The digits, the most significant first.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    /// The base-36 text of the big-endian integer `digest`.
    pub(crate) fn of(digest: &[u8; 64]) -> Base36 {
        let mut limbs = [0u32; 16];
        for (limb, bytes) in limbs.iter_mut().zip(digest.chunks_exact(4)) {
            *limb = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        let mut digits = [b'0'; CAPACITY];
        let mut end = CAPACITY;
        // The first limb that is not zero.
        let mut top = limbs.iter().position(|&limb| limb != 0).unwrap_or(16);
        while top < 16 {
            let mut rem = 0u64;
            for limb in &mut limbs[top..] {
                // `rem < CHUNK < 2^32`, so `current < 2^64` and the quotient fits 32 bits.
                let current = (rem << 32) | u64::from(*limb);
                *limb = (current / CHUNK) as u32;
                rem = current % CHUNK;
            }
            while top < 16 && limbs[top] == 0 {
                top += 1;
            }
            let mut rem = rem as u32;
            for _ in 0..6 {
                end -= 1;
                digits[end] = DIGITS[(rem % 36) as usize];
                rem /= 36;
            }
        }
        let start = match digits[end..].iter().position(|&digit| digit != b'0') {
            Some(first) => end + first,
            // Zero is written `0`.
            None => CAPACITY - 1,
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
    text.start = (text.start + 1).min(CAPACITY);
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
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                *byte = (state >> 56) as u8;
            }
            cases.push(bytes);
        }
        for bytes in cases {
            let ours = Base36::of(&bytes);
            assert_eq!(
                core::str::from_utf8(ours.as_bytes()).unwrap(),
                slow_base36(&bytes)
            );
        }
    }

    #[test]
    fn base36_matches_the_references_big_integer_text() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/cuid2/cuid2.json");
        let vectors: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let cases = vectors["base36"].as_array().unwrap();
        assert!(cases.len() >= 5);
        for case in cases {
            let hex = case["digest"].as_str().unwrap();
            let digest: [u8; 64] = core::array::from_fn(|i| {
                u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()
            });
            let ours = Base36::of(&digest);
            assert_eq!(
                core::str::from_utf8(ours.as_bytes()).unwrap(),
                case["base36"].as_str().unwrap(),
                "{hex}"
            );
        }
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        let text = |value: i64| String::from_utf8(Number::signed(value).as_bytes().to_vec()).unwrap();
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
