//! atproto record keys ([`RecordKey`]) and record-key types ([`RecordKeyType`]).
//!
//! A record key names a record within a collection of an atproto repository. It is 1 to 512
//! characters of `A-Za-z0-9 . - _ ~ :`, neither `.` nor `..`, and case-sensitive.
//!
//! The colon follows the current atproto specification and its interop vectors (`literal:self`,
//! `pre:fix` and `:` are valid keys); older texts of the specification forbid it. Records on the
//! network carry such keys, so rejecting them would lose data.
//!
//! [`RecordKey`] is also at the crate root; [`RecordKeyType`] is here
//! (`idtypes::record_key::RecordKeyType`).
//!
//! # References
//!
//! - atproto specification, "Record Keys"
//! - `bluesky-social/atproto-interop-tests`, `syntax/recordkey_syntax_*.txt`

mod inline;
pub(crate) mod key_type;
pub(crate) mod nsid;
mod scan;
pub(crate) mod syntax;
pub(crate) mod typed;

pub use key_type::RecordKeyType;

use alloc::string::String;
use core::{borrow::Borrow, cmp::Ordering, hash, ops::Deref};

use crate::{Error, Tid};
use inline::INLINE;

/// A validated atproto record key.
///
/// Immutable once built. Keys of up to 30 characters (TIDs, `self`, most others) live inside
/// the value without a heap allocation; longer ones keep their `String`. Equality, order and
/// hashing are those of the key's bytes, and agree with `str` (so a `HashSet<RecordKey>` can be
/// queried with a `&str`).
///
/// # Examples
///
/// ```
/// use idtypes::{RecordKey, Tid};
///
/// let key: RecordKey = "3jzfcijpj2z2a".parse()?;
/// assert_eq!(key.as_str(), "3jzfcijpj2z2a");
/// assert_eq!(key.to_tid()?, idtypes::tid!("3jzfcijpj2z2a"));
///
/// assert_eq!(RecordKey::SELF, "self");
/// assert!(RecordKey::parse("pre:fix").is_ok()); // `:` is allowed by the current spec
/// assert!(RecordKey::parse("..").is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone)]
pub struct RecordKey {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Static(&'static str),
    Heap(String),
}

impl RecordKey {
    /// `self`, the key of a collection's single record (record-key type `literal:self`).
    pub const SELF: RecordKey = RecordKey::from_static("self");

    /// The longest record key, in characters.
    pub const MAX_LEN: usize = syntax::MAX_LEN;

