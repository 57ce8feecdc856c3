//! Finding the first byte that is not in the record-key character set, many bytes per step:
//! 16 with SSE2 (every x86-64) or NEON (every aarch64), 32 with AVX2 where the processor has it
//! (detected at run time, with `std`), and one table lookup per byte elsewhere.
//!
//! Every path classifies a byte the same way: it is allowed when, taken as a signed byte,
//! - `byte | 0x20` lies in `a..=z` (a letter of either case: only `A-Z` and `a-z` fold there),
//! - or `byte` lies in `0..=:` (the digits and the colon),
//! - or in `-..=.` (hyphen, dot),
//! - or is `_` or `~`.
//!
//! A range test is one add and one signed compare: `lo <= b <= hi` exactly when
//! `(b - lo) as u8 < hi - lo + 1`, and adding `0x80` turns that unsigned compare into the signed
//! one the instruction sets have. Bytes of 0x80 and above are never allowed, and no path reads
//! outside the slice: a tail is checked by one more vector that overlaps the bytes before it
//! (already found good), a key of 8 to 15 bytes by one vector of two overlapping 8-byte
//! loads, and a key under 8 bytes by table lookups. A key of up to 32 bytes that
//! `RecordKey::parse` has already read into two words is checked from those
//! ([`first_invalid_short`]).

use super::syntax::ALLOWED;

/// The position of the first byte of `text` outside the record-key character set, or `None`.
#[inline]
pub(crate) fn first_invalid(text: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        if text.len() >= 64 && std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            return unsafe { x86::first_invalid_avx2(text) };
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        x86::first_invalid_sse2(text)
    }
    #[cfg(target_arch = "aarch64")]
    {
        arm::first_invalid_neon(text)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        first_invalid_scalar(text)
    }
}

/// [`first_invalid`] for a key of 1 to 32 bytes whose bytes the caller has already read into
/// two words, `low` (bytes 0..16) and `high` (16..32), zero-padded (see `inline::words`): on
/// x86-64, one or two vectors made from the words, with no loop and no further load, so that
/// `RecordKey::parse` can inline its short-key path. Elsewhere, [`first_invalid`] of `text`.
#[inline(always)]
pub(crate) fn first_invalid_short(text: &[u8], low: u128, high: u128) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::first_invalid_words(low, high, text.len())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (low, high);
        first_invalid(text)
    }
}

/// The same answer one byte at a time: the path of other processors (tested here beside the
/// others).
#[cfg(any(test, not(any(target_arch = "x86_64", target_arch = "aarch64"))))]
pub(crate) fn first_invalid_scalar(text: &[u8]) -> Option<usize> {
    text.iter().position(|&b| !ALLOWED[b as usize])
}

/// A key under 8 bytes, one lookup per byte.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn first_invalid_tiny(text: &[u8]) -> Option<usize> {
    text.iter().position(|&b| !ALLOWED[b as usize])
}

/// The first 8 and the last 8 bytes of `text` (8 to 16 bytes long; they overlap when it is
/// shorter than 16), as two little-endian words.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn ends(text: &[u8]) -> (u64, u64) {
    let len = text.len();
    let mut first = [0u8; 8];
    let mut last = [0u8; 8];
    first.copy_from_slice(&text[..8]);
    last.copy_from_slice(&text[len - 8..]);
    (u64::from_le_bytes(first), u64::from_le_bytes(last))
}

