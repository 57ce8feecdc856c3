//! `sea-orm`: SeaORM 2's traits for every id type, `AsText`, `AsBytes` and typed ids, so that
//! an id is an entity's column or primary key as it is: `From<T> for Value`, `ValueType`,
//! `Nullable`, `TryGetable`, `TryFromU64` and `IntoActiveValue` (and, with `sqlx-postgres`,
//! `NotU8`, for `eq_any` over PostgreSQL arrays).
//!
//! The columns are the sqlx integration's (`sqlx.rs`, the crate docs' "Databases (sqlx)"):
//!
//! | type | `Value` | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|---|
//! | `Tid`, `Snowish`, `Snowflake` | `BigInt`: the id's integer | `BIGINT` | `BIGINT` (`BIGINT UNSIGNED` is read too) | `INTEGER` |
//! | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | `BigInt`: the bits, top one flipped | `BIGINT` | `BIGINT` | `INTEGER` |
//! | `Tbsl`, `AsBytes<T>` | `Bytes`: the big-endian bytes | `BYTEA` | `BINARY(n)` | `BLOB` |
//! | `Ulid`, a typed id over a `Uuid` (`uuid` feature) | `Uuid`: the 16 bytes | `UUID` | `BINARY(16)` | a 16-byte `BLOB` value, in a column SeaORM declares `uuid_text` |
//! | `RecordKey`, `AsText<T>` | `String`: the text (a typed id's with its prefix) | `TEXT COLLATE "C"` | `VARCHAR(n) ... COLLATE ascii_bin` | `TEXT` |
//! | a typed id | the inner id's | | | |
//!
//! `ValueType::column_type` is `BigInteger` for the 64-bit ids, which SeaORM's schema builder
//! writes as `bigint` (SQLite: `integer`), `Binary(n)` for the byte columns, and `Uuid` for
//! ULIDs and typed UUIDs, which it writes as `uuid`, `binary(16)` and, on SQLite, `uuid_text`:
//! a declared type of text affinity, which keeps the 16-byte `BLOB` values that SeaORM, sqlx
//! and rusqlite write as they are (SQLite converts no blob), so the three read each other's
//! rows; declare the column `BLOB` in SQL if you prefer the plain name. Text columns need a
//! byte-wise collation, which a `ColumnType` cannot say: declare them in SQL.
//!
//! # Why `BigInt`
//!
//! A SeaORM `Value` is made before the statement knows its database. The crate stores 64-bit
//! ids as the same signed integer on every database ([`Column::to_signed`](crate::Column::to_signed)),
//! so one `Value` is right on all of them, and SeaORM and sqlx write and read the same number.
//!
//! A TID with its top bit set (never generated; text starting `c`..`j`) fits no signed column,
//! and `From` cannot fail: its `Value` is its 64 bits as a negative `BigInt`, which matches no
//! stored id and which every reader of the column refuses (a database would store it). Store
//! such ids as `AsBytes` or `AsText`.
//!
//! # Reading
//!
//! `TryGetable` reads a row of PostgreSQL, MySQL or SQLite with the sqlx integration's decoding
//! when idtypes has that database's `sqlx-*` feature (which turns on SeaORM's): the same checks
//! and errors (`atproto TID in a column of the wrong type: expected BIGINT (INT8), found
//! BYTEA`), NULL a `TryGetError::Null`, so that `Option<T>` reads it as `None`. Any other row (a
//! `MockDatabase`'s, a proxy's) is read through SeaORM's own `i64`, `Vec<u8>` or `String`, as
//! the `Value` above. Typed ids read their inner id, then run their checks unless they trust
//! their rows ([`TypedId::DECODE`]); a typed UUID reads the sqlx integration's `uuid` and
//! 16-byte columns too, not SeaORM's `Uuid` (which on MySQL would parse 15 bytes as text).
//!
//! A stored value this crate refuses (a negative TID, a 15-byte UUID, a malformed text, a typed
//! id's checks) is SeaORM's `DbErr::TryIntoErr` (`Error converting `bytes` into `UserId`:
//! ...`) with this crate's [`Error`](crate::Error), naming the type, among its sources (in
//! `Refused`, since SeaORM's `source()` gives the `Arc` of its `source` field, whose own source
//! is its content's). A value in the wrong kind of column stays sqlx's `ColumnDecode` error,
//! with the message above.
//!
//! # Primary keys
//!
//! Ids are made by the application (`PostId::now()`), not by the database: declare the key with
//! `auto_increment = false` and set it. `TryFromU64`, which SeaORM calls only to turn an
//! auto-increment value into the key, is an error (`DbErr::ConvertFromU64`), as for SeaORM's own
//! `String` and `Uuid` keys.
//!
//! # Examples
//!
//! An entity whose primary key is a typed id, with an optional id, a TBSL and a record key,
//! queried by a range of ids:
//!
//! ```
//! use idtypes::prelude::*;
//! use idtypes::{RecordKey, Tbsl, Tid};
//! use sea_orm::entity::prelude::*;
//! use sea_orm::{DbBackend, IntoActiveModel, QueryOrder, QueryTrait};
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! pub mod post {
//!     use sea_orm::entity::prelude::*;
//!
//!     #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
//!     #[sea_orm(table_name = "posts")]
//!     pub struct Model {
//!         // Ids come from the application: `auto_increment = false`.
//!         #[sea_orm(primary_key, auto_increment = false)]
//!         pub id: super::PostId,
//!         pub reply_to: Option<super::PostId>,
//!         pub txn: idtypes::Tbsl,
//!         pub rkey: idtypes::RecordKey,
//!     }
//!
//!     #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
//!     pub enum Relation {}
//!
//!     impl ActiveModelBehavior for ActiveModel {}
//! }
//!
//! fn main() -> Result<(), idtypes::Error> {
//!     let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//!     // A BIGINT (SQLite: INTEGER): the TID's integer.
//!     assert_eq!(Value::from(id), Value::BigInt(Some(1728652679052295174)));
//!     assert_eq!(Value::from(None::<PostId>), Value::BigInt(None));
//!
//!     let rkey = RecordKey::parse("self")?;
//!     let model = post::Model { id, reply_to: None, txn: Tbsl::MIN, rkey };
//!     let active = model.into_active_model();
//!     assert_eq!(active.id, sea_orm::ActiveValue::Unchanged(id));
//!
//!     let range = PostId::range_for_prefix("3jzf")?.unwrap();
//!     let query = post::Entity::find()
//!         .filter(post::Column::Id.between(range.start(), range.end()))
//!         .order_by_desc(post::Column::Id)
//!         .build(DbBackend::Postgres);
//!     assert_eq!(
//!         query.sql,
//!         r#"SELECT "posts"."id", "posts"."reply_to", "posts"."txn", "posts"."rkey" FROM "posts" WHERE "posts"."id" BETWEEN $1 AND $2 ORDER BY "posts"."id" DESC"#
//!     );
//!     Ok(())
//! }
//! ```

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, StringLen, ValueType, ValueTypeErr};
use sea_orm::{
    ActiveValue, ColIdx, DbErr, IntoActiveValue, QueryResult, TryFromU64, TryGetError, TryGetable,
    Value,
};

