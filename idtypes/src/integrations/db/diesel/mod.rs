//! diesel 2.3: every id type, [`AsText`], [`AsBytes`](crate::AsBytes) and typed id as a
//! column of PostgreSQL, MySQL/MariaDB and SQLite, in the columns of the sqlx integration (the
//! crate docs' [databases](crate#databases-sqlx)): diesel, sqlx and tokio-postgres read each
//! other's rows.
//!
//! # Declaring the columns
//!
//! | Rust type | SQL type in `table!` | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|---|
//! | `Tid`, `Snowish`, `Snowflake`, `Sonyflake`, `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | `BigInt` | `BIGINT` | `BIGINT` | `INTEGER` |
//! | `Tbsl`, `Ksuid`, `RsXid`, `ObjectId`, `AsBytes<T>` | `Binary` (`Bytea`, `Blob`) | `BYTEA` | `BINARY(10)` (TBSL), `BINARY(20)` (KSUID), `BINARY(12)` (rs/xid, ObjectId), `BINARY(8)` or the id's size (`AsBytes`) | `BLOB` |
//! | `Ulid`, a typed UUID (`#[derive(idtypes::Uuid)]`) | `Uuid` on PostgreSQL, else `Binary` | `UUID` | `BINARY(16)` | `BLOB` |
//! | `RecordKey`, `AsText<T>` | `Text` | `TEXT COLLATE "C"` | `VARCHAR(n) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | a typed id (`PostId`) | its inner id's | | | |
//!
//! A column of a native type of the idtypes PostgreSQL extension (`atproto_tid`, ...) is
//! declared with its SQL type of [`sql_types`] (`id -> AtprotoTid`), `diesel-postgres`.
//!
//! Each is also the `Nullable` of its SQL type, read and written as an `Option`, and on
//! PostgreSQL an `Array` of it as a `Vec` (`posts::id.eq_any(&ids)` binds one array to
//! `= ANY($1)`). The values are the crate docs': one signed integer on every database,
//! [`Column::to_signed`](crate::Column::to_signed) of the bits (a TID's or snowish id's own
//! integer, the other 64-bit formats' bits with the top one flipped; a TID with its top bit set
//! is refused); a typed id is stored like its inner id, without the prefix; `AsText<PostId>` is
//! its prefixed text. A typed UUID is the `uuid` crate's `Uuid` inside: diesel's own `uuid`
//! column on PostgreSQL, and on MySQL and SQLite, where diesel has no column for a `Uuid`, its
//! 16 bytes (big-endian, as sqlx's `Uuid` stores them, sorting like the UUIDs: version 7 ids
//! by time); a value of another length is an error (`UserId: invalid UUID: expected 16 bytes,
//! found 15 bytes`). A TID's or snowish id's `BIGINT UNSIGNED` of earlier releases still reads
//! on MySQL.
//! `diesel print-schema` reads these columns as the types of the table.
//!
//! ```
//! # #[cfg(all(feature = "diesel-sqlite", feature = "derive"))] {
//! use diesel::prelude::*;
//! use idtypes::prelude::*;
//! use idtypes::Tid;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! diesel::table! {
//!     posts (id) {
//!         id -> BigInt,
//!         reply_to -> Nullable<BigInt>,
//!         text -> Text,
//!     }
//! }
//!
//! #[derive(Debug, PartialEq, Queryable, Selectable, Insertable)]
//! #[diesel(table_name = posts)]
//! struct Post {
//!     id: PostId,
//!     reply_to: Option<PostId>,
//!     text: String,
//! }
//!
//! let mut conn = SqliteConnection::establish(":memory:")?;
//! diesel::sql_query("CREATE TABLE posts (id INTEGER PRIMARY KEY, reply_to INTEGER, text TEXT NOT NULL)")
//!     .execute(&mut conn)?;
//! let first = PostId::now();
//! let posts = [
//!     Post { id: first, reply_to: None, text: "hello".into() },
//!     Post { id: PostId::now(), reply_to: Some(first), text: "hi".into() },
//! ];
//! diesel::insert_into(posts::table).values(&posts[..]).execute(&mut conn)?;
//!
//! let replies: Vec<Post> = posts::table.filter(posts::reply_to.eq(first)).load(&mut conn)?;
//! assert_eq!(replies, posts[1..]);
//! // The last hour's posts, newest first, by the primary key alone.
//! let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
//! let range = PostId::range_for_time(hour_ago..).unwrap();
//! let recent: Vec<PostId> = posts::table
//!     .select(posts::id)
//!     .filter(posts::id.between(range.start(), range.end()))
//!     .order(posts::id.desc())
//!     .load(&mut conn)?;
//! assert_eq!(recent, [posts[1].id, first]);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A typed UUID on SQLite (`Binary`: a `BLOB` of its 16 bytes), version 7 ids in time order:
//!
//! ```
//! # #[cfg(all(feature = "diesel-sqlite", feature = "derive", feature = "uuid"))] {
//! use idtypes::prelude::*;
//! use diesel::prelude::*;
//!
//! #[derive(idtypes::Uuid)]
//! #[idtype(prefix = "user")]
//! pub struct UserId(idtypes::Uuid);
//!
//! diesel::table! {
//!     users (id) {
//!         id -> Binary,
//!         invited_by -> Nullable<Binary>,
//!     }
//! }
//!
//! #[derive(Debug, PartialEq, Queryable, Selectable, Insertable)]
//! #[diesel(table_name = users)]
//! struct User {
//!     id: UserId,
//!     invited_by: Option<UserId>,
//! }
//!
//! let mut conn = SqliteConnection::establish(":memory:")?;
//! diesel::sql_query("CREATE TABLE users (id BLOB PRIMARY KEY, invited_by BLOB)")
//!     .execute(&mut conn)?;
//! let (first, second) = (UserId::now_v7(), UserId::now_v7());
//! let users = [
//!     User { id: second, invited_by: Some(first) },
//!     User { id: first, invited_by: None },
//! ];
//! diesel::insert_into(users::table).values(&users[..]).execute(&mut conn)?;
//! let ids: Vec<UserId> = users::table.select(users::id).order(users::id).load(&mut conn)?;
//! assert_eq!(ids, [first, second]);
//! // The column holds the plain UUID's 16 bytes.
//! let bytes: Vec<u8> = users::table
//!     .select(users::id)
//!     .filter(users::invited_by.is_null())
//!     .first::<Vec<u8>>(&mut conn)?;
//! assert_eq!(bytes, first.as_inner().as_bytes());
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What each type gets
//!
//! What `#[derive(AsExpression, FromSqlRow)]` would give it, for each SQL type of the table:
//! `AsExpression` of the value, of a reference to it (`posts::id.eq(&id)`, `Insertable`
//! fields) and into the `Nullable` column (`posts::reply_to.eq(id)`); `ToSql` and `FromSql`
//! (`sql_query(..).bind::<BigInt, _>(id)`, `QueryableByName` fields); and `Queryable`
//! (`.select(posts::id).load::<PostId>(..)`). A typed id gets them from its derive, for every
//! SQL type its inner id takes: do not derive diesel's traits on it.
//!
//! # Features
//!
//! `diesel-postgres` turns on diesel's `postgres_backend` and `diesel-mysql` its
//! `mysql_backend`: the backends' types, in Rust, not their connections, so that the same impls
//! serve `diesel-async`'s `AsyncPgConnection` and `AsyncMysqlConnection` (tokio-postgres and
//! mysql_async, in Rust: what this crate's tests use) and diesel's own `PgConnection` and
//! `MysqlConnection` (your diesel dependency's `postgres` and `mysql` features, which link the C
//! libraries libpq and libmysqlclient or MariaDB's libmariadb). `diesel-sqlite` turns on
//! diesel's `sqlite`, the backend and connection together, on `libsqlite3-sys` (the system's
//! SQLite, or a bundled one if a crate in the build asks for it, as sqlx's SQLite does).
//! diesel 2.3 needs a newer Rust than idtypes: see the crate docs' [Rust versions](crate#rust-versions).
//!
//! # Decoding
//!
//! Reading checks the kind of value first, never guessing from its content, then the content
//! as sqlx does (a 9-byte TBSL, a negative TID, a snowish id with its reserved bit set, a
//! malformed text, a typed id's checks unless it trusts its rows: [`TypedId::DECODE`]), with
//! sqlx's messages (`atproto TID in a column of the wrong type: expected BIGINT (INT8), found
//! TEXT`). diesel's query builder reports them as the source of its own error
//! (`Error deserializing field 'id'`). A stored value this crate refuses is its
//! [`Error`](crate::Error), naming the type (`UserId: invalid UUID: expected 16 bytes, found
//! 15 bytes`), among the sources of diesel's `DeserializationError`: walk them and downcast
//! each (`std::iter::successors(Some(&err as &dyn Error), |e| e.source())`).
//!
//! - PostgreSQL: by the value's type (`BIGINT`; `BYTEA`; `TEXT`, `VARCHAR`, `CHAR`, `NAME`).
//! - SQLite: by the value's storage class, as sqlx does (SQLite does not enforce a column's
//!   declared type).
//! - MySQL / MariaDB: by the type the connection reports. A 64-bit id reads a signed integer
//!   (`BIGINT`), and a TID or snowish id an unsigned one too (`BIGINT UNSIGNED`, their bits);
//!   the formats that use all 64 bits refuse an unsigned column (`expected a signed integer
//!   (BIGINT: the bits with the top one flipped)`), and every integer id a `DOUBLE`, a `DECIMAL`,
//!   text and bytes. Text and bytes look alike: diesel calls every string with MySQL's `BINARY`
//!   flag bytes, and MySQL sets it on text of a `_bin` collation too (`ascii_bin`, which id text
//!   needs), so a bytes id and a text id each read both. With diesel's own `MysqlConnection`,
//!   libmysqlclient also converts a value in the query builder to the SQL type `table!`
//!   declares unless both are numbers or both strings: text in a column declared `BigInt`
//!   arrives as the number it spells, or as diesel's error (`sql_query`, which reads each value
//!   as it comes, and `diesel-async` keep an integer id from text and bytes).

