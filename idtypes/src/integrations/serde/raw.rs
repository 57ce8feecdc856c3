//! `#[serde(with = "idtypes::serde::raw")]`: an id as its raw form in binary formats, and as
//! its text in human-readable ones, for any id type or typed id ([`SerdeId`]); [`option`] for
//! an `Option` of one.
//!
//! The raw form is the id's integer (`u64`, or `i64` for a [`TimeId`](struct@crate::TimeId)),
//! a [`Tbsl`](struct@crate::Tbsl)'s 10 bytes, or a record key's text; a typed id's is its inner
//! id's, without the prefix. It is what the formats other than TID and record keys write by
//! default; on a [`Tid`](struct@crate::Tid) it gives the `u64` that earlier releases wrote,
//! which atproto data must not carry (see [the module](crate::serde)). Human-readable formats
//! get the text, which every JSON reader keeps exactly, where an integer above 2^53 would not
//! survive JavaScript.
//!
//! # Examples
//!
//! ```
//! use idtypes::Tid;
//! use serde::{Deserialize, Serialize};
//!
//! /// A cache entry of this program's own, where 8 bytes beat 14.
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Cached {
//!     #[serde(with = "idtypes::serde::raw")]
//!     rev: Tid,
//! }
//!
//! let cached = Cached { rev: "3jzfcijpj2z2a".parse()? };
//! let bytes = postcard::to_allocvec(&cached).unwrap();
//! assert_eq!(bytes, postcard::to_allocvec(&1728652679052295174u64).unwrap()); // 9 bytes
//! assert_eq!(postcard::from_bytes::<Cached>(&bytes).unwrap(), cached);
//! assert_eq!(serde_json::to_string(&cached).unwrap(), r#"{"rev":"3jzfcijpj2z2a"}"#);
//! # Ok::<(), idtypes::Error>(())
//! ```

use serde::{Deserializer, Serializer};

use super::{
    SerdeId,
    form::{self, Form},
};

/// Writes `id` as its raw form in binary formats, as its text in human-readable ones.
///
/// # Errors
///
/// The serializer's.
pub fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
    form::Raw::serialize(id, serializer)
}

/// Reads an id from its raw form in binary formats, from its text in human-readable ones.
///
/// # Errors
///
/// A value of another kind, a raw value that is not an id (a snowish id with its reserved bit
/// set), a text that does not parse, or a typed id's check refusing the id.
pub fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    form::Raw::deserialize(deserializer)
}

/// `#[serde(with = "idtypes::serde::raw::option")]`: an `Option` of an id, the id as its raw
/// form in binary formats.
///
/// Like any `with` module, it makes the field required unless the field also says
/// `#[serde(default)]`.
///
/// # Examples
///
/// ```
/// use idtypes::Uid11Xid;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Session {
///     #[serde(default, with = "idtypes::serde::raw::option")]
///     user: Option<Uid11Xid>,
/// }
///
/// let session = Session { user: Some(Uid11Xid::from_u64(300)) };
/// let bytes = postcard::to_allocvec(&session).unwrap();
/// assert_eq!(bytes, [1, 0xac, 0x02]); // present, then the varint of 300
/// assert_eq!(postcard::from_bytes::<Session>(&bytes).unwrap(), session);
/// ```
pub mod option {
    use serde::{Deserializer, Serializer};

    use super::{SerdeId, form};

    /// Writes `id` as [`raw::serialize`](super::serialize) does, or nothing.
    ///
    /// # Errors
    ///
    /// The serializer's.
    pub fn serialize<T: SerdeId, S: Serializer>(
        id: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        form::serialize_option::<form::Raw, T, S>(id, serializer)
    }

    /// Reads nothing, or an id as [`raw::deserialize`](super::deserialize) does.
    ///
    /// # Errors
    ///
    /// As [`raw::deserialize`](super::deserialize).
    pub fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        form::deserialize_option::<form::Raw, T, D>(deserializer)
    }
}
