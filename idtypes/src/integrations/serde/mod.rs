//! serde: what each id writes in each kind of format, and adapters to choose per field.
//!
//! Every id serializes as its canonical text in human-readable formats (JSON, TOML, YAML, ...).
//! In binary formats (DAG-CBOR, CBOR, postcard, bincode, ...: whatever
//! `Serializer::is_human_readable` says), the atproto ids are text too, because the atproto
//! data model says so: a [`Tid`](struct@crate::Tid) is a Lexicon `string` of format `tid`, and
//! a record key a `string` of format `record-key`, in every encoding. The other formats write
//! their compact raw form there (an integer, or a TBSL's 10 bytes). Typed ids (the derive
//! macros) write their prefixed text wherever their inner id writes text, and their inner id's
//! raw form (without the prefix) where it writes that.
//!
//! | type | JSON | DAG-CBOR, CBOR | postcard | bincode 2 (`standard`; `legacy` as bincode 1) |
//! |---|---|---|---|---|
//! | [`Tid`](struct@crate::Tid) | `"3jzfcijpj2z2a"` | text string: `6d 33 6a 7a ...` (14 bytes) | length 13, the 13 bytes (14 bytes) | length (1 byte; `legacy`: 8), the 13 bytes |
//! | [`RecordKey`](struct@crate::RecordKey), [`RecordKeyType`](crate::record_key::RecordKeyType) | the text | text string | length, the text | length, the text |
//! | [`TimeId`](struct@crate::TimeId) | `"3kxnlhr3gxq23"` (the plain text; the dashed form is read too) | integer (`i64`), 1 to 9 bytes | zigzag varint `i64` | varint `i64` (`legacy`: 8 bytes, little-endian) |
//! | [`Uid11`](struct@crate::Uid11), [`Uid11Xid`](struct@crate::Uid11Xid), [`Snowish`](struct@crate::Snowish), [`TsSeqRand`](struct@crate::TsSeqRand), [`FullRand`](struct@crate::FullRand) | `"jpXCZedGfVQ"` | unsigned integer (`u64`), 1 to 9 bytes | varint `u64` | varint `u64` (`legacy`: 8 bytes, little-endian) |
//! | [`Snowflake`](struct@crate::Snowflake) | `"175928847299117063"` (a string, as Twitter's and Discord's APIs send it) | unsigned integer (`u64`), 1 to 9 bytes | varint `u64` | varint `u64` (`legacy`: 8 bytes, little-endian) |
//! | [`Tbsl`](struct@crate::Tbsl) | `"25BF6196C8D610700001"` | byte string: `4a 25 bf ...` (11 bytes) | length 10, the 10 bytes | length, the 10 bytes |
//! | typed id over a `Tid` or a record key (`PostId`) | `"post_3jzfcijpj2z2a"` | the prefixed text | the prefixed text | the prefixed text |
//! | typed id over any other format (`TxnId`) | `"txn_25BF6196C8D610700001"` | the inner id's raw form | the inner id's raw form | the inner id's raw form |
//! | any id under [`text`] | the text | the text | the text | the text |
//! | any id under [`raw`] | the text | the raw form (a `Tid`: its `u64`; a record key: its text without a typed id's prefix) | the raw form | the raw form |
//!
//! Deserializing reads the same form back, strictly: a string where text is written (a byte
//! string of its ASCII text is read too, for formats that hand strings over as bytes), the raw
//! form where the raw form is written (and, where a self-describing format offers a string
//! instead, the text). A borrowed string (JSON, DAG-CBOR or postcard from a slice) is parsed in
//! place: no fixed-size id allocates when it is read or written, and a record key only when it
//! is longer than the 30 bytes it holds inline. Typed ids run their checks on what they read
//! unless they trust it ([`TypedId::DESERIALIZE`](crate::TypedId::DESERIALIZE)).
//!
//! # Choosing per field: [`text`] and [`raw`]
//!
//! `#[serde(with = "idtypes::serde::text")]` writes a field's id as its text in every format,
//! `#[serde(with = "idtypes::serde::raw")]` as its raw form in binary formats (the text in
//! human-readable ones, where a raw 64-bit integer would not survive JavaScript); each has an
//! `option` module for `Option` fields. They take every id type and every typed id
//! ([`SerdeId`]).
//!
//! ```
//! use idtypes::{Tbsl, Tid, TimeId};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Event {
//!     /// Text in every format, so that other software reads it as a string.
//!     #[serde(with = "idtypes::serde::text")]
//!     id: TimeId,
//!     /// The 8 bytes of its `u64`, where a format is binary: an older layout.
//!     #[serde(with = "idtypes::serde::raw")]
//!     legacy_rev: Tid,
//!     #[serde(default, with = "idtypes::serde::text::option")]
//!     txn: Option<Tbsl>,
//! }
//!
//! let event = Event {
//!     id: "3kxnlhr3gxq23".parse()?,
//!     legacy_rev: "3jzfcijpj2z2a".parse()?,
//!     txn: None,
//! };
//! let bytes = postcard::to_allocvec(&event).unwrap();
//! assert_eq!(&bytes[..14], b"\x0d3kxnlhr3gxq23"); // the text, after its length
//! assert_eq!(postcard::from_bytes::<Event>(&bytes).unwrap(), event);
//! assert_eq!(
//!     serde_json::to_string(&event).unwrap(),
//!     r#"{"id":"3kxnlhr3gxq23","legacy_rev":"3jzfcijpj2z2a","txn":null}"#
//! );
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! A typed id chooses once, for every field and map key of its type, with
//! `#[idtype(serde = "text")]` or `#[idtype(serde = "raw")]` (see
//! [typed ids](crate#typed-ids)); [`SerdeId::TEXT_IN_BINARY`] says what a type does.
//!
//! # Map keys, and DAG-CBOR
//!
//! A map keyed by ids writes its keys as the ids write themselves. DAG-CBOR allows only
//! string keys, so key its maps by a `Tid`, a record key, or a typed id that writes text (over
//! those, or with `serde = "text"`); a `BTreeMap<TimeId, _>` has integer keys there, which
//! DAG-CBOR decoders refuse. In JSON every id key is its text.
//!
//! # Data written as integers
//!
//! Before this release a `Tid`, and typed ids over one, wrote their `u64` in binary formats.
//! They no longer read it: in DAG-CBOR an integer TID is not atproto data (other
//! implementations refuse the record, and writing it back as text would change its bytes and
//! its CID), and postcard or bincode cannot tell an integer from the length of a string. To
//! read such data, deserialize it with `#[serde(with = "idtypes::serde::raw")]`, which reads
//! and writes exactly that form, and write it again without the attribute.
//!
//! # References
//!
//! - [atproto data model](https://atproto.com/specs/data-model): DAG-CBOR, string keys only.
//! - [Lexicon string formats](https://atproto.com/specs/lexicon#string-formats): `tid`,
//!   `record-key`.