use super::as_bytes::AsBytes;
use super::as_text::AsText;
use super::columns::{
    BoxError, BytesColumn, IntegerColumn, Refused, from_bytes_column, from_signed, from_unsigned,
    to_unsigned,
};
use crate::{
    FixedSizeFormat, IdFormat, TypedId,
    typed::support::{from_inner_as, parse_as},
};

/// The error of a value SeaORM read that is not the type's: SeaORM's `DbErr::Type`.
#[cold]
fn type_error(error: impl core::fmt::Display) -> TryGetError {
    TryGetError::DbErr(DbErr::Type(error.to_string()))
}

/// The error of a stored value this crate refused, read as `from` (`integer`, `bytes`, `text`,
/// `uuid`) for `into` (the type's name): SeaORM's `DbErr::TryIntoErr`, with this crate's
/// [`Error`](crate::Error) in [`Refused`], so that it is among the error's sources (SeaORM's
/// `source()` gives the `Arc` in the `source` field, whose own source is its content's).
#[cold]
fn refused(from: &'static str, into: &'static str, error: crate::Error) -> TryGetError {
    TryGetError::DbErr(DbErr::TryIntoErr {
        from,
        into,
        source: std::sync::Arc::new(Refused(error)),
    })
}

/// [`refused`] for this crate's errors, `DbErr::Type` for any other.
#[cold]
fn read_error(from: &'static str, into: &'static str, error: BoxError) -> TryGetError {
    match error.downcast::<crate::Error>() {
        Ok(error) => refused(from, into, *error),
        Err(other) => type_error(other),
    }
}