    /// Checks a record key without building one: length 1..=512, not `.` or `..`, characters
    /// `A-Za-z0-9.-_~:`, in that order (the reference's).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length), then
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved), then
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) with the first bad character's
    /// position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, RecordKey};
    ///
    /// assert!(RecordKey::validate("example.com").is_ok());
    /// let err = RecordKey::validate("alpha/beta").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(5)));
    /// ```
    #[inline]
    pub fn validate(text: &str) -> Result<(), Error> {
        syntax::validate_fast(text.as_bytes())
    }

    /// [`validate`](RecordKey::validate) in `const` context: the same rules, errors and
    /// positions, checked eight bytes at a time without the vector instructions `validate`
    /// uses at run time.
    ///
    /// # Errors
    ///
    /// As [`validate`](RecordKey::validate).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{RecordKey, unwrap_const};
    ///
    /// const CHECKED: () = unwrap_const!(RecordKey::validate_const("app.bsky.feed.post"));
    /// assert!(RecordKey::validate_const("alpha/beta").is_err());
    /// ```
    pub const fn validate_const(text: &str) -> Result<(), Error> {
        syntax::validate(text.as_bytes())
    }

    /// Parses and copies a record key.
    ///
    /// # Errors
    ///
    /// As [`validate`](RecordKey::validate).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RecordKey;
    ///
    /// let key = RecordKey::parse("~1.2-3_")?;
    /// assert_eq!(key, "~1.2-3_");
    /// assert_eq!(
    ///     RecordKey::parse("any space").unwrap_err().to_string(),
    ///     "invalid atproto record key: unexpected character ' ' at byte 3, \
    ///      expected one of `A-Za-z0-9.-_~:`"
    /// );
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<RecordKey, Error> {
        // A short valid key is built here, in the caller, straight into the `Result`; the rest
        // (long keys, errors) out of line.
        let bytes = text.as_bytes();
        if (1..=INLINE).contains(&bytes.len()) {
            let (low, high) = inline::words(bytes);
            if scan::first_invalid_short(bytes, low, high).is_none()
                && !matches!(bytes, b"." | b"..")
            {
                return Ok(RecordKey::from_words(bytes.len(), low, high));
            }
        }
        RecordKey::parse_other(text)
    }

    /// [`parse`](RecordKey::parse) for what its inline part leaves: long keys and errors.
    #[inline(never)]
    fn parse_other(text: &str) -> Result<RecordKey, Error> {
        RecordKey::validate(text)?;
        Ok(RecordKey::from_valid(text))
    }

    /// A record key from a `'static` string, checked in `const` context.
    ///
    /// Use it for the fixed keys a Lexicon names (`literal:<value>`): in a `const` item an
    /// invalid key fails compilation.
    ///
    /// # Panics
    ///
    /// When `text` is not a valid record key (at compile time, in a `const`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RecordKey;
    ///
    /// const PROFILE: RecordKey = RecordKey::from_static("self");
    /// assert_eq!(PROFILE, RecordKey::SELF);
    /// ```
    ///
    /// ```compile_fail
    /// const BAD: idtypes::RecordKey = idtypes::RecordKey::from_static("alpha/beta");
    /// ```
    pub const fn from_static(text: &'static str) -> RecordKey {
        match crate::error::split(syntax::validate(text.as_bytes())) {
            Ok(()) => RecordKey {
                repr: Repr::Static(text),
            },
            Err(_) => {
                panic!(
                    "invalid record key: expected 1 to 512 characters of A-Za-z0-9.-_~:, not `.` or `..`"
                )
            }
        }
    }

    /// A key from text already validated.
    fn from_valid(text: &str) -> RecordKey {
        if text.len() <= INLINE {
            let (low, high) = inline::words(text.as_bytes());
            RecordKey::from_words(text.len(), low, high)
        } else {
            RecordKey {
                repr: Repr::Heap(text.into()),
            }
        }
    }

    /// The inline key of `len` (at most [`INLINE`]) bytes that [`inline::words`] read into
    /// `low` and `high`, from a valid key.
    #[inline(always)]
    fn from_words(len: usize, low: u128, high: u128) -> RecordKey {
        debug_assert!(len <= INLINE);
        RecordKey {
            repr: Repr::Inline {
                len: len as u8,
                bytes: inline::from_words(low, high),
            },
        }
    }

    /// The key.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::RecordKey::SELF.as_str(), "self");
    /// ```
    pub fn as_str(&self) -> &str {
        match &self.repr {
            Repr::Inline { len, bytes } => ascii_str(&bytes[..*len as usize]),
            Repr::Static(text) => text,
            Repr::Heap(text) => text,
        }
    }

    /// The key as a `String` (reusing the allocation of a long key).
    ///
    /// # Examples
    ///
    /// ```
    /// let text: String = idtypes::RecordKey::SELF.into_string();
    /// assert_eq!(text, "self");
    /// ```
    pub fn into_string(self) -> String {
        match self.repr {
            Repr::Heap(text) => text,
            _ => self.as_str().into(),
        }
    }

    /// The key read as a TID, for keys of record-key type `tid`.
    ///
    /// # Errors
    ///
    /// The [`Tid::parse`] error when the key is not a TID.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RecordKey;
    ///
    /// let key = RecordKey::parse("3jzfcijpj2z2a")?;
    /// assert_eq!(key.to_tid()?.clock_id(), 6);
    /// assert!(RecordKey::SELF.to_tid().is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn to_tid(&self) -> Result<Tid, Error> {
        Tid::parse(self.as_str())
    }
}

/// The text of bytes known to be ASCII (validated record-key bytes).
fn ascii_str(bytes: &[u8]) -> &str {
    debug_assert!(bytes.is_ascii());
    // Never fails: record keys are ASCII. The empty fallback keeps this free of panics.
    core::str::from_utf8(bytes).unwrap_or_default()
}

impl From<Tid> for RecordKey {
    /// A TID is always a valid record key (13 characters of `2-7a-z`).
    fn from(tid: Tid) -> RecordKey {
        RecordKey::from_valid(tid.encode().as_str())
    }
}

impl TryFrom<&RecordKey> for Tid {
    type Error = Error;

    fn try_from(key: &RecordKey) -> Result<Tid, Error> {
        key.to_tid()
    }
}

impl TryFrom<RecordKey> for Tid {
    type Error = Error;

    fn try_from(key: RecordKey) -> Result<Tid, Error> {
        key.to_tid()
    }
}

crate::text::traits::text_traits!(RecordKey, as_str);

impl TryFrom<String> for RecordKey {
    type Error = Error;

    /// Validates `text` and keeps its allocation for keys too long to store inline.
    fn try_from(text: String) -> Result<RecordKey, Error> {
        RecordKey::validate(&text)?;
        if text.len() <= INLINE {
            Ok(RecordKey::from_valid(&text))
        } else {
            Ok(RecordKey {
                repr: Repr::Heap(text),
            })
        }
    }
}

impl From<RecordKey> for String {
    fn from(key: RecordKey) -> String {
        key.into_string()
    }
}