#[cfg(feature = "uuid")]
mod dyn_type_id;
mod fixed;
mod form;
mod raw_forms;
#[cfg(feature = "alloc")]
mod record_key;
mod text_row;
pub(crate) mod typed;

pub mod raw;
pub mod text;

use serde::{Deserializer, Serializer, de};

/// The serde error for `err`, an id's text or raw form refused while deserializing: serde's
/// `custom` error, whose message is the id's own. Every visitor of this module refuses through
/// it, so that with the `axum` feature the error is also kept, whole, for this thread's
/// extractor (`idtypes::axum`), which a message alone would not give its kind and position.
#[cold]
pub(crate) fn refused<E: de::Error>(err: crate::Error) -> E {
    #[cfg(feature = "axum")]
    crate::integrations::axum::captured::keep(&err);
    E::custom(err)
}

/// An id the adapters of this module can write and read: every id type of this crate and every
/// typed id (the derive macros). Sealed: there is nothing to implement.
///
/// # Examples
///
/// ```
/// use idtypes::{RecordKey, Tbsl, Tid, TimeId, serde::SerdeId};
///
/// // Text in binary formats too: the atproto formats.
/// assert!(Tid::TEXT_IN_BINARY);
/// assert!(RecordKey::TEXT_IN_BINARY);
/// // The raw form there: the others.
/// assert!(!TimeId::TEXT_IN_BINARY);
/// assert!(!Tbsl::TEXT_IN_BINARY);
/// ```
pub trait SerdeId: Sized + sealed::Sealed {
    /// Whether binary formats get the id's text (`true`) or its raw form (`false`) from its
    /// own `Serialize` (the human-readable ones always get the text). `true` for a
    /// [`Tid`](struct@crate::Tid), a [`RecordKey`](struct@crate::RecordKey) and the typed ids
    /// over them, `false` for the other formats and their typed ids; a typed id's
    /// `#[idtype(serde = "text")]` or `#[idtype(serde = "raw")]` sets it.
    const TEXT_IN_BINARY: bool;

    /// The text, in every format ([`text`]).
    #[doc(hidden)]
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// The raw form in binary formats, the text in human-readable ones ([`raw`]).
    #[doc(hidden)]
    fn serialize_raw<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// What [`serialize_text`](SerdeId::serialize_text) wrote.
    #[doc(hidden)]
    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;

    /// What [`serialize_raw`](SerdeId::serialize_raw) wrote.
    #[doc(hidden)]
    fn deserialize_raw<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

pub(crate) mod sealed {
    /// Keeps [`SerdeId`](super::SerdeId) to this crate's ids and typed ids.
    pub trait Sealed {}
}
