//! The table of formats: every format of this crate, one row each, with its facts.
//!
//! A format is its folder (`tid/`: the type, its text and schema, parts, ranges, generator
//! and typed-id API) plus its row here. Everything written once for all formats reads the
//! rows: the row gives the format's [`IdFormat`] and [`FixedSizeFormat`] impls and the facts
//! only this crate reads (`Sealed`), and the iteration macros below call an integration's
//! template once per format. So the integrations (serde, the databases, the schemas,
//! arbitrary, the date-time libraries) name no format; they are generic over these traits.
//!
//! A row is the type, the precision of its timestamp in parentheses (`micros`, `millis`,
//! `seconds`, or `none` for a format without time), then its fields:
//!
//! | field | what it says |
//! |---|---|
//! | `name` | the format's name, as errors give it ([`IdFormat::NAME`]) |
//! | `slug` | its short name for tools: lowercase, words joined by `-` ([`IdFormat::SLUG`]) |
//! | `article` | `a` or `an`, as messages put it before the name |
//! | `text`, `parse` | the longest text it writes, and the longest it reads (a TimeId's dashed form) |
//! | `raw` | its raw form (what binary serde formats carry unless told otherwise), how to get it, how to read it back |
//! | `bytes` | its big-endian bytes (what the databases store, sorting like the ids), how to read them back, and how any bytes of that size become an id (`arbitrary`) |
//! | `column` | the database column of its ids: `natural` (a 64-bit integer whose top bit is 0: its value, in a signed `BIGINT`), `flipped` (a 64-bit integer of all 64 bits: in a signed `BIGINT`, its value with the top bit flipped, which keeps the order), `bytes` (its big-endian bytes), `uuid` (128 bits: PostgreSQL's `uuid`, elsewhere its 16 bytes) |
//! | `postgres` | the name of its native type in the idtypes PostgreSQL extension (`idtypes-postgres/`), whose storage and binary form are its `column`'s ([`FixedSizeFormat::POSTGRES_TYPE`]: sqlx, postgres-types and SeaORM read a column of that type too), then in parentheses the name of that type's diesel SQL type in `idtypes::diesel::sql_types`, as `diesel print-schema` spells it (`atproto_tid` is `AtprotoTid`) |
//! | `sql` | how the SQL functions of `idtypes::sql` write and read its text on PostgreSQL and MySQL (generated from this field: `integrations/db/sql/generate/`): `radix(ALPHABET, pad: bits, fold: bool)` for the column's value (times 2^`pad`) in `text` characters of the alphabet, the first worth most (`fold`: lowercase letters read as the alphabet's uppercase ones), `decimal` for the decimal number of a `natural` column, `own` for SQL of the format's own in the generator |
//! | `schema` | its text as JSON Schema and OpenAPI state it, kept beside its parser |
//! | `serde` | what serde's binary formats get: `text` (the atproto formats) or `raw` |
//! | `parse_valid` | a parse from an offset that builds no error, where the format has one |
//!
//! The formats whose id is its text (NanoID, CUID2) have rows of their own, in the second table
//! (`text_table!`, "Text rows" below). The record key, a string of 1 to 512 characters, has
//! no raw form or bytes either; it is one format outside both tables (below them). The other is the `uuid` crate's
//! `Uuid` (`uuid.rs`, with the `uuid` feature): another crate's type, which has that crate's
//! serde and the database crates' column impls, so the iteration macros leave it out and only
//! typed ids over it get this crate's integrations.

pub(crate) mod rows;
pub(crate) mod text_rows;
#[cfg(feature = "uuid")]
mod uuid;

use crate::{
    Error, FixedSizeFormat, FullRand, IdFormat, IdText, Ksuid, Snowflake, Snowish, Sonyflake, Tbsl,
    Tid, TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid, typed::format::sealed::Sealed,
};
use crate::{ObjectId, RsXid};

