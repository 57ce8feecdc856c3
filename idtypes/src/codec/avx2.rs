//! The AVX2 forms of the codecs whose scalar forms read or write a byte at a time: a ULID's 26
//! Crockford base32 symbols, and a UUID's hyphenated text both ways. Each takes or makes the
//! whole text in one or two 32-byte registers.
//!
//! The codecs choose these at run time when the processor has AVX2 ([`available`]: `std`'s
//! detection, cached after its first call, or the build's own target features without `std`),
//! and their scalar forms everywhere else: other processors, `no_std` builds for x86-64 without
//! AVX2 enabled, WebAssembly, `const` evaluation. Every function here returns what its scalar
//! counterpart returns, for every input, valid or not (the tests below, and the proptests,
//! compare them byte by byte); only the time differs. Measured against the peers they had to
//! beat (`ulid`, `uuid-simd`, itself AVX2), in `idtypes/docs/performance.md`.
//!
//! The functions are `unsafe` to call because they need AVX2: a caller checks [`available`]
//! first. Inside, every load reads the array it is given and no more.

use core::arch::x86_64::*;

#[cfg(feature = "uuid")]
use crate::IdText;

/// Whether the processor has AVX2 (so that the functions of this module may be called).
///
/// In the crate's tests, `false` inside [`scalar_only`], so that the public functions' scalar
/// fallbacks are tested on this processor too.
#[inline(always)]
pub(crate) fn available() -> bool {
    #[cfg(test)]
    if SCALAR_ONLY.with(core::cell::Cell::get) {
        return false;
    }
    #[cfg(target_feature = "avx2")]
    {
        true
    }
    #[cfg(not(target_feature = "avx2"))]
    {
        std::is_x86_feature_detected!("avx2")
    }
}

#[cfg(test)]
std::thread_local! {
    /// Set by [`scalar_only`] for this thread.
    static SCALAR_ONLY: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Runs `run` with [`available`] saying `false` on this thread: the codecs take their scalar
/// forms, as on a processor without AVX2 (tests only).
#[cfg(test)]
#[cfg_attr(
    not(feature = "uuid"),
    allow(dead_code, reason = "the UUID codecs' tests use it")
)]
pub(crate) fn scalar_only<R>(run: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            SCALAR_ONLY.with(|cell| cell.set(self.0));
        }
    }
    let _reset = Reset(SCALAR_ONLY.with(|cell| cell.replace(true)));
    run()
}

/// 0xFF in each byte of `x` within `lo..=hi`: one add and one signed compare
/// (`lo <= b <= hi` exactly when `b - lo` wraps below `hi - lo + 1`, and adding 0x80 makes the
/// unsigned compare the signed one AVX2 has).
///
/// # Safety
///
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
#[inline]
// The `unsafe` blocks of this module's arithmetic are for Rust 1.85 and 1.86, whose AVX2
// intrinsics are unsafe to call even in an AVX2 function; from 1.87 on they are safe there
// and the blocks unused.
#[allow(unused_unsafe)]
unsafe fn within(x: __m256i, lo: u8, hi: u8) -> __m256i {
    // SAFETY: the processor has AVX2 (this function's contract); registers only.
    unsafe {
        let shifted = _mm256_add_epi8(x, _mm256_set1_epi8(0x80u8.wrapping_sub(lo) as i8));
        let limit = _mm256_set1_epi8(0x80u8.wrapping_add(hi - lo + 1) as i8);
        _mm256_cmpgt_epi8(limit, shifted)
    }
}

