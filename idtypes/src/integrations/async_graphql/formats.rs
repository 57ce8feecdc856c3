//! The scalars of this crate's own types, from the tables of formats (`formats/`): every
//! fixed-size format and the record key, every text row without type parameters (CUID2), and
//! [`DynTypeId`](crate::uuids::DynTypeId). Each is named like its type and described as its
//! JSON Schema describes it (`integrations/schema/id_schema.rs`), with the address of its
//! specification where one exists. The one text row with type parameters, NanoID, is in
//! `nanoid.rs`.

use std::string::{String, ToString};

use async_graphql::{ID, InputType, InputValueResult, OutputType, ScalarType, Value, registry};

use super::scalar::{self, ScalarId, sealed::Sealed};
use crate::{
    Error, IdFormat, integrations::schema::id_schema, typed::format::sealed::Sealed as Facts,
};

/// The scalar of the concrete type `$ty`, named `$name`, described by `$schema` (an
/// `IdSchema`, built when a schema registers the type): `ScalarType` and `InputType` by hand,
/// through the functions of `scalar.rs`; `OutputType` by async-graphql's own macro (what its
/// `scalar!` expands to), which writes `resolve` as the async-graphql in the build declares it
/// (with `async_trait` under its `boxed-trait` feature) and the registry's entry with the
/// fields of that version; `TryFrom<ID>`.
macro_rules! scalar {
    ($ty:ty, $name:expr, $schema:expr) => {
        impl ScalarType for $ty {
            fn parse(value: Value) -> InputValueResult<Self> {
                scalar::parse(value)
            }

            fn is_valid(value: &Value) -> bool {
                scalar::is_valid(value)
            }

            fn to_value(&self) -> Value {
                scalar::to_value(self)
            }
        }

        impl InputType for $ty {
            type RawValueType = Self;

            fn type_name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }

            // One entry for both directions: a scalar's is the same.
            fn create_type_info(registry: &mut registry::Registry) -> String {
                <Self as OutputType>::create_type_info(registry)
            }

            fn parse(value: Option<Value>) -> InputValueResult<Self> {
                scalar::parse_input(value)
            }

            fn to_value(&self) -> Value {
                scalar::to_value(self)
            }

            fn as_raw_value(&self) -> Option<&Self> {
                Some(self)
            }
        }

        async_graphql::scalar_internal_output!(
            $ty,
            $name,
            Some($schema.description),
            $schema.spec_url.map(str::to_string)
        );

        impl TryFrom<ID> for $ty {
            type Error = Error;

            /// The id an `ID` holds, read as the scalar reads its text.
            fn try_from(id: ID) -> Result<Self, Error> {
                scalar::from_id(id)
            }
        }
    };
}

/// [`ScalarId`] and the scalar of the format `$ty` (a concrete type): its text is
/// [`IdFormat::encode`]'s, read back by [`IdFormat::parse_text`].
macro_rules! format_scalar {
    ($ty:ty) => {
        impl Sealed for $ty {}

        impl ScalarId for $ty {
            fn read_text(text: &str) -> Result<Self, Error> {
                <$ty as IdFormat>::parse_text(text)
            }

            fn write_text(&self) -> String {
                IdFormat::encode(self).to_string()
            }
        }

        scalar!(
            $ty,
            <$ty as Facts>::TYPE_NAME,
            id_schema::of_format::<$ty>()
        );
    };
}

/// Every fixed-size format, and the record key.
macro_rules! table_scalar {
    ($ty:ident) => {
        format_scalar!(crate::$ty);
    };
}

crate::formats::for_each_format!(table_scalar);

/// Every text row without type parameters. A row with them (`NanoId<A, LEN>`) has a generic
/// impl, which only async-graphql's `#[Scalar]` writes for every version and feature of
/// async-graphql: `nanoid.rs`. The tests check that every row has a scalar.
macro_rules! text_row_scalar {
    ([] $ty:ty) => {
        format_scalar!($ty);
    };
    ([$($generics:tt)+] $ty:ty) => {};
}

