//! The text every format shares: [`IdText`], the fixed-size stack string that encoders return;
//! [`TextSchema`](schema::TextSchema), what a format's text looks like to JSON Schema and
//! OpenAPI; and the text traits every format implements alike (`traits`).

pub(crate) mod schema;
pub(crate) mod traits;

use core::{borrow::Borrow, fmt, hash::Hash, ops::Deref};

/// The canonical text of an id, held on the stack: `N` ASCII bytes, no allocation.
///
/// Encoders such as [`Tid::encode`](crate::Tid::encode) return one. Read it with
/// [`as_str`](IdText::as_str) (or through `Deref<Target = str>`), copy it into a buffer, or
/// compare it with a `&str`. It orders and hashes like the string it holds.
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
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IdText<const N: usize> {
    // Invariant: ASCII only, so every byte sequence here is valid UTF-8.
    bytes: [u8; N],
}

impl<const N: usize> IdText<N> {
    /// Wraps encoder output.
    ///
    /// The bytes must be ASCII: [`as_str`](IdText::as_str) relies on it.
    pub(crate) const fn from_ascii(bytes: [u8; N]) -> Self {
        debug_assert!(bytes.is_ascii());
        IdText { bytes }
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
        // SAFETY: `bytes` is ASCII: the only constructor, `from_ascii`, is given encoder
        // output, which is drawn from ASCII alphabets (checked by `debug_assert` and by the
        // codec tests). Checking again would cost a few nanoseconds per use.
        unsafe { core::str::from_utf8_unchecked(&self.bytes) }
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
    pub const fn as_bytes(&self) -> &[u8; N] {
        &self.bytes
    }

    /// The text as an array of bytes, for copying into a buffer of your own.
    ///
    /// # Examples
    ///
    /// ```
    /// let bytes: [u8; 13] = idtypes::Tid::MIN.encode().into_bytes();
    /// assert_eq!(&bytes, b"2222222222222");
    /// ```
    #[inline]
    pub const fn into_bytes(self) -> [u8; N] {
        self.bytes
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
        &self.bytes
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
