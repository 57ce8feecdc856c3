//! `sqlx`: every id type as a column of PostgreSQL, MySQL/MariaDB and SQLite.
//!
//! # Storage
//!
//! Fixed-size ids are stored as their **big-endian bytes**: byte order is the id's `Ord` on
//! all three databases, with no collation involved and no trouble with values above
//! `i64::MAX` (TIDs and uid11s use all 64 bits; pre-1970 TimeIds are negative `i64`s that a
//! `BIGINT` would sort first, against the id order).
//!
//! | type | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|
//! | `Tid`, `TimeId`, `Uid11`, `Xid`, `Snowish`, `TsSeqRand`, `FullRand` | `BYTEA` (8 bytes) | `BINARY(8)` | `BLOB` |
//! | `Tbsl` | `BYTEA` (10 bytes) | `BINARY(10)` | `BLOB` |
//! | `RecordKey` | `TEXT COLLATE "C"` | `VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | [`AsText<T>`](crate::AsText) (any of the fixed-size ids, as text) | `TEXT COLLATE "C"` | `VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//!
//! Text columns must compare bytes: PostgreSQL's linguistic collations (`en_US`) and MySQL's
//! `_ci` collations order Base58 and record keys wrongly (`a` = `A`), hence the `COLLATE`s.
//!
//! MySQL pads a `BINARY(n)` value shorter than `n` with zero bytes, so such a column only ever
//! holds `n` bytes; bind ids (not raw byte strings) to keep its content meaningful.
//!
//! Decoding checks the kind of column first, by the value's SQL type, never by its content:
//! fixed-size ids read only bytes (PostgreSQL `BYTEA`; MySQL/MariaDB `BINARY`, `VARBINARY` and
//! the `BLOB`s, the string types of the binary character set, collation 63; SQLite values of
//! storage class `BLOB`), record keys and [`AsText`](crate::AsText) only text (the other string types; SQLite
//! `TEXT` values). Eight characters of text are not a TID's bytes, nor ten a TBSL's: a value of
//! the wrong kind is an error saying what was expected and what was found, whether or not sqlx
//! checked the type first (`Type::compatible` says the same). SQLite goes by each value's
//! storage class, not the column's declared type, which it does not enforce.
//!
//! Then decoding checks the content: a column of the wrong length, a malformed text or a snowish
//! payload with its reserved bit set is an error naming the type, never a panic. PostgreSQL
//! values decode in both the binary and the text protocol; fixed-size ids also have
//! `PgHasArrayType` (`BYTEA[]`).

use sqlx::{Database, Decode, Encode, Type, TypeInfo, encode::IsNull, error::BoxDynError};

use super::columns::{from_column, wrong_column};
use crate::IdFormat;

/// What kind of column a database's value comes from: bytes or text, told apart by the
/// value's SQL type, never guessed from its content.
pub(crate) trait Columns: Database {
    /// What a bytes column is, in errors.
    const BYTES: &'static str;
    /// What a text column is, in errors.
    const TEXT: &'static str;

    /// Whether a value of type `ty` is bytes.
    fn is_bytes(ty: &Self::TypeInfo) -> bool;

    /// Whether a value of type `ty` is text.
    fn is_text(ty: &Self::TypeInfo) -> bool;

    /// The type `ty` in an error: its name, and whether it is text or bytes where the name
    /// does not say.
    fn describe(ty: &Self::TypeInfo) -> String {
        ty.name().to_owned()
    }
}

/// `Ok` if a value of type `ty` is bytes (or NULL, which the value's decoding reports), else
/// the error saying that `name` is read from bytes and what `ty` is.
pub(crate) fn check_bytes<DB: Columns>(ty: &DB::TypeInfo, name: &str) -> Result<(), BoxDynError> {
    if ty.is_null() || DB::is_bytes(ty) {
        return Ok(());
    }
    Err(wrong_column(name, DB::BYTES, &DB::describe(ty)))
}

/// `Ok` if a value of type `ty` is text (or NULL), else the error saying that `name` is read
/// from text and what `ty` is.
pub(crate) fn check_text<DB: Columns>(ty: &DB::TypeInfo, name: &str) -> Result<(), BoxDynError> {
    if ty.is_null() || DB::is_text(ty) {
        return Ok(());
    }
    Err(wrong_column(name, DB::TEXT, &DB::describe(ty)))
}

/// PostgreSQL: `BYTEA`; the text types (`TEXT`, `VARCHAR`, `CHAR`, `NAME`, literals).
#[cfg(feature = "sqlx-postgres")]
impl Columns for sqlx::Postgres {
    const BYTES: &'static str = super::columns::POSTGRES_BYTES;
    const TEXT: &'static str = super::columns::POSTGRES_TEXT;

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        <Vec<u8> as Type<Self>>::compatible(ty)
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <&str as Type<Self>>::compatible(ty)
    }
}

/// MySQL / MariaDB: the string and blob types, bytes when their character set is `binary`
/// (collation 63: `BINARY`, `VARBINARY`, the `BLOB`s), text otherwise (`CHAR`, `VARCHAR`, the
/// `TEXT`s, whatever their collation). sqlx's type name goes by the column's `BINARY` flag,
/// which MySQL also sets on text of a `_bin` collation (`ascii_bin` text is "VARBINARY"), so
/// errors say which of the two the value is.
#[cfg(feature = "sqlx-mysql")]
impl Columns for sqlx::MySql {
    const BYTES: &'static str = "binary data (BINARY, VARBINARY or BLOB)";
    const TEXT: &'static str = "text (CHAR, VARCHAR or TEXT, not of the binary character set)";

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        // The types of both, less those of text: the string types of the binary character set.
        <[u8] as Type<Self>>::compatible(ty) && !<str as Type<Self>>::compatible(ty)
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <str as Type<Self>>::compatible(ty)
    }

    fn describe(ty: &Self::TypeInfo) -> String {
        let name = ty.name();
        if Self::is_text(ty) {
            // The text type behind a binary-looking name (a `_bin` collation's flag).
            let text = match name {
                "BINARY" => "CHAR",
                "VARBINARY" => "VARCHAR",
                "TINYBLOB" => "TINYTEXT",
                "BLOB" => "TEXT",
                "MEDIUMBLOB" => "MEDIUMTEXT",
                "LONGBLOB" => "LONGTEXT",
                other => other,
            };
            format!("text ({text})")
        } else if Self::is_bytes(ty) {
            format!("binary data ({name})")
        } else {
            name.to_owned()
        }
    }
}

