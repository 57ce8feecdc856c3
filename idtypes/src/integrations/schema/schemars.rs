//! `schemars` (JSON Schema): every id type, [`RecordKeyType`](crate::record_key::RecordKeyType),
//! [`DynTypeId`](crate::uuids::DynTypeId) and every typed id is a string, described by its pattern, lengths, description and example
//! (see `id_schema.rs`), registered under the type's name (`$defs/Tid`, `$defs/PostId`).

use alloc::{borrow::Cow, format};

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use super::id_schema::{self, IdSchema};
use crate::{TypedId, typed::format::sealed::Sealed as Facts};

/// The `JsonSchema` impl of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: named like the type, identified by its path,
/// built by [`json_schema`]. Without the `schemars` feature the macro writes nothing (see
/// `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_schemars {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::schemars::JsonSchema for $name {
            #[inline]
            fn schema_name() -> $crate::__private::schemars::Cow<'static, $crate::__private::str> {
                $crate::__private::schemars::Cow::Borrowed($crate::__private::core::stringify!(
                    $name
                ))
            }

            #[inline]
            fn schema_id() -> $crate::__private::schemars::Cow<'static, $crate::__private::str> {
                $crate::__private::schemars::Cow::Borrowed($crate::__private::core::concat!(
                    $crate::__private::core::module_path!(),
                    "::",
                    $crate::__private::core::stringify!($name)
                ))
            }

            #[inline]
            fn json_schema(
                generator: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::__private::schemars::json_schema::<Self>(generator)
            }
        }
    };
}

/// The JSON Schema of a typed id: a string whose pattern is the prefix, the separator and the
/// inner format's text, with the lengths, a description naming the type and its format, and
/// the example.
#[inline]
pub fn json_schema<T: TypedId>(_generator: &mut SchemaGenerator) -> Schema {
    to_schema(id_schema::of_typed::<T>())
}

fn to_schema(schema: IdSchema) -> Schema {
    let IdSchema {
        pattern,
        min_len,
        max_len,
        description,
        example,
        spec_url: _,
    } = schema;
    match example {
        Some(example) => json_schema!({
            "type": "string",
            "pattern": pattern,
            "minLength": min_len,
            "maxLength": max_len,
            "description": description,
            "examples": [example],
        }),
        None => json_schema!({
            "type": "string",
            "pattern": pattern,
            "minLength": min_len,
            "maxLength": max_len,
            "description": description,
        }),
    }
}

/// `JsonSchema` for the id type `$ty`, named like the type.
macro_rules! format_schema {
    ($ty:ident) => {
        impl JsonSchema for crate::$ty {
            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(<crate::$ty as Facts>::TYPE_NAME)
            }

            fn schema_id() -> Cow<'static, str> {
                Cow::Owned(format!("idtypes::{}", <crate::$ty as Facts>::TYPE_NAME))
            }

            fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
                to_schema(id_schema::of_format::<crate::$ty>())
            }
        }
    };
}

crate::formats::for_each_format!(format_schema);

/// `JsonSchema` for the text row `$ty`: one schema per type, named like it
/// (`NanoIdLowercase16`).
macro_rules! text_row_schema {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(<$ty as Facts>::TYPE_NAME)
            }

            fn schema_id() -> Cow<'static, str> {
                Cow::Owned(format!("idtypes::{}", <$ty as Facts>::TYPE_NAME))
            }

            fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
                to_schema(id_schema::of_format::<$ty>())
            }
        }
    };
}

crate::formats::for_each_text_format!(text_row_schema);

impl JsonSchema for crate::record_key::RecordKeyType {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("RecordKeyType")
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed("idtypes::record_key::RecordKeyType")
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        to_schema(id_schema::of_record_key_type())
    }
}

#[cfg(feature = "uuid")]
impl JsonSchema for crate::uuids::DynTypeId {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed(super::dyn_type_id::NAME)
    }

    fn schema_id() -> Cow<'static, str> {
        Cow::Borrowed(super::dyn_type_id::ID)
    }

    fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
        to_schema(super::dyn_type_id::of_dyn_type_id())
    }
}
