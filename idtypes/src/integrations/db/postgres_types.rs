//! `postgres-types`: `ToSql` and `FromSql`, the traits of `tokio-postgres` and `postgres`, for
//! every id type, with the columns, byte order and errors of the sqlx PostgreSQL integration
//! (`sqlx.rs`), so that one table serves both clients.
//!
//! | type | column |
//! |---|---|
//! | `Tid`, `Snowish`, `Snowflake` | `BIGINT`: the id's integer |
//! | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | `BIGINT`: the id's 64 bits with the top one flipped (`bits - 2^63`), which keeps the order |
//! | `Tbsl`, `AsBytes<T>` | `BYTEA`: the big-endian bytes (8, 10 for a TBSL, 16 for a ULID) |
//! | `Ulid` | `UUID`: the same 16 bytes (PostgreSQL orders `uuid` by them: by time) |
//! | `RecordKey` | `TEXT COLLATE "C"` |
//! | `AsText<T>` | `TEXT COLLATE "C"`: the id's text (a typed id's with its prefix) |
//! | a typed id | the inner id's, without the prefix |
//!
//! `accepts` takes what sqlx's `Type::compatible` takes: `BIGINT` for the integer ids, `BYTEA`
//! for the bytes ones, `UUID` for a ULID, and for each format its native type of the idtypes
//! PostgreSQL extension too ([`FixedSizeFormat::POSTGRES_TYPE`]: `atproto_tid`, `ulid`, ...,
//! known by its name), whose binary form is that column's; `TEXT`,
//! `VARCHAR`, `CHAR`, `NAME`, `unknown` and `citext` for the text ones; a domain over one of
//! those. A native column is written with the same bytes: a statement whose parameter is
//! the native type's (`WHERE id = $1` on an `atproto_tid` column) binds the id as it is. The clients ask `accepts` before they convert, so a value in the wrong kind of
//! column is their `WrongType` error (naming the Rust type and the PostgreSQL type); `to_sql`
//! and `from_sql` check again, and called directly with the wrong type they give sqlx's error
//! (`atproto TID in a column of the wrong type: expected BIGINT (INT8), found TEXT`) rather than read
//! text as bytes. Then the content is checked as sqlx checks it (a 9-byte TBSL, a malformed
//! text, a snowish id with its reserved bit set are this crate's [`Error`](crate::Error),
//! naming the type, a typed id's name too, as the source of the client's error). Typed ids run
//! their checks on what they read unless they trust stored values ([`TypedId::DECODE`]).
//!
//! `Option` (NULL) and arrays (`Vec<Tid>`, `&[PostId]` as `BIGINT[]`, record keys as `TEXT[]`)
//! come from postgres-types' own impls over these.

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, Kind, ToSql, Type, WrongType, to_sql_checked};

use super::as_text::AsText;
use super::columns::{
    BoxError, BytesColumn, IntegerColumn, POSTGRES_BYTES, POSTGRES_INTEGER, POSTGRES_TEXT,
    POSTGRES_UUID, from_bytes_column, from_signed_bytes, is_postgres_type, to_signed, typed_error,
    typed_text, wrong_column,
};
use crate::{
    FixedSizeFormat, TypedId,
    typed::support::{from_inner_as, parse_as},
};

/// Whether values of type `ty` are bytes: `BYTEA`, or a domain over it.
fn is_bytes(ty: &Type) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_bytes(base),
        _ => *ty == Type::BYTEA,
    }
}

/// Whether values of type `ty` are text: the types sqlx reads a `&str` from, or a domain over
/// one of them.
fn is_text(ty: &Type) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_text(base),
        _ => {
            matches!(
                *ty,
                Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::UNKNOWN
            ) || ty.name() == "citext"
        }
    }
}

/// `ty` as sqlx names it in errors (`TEXT`, `CHAR` for `bpchar`, `INT8[]`, another schema's
/// type by its own name), so that a wrong column reads the same from either client.
fn describe(ty: &Type) -> String {
    if ty.schema() != "pg_catalog" {
        return ty.name().to_owned();
    }
    match (ty.kind(), ty.name()) {
        (Kind::Array(member), _) => format!("{}[]", describe(member)),
        (_, "bpchar") => "CHAR".to_owned(),
        (_, "char") => "\"CHAR\"".to_owned(),
        (_, name) => name.to_ascii_uppercase(),
    }
}

