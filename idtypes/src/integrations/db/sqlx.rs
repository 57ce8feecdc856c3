//! `sqlx`: every id type as a column of PostgreSQL, MySQL/MariaDB and SQLite.
//!
//! # Storage
//!
//! The columns, their mapping and the decoding rules are documented in the crate docs
//! ([databases](crate#databases-sqlx)): 64-bit ids in integer columns (`BIGINT`, MySQL's
//! SQLite's `INTEGER`) as their format's [`Column`](crate::Column) says, a
//! TBSL and any id in `AsBytes` as big-endian bytes, record keys and `AsText` as text.
//!
//! Decoding checks the kind of column first, by the value's SQL type, never by its content
//! (`Columns`), with or without sqlx's check (`Type::compatible` says the same); then the
//! content. A NULL read as a plain id is sqlx's `UnexpectedNullError` (SQLite would otherwise
//! hand over 0).

use sqlx::{Database, Decode, Encode, Type, TypeInfo, encode::IsNull, error::BoxDynError};

use super::columns::{BytesColumn, from_bytes_column, from_signed, wrong_column};
// Every database's signed integer holds `Column::to_signed` of the bits.
use super::columns::to_signed;
// The extension's native types (PostgreSQL).
#[cfg(feature = "sqlx-postgres")]
use super::columns::{from_column, from_signed_bytes};
// MySQL also reads a `BIGINT UNSIGNED` of the formats whose ids keep the top bit 0.
#[cfg(feature = "sqlx-mysql")]
use super::columns::{IntegerColumn, from_unsigned};
use crate::FixedSizeFormat;
#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-sqlite", feature = "uuid"))]
use crate::IdFormat;

/// What kind of column a database's value comes from: bytes or text, told apart by the
/// value's SQL type, never guessed from its content.
pub(crate) trait Columns: Database {
    /// What a bytes column is, in errors.
    const BYTES: &'static str;
    /// What a text column is, in errors.
    const TEXT: &'static str;
    /// What an integer column is, in errors.
    #[cfg_attr(
        not(any(feature = "sqlx-postgres", feature = "sqlx-sqlite")),
        allow(dead_code, reason = "MySQL reads its integers in `mysql_integer`")
    )]
    const INTEGER: &'static str;

    /// Whether a value of type `ty` is bytes.
    fn is_bytes(ty: &Self::TypeInfo) -> bool;

    /// Whether a value of type `ty` is text.
    fn is_text(ty: &Self::TypeInfo) -> bool;

    /// Whether a value of type `ty` is a 64-bit integer (on MySQL, any integer: see
    /// `mysql_integer` for which a format reads).
    #[cfg_attr(
        not(any(feature = "sqlx-postgres", feature = "sqlx-sqlite")),
        allow(dead_code, reason = "MySQL reads its integers in `mysql_integer`")
    )]
    fn is_integer(ty: &Self::TypeInfo) -> bool;

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

/// `Ok` if `value` is an integer, else the error: sqlx's for a NULL (which SQLite would read
/// as 0), or the one saying that `name` is read from integers and what the value's type is.
#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-sqlite"))]
pub(crate) fn check_integer<'r, DB: Columns>(
    value: &<DB as Database>::ValueRef<'r>,
    name: &str,
) -> Result<(), BoxDynError> {
    use sqlx::ValueRef;
    if value.is_null() {
        return Err(Box::new(sqlx::error::UnexpectedNullError));
    }
    let ty = value.type_info();
    if DB::is_integer(&ty) {
        return Ok(());
    }
    Err(wrong_column(name, DB::INTEGER, &DB::describe(&ty)))
}

/// `Ok` if a value of type `ty` is text (or NULL), else the error saying that `name` is read
/// from text and what `ty` is.
pub(crate) fn check_text<DB: Columns>(ty: &DB::TypeInfo, name: &str) -> Result<(), BoxDynError> {
    if ty.is_null() || DB::is_text(ty) {
        return Ok(());
    }
    Err(wrong_column(name, DB::TEXT, &DB::describe(ty)))
}