/// What a row of each sqlx database must decode (the sqlx integration's impls), or nothing
/// when idtypes lacks that database's feature.
mod decodes {
    #[cfg(feature = "sqlx-postgres")]
    pub(crate) trait Postgres:
        sqlx::Type<sqlx::Postgres> + for<'r> sqlx::Decode<'r, sqlx::Postgres>
    {
    }
    #[cfg(feature = "sqlx-postgres")]
    impl<T: sqlx::Type<sqlx::Postgres> + for<'r> sqlx::Decode<'r, sqlx::Postgres>> Postgres for T {}
    #[cfg(not(feature = "sqlx-postgres"))]
    pub(crate) trait Postgres {}
    #[cfg(not(feature = "sqlx-postgres"))]
    impl<T> Postgres for T {}

    #[cfg(feature = "sqlx-mysql")]
    pub(crate) trait MySql:
        sqlx::Type<sqlx::MySql> + for<'r> sqlx::Decode<'r, sqlx::MySql>
    {
    }
    #[cfg(feature = "sqlx-mysql")]
    impl<T: sqlx::Type<sqlx::MySql> + for<'r> sqlx::Decode<'r, sqlx::MySql>> MySql for T {}
    #[cfg(not(feature = "sqlx-mysql"))]
    pub(crate) trait MySql {}
    #[cfg(not(feature = "sqlx-mysql"))]
    impl<T> MySql for T {}

    #[cfg(feature = "sqlx-sqlite")]
    pub(crate) trait Sqlite:
        sqlx::Type<sqlx::Sqlite> + for<'r> sqlx::Decode<'r, sqlx::Sqlite>
    {
    }
    #[cfg(feature = "sqlx-sqlite")]
    impl<T: sqlx::Type<sqlx::Sqlite> + for<'r> sqlx::Decode<'r, sqlx::Sqlite>> Sqlite for T {}
    #[cfg(not(feature = "sqlx-sqlite"))]
    pub(crate) trait Sqlite {}
    #[cfg(not(feature = "sqlx-sqlite"))]
    impl<T> Sqlite for T {}

    /// Every sqlx database idtypes has.
    pub(crate) trait Sqlx: Postgres + MySql + Sqlite {}
    impl<T: Postgres + MySql + Sqlite> Sqlx for T {}
}

/// The value at `idx` of an sqlx row, decoded by the sqlx integration (`try_get_unchecked`:
/// its decoding checks the kind of column itself, with its own errors); this crate's error of
/// a stored value is [`refused`], from `from` into `into`.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
fn sqlx_get<R, T, I>(
    row: &R,
    idx: I,
    from: &'static str,
    into: &'static str,
) -> Result<T, TryGetError>
where
    R: sqlx::Row,
    T: for<'r> sqlx::Decode<'r, R::Database>,
    I: ColIdx,
    usize: sqlx::ColumnIndex<R>,
    for<'a> &'a str: sqlx::ColumnIndex<R>,
{
    let value = match (idx.as_str(), idx.as_usize()) {
        (Some(name), _) => row.try_get_unchecked::<Option<T>, _>(name),
        (None, Some(&index)) => row.try_get_unchecked::<Option<T>, _>(index),
        (None, None) => return Err(type_error(format_args!("no column {idx:?}"))),
    };
    match value {
        Ok(Some(value)) => Ok(value),
        Ok(None) => Err(TryGetError::Null(format!("{idx:?}"))),
        Err(sqlx::Error::ColumnDecode { source, .. }) if source.is::<crate::Error>() => {
            Err(read_error(from, into, source))
        }
        // As SeaORM reports sqlx's errors (so that `Option<T>` reads a missing column as None).
        Err(error) => Err(TryGetError::DbErr(DbErr::Query(
            sea_orm::RuntimeErr::SqlxError(std::sync::Arc::new(error)),
        ))),
    }
}

