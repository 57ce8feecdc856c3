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
    ($name:ident) => {
        #[automatically_derived]
        impl<__ST> $crate::__private::diesel::AsExpression<__ST> for $name
        where
            __ST:
                $crate::__private::diesel::SqlType + $crate::__private::diesel::TypedExpressionType,
            <Self as $crate::TypedId>::Inner: $crate::__private::diesel::AsExpression<__ST>,
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
            <$name as $crate::TypedId>::Inner: $crate::__private::diesel::AsExpression<__ST>,
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
            <$name as $crate::TypedId>::Inner: $crate::__private::diesel::AsExpression<__ST>,
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
            <Self as $crate::TypedId>::Inner: $crate::__private::diesel::ToSql<__ST, __DB>,
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
            <Self as $crate::TypedId>::Inner: $crate::__private::diesel::FromSql<__ST, __DB>,
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
                $crate::__private::core::result::Result::Ok(row)
            }
        }
    };
}

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};

use crate::TypedId;

/// Writes the inner id.
pub fn to_sql<'b, T: TypedId, ST, DB: Backend>(
    id: &'b T,
    out: &mut Output<'b, '_, DB>,
) -> serialize::Result
where
    T::Inner: ToSql<ST, DB>,
{
    <T::Inner as ToSql<ST, DB>>::to_sql(id.as_inner(), out)
}

/// Reads the inner id, then runs the type's checks as its [`TypedId::DECODE`] policy says.
pub fn from_sql<T: TypedId, ST, DB: Backend>(value: DB::RawValue<'_>) -> deserialize::Result<T>
where
    T::Inner: FromSql<ST, DB>,
{
    let inner = <T::Inner as FromSql<ST, DB>>::from_sql(value)?;
    Ok(crate::typed::support::from_inner_as(inner, T::DECODE)?)
}