/// Whether a PostgreSQL value of type `ty` is of the extension's native type `native`
/// ([`FixedSizeFormat::POSTGRES_TYPE`]), or of a domain over it. sqlx names a type as
/// `regtype` prints it: bare on the search path, else qualified by its schema. (A simple
/// query's (`raw_sql`) row on a connection that has not met the type yet has it unnamed, as
/// every type sqlx has not resolved: that value is refused as of a wrong type.)
#[cfg(feature = "sqlx-postgres")]
pub(crate) fn is_native(ty: &sqlx::postgres::PgTypeInfo, native: &str) -> bool {
    match ty.kind() {
        sqlx::postgres::PgTypeKind::Domain(base) => is_native(base, native),
        _ => super::columns::is_postgres_type(ty.name(), native),
    }
}

/// The id in a PostgreSQL value of the extension's native type of `T`, or `None` for a value
/// of another type. Its binary form is its storage type's (`bytes` reads it); its text (a
/// simple query's, `raw_sql`) is the id's own, which the format parses.
#[cfg(feature = "sqlx-postgres")]
fn native_value<T: FixedSizeFormat>(
    value: &sqlx::postgres::PgValueRef<'_>,
    native: Option<&str>,
    bytes: impl FnOnce(&[u8]) -> Result<T, BoxDynError>,
) -> Result<Option<T>, BoxDynError> {
    use sqlx::postgres::PgValueFormat;
    let Some(native) = native else {
        return Ok(None);
    };
    if !is_native(&sqlx::ValueRef::type_info(value), native) {
        return Ok(None);
    }
    match value.format() {
        PgValueFormat::Binary => bytes(value.as_bytes()?).map(Some),
        PgValueFormat::Text => Ok(Some(T::parse_text(value.as_str()?)?)),
    }
}

/// PostgreSQL: `BYTEA`; the text types (`TEXT`, `VARCHAR`, `CHAR`, `NAME`, literals).
#[cfg(feature = "sqlx-postgres")]
impl Columns for sqlx::Postgres {
    const BYTES: &'static str = super::columns::POSTGRES_BYTES;
    const TEXT: &'static str = super::columns::POSTGRES_TEXT;
    const INTEGER: &'static str = super::columns::POSTGRES_INTEGER;

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        <Vec<u8> as Type<Self>>::compatible(ty)
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <&str as Type<Self>>::compatible(ty)
    }

    fn is_integer(ty: &Self::TypeInfo) -> bool {
        <i64 as Type<Self>>::compatible(ty)
    }
}

/// MySQL / MariaDB: the string and blob types, bytes when their character set is `binary`
/// (collation 63: `BINARY`, `VARBINARY`, the `BLOB`s), text otherwise (`CHAR`, `VARCHAR`, the
/// `TEXT`s, whatever their collation). sqlx's type name goes by the column's `BINARY` flag,
/// which MySQL also sets on text of a `_bin` collation (`ascii_bin` text is "VARBINARY"), so
/// errors say which of the two the value is.
#[cfg(feature = "sqlx-mysql")]
impl Columns for sqlx::MySql {
    const BYTES: &'static str = super::columns::MYSQL_BYTES;
    const TEXT: &'static str = super::columns::MYSQL_TEXT;
    const INTEGER: &'static str = "an integer (BIGINT)";

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        // The types of both, less those of text: the string types of the binary character set.
        <[u8] as Type<Self>>::compatible(ty) && !<str as Type<Self>>::compatible(ty)
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <str as Type<Self>>::compatible(ty)
    }

    fn is_integer(ty: &Self::TypeInfo) -> bool {
        <u64 as Type<Self>>::compatible(ty) || <i64 as Type<Self>>::compatible(ty)
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
    const BYTES: &'static str = super::columns::sqlite::BYTES;
    const TEXT: &'static str = super::columns::sqlite::TEXT;
    const INTEGER: &'static str = super::columns::sqlite::INTEGER;

    fn is_bytes(ty: &Self::TypeInfo) -> bool {
        *ty == <Vec<u8> as Type<Self>>::type_info()
    }

    fn is_text(ty: &Self::TypeInfo) -> bool {
        <String as Type<Self>>::compatible(ty)
    }

    fn is_integer(ty: &Self::TypeInfo) -> bool {
        <i64 as Type<Self>>::compatible(ty)
    }

    fn describe(ty: &Self::TypeInfo) -> String {
        super::columns::sqlite::value(ty.name())
    }
}