/// `Ok` if values of type `ty` are bytes, else the error saying that `name` needs them.
fn check_bytes(ty: &Type, name: &str) -> Result<(), BoxError> {
    if is_bytes(ty) {
        return Ok(());
    }
    Err(wrong_column(name, POSTGRES_BYTES, &describe(ty)))
}

/// `Ok` if values of type `ty` are text, else the error saying that `name` needs it.
fn check_text(ty: &Type, name: &str) -> Result<(), BoxError> {
    if is_text(ty) {
        return Ok(());
    }
    Err(wrong_column(name, POSTGRES_TEXT, &describe(ty)))
}

/// Whether values of type `ty` are 64-bit integers: `BIGINT` (`INT8`), or a domain over it.
fn is_integer(ty: &Type) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_integer(base),
        _ => *ty == Type::INT8,
    }
}

/// `Ok` if values of type `ty` are 64-bit integers, else the error saying that `name` needs
/// them.
fn check_integer(ty: &Type, name: &str) -> Result<(), BoxError> {
    if is_integer(ty) {
        return Ok(());
    }
    Err(wrong_column(name, POSTGRES_INTEGER, &describe(ty)))
}

/// Whether values of type `ty` are of the extension's native type `native`
/// ([`FixedSizeFormat::POSTGRES_TYPE`]: `atproto_tid`), or of a domain over it. Its binary
/// form is its storage type's, so it is read and written as that column is.
fn is_native(ty: &Type, native: &str) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_native(base, native),
        _ => is_postgres_type(ty.name(), native),
    }
}

/// Whether a 64-bit id `T` takes values of type `ty`: `BIGINT`, or its native type.
fn accepts_integer<T: IntegerColumn>(ty: &Type) -> bool {
    is_integer(ty) || is_native(ty, T::POSTGRES_TYPE)
}

/// Writes a 64-bit id as the integer a `BIGINT` holds (see `columns.rs`), in a `BIGINT` or
/// its native type (the same 8 bytes).
fn integer_to_sql<T: IntegerColumn>(
    id: T,
    ty: &Type,
    out: &mut BytesMut,
) -> Result<IsNull, BoxError> {
    if !is_native(ty, T::POSTGRES_TYPE) {
        check_integer(ty, T::NAME)?;
    }
    out.extend_from_slice(&to_signed(id)?.to_be_bytes());
    Ok(IsNull::No)
}

/// Reads a 64-bit id from a `BIGINT`, or from its native type (the same 8 bytes).
fn integer_from_sql<T: IntegerColumn>(ty: &Type, raw: &[u8]) -> Result<T, BoxError> {
    if !is_native(ty, T::POSTGRES_TYPE) {
        check_integer(ty, T::NAME)?;
    }
    from_signed_bytes(raw)
}

/// Whether a value stored as bytes takes values of type `ty`: `BYTEA`, or (a format's own) its
/// native type.
fn accepts_bytes<T: BytesColumn>(ty: &Type) -> bool {
    is_bytes(ty) || is_own_native::<T>(ty)
}

/// Whether `ty` is the native type of the format of `T` (never for a value in `AsBytes`).
fn is_own_native<T: BytesColumn>(ty: &Type) -> bool {
    T::POSTGRES_TYPE.is_some_and(|native| is_native(ty, native))
}

/// Writes a value's big-endian bytes, in a `BYTEA` or its native type.
fn bytes_to_sql<T: BytesColumn>(
    value: &T,
    ty: &Type,
    out: &mut BytesMut,
) -> Result<IsNull, BoxError> {
    if !is_own_native::<T>(ty) {
        check_bytes(ty, T::NAME)?;
    }
    out.extend_from_slice(value.id().to_bytes().as_ref());
    Ok(IsNull::No)
}

/// Reads a value from its big-endian bytes (PostgreSQL's binary format of `BYTEA` is the bytes
/// themselves, and so is that of the native types like it).
fn bytes_from_sql<T: BytesColumn>(ty: &Type, raw: &[u8]) -> Result<T, BoxError> {
    if !is_own_native::<T>(ty) {
        check_bytes(ty, T::NAME)?;
    }
    from_bytes_column(raw)
}

