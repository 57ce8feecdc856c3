//! `rusqlite`: `ToSql` and `FromSql` for every id type, `AsText`, `AsBytes` and typed ids, in
//! the SQLite columns of the sqlx integration (`sqlx.rs`), so that sqlx and rusqlite share a
//! file's tables:
//!
//! | type | SQLite value |
//! |---|---|
//! | `Tid`, `Snowish`, `Snowflake` | `INTEGER`: the id's integer |
//! | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | `INTEGER`: the 64 bits with the top one flipped (`bits - 2^63`), which keeps the order |
//! | `Tbsl`, `AsBytes<T>` | `BLOB`: the big-endian bytes (8, or 10 for a TBSL) |
//! | `RecordKey`, `AsText<T>` | `TEXT`: the text (a typed id's with its prefix) |
//! | a typed id | the inner id's, without the prefix |
//!
//! Reading goes by each value's storage class, as SQLite keeps no column type: an integer id
//! reads only an `INTEGER` value, a bytes one only a `BLOB`, a text one only `TEXT`. Another
//! kind is an error naming the type and both kinds (`atproto TID in a column of the wrong
//! type: expected an INTEGER value, found a TEXT value`), which rusqlite reports as
//! `Error::FromSqlConversionFailure`; NULL read as a plain id is `FromSqlError::InvalidType`
//! (rusqlite's `InvalidColumnType`), and `Option<T>` reads it as `None`. Then the content is
//! checked as sqlx checks it: a negative TID, a 9-byte TBSL or 15-byte UUID, a malformed text, a
//! snowish id with its reserved bit set are this crate's [`Error`](crate::Error), naming the type
//! (a typed id's name too), boxed in `Error::FromSqlConversionFailure`. Typed ids run their checks
//! on what they read unless they trust stored values ([`TypedId::DECODE`]); a typed UUID reads a
//! 16-byte `BLOB` with these checks, not through rusqlite's `Uuid`. Writing a TID with its top bit
//! set, which a signed `INTEGER` cannot hold, is `Error::ToSqlConversionFailure`.
//!
//! rusqlite and sqlx 0.9 link the same `libsqlite3-sys` (0.37, rusqlite 0.39), so one program
//! can use both; build it `bundled` in both or in neither (sqlx's `sqlite` feature bundles).
//!
//! # Examples
//!
//! ```
//! use idtypes::prelude::*;
//! use idtypes::{AsText, Tid};
//! use rusqlite::{Connection, OptionalExtension};
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! let db = Connection::open_in_memory()?;
//! db.execute_batch("CREATE TABLE posts (id INTEGER PRIMARY KEY, reply_to INTEGER, slug TEXT)")?;
//! let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//! db.execute(
//!     "INSERT INTO posts (id, reply_to, slug) VALUES (?1, ?2, ?3)",
//!     (id, None::<PostId>, AsText(id)),
//! )?;
//! let stored: i64 = db.query_row("SELECT id FROM posts", [], |row| row.get(0))?;
//! assert_eq!(stored, 1728652679052295174); // the TID's own integer
//! let (back, reply_to): (PostId, Option<PostId>) =
//!     db.query_row("SELECT id, reply_to FROM posts", [], |row| Ok((row.get(0)?, row.get(1)?)))?;
//! assert_eq!((back, reply_to), (id, None));
//! let range = PostId::range_for_prefix("3jzf")?.unwrap();
//! let found: Option<AsText<PostId>> = db
//!     .query_row(
//!         "SELECT slug FROM posts WHERE id BETWEEN ?1 AND ?2",
//!         (range.start(), range.end()),
//!         |row| row.get(0),
//!     )
//!     .optional()?;
//! assert_eq!(found, Some(AsText(id)));
//! // A value of the wrong kind is an error naming the type.
//! let err = db
//!     .query_row("SELECT slug FROM posts", [], |row| row.get::<_, PostId>(0))
//!     .unwrap_err();
//! assert!(err.to_string().ends_with(
//!     "atproto TID in a column of the wrong type: expected an INTEGER value, found a TEXT value"
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, Value, ValueRef};

use super::as_bytes::AsBytes;
use super::as_text::AsText;
use super::columns::{
    BoxError, BytesColumn, IntegerColumn, from_bytes_column, from_signed, sqlite, to_signed,
    typed_error, typed_text, wrong_column,
};
use crate::{
    FixedSizeFormat, TypedId,
    typed::support::{from_inner_as, parse_as},
};