/// `Type`, `Encode`, `Decode` (and `PgHasArrayType`) for each 64-bit format `$ty` whose
/// table row says its column is an integer (`natural` or `flipped`, see `columns.rs`): signed
/// `BIGINT` (PostgreSQL, MySQL), `INTEGER` (SQLite), holding `Column::to_signed` of the bits.
macro_rules! integer_column {
    ($ty:ident, bytes) => {
        bytes_column!([] crate::$ty);
    };
    ($ty:ident, uuid) => {
        uuid_column!(crate::$ty);
        bytes_column!(@mysql [] crate::$ty);
        bytes_column!(@sqlite [] crate::$ty);
    };
    ($ty:ident, $column:ident) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};

            impl Type<Postgres> for crate::$ty {
                fn type_info() -> PgTypeInfo {
                    <i64 as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Postgres as Columns>::is_integer(ty)
                        || is_native(ty, <crate::$ty as FixedSizeFormat>::POSTGRES_TYPE)
                }
            }

            impl PgHasArrayType for crate::$ty {
                fn array_type_info() -> PgTypeInfo {
                    <i64 as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <i64 as Encode<Postgres>>::encode(to_signed(*self)?, buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for crate::$ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    let native = Some(<crate::$ty as FixedSizeFormat>::POSTGRES_TYPE);
                    if let Some(id) = native_value(&value, native, from_signed_bytes)? {
                        return Ok(id);
                    }
                    check_integer::<Postgres>(&value, <crate::$ty>::NAME)?;
                    from_signed(<i64 as Decode<Postgres>>::decode(value)?)
                }
            }
        };

        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl Type<MySql> for crate::$ty {
                fn type_info() -> MySqlTypeInfo {
                    <i64 as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    mysql_integer::<crate::$ty>(ty).is_ok()
                }
            }

            impl Encode<'_, MySql> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <i64 as Encode<MySql>>::encode(to_signed(*self)?, buf)
                }
            }

            impl<'r> Decode<'r, MySql> for crate::$ty {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    if sqlx::ValueRef::is_null(&value) {
                        return Err(Box::new(sqlx::error::UnexpectedNullError));
                    }
                    if mysql_integer::<crate::$ty>(&sqlx::ValueRef::type_info(&value))? {
                        // `BIGINT UNSIGNED` of a format whose ids keep the top bit 0.
                        from_unsigned(<u64 as Decode<MySql>>::decode(value)?)
                    } else {
                        from_signed(<i64 as Decode<MySql>>::decode(value)?)
                    }
                }
            }
        };

        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl Type<Sqlite> for crate::$ty {
                fn type_info() -> SqliteTypeInfo {
                    <i64 as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Sqlite as Columns>::is_integer(ty)
                }
            }

            impl Encode<'_, Sqlite> for crate::$ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <i64 as Encode<Sqlite>>::encode(to_signed(*self)?, buf)
                }
            }

            impl<'r> Decode<'r, Sqlite> for crate::$ty {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_integer::<Sqlite>(&value, <crate::$ty>::NAME)?;
                    from_signed(<i64 as Decode<Sqlite>>::decode(value)?)
                }
            }
        };
    };
}

