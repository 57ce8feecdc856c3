//! diesel for typed ids (the derive macros): stored exactly like the id inside, without the
//! prefix, in any SQL type the inner id takes; decoding runs the type's checks unless the type
//! trusts its stored values ([`TypedId::DECODE`]).

/// The diesel impls of a typed id, which the derive macros write through
/// `idtypes::__idtypes_typed_integrations!`: what `#[derive(AsExpression, FromSqlRow)]` would
/// write, for every SQL type the inner id takes (`BigInt`, `Binary`,
/// `Text` and their `Nullable`), by value and by reference, with `ToSql` and `FromSql` through
/// the functions below. Without a diesel feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_diesel {
    ($name:ident, $inner:ty) => {
        #[automatically_derived]
        impl<__ST> $crate::__private::diesel::AsExpression<__ST> for $name
        where
            __ST:
                $crate::__private::diesel::SqlType + $crate::__private::diesel::TypedExpressionType,
            $inner: $crate::__private::diesel::InnerExpression<__ST>,
        {
            type Expression = $crate::__private::diesel::Bound<__ST, Self>;

            fn as_expression(self) -> $crate::__private::diesel::Bound<__ST, Self> {
                $crate::__private::diesel::Bound::new(self)
            }
        }

        #[automatically_derived]
        impl<'__expr, __ST> $crate::__private::diesel::AsExpression<__ST> for &'__expr $name
        where
            __ST:
                $crate::__private::diesel::SqlType + $crate::__private::diesel::TypedExpressionType,
            $inner: $crate::__private::diesel::InnerExpression<__ST>,
        {
            type Expression = $crate::__private::diesel::Bound<__ST, Self>;

            fn as_expression(self) -> $crate::__private::diesel::Bound<__ST, Self> {
                $crate::__private::diesel::Bound::new(self)
            }
        }

        #[automatically_derived]
        impl<'__expr2, '__expr, __ST> $crate::__private::diesel::AsExpression<__ST>
            for &'__expr2 &'__expr $name
        where
            __ST:
                $crate::__private::diesel::SqlType + $crate::__private::diesel::TypedExpressionType,
            $inner: $crate::__private::diesel::InnerExpression<__ST>,
        {
            type Expression = $crate::__private::diesel::Bound<__ST, Self>;

            fn as_expression(self) -> $crate::__private::diesel::Bound<__ST, Self> {
                $crate::__private::diesel::Bound::new(self)
            }
        }

        #[automatically_derived]
        impl<__ST, __DB> $crate::__private::diesel::ToSql<__ST, __DB> for $name
        where
            __DB: $crate::__private::diesel::Backend,
            $inner: $crate::__private::diesel::InnerToSql<__ST, __DB>,
        {
            fn to_sql<'__b>(
                &'__b self,
                out: &mut $crate::__private::diesel::Output<'__b, '_, __DB>,
            ) -> $crate::__private::diesel::serialize::Result {
                $crate::__private::diesel::to_sql::<Self, __ST, __DB>(self, out)
            }
        }

        #[automatically_derived]
        impl<__ST, __DB> $crate::__private::diesel::FromSql<__ST, __DB> for $name
        where
            __DB: $crate::__private::diesel::Backend,
            $inner: $crate::__private::diesel::InnerFromSql<__ST, __DB>,
        {
            fn from_sql(
                value: <__DB as $crate::__private::diesel::Backend>::RawValue<'_>,
            ) -> $crate::__private::diesel::deserialize::Result<Self> {
                $crate::__private::diesel::from_sql::<Self, __ST, __DB>(value)
            }
        }

        #[automatically_derived]
        impl<__ST, __DB> $crate::__private::diesel::Queryable<__ST, __DB> for $name
        where
            __DB: $crate::__private::diesel::Backend,
            __ST: $crate::__private::diesel::SingleValue,
            Self: $crate::__private::diesel::FromSql<__ST, __DB>,
        {
            type Row = Self;

            fn build(row: Self) -> $crate::__private::diesel::deserialize::Result<Self> {
                $crate::__private::Result::Ok(row)
            }
        }
    };
}

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::expression::{AsExpression, TypedExpressionType};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::SqlType;

use crate::TypedId;

