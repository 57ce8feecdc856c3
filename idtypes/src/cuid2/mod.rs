//! [`Cuid2`]: the CUID2 of `@paralleldrive/cuid2`: a lowercase letter, then base-36 digits of
//! a SHA3-512 hash, 2 to 32 characters in all (24 unless chosen).
//!
//! - **Text only.** An id is its text: `^[a-z][0-9a-z]+$`, 2 to 32 characters, exactly what
//!   the reference's `isCuid` accepts. There is no number behind it, no timestamp to read back
//!   and no order that means anything (ids sort as their texts, which is all a database does
//!   with them); a [`Cuid2`] keeps its text inline, so it is `Copy` and never allocates.
//! - **Made as the reference makes it** (with the `cuid2` feature):
//!   `letter + hash(time + salt + count + fingerprint)[1..length]`, where `hash` is SHA3-512
//!   read as a big-endian number, written in base 36, its first digit dropped; `time` is
//!   `Date.now()` in base 36, `salt` `length` random base-36 digits, `count` a counter that
//!   starts at a random value below 476,782,367 and `fingerprint` 32 base-36 characters
//!   hashed from random ones. [`Cuid2::from_inputs`] takes every input and gives the
//!   reference's id for them, byte for byte; [`Cuid2Generator`] draws them.
//!
//! # What `isCuid` accepts
//!
//! The check is syntax only: any text of a lowercase letter followed by 1 to 31 digits or
//! lowercase letters is a CUID2, whoever made it: `aa`, `hello`, a 25-character CUID (v1)
//! such as `cjld2cjxh0000qzrmn831i7rn`. Uppercase letters, a leading digit, a trailing
//! newline (JavaScript's `$` matches only at the very end) and anything outside ASCII are
//! refused. (Version 2 of the package accepted a leading digit; version 3, whose rule this
//! is, does not.)
//!
//! # Examples
//!
//! ```
//! use idtypes::Cuid2;
//!
//! let id: Cuid2 = "tz4a98xxat96iws9zmbrgj3a".parse()?;
//! assert_eq!(id.len(), 24);
//! assert_eq!(id.as_str(), "tz4a98xxat96iws9zmbrgj3a");
//! assert!("Tz4a98xxat96iws9zmbrgj3a".parse::<Cuid2>().is_err());
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # References
//!
//! - [`@paralleldrive/cuid2`](https://github.com/paralleldrive/cuid2), version 3.3.0's
//!   `src/index.js` (`init`, `hash`, `createFingerprint`, `isCuid`).

#[cfg(feature = "cuid2")]
mod digest;
#[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
mod generator;
#[cfg(feature = "cuid2")]
mod inputs;
pub(crate) mod text;
pub(crate) mod typed;

#[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
pub use generator::Cuid2Generator;
#[cfg(feature = "cuid2")]
pub use inputs::Cuid2Inputs;
pub use typed::TypedCuid2;

pub(crate) const FORMAT: &str = "CUID2";

/// A CUID2: 2 to 32 characters, a lowercase letter then digits and lowercase letters, kept
/// inline (`Copy`, 33 bytes). Ids compare, sort and hash as their texts.
///
/// # Examples
///
/// ```
/// use idtypes::Cuid2;
///
/// let a = Cuid2::parse("ab")?;
/// let b = Cuid2::parse("ab0")?;
/// assert!(a < b);
/// assert_eq!(a.to_string(), "ab");
/// # Ok::<(), idtypes::Error>(())
/// ```
// Field order matters for the derived `Ord`: the bytes, zero after the text, compare as the
// texts do (no text holds a zero byte), and equal bytes mean equal lengths.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cuid2 {
    bytes: [u8; Cuid2::MAX_LEN],
    len: u8,
}

impl Cuid2 {
    /// The shortest CUID2: 2 characters (the reference's `isCuid` default `minLength`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert!(Cuid2::parse("a0").is_ok());
    /// assert!(Cuid2::parse("a").is_err());
    /// assert_eq!(Cuid2::MIN_LEN, 2);
    /// ```
    pub const MIN_LEN: usize = 2;

    /// The longest CUID2: 32 characters (the reference's `bigLength`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert!(Cuid2::parse(&"a".repeat(Cuid2::MAX_LEN)).is_ok());
    /// assert!(Cuid2::parse(&"a".repeat(Cuid2::MAX_LEN + 1)).is_err());
    /// ```
    pub const MAX_LEN: usize = 32;

    /// The length the reference's `createId` makes: 24 characters.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Cuid2::DEFAULT_LEN, 24);
    /// ```
    pub const DEFAULT_LEN: usize = 24;

    /// The text.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert_eq!(Cuid2::parse("clh3am8hi0000")?.as_str(), "clh3am8hi0000");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &str {
        // SAFETY: `bytes[..len]` is ASCII: every constructor checks or writes it so.
        unsafe { core::str::from_utf8_unchecked(self.as_bytes()) }
    }

    /// The text's bytes (ASCII).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert_eq!(Cuid2::parse("a1")?.as_bytes(), b"a1");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &[u8] {
        self.bytes.split_at(self.len as usize).0
    }

    /// The number of characters, 2 to 32.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert_eq!(Cuid2::parse("abc")?.len(), 3);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    #[allow(
        clippy::len_without_is_empty,
        reason = "never empty: 2 to 32 characters"
    )]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// The text on the stack, without allocating (the same as [`as_str`](Cuid2::as_str)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// assert_eq!(Cuid2::parse("zz")?.encode(), "zz");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn encode(&self) -> &str {
        self.as_str()
    }

    /// A new CUID2 of 24 characters from this thread's generator state (see
    /// [`Cuid2Generator`]).
    ///
    /// # Panics
    ///
    /// Only when the operating system gives no random bytes at all (see
    /// [processes and `fork()`](crate#processes-and-fork)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Cuid2;
    ///
    /// let (a, b) = (Cuid2::generate(), Cuid2::generate());
    /// assert_ne!(a, b);
    /// assert_eq!(a.len(), 24);
    /// ```
    #[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
    pub fn generate() -> Cuid2 {
        generator::generate(&crate::SystemClock, Cuid2::DEFAULT_LEN)
    }

    /// The id any 2 to 32 bytes make (`arbitrary`): the first read as a letter (its value
    /// modulo 26), each other as a digit or letter (modulo 36); `None` for other lengths.
    pub(crate) fn from_any_bytes(any: &[u8]) -> Option<Cuid2> {
        if any.len() < Cuid2::MIN_LEN || any.len() > Cuid2::MAX_LEN {
            return None;
        }
        let mut bytes = [0; Cuid2::MAX_LEN];
        for (i, (slot, &byte)) in bytes.iter_mut().zip(any).enumerate() {
            *slot = if i == 0 {
                b'a' + byte % 26
            } else {
                b"0123456789abcdefghijklmnopqrstuvwxyz"[usize::from(byte % 36)]
            };
        }
        Some(Cuid2::from_checked(bytes, any.len()))
    }

    /// The id of `len` ASCII bytes checked by the caller.
    #[inline]
    const fn from_checked(bytes: [u8; Cuid2::MAX_LEN], len: usize) -> Cuid2 {
        Cuid2 {
            bytes,
            len: len as u8,
        }
    }
}

impl AsRef<str> for Cuid2 {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for Cuid2 {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Cuid2 {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(feature = "alloc")]
impl From<Cuid2> for alloc::string::String {
    fn from(id: Cuid2) -> alloc::string::String {
        id.as_str().into()
    }
}