/// Writes `text`, the text of a value that `name` names in errors.
fn is_uuid(ty: &Type) -> bool {
    match ty.kind() {
        Kind::Domain(base) => is_uuid(base),
        _ => *ty == Type::UUID,
    }
}

/// A 128-bit id in a `uuid` column: its 16 big-endian bytes are the `uuid`'s binary form.
fn uuid_to_sql<T: BytesColumn>(
    value: &T,
    ty: &Type,
    out: &mut BytesMut,
) -> Result<IsNull, BoxError> {
    if !is_own_native::<T>(ty) {
        check_uuid(ty, T::NAME)?;
    }
    out.extend_from_slice(value.id().to_bytes().as_ref());
    Ok(IsNull::No)
}

/// Reads a 128-bit id from a `uuid`, or from its native type (the same 16 bytes).
fn uuid_from_sql<T: BytesColumn>(ty: &Type, raw: &[u8]) -> Result<T, BoxError> {
    if !is_own_native::<T>(ty) {
        check_uuid(ty, T::NAME)?;
    }
    from_bytes_column(raw)
}

/// Whether a 128-bit id takes values of type `ty`: `uuid`, or its native type.
fn accepts_uuid<T: BytesColumn>(ty: &Type) -> bool {
    is_uuid(ty) || is_own_native::<T>(ty)
}

fn check_uuid(ty: &Type, name: &str) -> Result<(), BoxError> {
    if is_uuid(ty) {
        return Ok(());
    }
    Err(wrong_column(name, POSTGRES_UUID, &describe(ty)))
}

fn text_to_sql(text: &str, name: &str, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
    check_text(ty, name)?;
    <&str as ToSql>::to_sql(&text, ty, out)
}

/// Reads the text of a value that `name` names in errors.
fn text_from_sql<'a>(name: &str, ty: &Type, raw: &'a [u8]) -> Result<&'a str, BoxError> {
    check_text(ty, name)?;
    <&str as FromSql>::from_sql(ty, raw)
}

/// `ToSql` and `FromSql` for each fixed-size format `$ty`, in the column its table row gives:
/// a `BIGINT` for the 64-bit ones, `BYTEA` for a TBSL, `UUID` for a ULID.
macro_rules! integer_column {
    ($ty:ident, bytes) => {
        bytes_column!([] crate::$ty);
    };
    ($ty:ident, uuid) => {
        impl ToSql for crate::$ty {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                uuid_to_sql(self, ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_uuid::<Self>(ty)
            }

            to_sql_checked!();
        }

        impl<'a> FromSql<'a> for crate::$ty {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                uuid_from_sql(ty, raw)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_uuid::<Self>(ty)
            }
        }
    };
    ($ty:ident, $column:ident) => {
        impl ToSql for crate::$ty {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                integer_to_sql(*self, ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_integer::<Self>(ty)
            }

            to_sql_checked!();
        }

        impl<'a> FromSql<'a> for crate::$ty {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                integer_from_sql(ty, raw)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_integer::<Self>(ty)
            }
        }
    };
}

/// `ToSql` and `FromSql` for a value stored as big-endian bytes (a TBSL, any id in
/// `AsBytes`), with the generics and bounds in brackets.
macro_rules! bytes_column {
    ([$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        impl<$($generics)*> ToSql for $ty where $($($bounds)*)? {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                bytes_to_sql(self, ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_bytes::<Self>(ty)
            }

            to_sql_checked!();
        }

        impl<'a, $($generics)*> FromSql<'a> for $ty where $($($bounds)*)? {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                bytes_from_sql(ty, raw)
            }

            fn accepts(ty: &Type) -> bool {
                accepts_bytes::<Self>(ty)
            }
        }
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

/// `ToSql` and `FromSql` for `$ty` stored as text: `$text` gives the text, `$parse` reads it,
/// `$name` names the type in errors.
macro_rules! text_column {
    ([$($generics:tt)*] $ty:ty, $name:expr, $text:expr, $parse:expr) => {
        impl<$($generics)*> ToSql for $ty {
            fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                let text = ($text)(self);
                text_to_sql(AsRef::<str>::as_ref(&text), $name, ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                is_text(ty)
            }

            to_sql_checked!();
        }

        impl<'a, $($generics)*> FromSql<'a> for $ty {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                let text = text_from_sql($name, ty, raw)?;
                Ok(($parse)(text)?)
            }

            fn accepts(ty: &Type) -> bool {
                is_text(ty)
            }
        }
    };
}

super::columns::text_columns!(text_column);

/// A typed id in a text column, as its prefixed text (`post_3jzfcijpj2z2a`), read strictly and
/// checked as the type's [`TypedId::DECODE`] policy says: what the sqlx integration stores.
impl<T: TypedId> ToSql for AsText<T> {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
        let text = typed_text(&self.0)?;
        text_to_sql(text.as_str(), T::TYPE_NAME, ty, out)
    }

    fn accepts(ty: &Type) -> bool {
        is_text(ty)
    }

    to_sql_checked!();
}