/// A value's storage class as errors name it (sqlx's wording).
fn describe(value: ValueRef<'_>) -> &'static str {
    match value {
        ValueRef::Null => "a NULL value",
        ValueRef::Integer(_) => sqlite::INTEGER,
        ValueRef::Real(_) => "a REAL value",
        ValueRef::Text(_) => sqlite::TEXT,
        ValueRef::Blob(_) => sqlite::BYTES,
    }
}

/// The error for `value`, not of the kind `expected` that `name` reads: rusqlite's
/// `InvalidType` for NULL (its own error for a NULL read as a plain value), else ours.
#[cold]
fn wrong_kind(name: &str, expected: &str, value: ValueRef<'_>) -> FromSqlError {
    match value {
        ValueRef::Null => FromSqlError::InvalidType,
        _ => FromSqlError::Other(wrong_column(name, expected, describe(value))),
    }
}

/// Writes a 64-bit id as the integer SQLite's `INTEGER` holds (see `columns.rs`).
fn integer_to_sql<T: IntegerColumn>(id: T) -> rusqlite::Result<ToSqlOutput<'static>> {
    let value = to_signed(id).map_err(rusqlite::Error::ToSqlConversionFailure)?;
    Ok(ToSqlOutput::Owned(Value::Integer(value)))
}

/// Reads a 64-bit id from an `INTEGER` value.
fn integer_column_result<T: IntegerColumn>(value: ValueRef<'_>) -> FromSqlResult<T> {
    match value {
        ValueRef::Integer(signed) => from_signed(signed).map_err(FromSqlError::Other),
        _ => Err(wrong_kind(T::NAME, sqlite::INTEGER, value)),
    }
}

/// Writes a value's big-endian bytes as a `BLOB`.
fn bytes_to_sql<T: BytesColumn>(value: &T) -> rusqlite::Result<ToSqlOutput<'static>> {
    let bytes = value.id().to_bytes();
    Ok(ToSqlOutput::Owned(Value::Blob(bytes.as_ref().to_vec())))
}

/// Reads a value from a `BLOB` of its big-endian bytes.
fn bytes_column_result<T: BytesColumn>(value: ValueRef<'_>) -> FromSqlResult<T> {
    match value {
        ValueRef::Blob(bytes) => from_bytes_column(bytes).map_err(FromSqlError::Other),
        _ => Err(wrong_kind(T::NAME, sqlite::BYTES, value)),
    }
}

/// Reads the text of a `TEXT` value that `name` names in errors, and `parse`s it.
fn text_column_result<T, E: Into<BoxError>>(
    name: &str,
    value: ValueRef<'_>,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> FromSqlResult<T> {
    let ValueRef::Text(bytes) = value else {
        return Err(wrong_kind(name, sqlite::TEXT, value));
    };
    let text = core::str::from_utf8(bytes).map_err(|err| {
        FromSqlError::Other(format!("{name} in a TEXT value that is not UTF-8: {err}").into())
    })?;
    parse(text).map_err(|err| FromSqlError::Other(err.into()))
}

/// `ToSql` and `FromSql` for each fixed-size format `$ty`, in the column its table row gives:
/// an `INTEGER` for the 64-bit ones, a `BLOB` for a TBSL and a ULID.
macro_rules! integer_column {
    ($ty:ident, bytes) => {
        bytes_column!([] crate::$ty);
    };
    // SQLite has no `uuid` type: the 16 bytes in a BLOB, as sqlx stores them.
    ($ty:ident, uuid) => {
        bytes_column!([] crate::$ty);
    };
    ($ty:ident, $column:ident) => {
        impl ToSql for crate::$ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                integer_to_sql(*self)
            }
        }

        impl FromSql for crate::$ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                integer_column_result(value)
            }
        }
    };
}

/// `ToSql` and `FromSql` for a value stored as big-endian bytes (a TBSL, any id in
/// `AsBytes`), with the generics and bounds in brackets.
macro_rules! bytes_column {
    ([$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        impl<$($generics)*> ToSql for $ty where $($($bounds)*)? {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                bytes_to_sql(self)
            }
        }

        impl<$($generics)*> FromSql for $ty where $($($bounds)*)? {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                bytes_column_result(value)
            }
        }
    };
}

crate::formats::for_each_column!(integer_column);

/// `AsBytes` of each fixed-size format.
macro_rules! as_bytes {
    ($ty:ident) => {
        bytes_column!([] AsBytes<crate::$ty>);
    };
}

crate::formats::for_each_fixed_format!(as_bytes);

// A typed id as bytes: its inner id's, checked when read.
bytes_column!([T: TypedId] AsBytes<T> where [T::Inner: FixedSizeFormat]);

