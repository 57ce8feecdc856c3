//! Correct, fast, strongly typed sortable identifiers.
//!
//! `idtypes` gives each identifier format a small value type with the same vocabulary: a raw
//! form, a strict allocation-free text codec, its parts (timestamp, clock id, ...), a
//! lock-free generator and inclusive ranges for database queries.
//!
//! # Getting started
//!
//! ```
//! use idtypes::{Tid, tid};
//!
//! // Generate: strictly increasing, never repeating, from any thread.
//! let id = Tid::now();
//! println!("{id}"); // e.g. 3lbx2nqj4ek2a
//!
//! // Parse exactly as the atproto reference does, and read the parts.
//! let known: Tid = "3jzfcijpj2z2a".parse()?;
//! assert_eq!(known.timestamp_micros(), 1688137381887007);
//! assert_eq!(known.clock_id(), 6);
//!
//! // Constants are checked at compile time.
//! const FIRST: Tid = tid!("3jzfcijpj2z2a");
//! assert_eq!(FIRST, known);
//!
//! // Query by prefix or by time: an inclusive range for `WHERE id BETWEEN ? AND ?`.
//! let range = Tid::range_for_prefix("3jzf")?;
//! assert!(range.contains(&known));
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # Formats
//!
//! | type | format | raw form | text |
//! |---|---|---|---|
//! | [`Tid`] | atproto timestamp identifier | `u64`: 53-bit µs + 10-bit clock id | 13 chars base32-sortable |
//! | [`RecordKey`] | atproto record key | validated string, inline up to 30 bytes | 1..=512 chars of `A-Za-z0-9.-_~:` |
//! | [`TimeId`] | draft-goldman Time-Ordered ID | `i64`: signed µs * 1024 + [`NodeId`] | 13 chars base32-sortable, display `STTT-TTT-TTTT-CC` |
//! | [`Uid11`] | uid11 | `u64` | 11 chars Base58 (Bitcoin alphabet) |
//! | [`Xid`] | uid11 profile xid | 42-bit ms since 2011-11-11T11:11:11.111Z, 22-bit random | as uid11 |
//! | [`Snowish`] | uid11 profile snowish | 0, 41-bit ms, 10-bit machine, 12-bit sequence | as uid11 |
//! | [`TsSeqRand`] | uid11 profile ts-seq-rand | 42-bit ms, 12-bit sequence, 10-bit random | as uid11 |
//! | [`FullRand`] | uid11 profile fullrand | 64 random bits | as uid11 |
//! | [`Tbsl`] | TBSL | 80 bits: `(unix µs * 100 + machine) * 2^20 + suffix` | 20 chars uppercase hex |
//!
//! [`RecordKeyType`] is a Lexicon record-key type (`tid`, `nsid`, `literal:<value>`, `any`) and
//! checks keys against it.
//!
//! Every id type orders like its text and its big-endian bytes, so ids sort the same in memory,
//! in a database and in a key-value store. Record keys order by their bytes. For [`TimeId`],
//! that encoded order is not chronological across 1970 (pre-1970 ids sort last);
//! [`TimeId::cmp_chronological`] compares by time.
//!
//! # One vocabulary
//!
//! - raw form: `from_u64`/`to_u64`, `from_bytes`/`to_bytes` (big-endian), `MIN`/`MAX`;
//! - text: [`FromStr`](core::str::FromStr), `parse` (also `const`), [`Display`](core::fmt::Display),
//!   `Debug` showing the text, and `encode()` returning an [`IdText`] on the stack;
//! - parts: `from_parts(...) -> Result` that refuses out-of-range parts instead of masking them,
//!   and accessors such as `timestamp_micros()` and `timestamp()`;
//! - generation: a thread-safe generator on an injectable [`Clock`], and `now()`;
//! - ranges: [`IdRange`] from a text prefix or a span of time.
//!
//! Every failure is an [`Error`] whose [`kind`](Error::kind) says what went wrong, whose
//! [`position`](Error::position) says where, and whose message says what was expected.
//! No input makes any function here panic.
//!
//! # Crate features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `std` | yes | generators, clocks, `SystemTime` accessors and time ranges; without it the value types and codecs work in `no_std` |
//! | `alloc` | yes (with `std`) | [`RecordKey`] and [`RecordKeyType`] in `no_std` builds that have a heap |
//! | `serde` | no | `Serialize`/`Deserialize`: the text for human-readable formats (JSON), the raw integer for binary ones; borrowed deserialization does not allocate |
//! | `chrono` | no | conversions to and from `chrono::DateTime<Utc>` |
//! | `uuid` | no | lossless mappings: [`TimeId`] to and from UUIDv6, [`Tid`] and [`TimeId`] to and from UUIDv7 |
//! | `sqlx-postgres`, `sqlx-mysql`, `sqlx-sqlite` | no | sqlx `Type`/`Encode`/`Decode` for every id type, and the `AsText` adapter (see below) |
//!
//! # Databases (sqlx)
//!
//! Fixed-size ids are stored as their big-endian bytes, whose order is the id order on every
//! database (no collation, no sign trouble above `i64::MAX` or before 1970); record keys, and
//! ids wrapped in `AsText` for people who read the table, as text with a byte-wise collation.
//!
//! | type | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|
//! | `Tid`, `TimeId`, `Uid11`, `Xid`, `Snowish`, `TsSeqRand`, `FullRand` | `BYTEA` | `BINARY(8)` | `BLOB` |
//! | `Tbsl` | `BYTEA` | `BINARY(10)` | `BLOB` |
//! | `RecordKey` | `TEXT COLLATE "C"` | `VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | `AsText<T>` | `TEXT COLLATE "C"` | `VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "std")]
mod clock;
mod codec;
mod error;
pub(crate) mod integrations;
#[cfg(feature = "std")]
mod monotonic;
#[cfg(feature = "std")]
mod random;
mod range;
#[cfg(feature = "alloc")]
mod record_key;
mod tbsl;
mod text;
mod tid;
#[cfg(feature = "std")]
mod time;
mod time_id;
mod typed;
mod uid11;

