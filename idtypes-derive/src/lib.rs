//! Derive macros for [idtypes](https://docs.rs/idtypes): strongly typed ids whose text carries
//! a prefix, over any of its formats.
//!
//! Use them through `idtypes` with its `derive` feature, which re-exports them next to the
//! types they are named after (`use idtypes::Tid;` brings both):
//!
//! ```ignore
//! #[derive(idtypes::Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(idtypes::Tid);
//!
//! let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//! assert_eq!(id.to_string(), "post_3jzfcijpj2z2a");
//! ```
//!
//! The `idtypes` crate docs ("Typed ids") describe what is generated and every attribute.
//! What a typed id does as its format (`now()`, `timestamp_micros()`, the ranges) is the
//! format's extension trait in `idtypes` (`idtypes::tid::TypedTid`, ...), implemented once for
//! every typed id of the format and imported with `use idtypes::prelude::*`; the derive says
//! only whether the type has checks (`TypedId::Checks`), which makes those constructors return
//! `Result`.
//!
//! **The derive writes `Debug`, `Display`, `FromStr`, `Clone`, `Copy` (all formats but record
//! keys), `PartialEq`, `Eq`, `PartialOrd`, `Ord` and `Hash` itself, and serde's and sqlx's
//! traits with those `idtypes` features**: do not derive them too. A derive macro sees only the
//! `#[derive(...)]` attributes after its own, so one written there (`#[derive(Tid)]` then
//! `#[derive(Debug, Clone)]`) is an error naming each trait already provided; one in the same
//! list (`#[derive(Tid, Debug)]`) or before it shows as the compiler's "conflicting
//! implementations" (E0119).
//!
//! The crate is split as serde's derive is: `attr` reads and checks the attributes, `check`
//! holds the rules for their values, `format` says what the derive knows of a format (its
//! name), and `expand` writes the code, which names only `idtypes` paths (or those of
//! `#[idtype(crate = "...")]`). What a format adds to a typed id (its parts, ranges,
//! generation) is not here: it is the extension trait beside the format in `idtypes`
//! (`tid/typed.rs`: `TypedTid`), with a `macro_rules!` there for what must be per type
//! (`__idtypes_typed_tid!`: `Clone`, `Copy`, `Default`, `from_inner`, `encode()`, the `const`
//! accessors; `parse` and `PREFIX` are `TypedId`'s), and the integrations' impls are
//! `idtypes::__idtypes_typed_integrations!`; the expansion invokes both. The formats are
//! named once, in the list of derives below. `snapshots` pins the expansion of a few types
//! (`snapshots/*.expanded.rs`).

#![deny(missing_docs)]

mod attr;
mod check;
mod errors;
mod expand;
mod format;
mod siblings;
#[cfg(test)]
mod snapshots;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

use format::Format;