/// Whether a MySQL value of type `ty` is an unsigned integer (`Ok(true)`: only for the
/// formats whose ids keep the top bit 0, whose bits it holds) or a signed one (`Ok(false)`:
/// [`Column::to_signed`](crate::Column::to_signed), as on PostgreSQL and SQLite), else the
/// error saying what `T` reads.
#[cfg(feature = "sqlx-mysql")]
fn mysql_integer<T: IntegerColumn>(ty: &sqlx::mysql::MySqlTypeInfo) -> Result<bool, BoxDynError> {
    use sqlx::MySql;
    let natural = T::COLUMN == crate::Column::Natural;
    if ty.is_null() || <i64 as Type<MySql>>::compatible(ty) {
        Ok(false)
    } else if natural && <u64 as Type<MySql>>::compatible(ty) {
        Ok(true)
    } else {
        Err(wrong_column(
            T::NAME,
            super::columns::mysql_integers::<T>(),
            &<MySql as Columns>::describe(ty),
        ))
    }
}

/// `Type`, `Encode`, `Decode` (and `PgHasArrayType`) for a value stored as the big-endian
/// bytes of a fixed-size id ([`BytesColumn`]: a TBSL, any id in `AsBytes`), with the generics
/// and bounds in brackets (`[T: TypedId] AsBytes<T> where [T::Inner: FixedSizeFormat]`).
macro_rules! bytes_column {
    ([$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        bytes_column!(@postgres [$($generics)*] $ty $(where [$($bounds)*])?);
        bytes_column!(@mysql [$($generics)*] $ty $(where [$($bounds)*])?);
        bytes_column!(@sqlite [$($generics)*] $ty $(where [$($bounds)*])?);
    };
    (@postgres [$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};

            impl<$($generics)*> Type<Postgres> for $ty where $($($bounds)*)? {
                fn type_info() -> PgTypeInfo {
                    <Vec<u8> as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Postgres as Columns>::is_bytes(ty)
                        || <Self as BytesColumn>::POSTGRES_TYPE
                            .is_some_and(|native| is_native(ty, native))
                }
            }

            impl<$($generics)*> PgHasArrayType for $ty where $($($bounds)*)? {
                fn array_type_info() -> PgTypeInfo {
                    <Vec<u8> as PgHasArrayType>::array_type_info()
                }
            }

            impl<$($generics)*> Encode<'_, Postgres> for $ty where $($($bounds)*)? {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let bytes = FixedSizeFormat::to_bytes(BytesColumn::id(self));
                    <&[u8] as Encode<Postgres>>::encode(bytes.as_ref(), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, Postgres> for $ty where $($($bounds)*)? {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    let native = native_value(
                        &value,
                        <Self as BytesColumn>::POSTGRES_TYPE,
                        |bytes| from_column(bytes).map_err(Into::into),
                    )?;
                    if let Some(id) = native {
                        return Ok(<Self as BytesColumn>::from_id(id)?);
                    }
                    check_bytes::<Postgres>(
                        &sqlx::ValueRef::type_info(&value),
                        <Self as BytesColumn>::NAME,
                    )?;
                    match value.format() {
                        PgValueFormat::Binary => from_bytes_column(value.as_bytes()?),
                        // The text protocol sends `\x` and hex digits.
                        PgValueFormat::Text => {
                            let bytes = <Vec<u8> as Decode<Postgres>>::decode(value)?;
                            from_bytes_column(&bytes)
                        }
                    }
                }
            }
        };

    };
    (@mysql [$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl<$($generics)*> Type<MySql> for $ty where $($($bounds)*)? {
                fn type_info() -> MySqlTypeInfo {
                    <[u8] as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <MySql as Columns>::is_bytes(ty)
                }
            }

            impl<$($generics)*> Encode<'_, MySql> for $ty where $($($bounds)*)? {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let bytes = FixedSizeFormat::to_bytes(BytesColumn::id(self));
                    <&[u8] as Encode<MySql>>::encode(bytes.as_ref(), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, MySql> for $ty where $($($bounds)*)? {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_bytes::<MySql>(
                        &sqlx::ValueRef::type_info(&value),
                        <Self as BytesColumn>::NAME,
                    )?;
                    from_bytes_column(<&[u8] as Decode<MySql>>::decode(value)?)
                }
            }
        };

    };
    (@sqlite [$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl<$($generics)*> Type<Sqlite> for $ty where $($($bounds)*)? {
                fn type_info() -> SqliteTypeInfo {
                    <Vec<u8> as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Sqlite as Columns>::is_bytes(ty)
                }
            }

            impl<$($generics)*> Encode<'_, Sqlite> for $ty where $($($bounds)*)? {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their bytes.
                    let bytes = FixedSizeFormat::to_bytes(BytesColumn::id(self));
                    <Vec<u8> as Encode<Sqlite>>::encode(bytes.as_ref().to_vec(), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, Sqlite> for $ty where $($($bounds)*)? {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    check_bytes::<Sqlite>(
                        &sqlx::ValueRef::type_info(&value),
                        <Self as BytesColumn>::NAME,
                    )?;
                    from_bytes_column(<&[u8] as Decode<Sqlite>>::decode(value)?)
                }
            }
        };
    };
}

