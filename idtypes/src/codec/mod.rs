//! Alphabets and fixed-width codecs shared by the formats.
//!
//! Each codec is `const` and allocation-free; the formats add their own rules (which first
//! symbols are allowed, how many bits a value has) on top.

#[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
pub(crate) mod avx2;
pub(crate) mod base32_sortable;
pub(crate) mod base58;
pub(crate) mod crockford;
pub(crate) mod decimal63;
pub(crate) mod hex;

/// Runs `run` with the codecs on their scalar forms, as on a processor without AVX2 (tests
/// only; elsewhere than x86-64 they have no other).
#[cfg(test)]
#[cfg_attr(
    not(feature = "uuid"),
    allow(dead_code, reason = "the UUID codecs' tests use it")
)]
pub(crate) fn scalar_only<R>(run: impl FnOnce() -> R) -> R {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    {
        avx2::scalar_only(run)
    }
    #[cfg(not(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2"))))]
    {
        run()
    }
}

/// 12 bytes (an rs/xid XID's, an ObjectId's) as the low 12 of 16, for arithmetic on them as a
/// `u128`.
#[inline(always)]
pub(crate) const fn widen12(bytes: [u8; 12]) -> [u8; 16] {
    let b = bytes;
    [
        0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
    ]
}

/// The low 12 bytes of 16: [`widen12`] undone.
#[inline(always)]
pub(crate) const fn narrow12(bytes: [u8; 16]) -> [u8; 12] {
    let b = bytes;
    [
        b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15],
    ]
}

/// The position of the first byte of `text` that `table` marks `invalid`, or `text.len()`:
/// where a decoder's fast path found a problem, this finds which byte it was.
pub(crate) const fn first_invalid(text: &[u8], table: &[u8; 256], invalid: u8) -> usize {
    let mut i = 0;
    while i < text.len() {
        if table[text[i] as usize] == invalid {
            return i;
        }
        i += 1;
    }
    text.len()
}