/// The value at `idx`, decoded by the sqlx integration when the row is one of a database whose
/// feature idtypes has; `None` for any other row. `from` and `into` name the value read and
/// the type in errors ([`refused`]).
#[allow(unused_variables, reason = "without an sqlx feature no row is sqlx's")]
fn from_sqlx_row<T: decodes::Sqlx, I: ColIdx>(
    res: &QueryResult,
    idx: I,
    from: &'static str,
    into: &'static str,
) -> Option<Result<T, TryGetError>> {
    #[cfg(feature = "sqlx-postgres")]
    if let Some(row) = res.try_as_pg_row() {
        return Some(sqlx_get(row, idx, from, into));
    }
    #[cfg(feature = "sqlx-mysql")]
    if let Some(row) = res.try_as_mysql_row() {
        return Some(sqlx_get(row, idx, from, into));
    }
    #[cfg(feature = "sqlx-sqlite")]
    if let Some(row) = res.try_as_sqlite_row() {
        return Some(sqlx_get(row, idx, from, into));
    }
    None
}

/// A 64-bit id's value: what every database's `BIGINT` (SQLite's `INTEGER`) holds. A TID with its top bit set,
/// which no signed column holds, is its bits as a negative number (see the module docs).
fn integer_value<T: IntegerColumn>(id: T) -> Value {
    let bits = to_unsigned(id);
    Value::BigInt(Some(T::COLUMN.to_signed(bits).unwrap_or(bits as i64)))
}

/// The id whose value is `value`: the inverse of [`integer_value`].
fn integer_from_value<T: IntegerColumn>(value: Value) -> Result<T, ValueTypeErr> {
    let Value::BigInt(Some(signed)) = value else {
        return Err(ValueTypeErr);
    };
    let bits = T::COLUMN.from_signed(signed).unwrap_or(signed as u64);
    from_unsigned(bits).map_err(|_| ValueTypeErr)
}

/// Reads a 64-bit id: through sqlx from a database's row, else through SeaORM's `i64` as the
/// signed columns hold it.
fn integer_get<T: IntegerColumn + decodes::Sqlx, I: ColIdx>(
    res: &QueryResult,
    idx: I,
) -> Result<T, TryGetError> {
    if let Some(read) = from_sqlx_row(res, idx, "integer", T::NAME) {
        return read;
    }
    let signed = <i64 as TryGetable>::try_get_by(res, idx)?;
    from_signed(signed).map_err(|error| read_error("integer", T::NAME, error))
}

/// The SeaORM traits of a 64-bit format (`natural` or `flipped`), of a TBSL (`bytes`) and of
/// a ULID (`uuid`: SeaORM's `Value::Uuid`).
macro_rules! integer_column {
    ($ty:ident, bytes) => {
        bytes_column!([] crate::$ty, stringify!($ty).to_owned());
    };
    ($ty:ident, uuid) => {
        impl From<crate::$ty> for Value {
            fn from(id: crate::$ty) -> Value {
                Value::Uuid(Some(uuid::Uuid::from_bytes(FixedSizeFormat::to_bytes(id))))
            }
        }

        impl ValueType for crate::$ty {
            fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
                match value {
                    Value::Uuid(Some(uuid)) => {
                        FixedSizeFormat::try_from_bytes(uuid.into_bytes()).map_err(|_| ValueTypeErr)
                    }
                    _ => Err(ValueTypeErr),
                }
            }

            fn type_name() -> String {
                stringify!($ty).to_owned()
            }

            fn array_type() -> ArrayType {
                ArrayType::Uuid
            }

            fn column_type() -> ColumnType {
                // PostgreSQL's `uuid`; MySQL's `binary(16)`: the columns of the sqlx features.
                ColumnType::Uuid
            }
        }

        impl Nullable for crate::$ty {
            fn null() -> Value {
                Value::Uuid(None)
            }
        }

        impl TryGetable for crate::$ty {
            fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
                const NAME: &str = <crate::$ty as IdFormat>::NAME;
                if let Some(read) = from_sqlx_row(res, idx, "uuid", NAME) {
                    return read;
                }
                let uuid = <uuid::Uuid as TryGetable>::try_get_by(res, idx)?;
                FixedSizeFormat::try_from_bytes(uuid.into_bytes())
                    .map_err(|error| refused("uuid", NAME, error))
            }
        }

        key_traits!([] crate::$ty, <crate::$ty as IdFormat>::NAME);
    };
    ($ty:ident, $column:ident) => {
        impl From<crate::$ty> for Value {
            fn from(id: crate::$ty) -> Value {
                integer_value(id)
            }
        }

        impl ValueType for crate::$ty {
            fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
                integer_from_value(value)
            }

            fn type_name() -> String {
                stringify!($ty).to_owned()
            }

            fn array_type() -> ArrayType {
                ArrayType::BigInt
            }

            fn column_type() -> ColumnType {
                // `bigint`, SQLite's `integer`: the columns of each database.
                ColumnType::BigInteger
            }
        }

        impl Nullable for crate::$ty {
            fn null() -> Value {
                Value::BigInt(None)
            }
        }

        impl TryGetable for crate::$ty {
            fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
                integer_get(res, idx)
            }
        }

        key_traits!([] crate::$ty, <crate::$ty as IdFormat>::NAME);
    };
}

