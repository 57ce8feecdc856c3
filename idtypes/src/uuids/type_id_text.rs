//! [`TypeIdText`]: the text of a [`DynTypeId`](super::DynTypeId) on the stack, 26 to 90
//! bytes long.

use core::{borrow::Borrow, cmp::Ordering, fmt, hash::Hash, ops::Deref};

use super::typeid::MAX_TEXT_LEN;

/// The text of a [`DynTypeId`](super::DynTypeId), held on the stack: no allocation.
///
/// A TypeID's length depends on its prefix (26 bytes without one, up to 90), so this is
/// [`IdText`](crate::IdText)'s counterpart with a length: read it with
/// [`as_str`](TypeIdText::as_str) (or through `Deref<Target = str>`), or compare it with a
/// `&str`. It orders and hashes like the string it holds.
///
/// # Examples
///
/// ```
/// use idtypes::uuids::DynTypeId;
///
/// let id: DynTypeId = "user_01h455vb4pex5vsknk084sn02q".parse()?;
/// let text = id.encode();
/// assert_eq!(text, "user_01h455vb4pex5vsknk084sn02q");
/// assert_eq!(text.len(), 31);
/// assert!(text.starts_with("user_"));
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct TypeIdText {
    // Invariant: `bytes[..len]` is ASCII, so valid UTF-8.
    len: u8,
    bytes: [u8; MAX_TEXT_LEN],
}

impl TypeIdText {
    /// `len` bytes of `bytes`, which must be ASCII ([`as_str`](TypeIdText::as_str) relies on
    /// it) and at most [`MAX_TEXT_LEN`].
    pub(super) const fn from_ascii(bytes: [u8; MAX_TEXT_LEN], len: usize) -> Self {
        debug_assert!(len <= MAX_TEXT_LEN && bytes.is_ascii());
        TypeIdText {
            len: len as u8,
            bytes,
        }
    }

    /// The text as a string slice.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let id = DynTypeId::new("", uuid::Uuid::max())?;
    /// assert_eq!(id.encode().as_str(), "7zzzzzzzzzzzzzzzzzzzzzzzzz");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &str {
        // SAFETY: `bytes[..len]` is ASCII: the only constructor, `from_ascii`, is given a
        // checked prefix, `_` and encoder output (checked by its `debug_assert`).
        unsafe { core::str::from_utf8_unchecked(self.as_bytes()) }
    }

    /// The text as bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let id = DynTypeId::new("a", uuid::Uuid::nil())?;
    /// assert_eq!(id.encode().as_bytes(), b"a_00000000000000000000000000");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &[u8] {
        self.bytes.split_at(self.len as usize).0
    }
}

impl Deref for TypeIdText {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for TypeIdText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for TypeIdText {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for TypeIdText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for TypeIdText {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for TypeIdText {}

impl PartialOrd for TypeIdText {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TypeIdText {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl Hash for TypeIdText {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        // As `str` hashes, so that `Borrow<str>` finds it.
        self.as_str().hash(state);
    }
}

impl fmt::Display for TypeIdText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for TypeIdText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for TypeIdText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for TypeIdText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<TypeIdText> for str {
    fn eq(&self, other: &TypeIdText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<TypeIdText> for &str {
    fn eq(&self, other: &TypeIdText) -> bool {
        *self == other.as_str()
    }
}

#[cfg(feature = "std")]
impl From<TypeIdText> for std::string::String {
    fn from(text: TypeIdText) -> Self {
        text.as_str().to_owned()
    }
}
