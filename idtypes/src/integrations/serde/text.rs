//! `#[serde(with = "idtypes::serde::text")]`: an id as its text in every format, human-readable
//! or not, for any id type or typed id ([`SerdeId`]); [`option`] for an `Option` of one.
//!
//! The text is what `Display` prints (a typed id's with its prefix): in DAG-CBOR a text
//! string, in postcard and bincode its length and its bytes. Deserializing reads a string
//! (borrowed where the format allows, without allocating) and parses it strictly.
//!
//! # Examples
//!
//! ```
//! use idtypes::Tbsl;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Transfer {
//!     #[serde(with = "idtypes::serde::text")]
//!     txn: Tbsl,
//! }
//!
//! let transfer = Transfer { txn: "25BF6196C8D610700001".parse()? };
//! let cbor = serde_ipld_dagcbor::to_vec(&transfer).unwrap();
//! // A map of one entry, "txn", then a text string of 20 characters: `74` and the text.
//! assert_eq!(&cbor[..6], b"\xa1\x63txn\x74");
//! assert_eq!(&cbor[6..], b"25BF6196C8D610700001");
//! assert_eq!(serde_ipld_dagcbor::from_slice::<Transfer>(&cbor).unwrap(), transfer);
//! # Ok::<(), idtypes::Error>(())
//! ```

use serde::{Deserializer, Serializer};

use super::{
    SerdeId,
    form::{self, Form},
};

/// Writes `id` as its text.
///
/// # Errors
///
/// The serializer's.
pub fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
    form::Text::serialize(id, serializer)
}

/// Reads an id from its text.
///
/// # Errors
///
/// Anything but a string, or a string that is not the type's text (the parse error's message).
pub fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    form::Text::deserialize(deserializer)
}

/// `#[serde(with = "idtypes::serde::text::option")]`: an `Option` of an id, the id as its text.
///
/// Like any `with` module, it makes the field required unless the field also says
/// `#[serde(default)]`.
///
/// # Examples
///
/// ```
/// use idtypes::TimeId;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize, PartialEq, Debug)]
/// struct Reply {
///     #[serde(default, with = "idtypes::serde::text::option")]
///     parent: Option<TimeId>,
/// }
///
/// let reply = Reply { parent: Some("3kxnlhr3gxq23".parse()?) };
/// let bytes = postcard::to_allocvec(&reply).unwrap();
/// assert_eq!(bytes, b"\x01\x0d3kxnlhr3gxq23"); // present, 13 bytes of text
/// assert_eq!(postcard::from_bytes::<Reply>(&bytes).unwrap(), reply);
/// assert_eq!(serde_json::from_str::<Reply>("{}").unwrap(), Reply { parent: None });
/// # Ok::<(), idtypes::Error>(())
/// ```
pub mod option {
    use serde::{Deserializer, Serializer};

    use super::{SerdeId, form};

    /// Writes `id` as its text, or nothing.
    ///
    /// # Errors
    ///
    /// The serializer's.
    pub fn serialize<T: SerdeId, S: Serializer>(
        id: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        form::serialize_option::<form::Text, T, S>(id, serializer)
    }

    /// Reads nothing, or an id from its text.
    ///
    /// # Errors
    ///
    /// As [`text::deserialize`](super::deserialize).
    pub fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<T>, D::Error> {
        form::deserialize_option::<form::Text, T, D>(deserializer)
    }
}