/// `TryFromU64` (an error: ids are not auto-increment values), `IntoActiveValue` and, with
/// `sqlx-postgres`, `NotU8` for `$ty`, named `$name` in errors.
macro_rules! key_traits {
    ([$($generics:tt)*] $ty:ty, $name:expr $(, where [$($bounds:tt)*])?) => {
        impl<$($generics)*> TryFromU64 for $ty where $($($bounds)*)? {
            fn try_from_u64(_: u64) -> Result<Self, DbErr> {
                Err(DbErr::ConvertFromU64($name))
            }
        }

        impl<$($generics)*> IntoActiveValue<$ty> for $ty where $($($bounds)*)? {
            fn into_active_value(self) -> ActiveValue<Self> {
                ActiveValue::Set(self)
            }
        }

        #[cfg(feature = "sqlx-postgres")]
        impl<$($generics)*> sea_orm::sea_query::postgres_array::NotU8 for $ty
        where $($($bounds)*)? {}
    };
}

/// The SeaORM traits of a value stored as the big-endian bytes of a fixed-size id (a TBSL, any
/// id in `AsBytes`), with the generics and bounds in brackets; `$type_name` is
/// `ValueType::type_name`.
macro_rules! bytes_column {
    ([$($generics:tt)*] $ty:ty, $type_name:expr $(, where [$($bounds:tt)*])?) => {
        impl<$($generics)*> From<$ty> for Value where $($($bounds)*)? {
            fn from(value: $ty) -> Value {
                let bytes = FixedSizeFormat::to_bytes(BytesColumn::id(&value));
                Value::Bytes(Some(bytes.as_ref().to_vec()))
            }
        }

        impl<$($generics)*> ValueType for $ty where $($($bounds)*)? {
            fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
                match value {
                    Value::Bytes(Some(bytes)) => {
                        from_bytes_column(&bytes).map_err(|_| ValueTypeErr)
                    }
                    _ => Err(ValueTypeErr),
                }
            }

            fn type_name() -> String {
                $type_name
            }

            fn array_type() -> ArrayType {
                ArrayType::Bytes
            }

            fn column_type() -> ColumnType {
                type Bytes<T> = <<T as BytesColumn>::Format as FixedSizeFormat>::Bytes;
                ColumnType::Binary(core::mem::size_of::<Bytes<Self>>() as u32)
            }
        }

        impl<$($generics)*> Nullable for $ty where $($($bounds)*)? {
            fn null() -> Value {
                Value::Bytes(None)
            }
        }

        impl<$($generics)*> TryGetable for $ty where $($($bounds)*)? {
            fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
                let name = <Self as BytesColumn>::NAME;
                if let Some(read) = from_sqlx_row(res, idx, "bytes", name) {
                    return read;
                }
                let bytes = <Vec<u8> as TryGetable>::try_get_by(res, idx)?;
                from_bytes_column(&bytes).map_err(|error| read_error("bytes", name, error))
            }
        }

        key_traits!([$($generics)*] $ty, <Self as BytesColumn>::NAME $(, where [$($bounds)*])?);
    };
}