/// A 128-bit format in PostgreSQL's `uuid` column (sqlx's own `Uuid` type there), its 16
/// bytes elsewhere.
macro_rules! uuid_column {
    ($ty:ty) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};
            use uuid::Uuid;

            impl Type<Postgres> for $ty {
                fn type_info() -> PgTypeInfo {
                    <Uuid as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Uuid as Type<Postgres>>::compatible(ty)
                        || is_native(ty, <$ty as FixedSizeFormat>::POSTGRES_TYPE)
                }
            }

            impl PgHasArrayType for $ty {
                fn array_type_info() -> PgTypeInfo {
                    <Uuid as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let uuid = Uuid::from_bytes(FixedSizeFormat::to_bytes(*self));
                    <Uuid as Encode<Postgres>>::encode(uuid, buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for $ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    let native = Some(<$ty as FixedSizeFormat>::POSTGRES_TYPE);
                    let bytes = |bytes: &[u8]| from_column(bytes).map_err(Into::into);
                    if let Some(id) = native_value(&value, native, bytes)? {
                        return Ok(id);
                    }
                    let ty = sqlx::ValueRef::type_info(&value);
                    if !ty.is_null() && !<Uuid as Type<Postgres>>::compatible(&ty) {
                        return Err(wrong_column(
                            <$ty as IdFormat>::NAME,
                            super::columns::POSTGRES_UUID,
                            &<Postgres as Columns>::describe(&ty),
                        ));
                    }
                    let uuid = <Uuid as Decode<Postgres>>::decode(value)?;
                    Ok(<$ty as FixedSizeFormat>::try_from_bytes(uuid.into_bytes())?)
                }
            }
        };
    };
}

/// The `uuid` crate's `Uuid` inside a typed UUID, decoded with this crate's checks and
/// errors, as a ULID is, where sqlx's own `Uuid` has sqlx's and the `uuid` crate's: PostgreSQL's
/// `uuid` (refusing another type), elsewhere a bytes value of 16 bytes (`BINARY(16)`, a
/// `BLOB`), another length this crate's [`ErrorKind::Length`](crate::ErrorKind::Length). Its
/// column type is sqlx's `Uuid`'s.
#[cfg(feature = "uuid")]
pub(crate) struct StoredUuid(pub(crate) uuid::Uuid);