#[cfg(feature = "std")]
pub use clock::{Clock, ManualClock, SystemClock};
pub use error::{Error, ErrorKind};
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
pub use integrations::sqlx::AsText;
pub use range::IdRange;
#[cfg(feature = "alloc")]
pub use record_key::{RecordKey, RecordKeyType};
#[cfg(feature = "std")]
pub use tbsl::{ClockPolicy, MemorySequence, SequenceProvider, TbslGenerator, TbslMode};
pub use tbsl::{Tbsl, TransportBase, TransportText};
pub use text::IdText;
pub use tid::Tid;
#[cfg(feature = "std")]
pub use tid::TidGenerator;
#[cfg(feature = "std")]
pub use time_id::TimeIdGenerator;
pub use time_id::{NodeClass, NodeId, TimeId, TimeIdRanges};
pub use typed::{IdFormat, TypedId};
pub use uid11::{FullRand, Snowish, TsSeqRand, Uid11, XID_EPOCH_MILLIS, Xid};
#[cfg(feature = "std")]
pub use uid11::{SnowishGenerator, TsSeqRandGenerator, XidGenerator, XidMode};

#[cfg(all(feature = "derive", feature = "alloc"))]
pub use idtypes_derive::RecordKey;
/// The derive macros, one per format, named like the type (`use idtypes::Tid` brings both).
///
/// See [typed ids](crate#typed-ids) in the crate docs for what they generate and their attributes.
#[cfg(feature = "derive")]
pub use idtypes_derive::{FullRand, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Xid};

/// Support for this crate's macros. Not public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use core;

    pub use crate::tid::text::literal as tid_literal;
    pub use crate::typed::support::{fmt_debug, fmt_display, map_range, parse, validated};
    pub use crate::{
        __idtypes_if_chrono as if_chrono, __idtypes_if_serde as if_serde,
        __idtypes_if_sqlx as if_sqlx, __idtypes_if_sqlx_postgres as if_sqlx_postgres,
        __idtypes_if_std as if_std,
    };

    #[cfg(feature = "alloc")]
    pub use crate::typed::support::check_key_type;
    #[cfg(feature = "chrono")]
    pub use chrono::{DateTime, Utc};
    #[cfg(feature = "std")]
    pub use std::time::SystemTime;

    /// Typed ids' serde.
    #[cfg(feature = "serde")]
    pub mod serde {
        pub use crate::integrations::serde_typed::{deserialize, serialize};
        pub use serde::{Deserialize, Deserializer, Serialize, Serializer};
    }

    /// Typed ids' sqlx.
    #[cfg(any(
        feature = "sqlx-postgres",
        feature = "sqlx-mysql",
        feature = "sqlx-sqlite"
    ))]
    pub mod sqlx {
        pub use crate::integrations::sqlx_typed::{compatible, decode, encode, type_info};
        #[cfg(feature = "sqlx-postgres")]
        pub use sqlx::postgres::{PgHasArrayType, PgTypeInfo};
        pub use sqlx::{Database, Decode, Encode, Type, encode::IsNull, error::BoxDynError};
    }
}