/// `ToSql` and `FromSql` for `$ty` stored as text: `$text` gives the text, `$parse` reads it,
/// `$name` names the type in errors.
macro_rules! text_column {
    ([$($generics:tt)*] $ty:ty, $name:expr, $text:expr, $parse:expr) => {
        impl<$($generics)*> ToSql for $ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                let text = ($text)(self);
                Ok(ToSqlOutput::Owned(Value::Text(
                    AsRef::<str>::as_ref(&text).to_owned(),
                )))
            }
        }

        impl<$($generics)*> FromSql for $ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                text_column_result($name, value, $parse)
            }
        }
    };
}

super::columns::text_columns!(text_column);

/// A typed id in a text column, as its prefixed text (`post_3jzfcijpj2z2a`), read strictly and
/// checked as the type's [`TypedId::DECODE`] policy says: what the sqlx integration stores.
impl<T: TypedId> ToSql for AsText<T> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        let text = typed_text(&self.0).map_err(rusqlite::Error::ToSqlConversionFailure)?;
        Ok(ToSqlOutput::Owned(Value::Text(text.as_str().to_owned())))
    }
}

impl<T: TypedId> FromSql for AsText<T> {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        text_column_result(T::TYPE_NAME, value, |text| {
            parse_as::<T>(text, T::DECODE).map(AsText)
        })
    }
}

/// The rusqlite impls of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: stored exactly like the inner id (the functions
/// below). Without the `rusqlite` feature the macro writes nothing (see `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_rusqlite {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::rusqlite::ToSql for $name {
            #[inline]
            fn to_sql(
                &self,
            ) -> $crate::__private::rusqlite::Result<$crate::__private::rusqlite::ToSqlOutput<'_>>
            {
                $crate::__private::rusqlite::to_sql(self)
            }
        }

        #[automatically_derived]
        impl $crate::__private::rusqlite::FromSql for $name {
            #[inline]
            fn column_result(
                value: $crate::__private::rusqlite::ValueRef<'_>,
            ) -> $crate::__private::rusqlite::FromSqlResult<Self> {
                $crate::__private::rusqlite::column_result(value)
            }
        }
    };
}

/// How a typed id's inner id reads from a SQLite value: the bound of a typed id's `FromSql`,
/// in place of `Inner: FromSql`, so that the `uuid` crate's `Uuid` inside a typed UUID, whose
/// own `FromSql` is rusqlite's (with rusqlite's errors), reads with this crate's checks and
/// errors, as a ULID does: a `BLOB` of 16 bytes.
///
/// Each format of this crate has it through its own `FromSql` (the same impl).
///
/// ```
/// use idtypes::__private::rusqlite::InnerFromSql;
///
/// fn reads<T: InnerFromSql>() {}
/// reads::<idtypes::Tid>();
/// ```
pub trait InnerFromSql: Sized {
    /// Reads the inner id, as its `FromSql` would.
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self>;
}

/// The bridge for a format of this crate: its own `FromSql`.
macro_rules! inner_from_sql {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> InnerFromSql for $ty {
            #[inline]
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                <$ty as FromSql>::column_result(value)
            }
        }
    };
}

/// The bridge of each fixed-size format.
macro_rules! fixed_inner_from_sql {
    ($ty:ident) => {
        inner_from_sql!([] crate::$ty);
    };
}

crate::formats::for_each_fixed_format!(fixed_inner_from_sql);
inner_from_sql!([] crate::RecordKey);
crate::formats::for_each_text_format!(inner_from_sql);

/// A typed UUID's `Uuid`: a `BLOB` of its 16 bytes, what sqlx's `Uuid` and rusqlite's store.
#[cfg(feature = "uuid")]
impl InnerFromSql for uuid::Uuid {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        bytes_column_result(value)
    }
}

/// Writes the inner id.
pub fn to_sql<T: TypedId>(id: &T) -> rusqlite::Result<ToSqlOutput<'_>>
where
    T::Inner: ToSql,
{
    id.as_inner().to_sql()
}

/// Reads the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says;
/// this crate's errors of the inner id name the typed id too.
pub fn column_result<T: TypedId>(value: ValueRef<'_>) -> FromSqlResult<T>
where
    T::Inner: InnerFromSql,
{
    let inner = <T::Inner as InnerFromSql>::column_result(value).map_err(|err| match err {
        FromSqlError::Other(err) => FromSqlError::Other(typed_error::<T>(err)),
        other => other,
    })?;
    from_inner_as(inner, T::DECODE).map_err(|err| FromSqlError::Other(Box::new(err)))
}