#[cfg(feature = "uuid")]
const _: () = {
    use uuid::Uuid;

    impl<DB: Database> Type<DB> for StoredUuid
    where
        Uuid: Type<DB>,
    {
        fn type_info() -> DB::TypeInfo {
            <Uuid as Type<DB>>::type_info()
        }

        fn compatible(ty: &DB::TypeInfo) -> bool {
            <Uuid as Type<DB>>::compatible(ty)
        }
    }

    #[cfg(feature = "sqlx-postgres")]
    impl<'r> Decode<'r, sqlx::Postgres> for StoredUuid {
        fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, BoxDynError> {
            use sqlx::postgres::PgValueFormat;
            let ty = sqlx::ValueRef::type_info(&value);
            if !ty.is_null() && !<Uuid as Type<sqlx::Postgres>>::compatible(&ty) {
                return Err(wrong_column(
                    <Uuid as IdFormat>::NAME,
                    super::columns::POSTGRES_UUID,
                    &<sqlx::Postgres as Columns>::describe(&ty),
                ));
            }
            match value.format() {
                // The binary format of `uuid` is its 16 bytes.
                PgValueFormat::Binary => from_bytes_column(value.as_bytes()?).map(StoredUuid),
                PgValueFormat::Text => {
                    Ok(StoredUuid(<Uuid as Decode<sqlx::Postgres>>::decode(value)?))
                }
            }
        }
    }

    #[cfg(feature = "sqlx-mysql")]
    impl<'r> Decode<'r, sqlx::MySql> for StoredUuid {
        fn decode(value: sqlx::mysql::MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
            check_bytes::<sqlx::MySql>(
                &sqlx::ValueRef::type_info(&value),
                <Uuid as IdFormat>::NAME,
            )?;
            from_bytes_column(<&[u8] as Decode<sqlx::MySql>>::decode(value)?).map(StoredUuid)
        }
    }

    #[cfg(feature = "sqlx-sqlite")]
    impl<'r> Decode<'r, sqlx::Sqlite> for StoredUuid {
        fn decode(value: sqlx::sqlite::SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
            check_bytes::<sqlx::Sqlite>(
                &sqlx::ValueRef::type_info(&value),
                <Uuid as IdFormat>::NAME,
            )?;
            from_bytes_column(<&[u8] as Decode<sqlx::Sqlite>>::decode(value)?).map(StoredUuid)
        }
    }
};

crate::formats::for_each_column!(integer_column);

/// `AsBytes` of each fixed-size format.
macro_rules! as_bytes {
    ($ty:ident) => {
        bytes_column!([] crate::AsBytes<crate::$ty>);
    };
}

crate::formats::for_each_fixed_format!(as_bytes);

// A typed id as bytes: its inner id's, checked when read.
bytes_column!([T: crate::TypedId] crate::AsBytes<T> where [T::Inner: FixedSizeFormat]);

/// `Type`, `Encode`, `Decode` for a value stored as text, parsed by `$parse` on decode.
macro_rules! text_column {
    ([$($generics:tt)*] $ty:ty, $name:expr, $text:expr, $parse:expr) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};

            impl<$($generics)*> Type<Postgres> for $ty {
                fn type_info() -> PgTypeInfo {
                    <&str as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Postgres as Columns>::is_text(ty)
                }
            }

            impl<$($generics)*> PgHasArrayType for $ty {
                fn array_type_info() -> PgTypeInfo {
                    <&str as PgHasArrayType>::array_type_info()
                }
            }

            impl<$($generics)*> Encode<'_, Postgres> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<Postgres>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, Postgres> for $ty {
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

            impl<$($generics)*> Type<MySql> for $ty {
                fn type_info() -> MySqlTypeInfo {
                    <str as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <MySql as Columns>::is_text(ty)
                }
            }

            impl<$($generics)*> Encode<'_, MySql> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<MySql>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, MySql> for $ty {
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

            impl<$($generics)*> Type<Sqlite> for $ty {
                fn type_info() -> SqliteTypeInfo {
                    <String as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Sqlite as Columns>::is_text(ty)
                }
            }

            impl<$($generics)*> Encode<'_, Sqlite> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their text.
                    let text = ($text)(self);
                    <String as Encode<Sqlite>>::encode(AsRef::<str>::as_ref(&text).to_owned(), buf)
                }
            }

            impl<'r, $($generics)*> Decode<'r, Sqlite> for $ty {
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