/// How a typed id's inner id is written as SQL type `ST` on the backend `DB`: the bound of a
/// typed id's `ToSql<ST, DB>`, in place of `Inner: ToSql<ST, DB>`, so that an inner id whose
/// type is another crate's (the `uuid` crate's `Uuid`) can be given columns its own impls lack
/// (`BINARY(16)` on MySQL, `BLOB` on SQLite), which the orphan rule forbids as `ToSql`.
///
/// Each format of this crate has it exactly where it has `ToSql` (the same impl); a `Uuid` has
/// diesel's `ToSql` on PostgreSQL and its 16 bytes in `Binary` on MySQL and SQLite.
///
/// ```
/// # #[cfg(feature = "diesel-sqlite")] {
/// use diesel::sql_types::BigInt;
/// use diesel::sqlite::Sqlite;
/// use idtypes::__private::diesel::InnerToSql;
///
/// fn writes<T: InnerToSql<BigInt, Sqlite>>() {}
/// writes::<idtypes::Tid>();
/// # }
/// ```
pub trait InnerToSql<ST, DB: Backend> {
    /// Writes the inner id, as its `ToSql<ST, DB>` would.
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result;
}

/// How a typed id's inner id is read from SQL type `ST` on the backend `DB`: the bound of a
/// typed id's `FromSql<ST, DB>`, as [`InnerToSql`] is of its `ToSql`.
///
/// ```
/// # #[cfg(feature = "diesel-sqlite")] {
/// use diesel::sql_types::Binary;
/// use diesel::sqlite::Sqlite;
/// use idtypes::__private::diesel::InnerFromSql;
///
/// fn reads<T: InnerFromSql<Binary, Sqlite>>() {}
/// reads::<idtypes::Ulid>();
/// # }
/// ```
pub trait InnerFromSql<ST, DB: Backend>: Sized {
    /// Reads the inner id, as its `FromSql<ST, DB>` would.
    fn from_sql(value: DB::RawValue<'_>) -> deserialize::Result<Self>;
}

/// The SQL types `ST` a typed id's inner id is bound as: the bound of a typed id's
/// `AsExpression<ST>`, in place of `Inner: AsExpression<ST>` (see [`InnerToSql`]).
///
/// ```
/// # #[cfg(feature = "diesel-sqlite")] {
/// use diesel::sql_types::{BigInt, Nullable};
/// use idtypes::__private::diesel::InnerExpression;
///
/// fn binds<T: InnerExpression<BigInt> + InnerExpression<Nullable<BigInt>>>() {}
/// binds::<idtypes::Tid>();
/// # }
/// ```
pub trait InnerExpression<ST> {}

/// The bridges for a format of this crate: its own `ToSql`, `FromSql` and `AsExpression`, in
/// whatever SQL types and backends it has them.
macro_rules! inner_sql {
    ([$($generics:tt)*] $ty:ty) => {
        impl<ST, DB: Backend, $($generics)*> InnerToSql<ST, DB> for $ty
        where
            $ty: ToSql<ST, DB>,
        {
            #[inline]
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                <$ty as ToSql<ST, DB>>::to_sql(self, out)
            }
        }

        impl<ST, DB: Backend, $($generics)*> InnerFromSql<ST, DB> for $ty
        where
            $ty: FromSql<ST, DB>,
        {
            #[inline]
            fn from_sql(value: DB::RawValue<'_>) -> deserialize::Result<Self> {
                <$ty as FromSql<ST, DB>>::from_sql(value)
            }
        }

        impl<ST, $($generics)*> InnerExpression<ST> for $ty
        where
            ST: SqlType + TypedExpressionType,
            $ty: AsExpression<ST>,
        {
        }
    };
    ($ty:ty) => {
        inner_sql!([] $ty);
    };
}

/// The bridges of each fixed-size format.
macro_rules! fixed_inner_sql {
    ($ty:ident) => {
        inner_sql!(crate::$ty);
    };
}

crate::formats::for_each_fixed_format!(fixed_inner_sql);
inner_sql!(crate::RecordKey);

/// The bridges of each text row (a NanoID).
macro_rules! text_row_inner_sql {
    ([$($generics:tt)*] $ty:ty) => {
        inner_sql!([$($generics)*] $ty);
    };
}

crate::formats::for_each_text_format!(text_row_inner_sql);