/// The position in `text` (8 to 16 bytes) of vector lane `lane` of [`ends`]: lanes 0 to 7
/// are the first 8 bytes, lanes 8 to 15 the last 8. Lanes are tested in order, so the first
/// bad lane is the first bad byte.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn ends_position(len: usize, lane: usize) -> usize {
    if lane < 8 { lane } else { len - 8 + (lane - 8) }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    use super::{ends, ends_position, first_invalid_tiny};

    /// The allowed-byte mask of 16 bytes: bit `i` set when byte `i` is allowed.
    ///
    /// SSE2 is part of x86-64, so these intrinsics are always available.
    #[inline(always)]
    fn allowed16(v: __m128i) -> u32 {
        // SAFETY: SSE2 is baseline on x86-64; the intrinsics only compute on registers.
        unsafe {
            let range = |x: __m128i, lo: u8, hi: u8| {
                let shifted = _mm_add_epi8(x, _mm_set1_epi8(0x80u8.wrapping_sub(lo) as i8));
                let limit = _mm_set1_epi8((0x80u8.wrapping_add(hi - lo + 1)) as i8);
                _mm_cmplt_epi8(shifted, limit)
            };
            let letters = range(_mm_or_si128(v, _mm_set1_epi8(0x20)), b'a', b'z');
            let digits = range(v, b'0', b':');
            let dash_dot = range(v, b'-', b'.');
            let underscore = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'_' as i8));
            let tilde = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'~' as i8));
            let allowed = _mm_or_si128(
                _mm_or_si128(letters, digits),
                _mm_or_si128(dash_dot, _mm_or_si128(underscore, tilde)),
            );
            _mm_movemask_epi8(allowed) as u32
        }
    }

    /// The first disallowed byte of `text`, 16 bytes per step.
    #[inline]
    pub(super) fn first_invalid_sse2(text: &[u8]) -> Option<usize> {
        let len = text.len();
        if len < 8 {
            return first_invalid_tiny(text);
        }
        if len < 16 {
            let (first, last) = ends(text);
            // SAFETY: SSE2 is baseline on x86-64.
            let mask = allowed16(unsafe { _mm_set_epi64x(last as i64, first as i64) });
            return (mask != 0xFFFF).then(|| ends_position(len, (!mask).trailing_zeros() as usize));
        }
        let mut at = 0;
        while at + 16 <= len {
            // SAFETY: `at + 16 <= len`: the 16 bytes are inside `text`; unaligned load.
            let v = unsafe { _mm_loadu_si128(text.as_ptr().add(at).cast()) };
            let mask = allowed16(v);
            if mask != 0xFFFF {
                return Some(at + (!mask).trailing_zeros() as usize);
            }
            at += 16;
        }
        if at == len {
            return None;
        }
        // The last 16 bytes: those before `at` are good, so the first bad lane is the tail's.
        let last = len - 16;
        // SAFETY: `len >= 16`: the 16 bytes from `last` are inside `text`.
        let v = unsafe { _mm_loadu_si128(text.as_ptr().add(last).cast()) };
        let mask = allowed16(v);
        (mask != 0xFFFF).then(|| last + (!mask).trailing_zeros() as usize)
    }

    /// The first disallowed byte among the first `len` (1 to 32) bytes of `low` (bytes 0..16)
    /// and `high` (bytes 16..32, looked at only when `len > 16`).
    #[inline(always)]
    pub(super) fn first_invalid_words(low: u128, high: u128, len: usize) -> Option<usize> {
        // SAFETY: SSE2 is baseline on x86-64.
        let vector = |word: u128| unsafe { _mm_set_epi64x((word >> 64) as i64, word as i64) };
        let mut allowed = allowed16(vector(low));
        allowed |= if len > 16 {
            allowed16(vector(high)) << 16
        } else {
            0xFFFF_0000
        };
        // Bits 0 to `len - 1`: the key's bytes; the padding after them is not looked at.
        let key = ((1u64 << len.min(32)) - 1) as u32;
        let bad = !allowed & key;
        (bad != 0).then(|| bad.trailing_zeros() as usize)
    }

    /// The allowed-byte mask of 32 bytes.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2.
    #[cfg(feature = "std")]
    #[target_feature(enable = "avx2")]
    #[inline]
    // The `unsafe` block is for Rust 1.85 and 1.86, whose AVX2 intrinsics are unsafe to call
    // even here; from 1.87 on they are safe in an AVX2 function and the block is unused.
    #[allow(unused_unsafe)]
    unsafe fn allowed32(v: __m256i) -> u32 {
        // SAFETY: the processor has AVX2 (this function's contract); the intrinsics only
        // compute on registers.
        unsafe {
            let range = |x: __m256i, lo: u8, hi: u8| {
                let shifted = _mm256_add_epi8(x, _mm256_set1_epi8(0x80u8.wrapping_sub(lo) as i8));
                let limit = _mm256_set1_epi8((0x80u8.wrapping_add(hi - lo + 1)) as i8);
                _mm256_cmpgt_epi8(limit, shifted)
            };
            let letters = range(_mm256_or_si256(v, _mm256_set1_epi8(0x20)), b'a', b'z');
            let digits = range(v, b'0', b':');
            let dash_dot = range(v, b'-', b'.');
            let underscore = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'_' as i8));
            let tilde = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'~' as i8));
            let allowed = _mm256_or_si256(
                _mm256_or_si256(letters, digits),
                _mm256_or_si256(dash_dot, _mm256_or_si256(underscore, tilde)),
            );
            _mm256_movemask_epi8(allowed) as u32
        }
    }

    /// The first disallowed byte of `text`, 32 bytes per step, then the SSE2 path for the
    /// last 0 to 31.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2 (detected at run time, which needs `std`).
    #[cfg(feature = "std")]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn first_invalid_avx2(text: &[u8]) -> Option<usize> {
        let mut at = 0;
        while at + 32 <= text.len() {
            // SAFETY: `at + 32 <= len`: the 32 bytes are inside `text`; unaligned load.
            let v = unsafe { _mm256_loadu_si256(text.as_ptr().add(at).cast()) };
            // SAFETY: the caller guarantees AVX2.
            let mask = unsafe { allowed32(v) };
            if mask != u32::MAX {
                return Some(at + (!mask).trailing_zeros() as usize);
            }
            at += 32;
        }
        first_invalid_sse2(&text[at..]).map(|i| at + i)
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    use core::arch::aarch64::*;

    use super::{ends, ends_position, first_invalid_tiny};

    /// 0xFF in each lane whose byte is allowed, 0 elsewhere.
    ///
    /// NEON is part of aarch64, so these intrinsics are always available.
    #[inline(always)]
    fn allowed16(v: uint8x16_t) -> uint8x16_t {
        // SAFETY: NEON is baseline on aarch64; the intrinsics only compute on registers.
        unsafe {
            // Unsigned compares exist here: `b - lo < hi - lo + 1`.
            let range = |x: uint8x16_t, lo: u8, hi: u8| {
                vcltq_u8(vsubq_u8(x, vdupq_n_u8(lo)), vdupq_n_u8(hi - lo + 1))
            };
            let letters = range(vorrq_u8(v, vdupq_n_u8(0x20)), b'a', b'z');
            let digits = range(v, b'0', b':');
            let dash_dot = range(v, b'-', b'.');
            let underscore = vceqq_u8(v, vdupq_n_u8(b'_'));
            let tilde = vceqq_u8(v, vdupq_n_u8(b'~'));
            vorrq_u8(
                vorrq_u8(letters, digits),
                vorrq_u8(dash_dot, vorrq_u8(underscore, tilde)),
            )
        }
    }

    /// The first lane of `allowed` that is 0, if any.
    #[inline(always)]
    fn first_zero(allowed: uint8x16_t) -> Option<usize> {
        // SAFETY: NEON is baseline on aarch64.
        unsafe {
            if vminvq_u8(allowed) == 0xFF {
                return None;
            }
            let mut lanes = [0u8; 16];
            vst1q_u8(lanes.as_mut_ptr(), allowed);
            lanes.iter().position(|&lane| lane == 0)
        }
    }

    /// The first disallowed byte of `text`, 16 bytes per step.
    pub(super) fn first_invalid_neon(text: &[u8]) -> Option<usize> {
        let len = text.len();
        if len < 8 {
            return first_invalid_tiny(text);
        }
        if len < 16 {
            let (first, last) = ends(text);
            // SAFETY: NEON is baseline on aarch64.
            let v = unsafe { vcombine_u8(vcreate_u8(first), vcreate_u8(last)) };
            return first_zero(allowed16(v)).map(|lane| ends_position(len, lane));
        }
        let mut at = 0;
        while at + 16 <= len {
            // SAFETY: `at + 16 <= len`: the 16 bytes are inside `text`.
            let v = unsafe { vld1q_u8(text.as_ptr().add(at)) };
            if let Some(i) = first_zero(allowed16(v)) {
                return Some(at + i);
            }
            at += 16;
        }
        if at == len {
            return None;
        }
        // The last 16 bytes: those before `at` are good, so the first bad lane is the tail's.
        let last = len - 16;
        // SAFETY: `len >= 16`: the 16 bytes from `last` are inside `text`.
        let v = unsafe { vld1q_u8(text.as_ptr().add(last)) };
        first_zero(allowed16(v)).map(|i| last + i)
    }
}