crate::formats::for_each_column!(integer_column);

/// `AsBytes` of each fixed-size format.
macro_rules! as_bytes {
    ($ty:ident) => {
        bytes_column!([] AsBytes<crate::$ty>, concat!("AsBytes<", stringify!($ty), ">").to_owned());
    };
}

crate::formats::for_each_fixed_format!(as_bytes);

// A typed id as bytes: its inner id's, checked when read.
bytes_column!(
    [T: TypedId] AsBytes<T>,
    format!("AsBytes<{}>", T::TYPE_NAME),
    where [T::Inner: FixedSizeFormat]
);

/// The SeaORM traits of `$ty` stored as text: `$text` gives the text, `$parse` reads it,
/// `$name` names the type in errors, `$len` is the longest text (the column's length).
macro_rules! text_traits {
    ([$($generics:tt)*] $ty:ty, $type_name:expr, $name:expr, $len:expr, $text:expr, $parse:expr
        $(, where [$($bounds:tt)*])?) => {
        impl<$($generics)*> From<$ty> for Value where $($($bounds)*)? {
            fn from(value: $ty) -> Value {
                Value::String(Some(($text)(&value)))
            }
        }

        impl<$($generics)*> ValueType for $ty where $($($bounds)*)? {
            fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
                match value {
                    Value::String(Some(text)) => ($parse)(text.as_str()).map_err(|_| ValueTypeErr),
                    _ => Err(ValueTypeErr),
                }
            }

            fn type_name() -> String {
                $type_name
            }

            fn array_type() -> ArrayType {
                ArrayType::String
            }

            fn column_type() -> ColumnType {
                ColumnType::String(StringLen::N(($len) as u32))
            }
        }

        impl<$($generics)*> Nullable for $ty where $($($bounds)*)? {
            fn null() -> Value {
                Value::String(None)
            }
        }

        impl<$($generics)*> TryGetable for $ty where $($($bounds)*)? {
            fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
                if let Some(read) = from_sqlx_row(res, idx, "text", $name) {
                    return read;
                }
                let text = <String as TryGetable>::try_get_by(res, idx)?;
                ($parse)(text.as_str()).map_err(|error| refused("text", $name, error))
            }
        }

        key_traits!([$($generics)*] $ty, $name $(, where [$($bounds)*])?);
    };
}

/// The SeaORM traits of the record key, of `AsText` of each fixed-size format and of each
/// text row (a `VARCHAR` of the longest text).
macro_rules! text_column {
    ([$($generics:tt)*] $ty:ty, $name:expr, $text:expr, $parse:expr) => {
        text_traits!(
            [$($generics)*] $ty,
            <$ty as TextColumn>::TYPE_NAME.to_owned(),
            $name,
            <$ty as TextColumn>::MAX_LEN,
            |value: &$ty| -> String { AsRef::<str>::as_ref(&($text)(value)).to_owned() },
            $parse
        );
    };
}

/// What a text column's `ValueType` says of its type: its name and longest text.
trait TextColumn {
    const TYPE_NAME: &'static str;
    const MAX_LEN: usize;
}

impl TextColumn for crate::RecordKey {
    const TYPE_NAME: &'static str = "RecordKey";
    const MAX_LEN: usize = <crate::RecordKey as IdFormat>::MAX_TEXT_LEN;
}

/// `TextColumn` of `AsText` of each fixed-size format.
macro_rules! as_text_column {
    ($ty:ident) => {
        impl TextColumn for AsText<crate::$ty> {
            const TYPE_NAME: &'static str = concat!("AsText<", stringify!($ty), ">");
            const MAX_LEN: usize = <crate::$ty as IdFormat>::MAX_TEXT_LEN;
        }
    };
}

crate::formats::for_each_fixed_format!(as_text_column);