/// The table: one row per fixed-size format, in the order they are listed everywhere. It is
/// read by handing it to a macro of `rows.rs` (`table!(impls)`, `table!(each, callback)`).
macro_rules! table {
    ($consumer:ident $(, $argument:ident)?) => {
        $crate::formats::rows::$consumer! { [$($argument)?]
            Tid (micros) {
                name: crate::tid::FORMAT, slug: "tid", article: "an",
                text: Tid::TEXT_LEN, parse: Tid::TEXT_LEN,
                raw: u64 = to_u64, |raw| Ok(Tid::from_u64(raw)),
                bytes: [u8; 8], |bytes| Ok(Tid::from_bytes(bytes)), Tid::from_bytes,
                column: natural,
                postgres: "atproto_tid" (AtprotoTid),
                sql: radix(crate::codec::base32_sortable::ALPHABET, pad: 0, fold: false),
                schema: crate::tid::text::TEXT_SCHEMA,
                serde: text, parse_valid: Tid::parse_valid,
            }
            TimeId (micros) {
                name: crate::time_id::FORMAT, slug: "time-id", article: "a",
                text: TimeId::TEXT_LEN, parse: TimeId::DASHED_LEN,
                raw: i64 = to_i64, |raw| Ok(TimeId::from_i64(raw)),
                bytes: [u8; 8], |bytes| Ok(TimeId::from_bytes(bytes)), TimeId::from_bytes,
                column: flipped,
                postgres: "time_id" (TimeId),
                sql: own,
                schema: crate::time_id::text::TEXT_SCHEMA,
                serde: raw,
            }
            Uid11 (none) {
                name: crate::uid11::FORMAT, slug: "uid11", article: "a",
                text: Uid11::TEXT_LEN, parse: Uid11::TEXT_LEN,
                raw: u64 = to_u64, |raw| Ok(Uid11::from_u64(raw)),
                bytes: [u8; 8], |bytes| Ok(Uid11::from_bytes(bytes)), Uid11::from_bytes,
                column: flipped,
                postgres: "uid11" (Uid11),
                sql: radix(crate::codec::base58::ALPHABET, pad: 0, fold: false),
                schema: crate::uid11::TEXT_SCHEMA,
                serde: raw,
            }
            Uid11Xid (millis) {
                name: crate::uid11::xid::FORMAT, slug: "uid11-xid", article: "a",
                text: Uid11Xid::TEXT_LEN, parse: Uid11Xid::TEXT_LEN,
                raw: u64 = to_u64, |raw| Ok(Uid11Xid::from_u64(raw)),
                bytes: [u8; 8], |bytes| Ok(Uid11Xid::from_bytes(bytes)), Uid11Xid::from_bytes,
                column: flipped,
                postgres: "uid11_xid" (Uid11Xid),
                sql: radix(crate::codec::base58::ALPHABET, pad: 0, fold: false),
                schema: crate::uid11::xid::TEXT_SCHEMA,
                serde: raw,
            }
            Snowish (millis) {
                name: crate::uid11::snowish::FORMAT, slug: "snowish", article: "a",
                text: Snowish::TEXT_LEN, parse: Snowish::TEXT_LEN,
                raw: u64 = to_u64, Snowish::try_from_u64,
                // Any bytes with the reserved top bit cleared are an id.
                bytes: [u8; 8], Snowish::try_from_bytes,
                    |bytes: [u8; 8]| Snowish::try_from_u64(u64::from_be_bytes(bytes) & (u64::MAX >> 1)).unwrap_or(Snowish::MIN),
                column: natural,
                postgres: "snowish" (Snowish),
                sql: radix(crate::codec::base58::ALPHABET, pad: 0, fold: false),
                schema: crate::uid11::snowish::TEXT_SCHEMA,
                serde: raw,
            }
            TsSeqRand (millis) {
                name: crate::uid11::ts_seq_rand::FORMAT, slug: "ts-seq-rand", article: "a",
                text: TsSeqRand::TEXT_LEN, parse: TsSeqRand::TEXT_LEN,
                raw: u64 = to_u64, |raw| Ok(TsSeqRand::from_u64(raw)),
                bytes: [u8; 8], |bytes| Ok(TsSeqRand::from_bytes(bytes)), TsSeqRand::from_bytes,
                column: flipped,
                postgres: "ts_seq_rand" (TsSeqRand),
                sql: radix(crate::codec::base58::ALPHABET, pad: 0, fold: false),
                schema: crate::uid11::ts_seq_rand::TEXT_SCHEMA,
                serde: raw,
            }
            FullRand (none) {
                name: crate::uid11::full_rand::FORMAT, slug: "fullrand", article: "a",
                text: FullRand::TEXT_LEN, parse: FullRand::TEXT_LEN,
                raw: u64 = to_u64, |raw| Ok(FullRand::from_u64(raw)),
                bytes: [u8; 8], |bytes| Ok(FullRand::from_bytes(bytes)), FullRand::from_bytes,
                column: flipped,
                postgres: "fullrand" (Fullrand),
                sql: radix(crate::codec::base58::ALPHABET, pad: 0, fold: false),
                schema: crate::uid11::full_rand::TEXT_SCHEMA,
                serde: raw,
            }
            // No timestamp without the service's epoch, which the ids do not hold.
            Snowflake (none) {
                name: crate::snowflake::FORMAT, slug: "snowflake", article: "a",
                text: Snowflake::TEXT_LEN, parse: Snowflake::TEXT_LEN,
                raw: u64 = to_u64, Snowflake::try_from_u64,
                bytes: [u8; 8], Snowflake::try_from_bytes, Snowflake::from_bytes,
                column: natural,
                postgres: "snowflake" (Snowflake),
                sql: decimal,
                schema: crate::snowflake::TEXT_SCHEMA,
                serde: raw,
            }
            Tbsl (micros) {
                name: crate::tbsl::FORMAT, slug: "tbsl", article: "a",
                text: Tbsl::TEXT_LEN, parse: Tbsl::TEXT_LEN,
                raw: [u8; 10] = to_bytes, |raw| Ok(Tbsl::from_bytes(raw)),
                bytes: [u8; 10], |bytes| Ok(Tbsl::from_bytes(bytes)), Tbsl::from_bytes,
                column: bytes,
                postgres: "tbsl" (Tbsl),
                sql: radix(crate::codec::hex::ALPHABET, pad: 0, fold: false),
                schema: crate::tbsl::TEXT_SCHEMA,
                serde: raw, parse_valid: Tbsl::parse_valid,
            }
            Ulid (millis) {
                name: crate::ulid::FORMAT, slug: "ulid", article: "a",
                text: Ulid::TEXT_LEN, parse: Ulid::TEXT_LEN,
                raw: [u8; 16] = to_bytes, |raw| Ok(Ulid::from_bytes(raw)),
                bytes: [u8; 16], |bytes| Ok(Ulid::from_bytes(bytes)), Ulid::from_bytes,
                column: uuid,
                postgres: "ulid" (Ulid),
                sql: radix(crate::codec::crockford::UPPER, pad: 0, fold: true),
                schema: crate::ulid::text::TEXT_SCHEMA,
                serde: raw, parse_valid: Ulid::parse_valid,
            }
            Ksuid (seconds) {
                name: crate::ksuid::FORMAT, slug: "ksuid", article: "a",
                text: Ksuid::TEXT_LEN, parse: Ksuid::TEXT_LEN,
                raw: [u8; 20] = to_bytes, |raw| Ok(Ksuid::from_bytes(raw)),
                bytes: [u8; 20], |bytes| Ok(Ksuid::from_bytes(bytes)), Ksuid::from_bytes,
                column: bytes,
                postgres: "ksuid" (Ksuid),
                sql: radix(crate::ksuid::base62::ALPHABET, pad: 0, fold: false),
                schema: crate::ksuid::text::TEXT_SCHEMA,
                serde: raw, parse_valid: Ksuid::parse_valid,
            }
            // No timestamp without the service's layout, which the ids do not hold.
            Sonyflake (none) {
                name: crate::sonyflake::FORMAT, slug: "sonyflake", article: "a",
                text: Sonyflake::TEXT_LEN, parse: Sonyflake::TEXT_LEN,
                raw: u64 = to_u64, Sonyflake::try_from_u64,
                bytes: [u8; 8], Sonyflake::try_from_bytes, Sonyflake::from_bytes,
                column: natural,
                postgres: "sonyflake" (Sonyflake),
                sql: decimal,
                schema: crate::sonyflake::TEXT_SCHEMA,
                serde: raw,
            }
            RsXid (seconds) {
                name: crate::rs_xid::FORMAT, slug: "rs-xid", article: "an",
                text: RsXid::TEXT_LEN, parse: RsXid::TEXT_LEN,
                raw: [u8; 12] = to_bytes, |raw| Ok(RsXid::from_bytes(raw)),
                bytes: [u8; 12], |bytes| Ok(RsXid::from_bytes(bytes)), RsXid::from_bytes,
                column: bytes,
                postgres: "rs_xid" (RsXid),
                sql: radix(crate::rs_xid::text::ALPHABET, pad: 4, fold: false),
                schema: crate::rs_xid::text::TEXT_SCHEMA,
                serde: raw, parse_valid: RsXid::parse_valid,
            }
            ObjectId (seconds) {
                name: crate::object_id::FORMAT, slug: "object-id", article: "an",
                text: ObjectId::TEXT_LEN, parse: ObjectId::TEXT_LEN,
                raw: [u8; 12] = to_bytes, |raw| Ok(ObjectId::from_bytes(raw)),
                bytes: [u8; 12], |bytes| Ok(ObjectId::from_bytes(bytes)), ObjectId::from_bytes,
                column: bytes,
                postgres: "object_id" (ObjectId),
                sql: radix(crate::codec::hex::ALPHABET_LOWER, pad: 0, fold: true),
                schema: crate::object_id::text::TEXT_SCHEMA,
                serde: raw, parse_valid: ObjectId::parse_valid,
            }
        }
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use table;

table!(impls);

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use rows::{
    for_each_column, for_each_fixed_format, for_each_format, for_each_postgres_type,
    for_each_timed_format,
};
#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use text_rows::for_each_text_format;

/// The record key: a string, whose text is its only form.
#[cfg(feature = "alloc")]
mod record_key {
    use crate::{IdFormat, RecordKey, typed::format::sealed::Sealed};

    impl IdFormat for RecordKey {
        const NAME: &'static str = crate::record_key::syntax::FORMAT;
        const SLUG: &'static str = "record-key";
        const MAX_TEXT_LEN: usize = RecordKey::MAX_LEN;

        type Text<'a> = &'a str;

        #[inline]
        fn encode(&self) -> &str {
            self.as_str()
        }
    }

    impl Sealed for RecordKey {
        const TYPE_NAME: &'static str = "RecordKey";
        const ARTICLE: &'static str = "an";
        const MAX_PARSE_LEN: usize = RecordKey::MAX_LEN;
        const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::record_key::syntax::TEXT_SCHEMA;
        // A string in every encoding (a Lexicon `record-key`).
        const SERDE_TEXT: bool = true;

        fn parse_ascii(text: &[u8]) -> Result<Self, crate::Error> {
            // A byte that is not ASCII is refused where it stands, as U+FFFD.
            RecordKey::parse(&alloc::string::String::from_utf8_lossy(text))
        }

        fn from_any_bytes(_: &[u8]) -> Option<Self> {
            None
        }

        fn write_text(&self, _: bool, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
            out.write_str(self.as_str())
        }
    }
}

// # Text rows
//
// A format whose id is its text (no integer, no bytes: a NanoID, a CUID2) is a row of the
// second table, `text_table!`. Its values are `Copy` and hold their text inline (ASCII, in a
// `[u8; N]`), so the format works without `alloc`; its length and alphabet may be type
// parameters (`NanoId<A, LEN>`), so a row has generics. Every text row gets, from the row
// alone (`text_rows.rs`: `impls`, `for_each_text_format!`):
//
// - `IdFormat` (its `Text` is a `&str` borrowed from the id) and the facts (`Sealed`: the
//   type name, the article, the schema, serde as a string in every format);
// - serde (`integrations/serde/text_row.rs`): a string in every format, read from a string or
//   its ASCII bytes;
// - the databases (`integrations/db/columns.rs`, `text_columns!`: sqlx on PostgreSQL `text`,
//   MySQL `VARCHAR`, SQLite `TEXT`; postgres-types; diesel `Text`; SeaORM `String(n)`, a
//   `VARCHAR(n)` of the longest text; rusqlite `TEXT`), storing the text itself;
// - schemars and utoipa: a string with the row's exact pattern and lengths;
// - arbitrary: a length between the row's, then any bytes, which `any_bytes` makes an id of;
// - typed ids: `#[derive(Name)]` over a field of the type (with its parameters:
//   `struct InviteId(NanoId<Lowercase, 16>)`).
//
// A row is the type's name, its generics in brackets (`[]` for none), the type with them in
// parentheses, then:
//
// | field | what it says |
// |---|---|
// | `name`, `slug`, `article` | as in the fixed-size rows |
// | `type_name` | the type's name as schemas name it: one per type (`NanoIdLowercase16`), a `&'static str` built in `const` (see `text/const_text.rs`) |
// | `text` | the shortest and the longest text, in bytes (ASCII) |
// | `schema` | the `TextSchema`: its pattern exact (`[a-z]{16}`), its lengths the row's |
// | `parse`, `parse_valid` | `fn(&[u8]) -> Result<Self, Error>`, and the same without building an error: `fn(&[u8]) -> Option<Self>` |
// | `any_bytes` | `fn(&[u8]) -> Option<Self>`: the id any bytes of a length within `text` make (each byte read as a symbol), `None` for other lengths |
// | `as_str` | `fn(&Self) -> &str`: the text |
//
// To add one: the format's folder (the type, `parse`/`parse_valid`/`as_str`/`from_any_bytes`,
// its `TEXT_SCHEMA` and `TYPE_NAME`, `typed.rs` with its `__idtypes_typed_<format>!`), the
// row at the end of `text_table!`, `pub use` in `lib.rs`, its name in the derives' list of
// `idtypes-derive/src/lib.rs` as `Name (text_row)` and its family trait (implemented by every
// type of the format: what the derive checks the field against) in `lib.rs`'s
// `__private::family`, and its line in each suite's list. No integration names it.

/// The second table: one row per text format (see "Text rows" above), read by handing it to
/// a macro of `text_rows.rs` (`text_table!(impls)`, `text_table!(each, callback)`).
macro_rules! text_table {
    ($consumer:ident $(, [$($argument:tt)*])?) => {
        $crate::formats::text_rows::$consumer! { [$($($argument)*)?]
            NanoId [A: crate::nanoid::NanoAlphabet, const LEN: usize] (crate::NanoId<A, LEN>) {
                name: crate::nanoid::FORMAT, slug: "nanoid", article: "a",
                type_name: crate::NanoId::<A, LEN>::TYPE_NAME,
                text: crate::NanoId::<A, LEN>::TEXT_LEN, crate::NanoId::<A, LEN>::TEXT_LEN,
                schema: crate::NanoId::<A, LEN>::TEXT_SCHEMA,
                parse: crate::NanoId::<A, LEN>::parse_ascii,
                parse_valid: crate::NanoId::<A, LEN>::parse_valid,
                any_bytes: crate::NanoId::<A, LEN>::from_any_bytes,
                as_str: crate::NanoId::<A, LEN>::as_str,
            }
            Cuid2 [] (crate::Cuid2) {
                name: crate::cuid2::FORMAT, slug: "cuid2", article: "a",
                type_name: "Cuid2",
                text: crate::Cuid2::MIN_LEN, crate::Cuid2::MAX_LEN,
                schema: crate::cuid2::text::TEXT_SCHEMA,
                parse: crate::Cuid2::parse_ascii,
                parse_valid: crate::Cuid2::parse_valid,
                any_bytes: crate::Cuid2::from_any_bytes,
                as_str: crate::Cuid2::as_str,
            }
        }
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use text_table;

text_table!(impls);

#[cfg(test)]
mod tests {
    use crate::{FixedSizeFormat, IdFormat};
    use std::prelude::rust_2024::*;

    /// A PostgreSQL type's name as `diesel print-schema` names its SQL type: each word
    /// (`_`-separated) capitalized.
    fn upper_camel(name: &str) -> String {
        name.split('_')
            .map(|word| {
                let mut chars = word.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect()
    }

    #[test]
    fn each_native_type_is_named_for_its_slug_and_its_diesel_type_for_it() {
        macro_rules! check {
            ($ty:ident, $postgres:literal, $sql_type:ident, $column:ident) => {
                let native = <crate::$ty as FixedSizeFormat>::POSTGRES_TYPE;
                assert_eq!(native, $postgres);
                // PostgreSQL has a `tid` of its own (a row's physical location).
                let expected = match <crate::$ty as IdFormat>::SLUG {
                    "tid" => "atproto_tid".to_string(),
                    slug => slug.replace('-', "_"),
                };
                assert_eq!(native, expected);
                assert_eq!(stringify!($sql_type), upper_camel(native));
            };
        }
        crate::formats::for_each_postgres_type!(check);
    }
}
