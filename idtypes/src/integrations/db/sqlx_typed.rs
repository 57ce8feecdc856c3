//! `sqlx` for typed ids (the derive macros): stored exactly like the id inside, without the
//! prefix; decoding runs the type's checks unless the type trusts its stored values
//! ([`TypedId::DECODE`]).

/// The sqlx impls of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: for every database whose driver the inner id supports,
/// the inner id's column type, encoding and decoding (see the functions below); PostgreSQL
/// arrays with `sqlx-postgres`. Without an sqlx feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sqlx {
    ($name:ident, $inner:ty) => {
        #[automatically_derived]
        impl<DB: $crate::__private::sqlx::Database> $crate::__private::sqlx::Type<DB> for $name
        where
            $inner: $crate::__private::sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                $crate::__private::sqlx::type_info::<Self, DB>()
            }

            fn compatible(ty: &DB::TypeInfo) -> $crate::__private::bool {
                $crate::__private::sqlx::compatible::<Self, DB>(ty)
            }
        }

        #[automatically_derived]
        impl<'q, DB: $crate::__private::sqlx::Database> $crate::__private::sqlx::Encode<'q, DB>
            for $name
        where
            $inner: $crate::__private::sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as $crate::__private::sqlx::Database>::ArgumentBuffer,
            ) -> $crate::__private::Result<
                $crate::__private::sqlx::IsNull,
                $crate::__private::sqlx::BoxDynError,
            > {
                $crate::__private::sqlx::encode::<Self, DB>(self, buf)
            }
        }

        #[automatically_derived]
        impl<'r, DB: $crate::__private::sqlx::Database> $crate::__private::sqlx::Decode<'r, DB>
            for $name
        where
            $inner: $crate::__private::sqlx::InnerDecode<'r, DB>,
        {
            fn decode(
                value: <DB as $crate::__private::sqlx::Database>::ValueRef<'r>,
            ) -> $crate::__private::Result<Self, $crate::__private::sqlx::BoxDynError> {
                $crate::__private::sqlx::decode::<Self, DB>(value)
            }
        }
    };
}

/// A typed id's `PgHasArrayType` (sqlx's PostgreSQL arrays, `&[PostId]` in `= ANY($1)`): the
/// inner id's array type. Without the `sqlx-postgres` feature it writes nothing (see
/// `integrations/mod.rs`).
#[cfg(feature = "sqlx-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sqlx_postgres {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::sqlx::PgHasArrayType for $name {
            #[inline]
            fn array_type_info() -> $crate::__private::sqlx::PgTypeInfo {
                $crate::__private::sqlx::array_type_info::<Self>()
            }
        }
    };
}

use sqlx::{Database, Decode, Encode, Type, encode::IsNull, error::BoxDynError};

use super::columns::{typed_error, typed_text};
use super::sqlx::{Columns, check_text};
use crate::{AsText, TypedId, typed::support::parse_as};

/// The inner id's array type (PostgreSQL).
#[cfg(feature = "sqlx-postgres")]
pub fn array_type_info<T: TypedId>() -> sqlx::postgres::PgTypeInfo
where
    T::Inner: sqlx::postgres::PgHasArrayType,
{
    <T::Inner as sqlx::postgres::PgHasArrayType>::array_type_info()
}

/// The inner id's column type.
pub fn type_info<T: TypedId, DB: Database>() -> DB::TypeInfo
where
    T::Inner: Type<DB>,
{
    <T::Inner as Type<DB>>::type_info()
}

/// Whether the inner id accepts a column of type `ty`.
pub fn compatible<T: TypedId, DB: Database>(ty: &DB::TypeInfo) -> bool
where
    T::Inner: Type<DB>,
{
    <T::Inner as Type<DB>>::compatible(ty)
}

/// Encodes the inner id.
pub fn encode<'q, T: TypedId, DB: Database>(
    id: &T,
    buf: &mut <DB as Database>::ArgumentBuffer,
) -> Result<IsNull, BoxDynError>
where
    T::Inner: Encode<'q, DB>,
{
    <T::Inner as Encode<'q, DB>>::encode_by_ref(id.as_inner(), buf)
}

/// How a typed id's inner id decodes from a database's value: the bound of a typed id's
/// `Decode<'r, DB>`, in place of `Inner: Decode<'r, DB>`, so that the `uuid` crate's `Uuid`
/// inside a typed UUID, whose `Decode` is sqlx's own (with sqlx's and the `uuid` crate's
/// errors), decodes with this crate's checks and errors, as a ULID does.
///
/// Each format of this crate has it wherever it has `Decode` (the same impl).
///
/// ```
/// # #[cfg(feature = "sqlx-sqlite")] {
/// use idtypes::__private::sqlx::InnerDecode;
///
/// fn decodes<T: for<'r> InnerDecode<'r, sqlx::Sqlite>>() {}
/// decodes::<idtypes::Tid>();
/// # }
/// ```
pub trait InnerDecode<'r, DB: Database>: Sized {
    /// Decodes the inner id, as its `Decode<'r, DB>` would.
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError>;
}

