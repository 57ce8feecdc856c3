//! The text every format shares: [`IdText`], the fixed-size stack string that encoders return;
//! [`TextSchema`](schema::TextSchema), what a format's text looks like to JSON Schema and
//! OpenAPI; and the text traits every format implements alike (`traits`).

pub(crate) mod const_text;
pub(crate) mod schema;
pub(crate) mod traits;

use core::{borrow::Borrow, fmt, hash::Hash, ops::Deref};

/// The canonical text of an id, held on the stack: up to `N` ASCII bytes, no allocation.
///
/// Encoders such as [`Tid::encode`](crate::Tid::encode) return one. Read it with
/// [`as_str`](IdText::as_str) (or through `Deref<Target = str>`), copy it into a buffer, or
/// compare it with a `&str`. It orders and hashes like the string it holds.
///
/// Every format's text fills all `N` bytes but a [`Snowflake`](struct@crate::Snowflake)'s, a
/// decimal number of 1 to 19 digits: its `IdText<19>` holds as many as the number has.
///
/// # Examples
///
/// ```
/// use idtypes::Tid;
///
/// let text = Tid::from_u64(1728652679052295174).encode();
/// assert_eq!(text.as_str(), "3jzfcijpj2z2a");
/// assert_eq!(text, "3jzfcijpj2z2a");
/// assert_eq!(text.len(), 13);
/// assert!(text.starts_with("3jzf"));
/// ```
// `Eq` and `Ord` compare the bytes, then the length: the same as the texts', since the bytes
// past the text are 0 and no text holds a 0.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct IdText<const N: usize> {
    // Invariant: the first `len` bytes are ASCII without 0, so valid UTF-8; the rest are 0.
    bytes: [u8; N],
    len: u8,
}

impl<const N: usize> IdText<N> {
    /// Wraps encoder output that fills all `N` bytes.
    ///
    /// The bytes must be ASCII: [`as_str`](IdText::as_str) relies on it.
    pub(crate) const fn from_ascii(bytes: [u8; N]) -> Self {
        IdText::from_ascii_prefix(bytes, N)
    }

    /// Wraps encoder output whose text is the first `len` bytes of `bytes` (the rest 0).
    ///
    /// The text must be ASCII without 0, and `len` at most `N`: [`as_str`](IdText::as_str)
    /// relies on it.
    pub(crate) const fn from_ascii_prefix(bytes: [u8; N], len: usize) -> Self {
        // Texts are short: a typed id's longest is 91 bytes.
        const { assert!(N <= u8::MAX as usize) };
        debug_assert!(len <= N);
        debug_assert!(bytes.is_ascii());
        IdText {
            bytes,
            len: len as u8,
        }
    }

    /// The text as a string slice.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = idtypes::Tid::MAX.encode();
    /// assert_eq!(text.as_str(), "jzzzzzzzzzzzz");
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &str {
        // SAFETY: the text is ASCII: the only constructors, `from_ascii` and
        // `from_ascii_prefix`, are given encoder output, which is drawn from ASCII alphabets
        // (checked by `debug_assert` and by the codec tests). Checking again would cost a few
        // nanoseconds per use.
        unsafe { core::str::from_utf8_unchecked(self.as_bytes()) }
    }

    /// The text as bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = idtypes::Tid::MIN.encode();
    /// assert_eq!(text.as_bytes(), b"2222222222222");
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &[u8] {
        // `len <= N` (see `from_ascii_prefix`); `split_at` is `const`, slicing is not.
        self.bytes.split_at(self.len as usize).0
    }

    /// The text as an array of bytes, for copying into a buffer of your own: the text, then
    /// zero bytes up to `N` when it is shorter (a [`Snowflake`](struct@crate::Snowflake)'s).
    ///
    /// # Examples
    ///
    /// ```
    /// let bytes: [u8; 13] = idtypes::Tid::MIN.encode().into_bytes();
    /// assert_eq!(&bytes, b"2222222222222");
    /// let bytes: [u8; 19] = idtypes::Snowflake::from_u64(42).encode().into_bytes();
    /// assert_eq!(&bytes[..3], b"42\0");
    /// ```
    #[inline]
    pub const fn into_bytes(self) -> [u8; N] {
        self.bytes
    }

    /// The length of the text, in bytes (the same as `as_str().len()`).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tid::MIN.encode().len(), 13);
    /// assert_eq!(idtypes::Snowflake::from_u64(42).encode().len(), 2);
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty, reason = "no id's text is empty")]
    pub const fn len(&self) -> usize {
        self.len as usize
    }
}

impl<const N: usize> Hash for IdText<N> {
    // As the `str` it holds, which `Borrow<str>` requires.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<const N: usize> Deref for IdText<N> {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> AsRef<str> for IdText<N> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> AsRef<[u8]> for IdText<N> {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl<const N: usize> Borrow<str> for IdText<N> {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> fmt::Display for IdText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for IdText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<const N: usize> PartialEq<str> for IdText<N> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<const N: usize> PartialEq<&str> for IdText<N> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl<const N: usize> PartialEq<IdText<N>> for str {
    fn eq(&self, other: &IdText<N>) -> bool {
        self == other.as_str()
    }
}

impl<const N: usize> PartialEq<IdText<N>> for &str {
    fn eq(&self, other: &IdText<N>) -> bool {
        *self == other.as_str()
    }
}

#[cfg(feature = "std")]
impl<const N: usize> From<IdText<N>> for std::string::String {
    fn from(text: IdText<N>) -> Self {
        text.as_str().to_owned()
    }
}