mod expression;
#[cfg(feature = "diesel-mysql")]
mod mysql;
#[cfg(feature = "diesel-postgres")]
mod postgres;
#[cfg(feature = "diesel-postgres")]
pub mod sql_types;
#[cfg(feature = "diesel-sqlite")]
mod sqlite;
pub(crate) mod typed;

#[doc(hidden)]
pub use expression::Bound;

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{BigInt, Binary, Text};

use super::columns::{BytesColumn, IntegerColumn, refused, typed_text};
use crate::{AsText, FixedSizeFormat, TypedId, typed::support::parse_as};
use expression::{as_expression, from_sql_row};

/// How a backend writes and reads each kind of column, checking the kind of each value it
/// reads before its content (`postgres.rs`, `mysql.rs`, `sqlite.rs`).
pub(crate) trait Columns: Backend {
    /// Writes a 64-bit id as the integer its column holds (see `columns.rs`).
    fn integer_to_sql<T: IntegerColumn>(id: T, out: &mut Output<'_, '_, Self>)
    -> serialize::Result;

    /// Reads a 64-bit id from an integer.
    fn integer_from_sql<T: IntegerColumn>(value: Self::RawValue<'_>) -> deserialize::Result<T>;

    /// Writes an id's big-endian bytes.
    fn bytes_to_sql(bytes: &[u8], out: &mut Output<'_, '_, Self>) -> serialize::Result;

    /// Reads a value from an id's big-endian bytes.
    fn bytes_from_sql<T: BytesColumn>(value: Self::RawValue<'_>) -> deserialize::Result<T>;

    /// Writes a value's text.
    fn text_to_sql(text: &str, out: &mut Output<'_, '_, Self>) -> serialize::Result;

    /// Reads text with `read`; `name` names the value in errors.
    fn text_from_sql<R>(
        value: Self::RawValue<'_>,
        name: &str,
        read: impl FnOnce(&str) -> Result<R, crate::Error>,
    ) -> deserialize::Result<R>;
}

/// `bytes` as text, or the error saying that `name`'s text is not UTF-8 (MySQL hands over bytes
/// where text is read, see `mysql.rs`).
#[cfg(any(feature = "diesel-postgres", feature = "diesel-mysql"))]
fn utf8<'a>(bytes: &'a [u8], name: &str) -> Result<&'a str, super::columns::BoxError> {
    core::str::from_utf8(bytes)
        .map_err(|_| format!("invalid {name}: the value is not UTF-8 text").into())
}

