//! Typed ids as GraphQL scalars (the derive macros): each its own scalar, named like the type
//! (`PostId`), its value the prefixed text, described as its JSON Schema describes it.

/// The async-graphql impls of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: `ScalarType` and `InputType`, whose functions
/// call the generic ones of `scalar.rs`; `OutputType` by async-graphql's own macro (what its
/// `scalar!` expands to), so that `resolve` is as the async-graphql of the build declares it
/// (with `async_trait` under its `boxed-trait` feature) and the registry's entry has the
/// fields of that version; and `TryFrom<ID>`. Without the `async-graphql` feature the macro
/// writes nothing (see `integrations/mod.rs`).
///
/// async-graphql's macro names `::std` in what it writes (as everything async-graphql
/// generates does): a typed id of a `#![no_std]` crate needs `extern crate std;` there when
/// this feature is on.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_async_graphql {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::async_graphql::ScalarType for $name {
            #[inline]
            fn parse(
                value: $crate::__private::async_graphql::Value,
            ) -> $crate::__private::async_graphql::InputValueResult<Self> {
                $crate::__private::async_graphql::parse(value)
            }

            #[inline]
            fn is_valid(
                value: &$crate::__private::async_graphql::Value,
            ) -> $crate::__private::bool {
                $crate::__private::async_graphql::is_valid(value)
            }

            #[inline]
            fn to_value(&self) -> $crate::__private::async_graphql::Value {
                $crate::__private::async_graphql::to_value(self)
            }
        }

        #[automatically_derived]
        impl $crate::__private::async_graphql::InputType for $name {
            type RawValueType = Self;

            #[inline]
            fn type_name() -> $crate::__private::async_graphql::Cow<'static, $crate::__private::str>
            {
                $crate::__private::async_graphql::Cow::Borrowed(
                    $crate::__private::core::stringify!($name),
                )
            }

            fn create_type_info(
                registry: &mut $crate::__private::async_graphql::Registry,
            ) -> $crate::__private::async_graphql::String {
                <Self as $crate::__private::async_graphql::OutputType>::create_type_info(registry)
            }

            #[inline]
            fn parse(
                value: $crate::__private::Option<$crate::__private::async_graphql::Value>,
            ) -> $crate::__private::async_graphql::InputValueResult<Self> {
                $crate::__private::async_graphql::parse_input(value)
            }

            #[inline]
            fn to_value(&self) -> $crate::__private::async_graphql::Value {
                $crate::__private::async_graphql::to_value(self)
            }

            #[inline]
            fn as_raw_value(&self) -> $crate::__private::Option<&Self> {
                $crate::__private::Option::Some(self)
            }
        }

        $crate::__private::async_graphql::scalar_internal_output!(
            $name,
            $crate::__private::core::stringify!($name),
            $crate::__private::async_graphql::description::<$name>(),
            $crate::__private::async_graphql::spec_url::<$name>()
        );

        #[automatically_derived]
        impl $crate::__private::TryFrom<$crate::__private::async_graphql::ID> for $name {
            type Error = $crate::Error;

            #[inline]
            fn try_from(
                id: $crate::__private::async_graphql::ID,
            ) -> $crate::__private::Result<Self, $crate::Error> {
                $crate::__private::async_graphql::from_id(id)
            }
        }
    };
}

use std::string::{String, ToString};

use super::scalar::{ScalarId, sealed::Sealed};
use crate::{Error, TypedId, integrations::schema::id_schema, typed::support::parse_as};

impl<T: TypedId + Send + Sync> Sealed for T {}

impl<T: TypedId + Send + Sync> ScalarId for T {
    /// The prefixed text, with the type's checks as its `deserialize` policy says: a GraphQL
    /// argument is input from outside, as a deserialized document is, and reads as one would
    /// (and as the axum extractors read a path, a query or a body).
    fn read_text(text: &str) -> Result<T, Error> {
        parse_as(text, T::DESERIALIZE)
    }

    fn write_text(&self) -> String {
        self.to_string()
    }
}

/// A typed id's description, as its JSON Schema states it ("PostId: `post_` then an atproto
/// TID …"), with a word on its `validate` check if it has one.
pub fn description<T: TypedId>() -> Option<String> {
    Some(id_schema::of_typed::<T>().description)
}

/// The address of the specification of a typed id's text: its format's, when the text is
/// its format's alone (no prefix), or a TypeID (a typed UUID, prefix and all); none else.
pub fn spec_url<T: TypedId>() -> Option<String> {
    id_schema::of_typed::<T>().spec_url.map(str::to_string)
}