/// The `uuid` crate's `Uuid`, inside a typed UUID (`#[derive(idtypes::Uuid)]`): on PostgreSQL
/// its `uuid` column (written by diesel's own impl, read by this crate's, which checks the
/// column's type); on MySQL and SQLite its 16 bytes, big-endian (the
/// bytes of [`Uuid::as_bytes`](uuid::Uuid::as_bytes), which sort like the UUIDs), in `Binary`
/// (`BINARY(16)`, `BLOB`): what sqlx's `Uuid` stores there, and a ULID's column. A value of
/// another length is an error saying what the column holds and what was found.
#[cfg(feature = "uuid")]
mod uuid_sql {
    use super::*;
    #[cfg(any(feature = "diesel-mysql", feature = "diesel-sqlite"))]
    use diesel::sql_types::{Binary, Nullable};
    use uuid::Uuid;

    #[cfg(feature = "diesel-postgres")]
    const _: () = {
        use diesel::pg::Pg;

        impl<ST> InnerToSql<ST, Pg> for Uuid
        where
            Uuid: ToSql<ST, Pg>,
        {
            #[inline]
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
                <Uuid as ToSql<ST, Pg>>::to_sql(self, out)
            }
        }

        // Read through this crate's `uuid` reader, not diesel's: it refuses a value of another
        // column type (a 16-byte `BYTEA`), as a ULID's column does.
        impl InnerFromSql<diesel::sql_types::Uuid, Pg> for Uuid {
            #[inline]
            fn from_sql(value: <Pg as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                super::super::postgres::uuid_from_sql(value)
            }
        }

        impl InnerExpression<diesel::sql_types::Uuid> for Uuid {}
        impl InnerExpression<diesel::sql_types::Nullable<diesel::sql_types::Uuid>> for Uuid {}
    };

    #[cfg(any(feature = "diesel-mysql", feature = "diesel-sqlite"))]
    impl InnerExpression<Binary> for Uuid {}
    #[cfg(any(feature = "diesel-mysql", feature = "diesel-sqlite"))]
    impl InnerExpression<Nullable<Binary>> for Uuid {}

    /// `Binary` and `Nullable<Binary>` on the backend `$db`, through its `Columns`: the bytes
    /// checked as bytes (not text, where the backend tells) and of 16 bytes.
    #[cfg(any(feature = "diesel-mysql", feature = "diesel-sqlite"))]
    macro_rules! binary_uuid {
        ($db:ty) => {
            impl InnerToSql<Binary, $db> for Uuid {
                fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                    <$db as super::super::Columns>::bytes_to_sql(self.as_bytes(), out)
                }
            }

            impl InnerToSql<Nullable<Binary>, $db> for Uuid {
                fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, $db>) -> serialize::Result {
                    <Uuid as InnerToSql<Binary, $db>>::to_sql(self, out)
                }
            }

            impl InnerFromSql<Binary, $db> for Uuid {
                fn from_sql(value: <$db as Backend>::RawValue<'_>) -> deserialize::Result<Self> {
                    <$db as super::super::Columns>::bytes_from_sql(value)
                        .map_err(crate::integrations::db::columns::refused)
                }
            }
        };
    }

    #[cfg(feature = "diesel-mysql")]
    binary_uuid!(diesel::mysql::Mysql);
    #[cfg(feature = "diesel-sqlite")]
    binary_uuid!(diesel::sqlite::Sqlite);
}

/// Writes the inner id.
pub fn to_sql<'b, T: TypedId, ST, DB: Backend>(
    id: &'b T,
    out: &mut Output<'b, '_, DB>,
) -> serialize::Result
where
    T::Inner: InnerToSql<ST, DB>,
{
    <T::Inner as InnerToSql<ST, DB>>::to_sql(id.as_inner(), out)
}

/// Reads the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says;
/// this crate's errors of the inner id name the typed id too.
pub fn from_sql<T: TypedId, ST, DB: Backend>(value: DB::RawValue<'_>) -> deserialize::Result<T>
where
    T::Inner: InnerFromSql<ST, DB>,
{
    use crate::integrations::db::columns::{Refused, typed_error};
    let inner = <T::Inner as InnerFromSql<ST, DB>>::from_sql(value).map_err(typed_error::<T>)?;
    crate::typed::support::from_inner_as(inner, T::DECODE)
        .map_err(|error| Box::new(Refused(error)).into())
}