#[cfg(test)]
mod tests {
    use alloc::{vec, vec::Vec};

    use super::*;
    use crate::ErrorKind;

    /// The character set written out again from the specification, not read from [`ALLOWED`],
    /// so that a wrong table fails too.
    fn allowed(byte: u8) -> bool {
        byte.is_ascii_alphanumeric() || b".-_~:".contains(&byte)
    }

    fn reference(key: &[u8]) -> Option<usize> {
        key.iter().position(|&byte| !allowed(byte))
    }

    type Path = fn(&[u8]) -> Option<usize>;

    /// The `const` check (eight bytes per step), as a position: its reserved-key error is
    /// expected for `.` and `..` only.
    fn const_path(key: &[u8]) -> Option<usize> {
        match crate::record_key::syntax::validate(key) {
            Ok(()) => None,
            Err(err) if err.kind() == ErrorKind::Character => err.position(),
            Err(err) if err.kind() == ErrorKind::Reserved && matches!(key, b"." | b"..") => None,
            Err(_) => Some(usize::MAX),
        }
    }

    /// The path `RecordKey::parse` inlines for keys of up to 32 bytes (the inline ones): the
    /// words it stores, checked in registers.
    fn short_path(key: &[u8]) -> Option<usize> {
        let (low, high) = super::super::inline::words(key);
        first_invalid_short(key, low, high)
    }