/// The bridge for a format of this crate: its own `Decode`.
macro_rules! inner_decode {
    ([$($generics:tt)*] $ty:ty) => {
        impl<'r, DB: Database, $($generics)*> InnerDecode<'r, DB> for $ty
        where
            $ty: Decode<'r, DB>,
        {
            #[inline]
            fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                <$ty as Decode<'r, DB>>::decode(value)
            }
        }
    };
}

/// The bridge of each fixed-size format.
macro_rules! fixed_inner_decode {
    ($ty:ident) => {
        inner_decode!([] crate::$ty);
    };
}

crate::formats::for_each_fixed_format!(fixed_inner_decode);
inner_decode!([] crate::RecordKey);
crate::formats::for_each_text_format!(inner_decode);

/// A typed UUID's `Uuid`: PostgreSQL's `uuid`, elsewhere 16 bytes (see `StoredUuid`).
#[cfg(feature = "uuid")]
impl<'r, DB: Database> InnerDecode<'r, DB> for uuid::Uuid
where
    super::sqlx::StoredUuid: Decode<'r, DB>,
{
    #[inline]
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        <super::sqlx::StoredUuid as Decode<'r, DB>>::decode(value).map(|stored| stored.0)
    }
}

/// Decodes the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says;
/// this crate's errors of the inner id name the typed id too.
pub fn decode<'r, T: TypedId, DB: Database>(
    value: <DB as Database>::ValueRef<'r>,
) -> Result<T, BoxDynError>
where
    T::Inner: InnerDecode<'r, DB>,
{
    let inner = <T::Inner as InnerDecode<'r, DB>>::decode(value).map_err(typed_error::<T>)?;
    Ok(crate::typed::support::from_inner_as(inner, T::DECODE)?)
}

/// A typed id in a text column, as its prefixed text (`post_3jzfcijpj2z2a`), with
/// [`AsText`](crate::AsText): the column reads like the ids the API shows.
///
/// `ORDER BY` such a column sorts by its text. Every value shares the type's prefix, and every
/// format's text sorts like its ids, so that is the ids' order, given a byte-wise collation as
/// for any id text (PostgreSQL `COLLATE "C"`, MySQL `ascii_bin`, SQLite's default). Decoding
/// reads the prefix, the separator and the inner text strictly, then runs the type's checks as
/// its [`TypedId::DECODE`] policy says.
macro_rules! typed_text_column {
    ($db:ty, $value_ref:ty, $type_info:ty, $text_type:ty, |$text:ident, $buf:ident| $encode:block) => {
        impl<T: TypedId> Type<$db> for AsText<T> {
            fn type_info() -> $type_info {
                <$text_type as Type<$db>>::type_info()
            }

            fn compatible(ty: &$type_info) -> bool {
                <$db as Columns>::is_text(ty)
            }
        }

        impl<T: TypedId> Encode<'_, $db> for AsText<T> {
            fn encode_by_ref(
                &self,
                $buf: &mut <$db as Database>::ArgumentBuffer,
            ) -> Result<IsNull, BoxDynError> {
                let $text = typed_text(&self.0)?;
                $encode
            }
        }

        impl<'r, T: TypedId> Decode<'r, $db> for AsText<T> {
            fn decode(value: $value_ref) -> Result<Self, BoxDynError> {
                check_text::<$db>(&sqlx::ValueRef::type_info(&value), T::TYPE_NAME)?;
                let text = <&str as Decode<$db>>::decode(value)?;
                Ok(AsText(parse_as::<T>(text, T::DECODE)?))
            }
        }
    };
}

#[cfg(feature = "sqlx-postgres")]
const _: () = {
    use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};

    typed_text_column!(Postgres, PgValueRef<'r>, PgTypeInfo, &str, |text, buf| {
        <&str as Encode<Postgres>>::encode_by_ref(&text.as_str(), buf)
    });

    impl<T: TypedId> PgHasArrayType for AsText<T> {
        fn array_type_info() -> PgTypeInfo {
            <&str as PgHasArrayType>::array_type_info()
        }
    }
};

#[cfg(feature = "sqlx-mysql")]
const _: () = {
    use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

    typed_text_column!(MySql, MySqlValueRef<'r>, MySqlTypeInfo, str, |text, buf| {
        <&str as Encode<MySql>>::encode_by_ref(&text.as_str(), buf)
    });
};

#[cfg(feature = "sqlx-sqlite")]
const _: () = {
    use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

    // SQLite arguments own their text.
    typed_text_column!(
        Sqlite,
        SqliteValueRef<'r>,
        SqliteTypeInfo,
        String,
        |text, buf| {
            let owned = text.as_str().to_owned();
            <String as Encode<Sqlite>>::encode(owned, buf)
        }
    );
};