/// The derives, one per format, and `FORMATS`, the formats they name, in that order: the one
/// list of formats in this crate. A line is `$(#[doc])* fn_name => Name;` for a fixed-size
/// format, or `fn_name => Name (kind);` for another kind, `kind` naming the constructor of
/// [`Format`] that says what it is (`text` for the record key, `uuid` for the UUID, `text_row`
/// for a text row of the table, whose type has parameters, `renamed NewName` for an old name
/// kept for a release).
macro_rules! derives {
    ($($(#[$doc:meta])* $fn_name:ident => $format:ident $(($($kind:tt)*))?;)*) => {
        $(
            $(#[$doc])*
            #[proc_macro_derive($format, attributes(idtype))]
            pub fn $fn_name(input: TokenStream) -> TokenStream {
                let input = parse_macro_input!(input as DeriveInput);
                expand::derive(input, derives!(@format $format $($($kind)*)?)).into()
            }
        )*

        /// Every format, for "did you mean" hints.
        const FORMATS: [Format; [$(stringify!($format)),*].len()] =
            [$(derives!(@format $format $($($kind)*)?)),*];
    };
    (@format $format:ident) => {
        Format::fixed(stringify!($format))
    };
    (@format $format:ident $kind:ident $($new_name:ident)?) => {
        Format::$kind(stringify!($format) $(, stringify!($new_name))?)
    };
}

derives! {
    /// A typed atproto TID: `#[derive(Tid)] #[idtype(prefix = "post")] struct PostId(Tid);`
    /// reads and prints `post_3jzfcijpj2z2a`.
    ///
    /// Besides what every typed id has (the `idtypes` crate docs, "Typed ids"), it has the
    /// TID's parts, ranges and generation, typed: `timestamp_micros`, `range_for_time`,
    /// `now`, ... (`idtypes::tid::TypedTid`; each format has its trait, all in
    /// `idtypes::prelude`).
    derive_tid => Tid;
    /// A typed draft-goldman TimeId: `#[derive(TimeId)] #[idtype(prefix = "evt")] struct
    /// EventId(TimeId);`, with the TimeId's parts, ranges and generation, typed.
    derive_time_id => TimeId;
    /// A typed uid11 (a u64 as 11 Base58 characters): `#[derive(Uid11)] struct
    /// FileId(Uid11);`, with its prefix ranges, typed.
    derive_uid11 => Uid11;
    /// A typed uid11 xid (the uid11 profile of time and randomness, 11 Base58 characters; not
    /// rs/xid's XID, which is `RsXid`): `#[derive(Uid11Xid)] struct OrderId(Uid11Xid);`, with
    /// its parts, ranges and generation, typed.
    derive_uid11_xid => Uid11Xid;
    /// `Uid11Xid` under its name of v0.1.0, kept for one release: `#[derive(Xid)] struct
    /// OrderId(Xid);` still compiles, and writes `Uid11Xid`'s code. Renamed so that no one
    /// takes it for rs/xid's 12-byte XID (`RsXid`).
    #[doc(hidden)]
    derive_xid => Xid (renamed Uid11Xid);
    /// A typed snowish uid11: `#[derive(Snowish)] struct JobId(Snowish);`, with the snowish
    /// id's parts, ranges and generation from a generator, typed.
    derive_snowish => Snowish;
    /// A typed ts-seq-rand uid11: `#[derive(TsSeqRand)] struct MessageId(TsSeqRand);`, with
    /// its parts, ranges and generation, typed.
    derive_ts_seq_rand => TsSeqRand;
    /// A typed fullrand uid11: `#[derive(FullRand)] struct TokenId(FullRand);`, with its
    /// prefix ranges and `random()`, typed.
    derive_full_rand => FullRand;
    /// A typed Snowflake (Twitter's and Discord's 64-bit ids, in decimal):
    /// `#[derive(Snowflake)] #[idtype(prefix = "msg")] struct MessageId(Snowflake);` reads
    /// and prints `msg_175928847299117063`, with the Snowflake's parts, its time and ranges
    /// for an epoch and generation from a generator, typed.
    derive_snowflake => Snowflake;
    /// A typed TBSL: `#[derive(Tbsl)] #[idtype(prefix = "txn")] struct TxnId(Tbsl);`, with the
    /// TBSL's parts, ranges and `try_next_from` (a TBSL generator has `try_next` only), typed.
    derive_tbsl => Tbsl;
    /// A typed ULID: `#[derive(Ulid)] #[idtype(prefix = "order")] struct OrderId(Ulid);`
    /// reads and prints `order_01ARZ3NDEKTSV4RRFFQ69G5FAV`, with the ULID's parts, ranges and
    /// generation, typed.
    derive_ulid => Ulid;
    /// A typed UUID whose text is a TypeID (with the `uuid` feature):
    /// `#[derive(Uuid)] #[idtype(prefix = "user")] struct UserId(uuid::Uuid);` reads and prints
    /// `user_01h455vb4pex5vsknk084sn02q`, with `now_v7`, `new_v4`, v7 time ranges and
    /// `to_dyn_type_id`. The prefix must be a TypeID prefix (`a`-`z` and inner `_`), the
    /// separator `_`.
    ///
    /// `#[idtype(text = "hyphenated")]` makes the text the hyphenated form instead
    /// (`01890a5d-ac96-774b-bcce-b302099a8057`, after the prefix if there is one), with any
    /// prefix and separator a typed id may have.
    derive_uuid => Uuid (uuid);
    /// A typed atproto record key, optionally of one record key type:
    /// `#[derive(RecordKey)] #[idtype(key_type = "tid")] struct PostKey(RecordKey);`.
    ///
    /// `key_type` is `"tid"`, `"nsid"`, `"any"` (the default) or `"literal:<key>"`, checked at
    /// compile time and enforced by every checked constructor. It has `as_str`, and
    /// `key_type()`.
    derive_record_key => RecordKey (text);
    /// A typed KSUID: `#[derive(Ksuid)] #[idtype(prefix = "evt")] struct EventId(Ksuid);`
    /// reads and prints `evt_0ujtsYcgvSTl8PAuAdqWYSMnLOv`, with the KSUID's parts, ranges and
    /// generation, typed.
    derive_ksuid => Ksuid;
    /// A typed Sonyflake (sony/sonyflake's 63-bit ids, in decimal):
    /// `#[derive(Sonyflake)] #[idtype(prefix = "job")] struct JobId(Sonyflake);` reads and
    /// prints `job_578547906324398081`, with the Sonyflake's parts, its time and ranges for a
    /// layout and generation from a generator, typed.
    derive_sonyflake => Sonyflake;
    /// A typed rs/xid XID (the Go `github.com/rs/xid`'s 12 bytes, 20 characters; not the
    /// uid11 xid, which is `Uid11Xid`): `#[derive(RsXid)] #[idtype(prefix = "req")] struct
    /// RequestId(RsXid);` reads and prints `req_9m4e2mr0ui3e8a215n4g`, with the XID's parts,
    /// ranges and generation, typed.
    derive_rs_xid => RsXid;
    /// A typed MongoDB ObjectId: `#[derive(ObjectId)] #[idtype(prefix = "order")] struct
    /// OrderId(ObjectId);` reads and prints `order_64b7f0a1c2d3e4f5a6b7c8d9`, with the
    /// ObjectId's parts, ranges and generation, typed.
    derive_object_id => ObjectId;
    /// A typed NanoID, over any of its types: `#[derive(NanoId)] #[idtype(prefix = "inv")]
    /// struct InviteId(NanoId<Lowercase, 16>);` reads and prints `inv_qzvbwxmtrjkaplsn`, with
    /// `random()` (a random id), `as_str()` and the accessors. The field names the NanoID type
    /// with its alphabet and length (`NanoId` alone is 21 URL-safe symbols).
    derive_nano_id => NanoId (text_row);
    /// A typed CUID2: `#[derive(Cuid2)] #[idtype(prefix = "usr")] struct UserId(Cuid2);`
    /// reads and prints `usr_tz4a98xxat96iws9zmbrgj3a`, with `as_str()`, the accessors and,
    /// with the runtime crate's `cuid2` feature, `generate()` (24 characters) and
    /// `next_from(&generator)` (a `Cuid2Generator` of another length, 2 to 32).
    derive_cuid2 => Cuid2 (text_row);
}
