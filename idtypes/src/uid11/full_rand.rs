//! [`FullRand`]: the uid11 profile of 64 random bits.

use super::profile::profile_text;
use crate::Error;

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "fullrand uid11";

/// The text as schemas state it: the uid11 text.
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: super::U64_PATTERN,
    min_len: FullRand::TEXT_LEN,
    max_len: FullRand::TEXT_LEN,
    description: "A uid11 fullrand id (64 random bits): 11 characters of Base58 (the Bitcoin \
                  alphabet `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`), at most \
                  `jpXCZedGfVQ`.",
    example: "TdnXpY7jPAz",
    words: "11 Base58 characters",
    spec_url: Some(super::SPEC_URL),
};

/// A fullrand uid11: 64 random bits, no time and no order beyond the text's.
///
/// # Examples
///
/// ```
/// use idtypes::FullRand;
///
/// let a = FullRand::random();
/// let b = FullRand::random();
/// assert_ne!(a, b);
/// assert_eq!(a.to_string().len(), 11);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct FullRand(u64);

profile_text!(FullRand, FORMAT, "jpXCZedGfVQ", u64::MAX, from_bytes);

impl FullRand {
    /// Every payload is a fullrand id.
    const fn from_payload(value: u64) -> Result<FullRand, Error> {
        Ok(FullRand(value))
    }

    /// Wraps a payload. Every `u64` is one.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::FullRand::from_u64(u64::MAX).to_string(), "jpXCZedGfVQ");
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> FullRand {
        FullRand(value)
    }

    /// 64 fresh, unpredictable random bits: a per-thread ChaCha12 stream (a cryptographically
    /// secure generator, as rand's `StdRng`) keyed from the operating system's random source,
    /// and keyed anew in a forked child, so no FullRand tells anything about another and a
    /// child never repeats its parent's. Two draws collide with probability 2^-64; among a
    /// billion draws, some two collide with probability about 3 in 100 million.
    ///
    /// # Panics
    ///
    /// Only when the operating system gives no random bytes at all (see
    /// [processes and `fork()`](crate#processes-and-fork)).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_ne!(idtypes::FullRand::random(), idtypes::FullRand::random());
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn random() -> FullRand {
        FullRand(crate::process::random::secure_u64())
    }
}