/// SQLite: the value's own storage class (not the column's declared type, which SQLite does
/// not enforce): `BLOB` values are bytes, `TEXT` values text.
#[cfg(feature = "sqlx-sqlite")]
impl Columns for sqlx::Sqlite {
    const BYTES: &'static str = "a BLOB value";
    const TEXT: &'static str = "a TEXT value";

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        *ty == <Vec<u8> as Type<Self>>::type_info()
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <String as Type<Self>>::compatible(ty)
    }

    fn describe(ty: &Self::TypeInfo) -> String {
        format!("a {} value", ty.name())
    }
}

/// `Type`, `Encode`, `Decode` (and `PgHasArrayType`) for each fixed-size format `$ty`, stored
/// as its big-endian bytes.
macro_rules! bytes_column {
    ($ty:ident) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};

            /// The column's type is the bytes'.
            type Bytes = <crate::$ty as crate::FixedSizeFormat>::Bytes;

            impl Type<Postgres> for crate::$ty {
                fn type_info() -> PgTypeInfo {
                    <Bytes as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Postgres as Columns>::is_bytes(ty)
                }
            }

            impl PgHasArrayType for crate::$ty {
                fn array_type_info() -> PgTypeInfo {
                    <Bytes as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <Bytes as Encode<Postgres>>::encode_by_ref(&self.to_bytes(), buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for crate::$ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_bytes::<Postgres>(
                        &sqlx::ValueRef::type_info(&value),
                        <crate::$ty>::NAME,
                    )?;
                    match value.format() {
                        PgValueFormat::Binary => from_column(value.as_bytes()?),
                        // The text protocol sends `\x` and hex digits.
                        PgValueFormat::Text => {
                            let bytes = <Vec<u8> as Decode<Postgres>>::decode(value)?;
                            from_column(&bytes)
                        }
                    }
                }
            }
        };

        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl Type<MySql> for crate::$ty {
                fn type_info() -> MySqlTypeInfo {
                    <[u8] as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <MySql as Columns>::is_bytes(ty)
                }
            }

            impl Encode<'_, MySql> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <&[u8] as Encode<MySql>>::encode_by_ref(&&self.to_bytes()[..], buf)
                }
            }

            impl<'r> Decode<'r, MySql> for crate::$ty {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_bytes::<MySql>(&sqlx::ValueRef::type_info(&value), <crate::$ty>::NAME)?;
                    let bytes = <&[u8] as Decode<MySql>>::decode(value)?;
                    from_column(bytes)
                }
            }
        };

        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl Type<Sqlite> for crate::$ty {
                fn type_info() -> SqliteTypeInfo {
                    <Vec<u8> as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Sqlite as Columns>::is_bytes(ty)
                }
            }

            impl Encode<'_, Sqlite> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their bytes.
                    <Vec<u8> as Encode<Sqlite>>::encode(self.to_bytes().to_vec(), buf)
                }
            }

            impl<'r> Decode<'r, Sqlite> for crate::$ty {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_bytes::<Sqlite>(&sqlx::ValueRef::type_info(&value), <crate::$ty>::NAME)?;
                    let bytes = <&[u8] as Decode<Sqlite>>::decode(value)?;
                    from_column(bytes)
                }
            }
        };
    };
}

crate::formats::for_each_fixed_format!(bytes_column);

/// `Type`, `Encode`, `Decode` for a value stored as text, parsed by `$parse` on decode.
macro_rules! text_column {
    ($ty:ty, $name:expr, $text:expr, $parse:expr) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};

            impl Type<Postgres> for $ty {
                fn type_info() -> PgTypeInfo {
                    <&str as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Postgres as Columns>::is_text(ty)
                }
            }

            impl PgHasArrayType for $ty {
                fn array_type_info() -> PgTypeInfo {
                    <&str as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<Postgres>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for $ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_text::<Postgres>(&sqlx::ValueRef::type_info(&value), $name)?;
                    let text = <&str as Decode<Postgres>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };

        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl Type<MySql> for $ty {
                fn type_info() -> MySqlTypeInfo {
                    <str as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <MySql as Columns>::is_text(ty)
                }
            }

            impl Encode<'_, MySql> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<MySql>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r> Decode<'r, MySql> for $ty {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_text::<MySql>(&sqlx::ValueRef::type_info(&value), $name)?;
                    let text = <&str as Decode<MySql>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };

        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl Type<Sqlite> for $ty {
                fn type_info() -> SqliteTypeInfo {
                    <String as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Sqlite as Columns>::is_text(ty)
                }
            }

            impl Encode<'_, Sqlite> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their text.
                    let text = ($text)(self);
                    <String as Encode<Sqlite>>::encode(AsRef::<str>::as_ref(&text).to_owned(), buf)
                }
            }

            impl<'r> Decode<'r, Sqlite> for $ty {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_text::<Sqlite>(&sqlx::ValueRef::type_info(&value), $name)?;
                    let text = <&str as Decode<Sqlite>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };
    };
}

super::columns::text_columns!(text_column);