/// `ToSql<$st, $db>` and `FromSql<$st, $db>` for a 64-bit id `$ty` stored as an integer.
macro_rules! integer_sql {
    ($ty:ty, $st:ty, $db:ty) => {
        impl ToSql<$st, $db> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                <$db as Columns>::integer_to_sql(*self, out)
            }
        }

        impl FromSql<$st, $db> for $ty {
            fn from_sql(value: <$db as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                <$db as Columns>::integer_from_sql(value).map_err(refused)
            }
        }
    };
}

/// Every trait of the integration for each fixed-size format `$ty`, in the column its table
/// row gives: `BigInt` for the 64-bit ones (on every database), `Binary` for a TBSL, `Uuid`
/// (PostgreSQL) or `Binary` for a ULID.
macro_rules! integer_column {
    ($ty:ident, bytes) => {
        bytes_column!([] crate::$ty);
    };
    // PostgreSQL's `uuid` (diesel's `sql_types::Uuid`); `Binary` on MySQL and SQLite.
    ($ty:ident, uuid) => {
        #[cfg(feature = "diesel-postgres")]
        postgres::uuid_sql!(crate::$ty);
        #[cfg(feature = "diesel-postgres")]
        as_expression!([] crate::$ty, diesel::sql_types::Uuid);
        #[cfg(feature = "diesel-mysql")]
        bytes_sql!([] crate::$ty, diesel::mysql::Mysql);
        #[cfg(feature = "diesel-sqlite")]
        bytes_sql!([] crate::$ty, diesel::sqlite::Sqlite);
        as_expression!([] crate::$ty, Binary);
        from_sql_row!([] crate::$ty);
    };
    ($ty:ident, $column:ident) => {
        #[cfg(feature = "diesel-postgres")]
        integer_sql!(crate::$ty, BigInt, diesel::pg::Pg);
        #[cfg(feature = "diesel-sqlite")]
        integer_sql!(crate::$ty, BigInt, diesel::sqlite::Sqlite);
        #[cfg(feature = "diesel-mysql")]
        integer_sql!(crate::$ty, BigInt, diesel::mysql::Mysql);
        as_expression!([] crate::$ty, BigInt);
        from_sql_row!([] crate::$ty);
    };
}