/// Whether 26 bytes are Crockford base32 symbols (either case with `ANY_CASE`, else lowercase
/// only) of a 128-bit value (the first symbol `0` to `7`), and that value in `value`: what
/// [`crockford::decode26`](super::crockford::decode26) returns under `DECODE_ANY_CASE` or
/// `DECODE_LOWER`, `None` being `false` (and `value` then meaningless).
///
/// The answer comes back in a register and the value is written with one 16-byte store. An
/// `Option<u128>` came back through memory, written in two halves, and the caller, reading it
/// whole, waited for them (a store-forwarding stall: a third of the parse); a `bool` written
/// through a reference ended up inside a region the caller then copied whole, with the same
/// wait.
///
/// Bytes 0..16 and 10..26 fill the two halves of one register. A symbol's value is its
/// letter's place in the alphabet (`b - 'a' + 10`, lowercase), less one for each of the four
/// letters the alphabet skips (`i`, `l`, `o`, `u`) below it, which four compares count; a
/// digit's is `b - '0'`. Then pairs of 5-bit values become 10 bits (`maddubs`), pairs of those
/// 20 bits (`madd`), pairs of those 40 bits: the four 40-bit groups of symbols 0..8, 8..16,
/// 10..18 and 18..26, of which the value takes what it needs.
///
/// # Safety
///
/// The processor must have AVX2.
#[target_feature(enable = "avx2")]
#[allow(unused_unsafe)]
pub(crate) unsafe fn crockford26<const ANY_CASE: bool>(text: &[u8; 26], value: &mut u128) -> bool {
    // SAFETY: the two 16-byte loads read `text[0..16]` and `text[10..26]`, inside the array,
    // and the store writes the 16 bytes of `value`; the rest is register arithmetic, which the
    // processor has (this function's contract).
    unsafe {
        let head = _mm_loadu_si128(text.as_ptr().cast());
        let tail = _mm_loadu_si128(text.as_ptr().add(10).cast());
        let x = _mm256_set_m128i(tail, head);
        let set = |b: u8| _mm256_set1_epi8(b as i8);
        // Lowercase letters: `| 0x20` folds `A-Z` onto `a-z` (and leaves digits as they are).
        let letters = if ANY_CASE {
            _mm256_or_si256(x, set(0x20))
        } else {
            x
        };
        let digit = within(x, b'0', b'9');
        let skipped = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_cmpeq_epi8(letters, set(b'i')),
                _mm256_cmpeq_epi8(letters, set(b'l')),
            ),
            _mm256_or_si256(
                _mm256_cmpeq_epi8(letters, set(b'o')),
                _mm256_cmpeq_epi8(letters, set(b'u')),
            ),
        );
        let letter = _mm256_andnot_si256(skipped, within(letters, b'a', b'z'));
        let symbols = _mm256_movemask_epi8(_mm256_or_si256(digit, letter));
        // Each compare is -1 where the letter lies past a skipped one.
        let past = _mm256_add_epi8(
            _mm256_add_epi8(
                _mm256_cmpgt_epi8(letters, set(b'i')),
                _mm256_cmpgt_epi8(letters, set(b'l')),
            ),
            _mm256_add_epi8(
                _mm256_cmpgt_epi8(letters, set(b'o')),
                _mm256_cmpgt_epi8(letters, set(b'u')),
            ),
        );
        // `b - 'a' + 10` for a letter; a digit gets `'a' - 10 - '0'` back, making it `b - '0'`.
        let values = _mm256_add_epi8(
            _mm256_add_epi8(
                _mm256_sub_epi8(letters, set(b'a' - 10)),
                _mm256_and_si256(digit, set(b'a' - 10 - b'0')),
            ),
            past,
        );
        // Earlier symbol * 32 + later one, in 16-bit lanes; then * 1024 + next, in 32-bit lanes;
        // then << 20 | next, in 64-bit lanes (the low 40 bits of each).
        let tens = _mm256_maddubs_epi16(values, _mm256_set1_epi16(0x0120));
        let twenties = _mm256_madd_epi16(tens, _mm256_set1_epi32((1 << 16) | 1024));
        let forties = _mm256_or_si256(
            _mm256_slli_epi64(twenties, 20),
            _mm256_srli_epi64(twenties, 32),
        );
        let low = _mm256_castsi256_si128(forties);
        let high = _mm256_extracti128_si256(forties, 1);
        const FORTY: u64 = (1 << 40) - 1;
        let first = _mm_cvtsi128_si64(low) as u64 & FORTY;
        let second = _mm_extract_epi64(low, 1) as u64 & FORTY;
        let third = _mm_cvtsi128_si64(high) as u64 & FORTY;
        let fourth = _mm_extract_epi64(high, 1) as u64 & FORTY;
        // Symbols 0..8 (`first`), 8..10 (the top 10 bits of `second`), 10..18, 18..26.
        let high = first << 26 | (second >> 30) << 16 | third >> 24;
        let low = third << 40 | fourth;
        _mm_storeu_si128(
            (value as *mut u128).cast(),
            _mm_set_epi64x(high as i64, low as i64),
        );
        // Every byte a symbol, and of the 130 bits the top 2 (the first symbol's top 2, bits 38
        // and 39 of `first`) 0.
        (symbols == -1) & (first >> 38 == 0)
    }
}