impl<'a, T: TypedId> FromSql<'a> for AsText<T> {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
        let text = text_from_sql(T::TYPE_NAME, ty, raw)?;
        Ok(AsText(parse_as::<T>(text, T::DECODE)?))
    }

    fn accepts(ty: &Type) -> bool {
        is_text(ty)
    }
}

/// The postgres-types impls of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: stored exactly like the inner id (the functions
/// below). Without the `postgres-types` feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_postgres_types {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::postgres_types::ToSql for $name {
            #[inline]
            fn to_sql(
                &self,
                ty: &$crate::__private::postgres_types::Type,
                out: &mut $crate::__private::postgres_types::BytesMut,
            ) -> $crate::__private::Result<
                $crate::__private::postgres_types::IsNull,
                $crate::__private::postgres_types::BoxError,
            > {
                $crate::__private::postgres_types::to_sql(self, ty, out)
            }

            #[inline]
            fn accepts(ty: &$crate::__private::postgres_types::Type) -> $crate::__private::bool {
                $crate::__private::postgres_types::accepts::<Self>(ty)
            }

            #[inline]
            fn to_sql_checked(
                &self,
                ty: &$crate::__private::postgres_types::Type,
                out: &mut $crate::__private::postgres_types::BytesMut,
            ) -> $crate::__private::Result<
                $crate::__private::postgres_types::IsNull,
                $crate::__private::postgres_types::BoxError,
            > {
                $crate::__private::postgres_types::to_sql_checked(self, ty, out)
            }
        }

        #[automatically_derived]
        impl<'a> $crate::__private::postgres_types::FromSql<'a> for $name {
            #[inline]
            fn from_sql(
                ty: &$crate::__private::postgres_types::Type,
                raw: &'a [$crate::__private::u8],
            ) -> $crate::__private::Result<Self, $crate::__private::postgres_types::BoxError> {
                $crate::__private::postgres_types::from_sql::<Self>(ty, raw)
            }

            #[inline]
            fn accepts(ty: &$crate::__private::postgres_types::Type) -> $crate::__private::bool {
                $crate::__private::postgres_types::accepts::<Self>(ty)
            }
        }
    };
}

/// The column types a typed id takes: the inner id's (whose `ToSql` and `FromSql` accept the
/// same).
pub fn accepts<T: TypedId>(ty: &Type) -> bool
where
    T::Inner: for<'a> FromSql<'a>,
{
    <T::Inner as FromSql>::accepts(ty)
}

/// Writes the inner id.
pub fn to_sql<T: TypedId>(id: &T, ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError>
where
    T::Inner: ToSql,
{
    id.as_inner().to_sql(ty, out)
}

/// What postgres-types' `to_sql_checked!` writes: the client's `WrongType` error for a column
/// the type does not accept, else [`to_sql`].
pub fn to_sql_checked<T: TypedId + ToSql>(
    id: &T,
    ty: &Type,
    out: &mut BytesMut,
) -> Result<IsNull, BoxError> {
    if !<T as ToSql>::accepts(ty) {
        return Err(Box::new(WrongType::new::<T>(ty.clone())));
    }
    id.to_sql(ty, out)
}

/// Reads the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says;
/// this crate's errors of the inner id name the typed id too.
pub fn from_sql<T: TypedId>(ty: &Type, raw: &[u8]) -> Result<T, BoxError>
where
    T::Inner: for<'a> FromSql<'a>,
{
    let inner = <T::Inner as FromSql>::from_sql(ty, raw).map_err(typed_error::<T>)?;
    Ok(from_inner_as(inner, T::DECODE)?)
}