/// `ToSql<Binary, $db>` and `FromSql<Binary, $db>` for a value stored as the big-endian bytes
/// of a fixed-size id ([`BytesColumn`]), with the generics and bounds in brackets.
macro_rules! bytes_sql {
    ([$($generics:tt)*] $ty:ty, $db:ty $(where [$($bounds:tt)*])?) => {
        impl<$($generics)*> ToSql<Binary, $db> for $ty where $($($bounds)*)? {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                let bytes = FixedSizeFormat::to_bytes(BytesColumn::id(self));
                <$db as Columns>::bytes_to_sql(bytes.as_ref(), out)
            }
        }

        impl<$($generics)*> FromSql<Binary, $db> for $ty where $($($bounds)*)? {
            fn from_sql(value: <$db as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                <$db as Columns>::bytes_from_sql(value).map_err(refused)
            }
        }
    };
}

/// Every trait of the integration for a value stored as bytes (a TBSL, any id in `AsBytes`).
macro_rules! bytes_column {
    ([$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        #[cfg(feature = "diesel-postgres")]
        bytes_sql!([$($generics)*] $ty, diesel::pg::Pg $(where [$($bounds)*])?);
        #[cfg(feature = "diesel-mysql")]
        bytes_sql!([$($generics)*] $ty, diesel::mysql::Mysql $(where [$($bounds)*])?);
        #[cfg(feature = "diesel-sqlite")]
        bytes_sql!([$($generics)*] $ty, diesel::sqlite::Sqlite $(where [$($bounds)*])?);
        as_expression!([$($generics)*] $ty, Binary $(where [$($bounds)*])?);
        from_sql_row!([$($generics)*] $ty $(where [$($bounds)*])?);
    };
}

crate::formats::for_each_column!(integer_column);

/// `AsBytes` of each fixed-size format.
macro_rules! as_bytes {
    ($ty:ident) => {
        bytes_column!([] crate::AsBytes<crate::$ty>);
    };
}

crate::formats::for_each_fixed_format!(as_bytes);

// A typed id as bytes: its inner id's, checked when read.
bytes_column!([T: TypedId] crate::AsBytes<T> where [T::Inner: FixedSizeFormat]);

/// `ToSql<Text, $db>` and `FromSql<Text, $db>` for a value stored as text: `$text` gives the
/// text, `$parse` reads it, `$name` names the type in errors.
macro_rules! text_sql {
    ([$($generics:tt)*] $ty:ty, $db:ty, $name:expr, $text:expr, $parse:expr) => {
        impl<$($generics)*> ToSql<Text, $db> for $ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                let text = ($text)(self);
                <$db as Columns>::text_to_sql(AsRef::<str>::as_ref(&text), out)
            }
        }

        impl<$($generics)*> FromSql<Text, $db> for $ty {
            fn from_sql(value: <$db as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                <$db as Columns>::text_from_sql(value, $name, $parse).map_err(refused)
            }
        }
    };
}