crate::formats::for_each_text_format!(text_row_scalar);

/// A TypeID of any prefix: its text, `Display`'s, read back by `DynTypeId::parse`.
#[cfg(feature = "uuid")]
mod dyn_type_id {
    use super::*;
    use crate::{integrations::schema::dyn_type_id as schema, uuids::DynTypeId};

    impl Sealed for DynTypeId {}

    impl ScalarId for DynTypeId {
        fn read_text(text: &str) -> Result<Self, Error> {
            DynTypeId::parse(text)
        }

        fn write_text(&self) -> String {
            self.to_string()
        }
    }

    scalar!(DynTypeId, schema::NAME, schema::of_dyn_type_id());
}

#[cfg(test)]
mod tests {
    use std::format;

    use async_graphql::{
        InputType, OutputType, Value,
        registry::{MetaType, Registry},
    };

    use crate::typed::format::sealed::Sealed as Facts;

    /// The registry's entry of `T`, registered as an input and as an output: one scalar, named
    /// `name`, with that description and address, valid for strings only.
    fn assert_scalar<T: InputType + OutputType>(
        name: &str,
        description: &str,
        spec_url: Option<&str>,
    ) {
        let mut registry = Registry::default();
        let input = <T as InputType>::create_type_info(&mut registry);
        let output = <T as OutputType>::create_type_info(&mut registry);
        assert_eq!(
            (&*input, &*output),
            (&*format!("{name}!"), &*format!("{name}!"))
        );
        assert_eq!(registry.types.len(), 1, "{name}");
        let Some(MetaType::Scalar {
            name: registered,
            description: registered_description,
            specified_by_url,
            is_valid: Some(is_valid),
            ..
        }) = registry.types.get(name)
        else {
            panic!("{name} is no scalar of its name");
        };
        assert_eq!(registered, name);
        assert_eq!(
            registered_description.as_deref(),
            Some(description),
            "{name}"
        );
        assert_eq!(specified_by_url.as_deref(), spec_url, "{name}");
        assert!(is_valid(&Value::String("anything".into())));
        assert!(!is_valid(&Value::Number(1.into())));
    }

    fn assert_format<T: InputType + OutputType + Facts>() {
        let schema = T::TEXT_SCHEMA;
        assert_scalar::<T>(T::TYPE_NAME, schema.description, schema.spec_url);
    }

    macro_rules! table_format {
        ($ty:ident) => {
            assert_format::<crate::$ty>();
        };
    }

    /// A text row: a concrete type's entry; for a generic row, that every type of it is a
    /// scalar (the entry of two of them is checked below).
    macro_rules! text_row {
        ([] $ty:ty) => {
            assert_format::<$ty>();
        };
        ([$($generics:tt)+] $ty:ty) => {{
            #[allow(dead_code, reason = "it compiles only if every type of the row is a scalar")]
            fn every_type_is_a_scalar<$($generics)+>()
            where
                $ty: InputType + OutputType,
            {
            }
        }};
    }

    #[test]
    fn every_format_of_the_tables_is_a_scalar_named_and_described_as_its_schema() {
        crate::formats::for_each_format!(table_format);
        crate::formats::for_each_text_format!(text_row);
        assert_format::<crate::NanoId>();
        assert_format::<crate::NanoId<crate::nanoid::Lowercase, 16>>();
        assert_eq!(
            <crate::NanoId as Facts>::TEXT_SCHEMA.spec_url,
            Some(crate::nanoid::SPEC_URL),
            "`nanoid.rs` writes the address as a literal: it must be the schema's"
        );
    }

    #[cfg(feature = "uuid")]
    #[test]
    fn a_dyn_type_id_is_a_scalar_specified_by_typeid() {
        let schema = crate::integrations::schema::dyn_type_id::of_dyn_type_id();
        assert_scalar::<crate::uuids::DynTypeId>(
            "DynTypeId",
            &schema.description,
            Some(crate::uuids::typeid::SPEC_URL),
        );
    }
}