/// `TextColumn` of each text row: its type's name (one per type, `NanoIdLowercase16`) and its
/// longest text.
macro_rules! text_row_column {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> TextColumn for $ty {
            const TYPE_NAME: &'static str = <$ty as crate::typed::format::sealed::Sealed>::TYPE_NAME;
            const MAX_LEN: usize = <$ty as IdFormat>::MAX_TEXT_LEN;
        }
    };
}

crate::formats::for_each_text_format!(text_row_column);

super::columns::text_columns!(text_column);

// A typed id in a text column, as its prefixed text, read strictly and checked as the type's
// `DECODE` policy says: what the sqlx integration stores.
text_traits!(
    [T: TypedId] AsText<T>,
    format!("AsText<{}>", T::TYPE_NAME),
    T::TYPE_NAME,
    T::PREFIX.len() + T::SEPARATOR.len() + T::TEXT.max_text_len(),
    |value: &AsText<T>| -> String { value.0.to_string() },
    |text: &str| parse_as::<T>(text, T::DECODE).map(AsText)
);

/// The SeaORM traits of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: stored exactly like the inner id (the functions
/// below), checked when read. Without the `sea-orm` feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sea_orm {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::From<$name> for $crate::__private::sea_orm::Value {
            #[inline]
            fn from(id: $name) -> Self {
                $crate::__private::sea_orm::value(id)
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::ValueType for $name {
            #[inline]
            fn try_from(
                value: $crate::__private::sea_orm::Value,
            ) -> $crate::__private::Result<Self, $crate::__private::sea_orm::ValueTypeErr> {
                $crate::__private::sea_orm::try_from_value(value)
            }

            #[inline]
            fn type_name() -> $crate::__private::sea_orm::String {
                $crate::__private::sea_orm::type_name::<Self>()
            }

            #[inline]
            fn array_type() -> $crate::__private::sea_orm::ArrayType {
                $crate::__private::sea_orm::array_type::<Self>()
            }

            #[inline]
            fn column_type() -> $crate::__private::sea_orm::ColumnType {
                $crate::__private::sea_orm::column_type::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::Nullable for $name {
            #[inline]
            fn null() -> $crate::__private::sea_orm::Value {
                $crate::__private::sea_orm::null::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::TryGetable for $name {
            fn try_get_by<I: $crate::__private::sea_orm::ColIdx>(
                res: &$crate::__private::sea_orm::QueryResult,
                idx: I,
            ) -> $crate::__private::Result<Self, $crate::__private::sea_orm::TryGetError> {
                $crate::__private::sea_orm::try_get_by(res, idx)
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::TryFromU64 for $name {
            #[inline]
            fn try_from_u64(
                n: $crate::__private::u64,
            ) -> $crate::__private::Result<Self, $crate::__private::sea_orm::DbErr> {
                $crate::__private::sea_orm::try_from_u64(n)
            }
        }

        #[automatically_derived]
        impl $crate::__private::sea_orm::IntoActiveValue<$name> for $name {
            #[inline]
            fn into_active_value(self) -> $crate::__private::sea_orm::ActiveValue<Self> {
                $crate::__private::sea_orm::ActiveValue::Set(self)
            }
        }
    };
}

/// A typed id's `NotU8` (`eq_any` over a PostgreSQL array, `Vec<PostId>` as a `Value`), with
/// `sqlx-postgres`. Without it the macro writes nothing (see `integrations/mod.rs`).
#[cfg(feature = "sqlx-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sea_orm_postgres {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::sea_orm::NotU8 for $name {}
    };
}

/// The inner id's value.
pub fn value<T: TypedId>(id: T) -> Value
where
    T::Inner: Into<Value>,
{
    id.into_inner().into()
}

/// The typed id whose value is `value`: the inner id's, with the type's checks as its
/// [`TypedId::DECODE`] policy says.
pub fn try_from_value<T: TypedId>(value: Value) -> Result<T, ValueTypeErr>
where
    T::Inner: ValueType,
{
    let inner = <T::Inner as ValueType>::try_from(value)?;
    from_inner_as(inner, T::DECODE).map_err(|_| ValueTypeErr)
}

/// The type's name.
pub fn type_name<T: TypedId>() -> String {
    T::TYPE_NAME.to_owned()
}

/// The inner id's array type.
pub fn array_type<T: TypedId>() -> ArrayType
where
    T::Inner: ValueType,
{
    <T::Inner as ValueType>::array_type()
}

/// The inner id's column type.
pub fn column_type<T: TypedId>() -> ColumnType
where
    T::Inner: ValueType,
{
    <T::Inner as ValueType>::column_type()
}

/// The inner id's NULL.
pub fn null<T: TypedId>() -> Value
where
    T::Inner: Nullable,
{
    <T::Inner as Nullable>::null()
}

/// How a typed id's inner id is read from a row: the bound of [`try_get_by`], in place of
/// `Inner: TryGetable`, so that the `uuid` crate's `Uuid` inside a typed UUID, whose
/// `TryGetable` is SeaORM's (with SeaORM's, sqlx's and the `uuid` crate's errors), reads with
/// this crate's checks and errors, as a ULID does.
///
/// Each format of this crate has it through its own `TryGetable` (the same impl).
///
/// ```
/// use idtypes::__private::sea_orm::InnerGet;
///
/// fn reads<T: InnerGet>() {}
/// reads::<idtypes::Tid>();
/// ```
pub trait InnerGet: Sized {
    /// Reads the inner id, as its `TryGetable` would.
    fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError>;
}

/// The bridge for a format of this crate: its own `TryGetable`.
macro_rules! inner_get {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> InnerGet for $ty {
            #[inline]
            fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
                <$ty as TryGetable>::try_get_by(res, idx)
            }
        }
    };
}

/// The bridge of each fixed-size format.
macro_rules! fixed_inner_get {
    ($ty:ident) => {
        inner_get!([] crate::$ty);
    };
}

crate::formats::for_each_fixed_format!(fixed_inner_get);
inner_get!([] crate::RecordKey);
crate::formats::for_each_text_format!(inner_get);

/// A typed UUID's `Uuid`: a row of a database whose `sqlx-*` feature idtypes has is read as
/// the sqlx integration reads a typed UUID (PostgreSQL's `uuid`, elsewhere 16 bytes, with this
/// crate's errors); any other row through SeaORM's own `Uuid`.
#[cfg(feature = "uuid")]
impl InnerGet for uuid::Uuid {
    fn try_get_by<I: ColIdx>(res: &QueryResult, idx: I) -> Result<Self, TryGetError> {
        #[cfg(any(
            feature = "sqlx-postgres",
            feature = "sqlx-mysql",
            feature = "sqlx-sqlite"
        ))]
        if let Some(read) = from_sqlx_row::<super::sqlx::StoredUuid, I>(
            res,
            idx,
            "uuid",
            <uuid::Uuid as IdFormat>::NAME,
        ) {
            return read.map(|stored| stored.0);
        }
        <uuid::Uuid as TryGetable>::try_get_by(res, idx)
    }
}