/// Every trait of the integration for a value stored as text (a record key, any fixed-size id
/// in `AsText`).
macro_rules! text_column {
    ([$($generics:tt)*] $ty:ty, $name:expr, $text:expr, $parse:expr) => {
        #[cfg(feature = "diesel-postgres")]
        text_sql!([$($generics)*] $ty, diesel::pg::Pg, $name, $text, $parse);
        #[cfg(feature = "diesel-mysql")]
        text_sql!([$($generics)*] $ty, diesel::mysql::Mysql, $name, $text, $parse);
        #[cfg(feature = "diesel-sqlite")]
        text_sql!([$($generics)*] $ty, diesel::sqlite::Sqlite, $name, $text, $parse);
        as_expression!([$($generics)*] $ty, Text);
        from_sql_row!([$($generics)*] $ty);
    };
}

super::columns::text_columns!(text_column);

/// `ToSql<Text, $db>` and `FromSql<Text, $db>` for a typed id in a text column, as its prefixed
/// text (`post_3jzfcijpj2z2a`), read strictly and checked as its [`TypedId::DECODE`] policy
/// says: what the sqlx integration stores.
macro_rules! typed_text_sql {
    ($db:ty) => {
        impl<T: TypedId> ToSql<Text, $db> for AsText<T> {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                let text = typed_text(&self.0)?;
                <$db as Columns>::text_to_sql(text.as_str(), out)
            }
        }

        impl<T: TypedId> FromSql<Text, $db> for AsText<T> {
            fn from_sql(value: <$db as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                <$db as Columns>::text_from_sql(value, T::TYPE_NAME, |text| {
                    parse_as::<T>(text, T::DECODE).map(AsText)
                })
                .map_err(refused)
            }
        }
    };
}

#[cfg(feature = "diesel-postgres")]
typed_text_sql!(diesel::pg::Pg);
#[cfg(feature = "diesel-mysql")]
typed_text_sql!(diesel::mysql::Mysql);
#[cfg(feature = "diesel-sqlite")]
typed_text_sql!(diesel::sqlite::Sqlite);
as_expression!([T: TypedId] AsText<T>, Text);
from_sql_row!([T: TypedId] AsText<T>);
