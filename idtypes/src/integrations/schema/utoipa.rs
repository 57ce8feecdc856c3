//! `utoipa` (OpenAPI), versions 5 (feature `utoipa`) and 6 (feature `utoipa6`), the same impls
//! for each (`utoipa_impls!`): every id type, [`RecordKeyType`](crate::record_key::RecordKeyType),
//! [`DynTypeId`](crate::uuids::DynTypeId) and every typed id is a string schema, described by its pattern, lengths, description and
//! example (see `id_schema.rs`), named like the type, so that it is one entry of
//! `components/schemas` (`Tid`, `PostId`) that the schemas of structs refer to.

/// The `PartialSchema` and `ToSchema` impls of a typed id, which the derive macros write
/// through `idtypes::__private::typed::integrations!`: named like the type, built by
/// `schema`. Without the `utoipa` feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[cfg(feature = "utoipa")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_utoipa {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::utoipa::PartialSchema for $name {
            #[inline]
            fn schema() -> $crate::__private::utoipa::RefOr<$crate::__private::utoipa::Schema> {
                $crate::__private::utoipa::schema::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::utoipa::ToSchema for $name {
            #[inline]
            fn name() -> $crate::__private::utoipa::Cow<'static, $crate::__private::str> {
                $crate::__private::utoipa::Cow::Borrowed($crate::__private::core::stringify!($name))
            }
        }
    };
}

/// The same for utoipa 6. Without the `utoipa6` feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[cfg(feature = "utoipa6")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_utoipa6 {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::utoipa6::PartialSchema for $name {
            #[inline]
            fn schema() -> $crate::__private::utoipa6::RefOr<$crate::__private::utoipa6::Schema> {
                $crate::__private::utoipa6::schema::<Self>()
            }
        }

        #[automatically_derived]
        impl $crate::__private::utoipa6::ToSchema for $name {
            #[inline]
            fn name() -> $crate::__private::utoipa6::Cow<'static, $crate::__private::str> {
                $crate::__private::utoipa6::Cow::Borrowed($crate::__private::core::stringify!(
                    $name
                ))
            }
        }
    };
}

/// The impls for one version of utoipa, `$utoipa` (the dependency's name).
/// `PartialSchema` and `ToSchema` for the text row `$ty` (one schema per type: the name is the
/// type's, `NanoIdLowercase16`), in the module of `utoipa_impls!` that invokes it.
macro_rules! text_row_schema {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> PartialSchema for $ty {
            fn schema() -> RefOr<Schema> {
                to_schema(id_schema::of_format::<$ty>())
            }
        }

        impl<$($generics)*> ToSchema for $ty {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(<$ty as Facts>::TYPE_NAME)
            }
        }
    };
}

macro_rules! utoipa_impls {
    ($utoipa:ident) => {
        use alloc::borrow::Cow;

        use $utoipa::{
            PartialSchema, ToSchema,
            openapi::{
                RefOr,
                schema::{ObjectBuilder, Schema, Type},
            },
        };

        use crate::integrations::schema::id_schema::{self, IdSchema};
        use crate::{TypedId, typed::format::sealed::Sealed as Facts};

        /// The OpenAPI schema of a typed id: a string whose pattern is the prefix, the separator and
        /// the inner format's text, with the lengths, a description naming the type and its format,
        /// and the example.
        #[inline]
        pub fn schema<T: TypedId>() -> RefOr<Schema> {
            to_schema(id_schema::of_typed::<T>())
        }

        fn to_schema(schema: IdSchema) -> RefOr<Schema> {
            let IdSchema {
                pattern,
                min_len,
                max_len,
                description,
                example,
                spec_url: _,
            } = schema;
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(pattern))
                .min_length(Some(min_len))
                .max_length(Some(max_len))
                .description(Some(description))
                .examples(example)
                .into()
        }

        /// `PartialSchema` and `ToSchema` for the id type `$ty`, named like the type.
        macro_rules! format_schema {
            ($ty:ident) => {
                impl PartialSchema for crate::$ty {
                    fn schema() -> RefOr<Schema> {
                        to_schema(id_schema::of_format::<crate::$ty>())
                    }
                }

                impl ToSchema for crate::$ty {
                    fn name() -> Cow<'static, str> {
                        Cow::Borrowed(<crate::$ty as Facts>::TYPE_NAME)
                    }
                }
            };
        }

        crate::formats::for_each_format!(format_schema);
        crate::formats::for_each_text_format!(text_row_schema);

        impl PartialSchema for crate::record_key::RecordKeyType {
            fn schema() -> RefOr<Schema> {
                to_schema(id_schema::of_record_key_type())
            }
        }

        impl ToSchema for crate::record_key::RecordKeyType {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed("RecordKeyType")
            }
        }

        #[cfg(feature = "uuid")]
        impl PartialSchema for crate::uuids::DynTypeId {
            fn schema() -> RefOr<Schema> {
                to_schema(crate::integrations::schema::dyn_type_id::of_dyn_type_id())
            }
        }

        #[cfg(feature = "uuid")]
        impl ToSchema for crate::uuids::DynTypeId {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(crate::integrations::schema::dyn_type_id::NAME)
            }
        }
    };
}

/// utoipa 5 (feature `utoipa`).
#[cfg(feature = "utoipa")]
pub(crate) mod v5 {
    utoipa_impls!(utoipa);
}

/// utoipa 6 (feature `utoipa6`).
#[cfg(feature = "utoipa6")]
pub(crate) mod v6 {
    utoipa_impls!(utoipa6);
}