/// Indices for `vpshufb` gathering the 32 hex digits of a hyphenated text from two loads,
/// bytes 0..32 (`HEX_FROM_HEAD`) and 4..36 (`HEX_FROM_TAIL`); -128 (the top bit) makes a zero.
/// `vpshufb` picks within each 16-byte half: the low half of the digits (text 0..8, 9..13,
/// 14..18) comes from text 0..16 and, for digits 14 and 15 (text 16 and 17), from the second
/// load's low half (text 4..20); the high half (text 19..23, 24..36) from text 16..32 and,
/// for its last four, from the second load's high half (text 20..36).
#[cfg(feature = "uuid")]
const HEX_FROM_HEAD: [i8; 32] = [
    0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, -128, -128, //
    3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, -128, -128, -128, -128,
];
#[cfg(feature = "uuid")]
const HEX_FROM_TAIL: [i8; 32] = [
    -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, 12,
    13, //
    -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, 12, 13, 14, 15,
];

/// Where the hyphens stand in the first 32 bytes of the text, as a `movemask` of them.
#[cfg(feature = "uuid")]
const HYPHEN_BITS: u32 = 1 << 8 | 1 << 13 | 1 << 18 | 1 << 23;

/// Whether 36 bytes are a UUID's hyphenated text (`8-4-4-4-12` hex digits of either case), and
/// its 16 bytes in `out` (left as they were when it is not): what `uuids::hyphenated`'s scalar
/// `decode` returns, `None` being `false`.
///
/// The answer comes back in a register and the bytes are written with one 16-byte store, which
/// the caller reads back whole (an `Option<[u8; 16]>` came back through memory in pieces, and
/// reading it whole waited for them, as `crockford26` says; the bytes as a `u128` in two
/// registers took longer still).
///
/// Two overlapping loads (text 0..32 and 4..36), the hyphens checked with one compare, the 32
/// digits gathered with two shuffles; a digit is `b - '0'`, a letter (`| 0x20` folding `A-F`)
/// `(b & 0x0F) + 9`; pairs of digits become bytes with one `maddubs`.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(feature = "uuid")]
#[target_feature(enable = "avx2")]
#[allow(unused_unsafe)]
pub(crate) unsafe fn hyphenated_decode(text: &[u8; 36], out: &mut [u8; 16]) -> bool {
    // SAFETY: the loads read `text[0..32]`, `text[4..36]` and the two constant arrays, each
    // inside its array, and the store writes the 16 bytes of `out`; the rest is register
    // arithmetic, which the processor has (this function's contract).
    unsafe {
        let head = _mm256_loadu_si256(text.as_ptr().cast());
        let tail = _mm256_loadu_si256(text.as_ptr().add(4).cast());
        let hyphens = _mm256_movemask_epi8(_mm256_cmpeq_epi8(head, _mm256_set1_epi8(b'-' as i8)));
        let x = _mm256_or_si256(
            _mm256_shuffle_epi8(head, _mm256_loadu_si256(HEX_FROM_HEAD.as_ptr().cast())),
            _mm256_shuffle_epi8(tail, _mm256_loadu_si256(HEX_FROM_TAIL.as_ptr().cast())),
        );
        let digit = within(x, b'0', b'9');
        let letter = within(_mm256_or_si256(x, _mm256_set1_epi8(0x20)), b'a', b'f');
        let valid = _mm256_movemask_epi8(_mm256_or_si256(digit, letter));
        if (valid != -1) | (hyphens as u32 & HYPHEN_BITS != HYPHEN_BITS) {
            return false;
        }
        let nibbles = _mm256_add_epi8(
            _mm256_and_si256(x, _mm256_set1_epi8(0x0F)),
            _mm256_and_si256(letter, _mm256_set1_epi8(9)),
        );
        // Earlier digit * 16 + later one, in 16-bit lanes; then the low bytes of the lanes.
        let bytes = _mm256_maddubs_epi16(nibbles, _mm256_set1_epi16(0x0110));
        let packed = _mm_packus_epi16(
            _mm256_castsi256_si128(bytes),
            _mm256_extracti128_si256(bytes, 1),
        );
        _mm_storeu_si128(out.as_mut_ptr().cast(), packed);
        true
    }
}

/// Indices for `vpshufb` placing 28 of the 32 lowercase digits and making room for the
/// hyphens (-128 gives a zero, which [`HYPHENS`] fills): the low half takes digits 0..14 from
/// the digits' low half, the high half digits 14..28 from a copy of digits 12..28.
#[cfg(feature = "uuid")]
const HYPHENATE: [i8; 32] = [
    0, 1, 2, 3, 4, 5, 6, 7, -128, 8, 9, 10, 11, -128, 12, 13, //
    2, 3, -128, 4, 5, 6, 7, -128, 8, 9, 10, 11, 12, 13, 14, 15,
];

