//! What diesel's `#[derive(AsExpression, FromSqlRow)]` writes, for the ids: `AsExpression`
//! of a value, of a reference and of a reference to a reference, each for the SQL type and
//! its `Nullable`; `ToSql` for the `Nullable`; `Queryable` for any single value the id reads.
//!
//! The derive's expression is diesel's `internal::derives::as_expression::Bound`, which
//! diesel's internal module keeps no promise about between releases; [`Bound`] is the same
//! expression, made of diesel's public traits only, so that a diesel 2.x release that moves its
//! internals does not break this crate.

use core::marker::PhantomData;

use diesel::backend::Backend;
use diesel::expression::{
    AppearsOnTable, Expression, SelectableExpression, TypedExpressionType, ValidGrouping,
    is_aggregate,
};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::result::QueryResult;
use diesel::serialize::ToSql;
use diesel::sql_types::{HasSqlType, SqlType};

/// An id bound as a query parameter of SQL type `ST`: the expression an id's `AsExpression`
/// gives (`posts::id.eq(id)`, an `Insertable` field), which writes a placeholder and binds the
/// id through its `ToSql`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Bound<ST, T> {
    value: T,
    sql_type: PhantomData<ST>,
}

impl<ST, T> Bound<ST, T> {
    /// Binds `value` as `ST`.
    pub fn new(value: T) -> Self {
        Bound {
            value,
            sql_type: PhantomData,
        }
    }
}

impl<ST, T> Expression for Bound<ST, T>
where
    ST: SqlType + TypedExpressionType,
{
    type SqlType = ST;
}

impl<ST, T, DB> QueryFragment<DB> for Bound<ST, T>
where
    DB: Backend + HasSqlType<ST>,
    T: ToSql<ST, DB>,
{
    fn walk_ast<'b>(&'b self, mut pass: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        pass.push_bind_param::<ST, T>(&self.value)
    }
}

// A bind parameter leaves a query's text as it is: its id is the SQL type's.
impl<ST: QueryId, T> QueryId for Bound<ST, T> {
    type QueryId = Bound<ST::QueryId, ()>;

    const HAS_STATIC_QUERY_ID: bool = ST::HAS_STATIC_QUERY_ID;
}

impl<ST, T, QS> SelectableExpression<QS> for Bound<ST, T> where Bound<ST, T>: AppearsOnTable<QS> {}

impl<ST, T, QS> AppearsOnTable<QS> for Bound<ST, T> where Bound<ST, T>: Expression {}

impl<ST, T, GB> ValidGrouping<GB> for Bound<ST, T> {
    type IsAggregate = is_aggregate::Never;
}

/// `AsExpression<$st>` and `AsExpression<Nullable<$st>>` for `$ty`, `&$ty` and `&&$ty`, with
/// the generics and bounds in brackets (`[T: TypedId] AsText<T>`): what
/// `#[derive(AsExpression)] #[diesel(sql_type = $st)]` writes.
macro_rules! as_expression {
    ([$($generics:tt)*] $ty:ty, $st:ty $(where [$($bounds:tt)*])?) => {
        $crate::integrations::db::diesel::expression::as_expression!(
            @one [$($generics)*] $ty, $st $(where [$($bounds)*])?
        );
        $crate::integrations::db::diesel::expression::as_expression!(
            @one [$($generics)*] $ty, ::diesel::sql_types::Nullable<$st> $(where [$($bounds)*])?
        );
    };
    (@one [$($generics:tt)*] $ty:ty, $st:ty $(where [$($bounds:tt)*])?) => {
        impl<$($generics)*> ::diesel::expression::AsExpression<$st> for $ty
        where
            $($($bounds)*)?
        {
            type Expression = $crate::integrations::db::diesel::expression::Bound<$st, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::integrations::db::diesel::expression::Bound::new(self)
            }
        }

        impl<'expr, $($generics)*> ::diesel::expression::AsExpression<$st> for &'expr $ty
        where
            $($($bounds)*)?
        {
            type Expression = $crate::integrations::db::diesel::expression::Bound<$st, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::integrations::db::diesel::expression::Bound::new(self)
            }
        }

        impl<'expr2, 'expr, $($generics)*> ::diesel::expression::AsExpression<$st>
            for &'expr2 &'expr $ty
        where
            $($($bounds)*)?
        {
            type Expression = $crate::integrations::db::diesel::expression::Bound<$st, Self>;

            fn as_expression(self) -> Self::Expression {
                $crate::integrations::db::diesel::expression::Bound::new(self)
            }
        }
    };
}

/// `Queryable<ST, DB>` for `$ty` wherever it is `FromSql<ST, DB>` (what
/// `#[derive(FromSqlRow)]` writes), and `ToSql<Nullable<ST>, DB>` wherever it is `ToSql<ST,
/// DB>` (what `#[derive(AsExpression)]` writes, for an id bound in a nullable column).
macro_rules! from_sql_row {
    ([$($generics:tt)*] $ty:ty $(where [$($bounds:tt)*])?) => {
        impl<__ST, __DB, $($generics)*> ::diesel::deserialize::Queryable<__ST, __DB> for $ty
        where
            __DB: ::diesel::backend::Backend,
            __ST: ::diesel::sql_types::SingleValue,
            Self: ::diesel::deserialize::FromSql<__ST, __DB>,
            $($($bounds)*)?
        {
            type Row = Self;

            fn build(row: Self) -> ::diesel::deserialize::Result<Self> {
                Ok(row)
            }
        }

        impl<__ST, __DB, $($generics)*>
            ::diesel::serialize::ToSql<::diesel::sql_types::Nullable<__ST>, __DB> for $ty
        where
            __DB: ::diesel::backend::Backend,
            Self: ::diesel::serialize::ToSql<__ST, __DB>,
            $($($bounds)*)?
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut ::diesel::serialize::Output<'b, '_, __DB>,
            ) -> ::diesel::serialize::Result {
                ::diesel::serialize::ToSql::<__ST, __DB>::to_sql(self, out)
            }
        }
    };
}

pub(crate) use {as_expression, from_sql_row};