    /// AVX2, called directly (the dispatcher takes it from 64 bytes only).
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    fn avx2_path(key: &[u8]) -> Option<usize> {
        assert!(std::is_x86_feature_detected!("avx2"));
        // SAFETY: the processor has AVX2, asserted just above.
        unsafe { x86::first_invalid_avx2(key) }
    }

    /// Every path this build and this processor have, each called directly, by name.
    fn paths(len: usize) -> Vec<(&'static str, Path)> {
        let mut paths: Vec<(&'static str, Path)> = vec![
            ("first_invalid", first_invalid),
            ("scalar", first_invalid_scalar),
            ("const", const_path),
        ];
        if len <= 32 {
            paths.push(("short", short_path));
        }
        #[cfg(target_arch = "x86_64")]
        paths.push(("sse2", x86::first_invalid_sse2));
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if std::is_x86_feature_detected!("avx2") {
            paths.push(("avx2", avx2_path));
        }
        #[cfg(target_arch = "aarch64")]
        paths.push(("neon", arm::first_invalid_neon));
        paths
    }

    /// Every byte value in every position of keys of every length up to 80 (past two AVX2
    /// steps and an SSE2 tail, and every short-key length), and of long keys on either side of
    /// the 16- and 32-byte steps, in a key of allowed bytes: every path finds the reference's
    /// answer.
    #[test]
    fn every_path_agrees_with_the_reference_on_every_byte_in_every_position() {
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if !std::is_x86_feature_detected!("avx2") {
            std::eprintln!("this processor has no AVX2: its path is not tested here");
        }
        let lengths = (1..=80).chain([95, 96, 97, 127, 128, 129, 512]);
        for len in lengths {
            let paths = paths(len);
            let mut key = vec![b'a'; len];
            for at in 0..len {
                for byte in 0..=255u8 {
                    key[at] = byte;
                    let expected = reference(&key);
                    for (name, path) in &paths {
                        assert_eq!(
                            path(&key),
                            expected,
                            "path {name}, length {len}, byte {byte:#04x} at {at}"
                        );
                    }
                }
                key[at] = b'a';
            }
        }
    }

    #[test]
    fn the_first_of_several_bad_bytes_is_found() {
        let mut key = vec![b'Z'; 512];
        key[300] = b'/';
        key[301] = 0xFF;
        key[511] = b' ';
        for len in [302, 512] {
            for (name, path) in paths(len) {
                assert_eq!(path(&key[..len]), Some(300), "{name}");
            }
        }
        assert_eq!(first_invalid(&key[302..]), Some(209));
        assert_eq!(first_invalid(&key[..300]), None);
        let mut short = *b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        short[17] = b'#';
        short[30] = b' ';
        short[31] = 0x80;
        assert_eq!(short_path(&short), Some(17));
        assert_eq!(short_path(&short[..17]), None);
        assert_eq!(short_path(&short[18..]), Some(12));
    }
}