/// The hyphens of the first 32 bytes of the text, zero elsewhere.
#[cfg(feature = "uuid")]
const HYPHENS: [u8; 32] = {
    let mut hyphens = [0; 32];
    hyphens[8] = b'-';
    hyphens[13] = b'-';
    hyphens[18] = b'-';
    hyphens[23] = b'-';
    hyphens
};

/// The lowercase hyphenated text of the UUID whose bytes, first to last, are the little-endian
/// bytes of `value`: what `uuids::encode_hyphenated` writes.
///
/// The value comes in registers (a `&[u8; 16]` read as one 16-byte load stalls when the
/// caller has just written it in two halves), and the text is written with one 32-byte store
/// and one 4-byte store, straight into the caller's `IdText` (uuid-simd's way, with a third,
/// 2-byte store for the two digits that cross the halves, made the compiler copy the text
/// through the stack, and took three times as long). Each byte's nibbles are spread to two bytes and
/// looked up in `0123456789abcdef` (`vpshufb`); a permutation and a shuffle make room for the
/// hyphens; one 32-byte store and one 4-byte store write the text.
///
/// # Safety
///
/// The processor must have AVX2.
#[cfg(feature = "uuid")]
#[target_feature(enable = "avx2")]
#[allow(unused_unsafe)]
pub(crate) unsafe fn hyphenated_encode(value: u128) -> IdText<36> {
    // SAFETY: the loads read the two constant arrays, the stores write `text[0..32]` and
    // `text[32..36]`, each inside its array; the rest is register arithmetic, which the
    // processor has (this function's contract).
    unsafe {
        let bytes = _mm_set_epi64x((value >> 64) as i64, value as i64);
        let low_nibble = _mm_set1_epi8(0x0F);
        let high = _mm_and_si128(_mm_srli_epi16(bytes, 4), low_nibble);
        let low = _mm_and_si128(bytes, low_nibble);
        let nibbles = _mm256_set_m128i(_mm_unpackhi_epi8(high, low), _mm_unpacklo_epi8(high, low));
        let alphabet =
            _mm256_broadcastsi128_si256(_mm_loadu_si128(b"0123456789abcdef".as_ptr().cast()));
        let digits = _mm256_shuffle_epi8(alphabet, nibbles);
        // 32-bit groups 0..4 (digits 0..16) and 3..7 (digits 12..28) in the two halves.
        let spread = _mm256_permutevar8x32_epi32(digits, _mm256_setr_epi32(0, 1, 2, 3, 3, 4, 5, 6));
        let text = _mm256_or_si256(
            _mm256_shuffle_epi8(spread, _mm256_loadu_si256(HYPHENATE.as_ptr().cast())),
            _mm256_loadu_si256(HYPHENS.as_ptr().cast()),
        );
        let last = _mm256_extract_epi32(digits, 7) as u32;
        let mut out = [0u8; 36];
        _mm256_storeu_si256(out.as_mut_ptr().cast(), text);
        out[32..].copy_from_slice(&last.to_le_bytes());
        IdText::from_ascii(out)
    }
}

#[cfg(test)]
mod tests {
    //! Every AVX2 function against its scalar counterpart: each byte value at each place of a
    //! valid text, the extremes, and (proptest) arbitrary texts, valid ones and any bytes.
    //! On a processor without AVX2 there is nothing to compare, and the tests say so.

    use super::*;
    use crate::codec::crockford;
    use proptest::prelude::*;

    /// Whether AVX2 can be tested here (a note on standard error when it cannot).
    pub(super) fn testable() -> bool {
        let here = available();
        if !here {
            std::eprintln!("no AVX2 on this processor: the AVX2 codecs are not compared");
        }
        here
    }

    /// [`crockford26`] as an `Option`.
    pub(super) fn decode<const ANY_CASE: bool>(text: &[u8; 26]) -> Option<u128> {
        let mut value = 0;
        // SAFETY: the callers checked AVX2 (`testable()`).
        let valid = unsafe { crockford26::<ANY_CASE>(text, &mut value) };
        valid.then_some(value)
    }

    fn crockford_both(text: &[u8; 26]) {
        let (any, lower) = (decode::<true>(text), decode::<false>(text));
        assert_eq!(
            any,
            crockford::decode26(text, &crockford::DECODE_ANY_CASE),
            "{text:?}"
        );
        assert_eq!(
            lower,
            crockford::decode26(text, &crockford::DECODE_LOWER),
            "{text:?}"
        );
    }