/// Reads the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says.
/// This crate's error of a stored value, the inner id's (naming the typed id too) or the
/// type's checks', is SeaORM's `DbErr::TryIntoErr` with it among its sources.
pub fn try_get_by<T: TypedId, I: ColIdx>(res: &QueryResult, idx: I) -> Result<T, TryGetError>
where
    T::Inner: InnerGet,
{
    let inner = <T::Inner as InnerGet>::try_get_by(res, idx).map_err(typed_get_error::<T>)?;
    from_inner_as(inner, T::DECODE)
        .map_err(|error| refused(<T::Inner as IdFormat>::NAME, T::TYPE_NAME, error))
}

/// The inner id's error `error`, naming the typed id `T` when it is this crate's.
#[cold]
fn typed_get_error<T: TypedId>(error: TryGetError) -> TryGetError {
    if let TryGetError::DbErr(DbErr::TryIntoErr { from, source, .. }) = &error {
        if let Some(Refused(inner)) = source.downcast_ref::<Refused>() {
            let named = crate::typed::support::stored_error::<T>(inner.clone());
            return refused(from, T::TYPE_NAME, named);
        }
    }
    error
}

/// An error: ids are made by the application, not auto-increment values of the database.
pub fn try_from_u64<T: TypedId>(_: u64) -> Result<T, DbErr> {
    Err(DbErr::ConvertFromU64(T::TYPE_NAME))
}