impl Deref for RecordKey {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for RecordKey {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for RecordKey {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for RecordKey {
    fn eq(&self, other: &RecordKey) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for RecordKey {}

impl PartialOrd for RecordKey {
    fn partial_cmp(&self, other: &RecordKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for RecordKey {
    fn cmp(&self, other: &RecordKey) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl hash::Hash for RecordKey {
    fn hash<H: hash::Hasher>(&self, state: &mut H) {
        // As `str` hashes, so that `Borrow<str>` lookups work.
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for RecordKey {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for RecordKey {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<RecordKey> for str {
    fn eq(&self, other: &RecordKey) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<RecordKey> for &str {
    fn eq(&self, other: &RecordKey) -> bool {
        *self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn short_keys_are_inline_and_long_keys_keep_their_string() {
        let key = RecordKey::parse("3jzfcijpj2z2a").unwrap();
        assert!(matches!(key.repr, Repr::Inline { len: 13, .. }));
        let text = "o".repeat(512);
        let pointer = text.as_ptr();
        let key = RecordKey::try_from(text).unwrap();
        assert!(matches!(&key.repr, Repr::Heap(s) if s.as_ptr() == pointer));
        let text = key.into_string();
        assert_eq!(text.as_ptr(), pointer);
    }

    #[test]
    fn the_largest_inline_key_and_the_smallest_heap_key() {
        let inline = "a".repeat(INLINE);
        let heap = "a".repeat(INLINE + 1);
        assert!(matches!(
            RecordKey::parse(&inline).unwrap().repr,
            Repr::Inline { .. }
        ));
        assert!(matches!(
            RecordKey::parse(&heap).unwrap().repr,
            Repr::Heap(_)
        ));
        assert_eq!(RecordKey::parse(&heap).unwrap().as_str(), heap);
    }

    /// The short-key path `parse` inlines against `validate` and the text: every ASCII byte
    /// and a few longer characters in every position of keys on either side of the inline
    /// limit.
    #[test]
    fn parse_agrees_with_validate_on_every_character_in_every_position() {
        let others = ['\u{80}', 'é', '\u{FFFD}', '😀'];
        let characters = (0..=127u8).map(char::from).chain(others);
        for len in 1..=INLINE + 2 {
            for at in 0..len {
                for c in characters.clone() {
                    let mut text = "a".repeat(at);
                    text.push(c);
                    text.push_str(&"a".repeat(len - at - 1));
                    let parsed = RecordKey::parse(&text);
                    match RecordKey::validate(&text) {
                        Ok(()) => {
                            let key = parsed.unwrap();
                            assert_eq!(key.as_str(), text);
                            assert!(matches!(key.repr, Repr::Inline { .. }) == (len <= INLINE));
                        }
                        Err(err) => assert_eq!(parsed.unwrap_err(), err, "{text:?}"),
                    }
                }
            }
        }
        for reserved in [".", ".."] {
            assert_eq!(
                RecordKey::parse(reserved).unwrap_err().kind(),
                crate::ErrorKind::Reserved
            );
        }
        assert!(RecordKey::parse("...").is_ok());
        assert_eq!(
            RecordKey::parse("").unwrap_err().kind(),
            crate::ErrorKind::Length
        );
    }

    /// `inline::from_words` writes bytes 0..6 of the key, then 8 bytes at a time, to end each
    /// store on one of the value's 8-byte boundaries: so the bytes must start 2 bytes in.
    #[test]
    fn inline_bytes_start_two_bytes_into_the_value() {
        let key = RecordKey::parse("3jzfcijpj2z2a").unwrap();
        let Repr::Inline { bytes, .. } = &key.repr else {
            panic!("a 13-character key is inline");
        };
        let offset = bytes.as_ptr() as usize - core::ptr::addr_of!(key) as usize;
        assert_eq!(offset, 2);
        assert_eq!(core::mem::align_of::<RecordKey>(), 8);
    }

    #[test]
    fn storage_does_not_change_equality_order_or_hash() {
        use core::hash::BuildHasher;
        let state = std::collections::hash_map::RandomState::new();
        let a = RecordKey::SELF;
        let b = RecordKey::parse("self").unwrap();
        assert_eq!(a, b);
        assert_eq!(state.hash_one(&a), state.hash_one(&b));
        assert_eq!(state.hash_one(&a), state.hash_one("self"));
        assert!(RecordKey::parse("Self").unwrap() < a);
    }

    #[test]
    fn tids_are_record_keys() {
        let tid = Tid::from_u64(1728652679052295174);
        let key = RecordKey::from(tid);
        assert_eq!(key, "3jzfcijpj2z2a");
        assert_eq!(Tid::try_from(&key), Ok(tid));
    }

    #[test]
    fn display_pads_and_debug_shows_the_key() {
        assert_eq!(format!("{:>6}", RecordKey::SELF), "  self");
        assert_eq!(format!("{:?}", RecordKey::SELF), "RecordKey(self)");
        assert_eq!(RecordKey::SELF.to_string(), "self");
    }

    #[test]
    fn the_value_stays_small() {
        assert!(core::mem::size_of::<RecordKey>() <= 32);
    }
}