    #[test]
    fn crockford_every_byte_in_every_place_reads_as_the_table_does() {
        if !testable() {
            return;
        }
        for base in [
            *b"01ARZ3NDEKTSV4RRFFQ69G5FAV",
            *b"7zzzzzzzzzzzzzzzzzzzzzzzzz",
        ] {
            for place in 0..26 {
                for byte in 0..=255u8 {
                    let mut text = base;
                    text[place] = byte;
                    crockford_both(&text);
                }
            }
        }
        for text in [
            *b"00000000000000000000000000",
            *b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
            *b"8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
            *b"80000000000000000000000000",
            *b"ILOUilou0123456789abcdefgh",
        ] {
            crockford_both(&text);
        }
    }

    /// A text of 26 symbols of either case.
    fn crockford_text() -> impl Strategy<Value = [u8; 26]> {
        let symbols = b"0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz";
        prop::array::uniform26(prop::sample::select(symbols.to_vec()))
    }

    proptest! {
        #[test]
        fn crockford_agrees_on_texts_of_symbols(text in crockford_text()) {
            prop_assume!(testable());
            crockford_both(&text);
        }

        #[test]
        fn crockford_agrees_on_any_bytes(text in prop::array::uniform26(any::<u8>())) {
            prop_assume!(testable());
            crockford_both(&text);
        }

        #[test]
        fn crockford_reads_every_value_written(value in any::<u128>(), lowercase in any::<bool>()) {
            prop_assume!(testable());
            let text = crockford::encode26(value, lowercase);
            crockford_both(&text);
            prop_assert_eq!(decode::<true>(&text), Some(value));
        }
    }
}

#[cfg(all(test, feature = "uuid"))]
mod hyphenated_tests {
    //! The UUID's hyphenated text, both ways, against `uuids::hyphenated`'s scalar code.

    use super::tests::testable;
    use super::*;
    use proptest::prelude::*;
    use std::prelude::rust_2024::*;
    use uuid::Uuid;

    /// [`hyphenated_decode`] as an `Option`.
    fn decode(text: &[u8; 36]) -> Option<[u8; 16]> {
        let mut out = [0; 16];
        // SAFETY: the callers checked AVX2 (`testable()`).
        unsafe { hyphenated_decode(text, &mut out) }.then_some(out)
    }

    fn decode_both(text: &[u8; 36]) {
        let fast = decode(text).map(Uuid::from_bytes);
        assert_eq!(
            fast,
            crate::uuids::hyphenated::decode_scalar(text),
            "{text:?}"
        );
    }

    fn encode_both(uuid: Uuid) {
        // SAFETY: `testable()` checked AVX2.
        let fast = unsafe { hyphenated_encode(u128::from_le_bytes(*uuid.as_bytes())) };
        assert_eq!(fast, crate::uuids::encode_hyphenated(uuid));
        assert_eq!(fast.as_str(), uuid.to_string());
    }

    #[test]
    fn every_byte_in_every_place_reads_as_the_scalar_code_does() {
        if !testable() {
            return;
        }
        for base in [
            *b"01890a5d-ac96-774b-bcce-b302099a8057",
            *b"FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        ] {
            for place in 0..36 {
                for byte in 0..=255u8 {
                    let mut text = base;
                    text[place] = byte;
                    decode_both(&text);
                }
            }
        }
    }

    #[test]
    fn every_byte_in_every_place_writes_as_the_table_does() {
        if !testable() {
            return;
        }
        let example = Uuid::from_u128(0x0189_0a5d_ac96_774b_bcce_b302_099a_8057);
        for place in 0..16 {
            for byte in 0..=255u8 {
                let mut bytes = *example.as_bytes();
                bytes[place] = byte;
                encode_both(Uuid::from_bytes(bytes));
            }
        }
    }

    proptest! {
        #[test]
        fn agrees_on_any_bytes(text in prop::array::uniform32(any::<u8>()), tail in any::<[u8; 4]>()) {
            prop_assume!(testable());
            let mut whole = [0u8; 36];
            whole[..32].copy_from_slice(&text);
            whole[32..].copy_from_slice(&tail);
            decode_both(&whole);
            // The same bytes with the hyphens in place, so that the digits decide.
            for at in [8, 13, 18, 23] {
                whole[at] = b'-';
            }
            decode_both(&whole);
        }

        #[test]
        fn reads_and_writes_every_uuid(value in any::<u128>(), upper in any::<bool>()) {
            prop_assume!(testable());
            let uuid = Uuid::from_u128(value);
            encode_both(uuid);
            let mut text = uuid.to_string();
            if upper {
                text.make_ascii_uppercase();
            }
            let text: &[u8; 36] = text.as_bytes().try_into().unwrap();
            decode_both(text);
            prop_assert_eq!(decode(text), Some(*uuid.as_bytes()));
        }
    }
}
