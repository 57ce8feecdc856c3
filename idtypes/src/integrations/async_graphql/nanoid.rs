//! The scalar of every [`NanoId<A, LEN>`](crate::NanoId): one per type, named like it
//! (`NanoIdUrlSafe21`, `NanoIdLowercase16`), described by its schema's description.
//!
//! A generic impl: async-graphql's `#[Scalar]` writes it (`resolve` as the async-graphql in the
//! build declares it, the registry's entry with the fields of that version), taking the name
//! from `TypeName` and the description from `Description`. Its `specified_by_url` must be a
//! literal: the address is `nanoid::SPEC_URL`'s, which a test holds it to.

use std::{
    borrow::Cow,
    string::{String, ToString},
};

use async_graphql::{Description, ID, InputValueResult, Scalar, ScalarType, TypeName, Value};

use super::scalar::{self, ScalarId, sealed::Sealed};
use crate::{
    Error, IdFormat, NanoId, nanoid::NanoAlphabet, typed::format::sealed::Sealed as Facts,
};

impl<A: NanoAlphabet, const LEN: usize> Sealed for NanoId<A, LEN> {}

impl<A: NanoAlphabet, const LEN: usize> ScalarId for NanoId<A, LEN> {
    fn read_text(text: &str) -> Result<Self, Error> {
        <Self as IdFormat>::parse_text(text)
    }

    fn write_text(&self) -> String {
        self.as_str().to_string()
    }
}

impl<A: NanoAlphabet, const LEN: usize> TypeName for NanoId<A, LEN> {
    fn type_name() -> Cow<'static, str> {
        Cow::Borrowed(<Self as Facts>::TYPE_NAME)
    }
}

impl<A: NanoAlphabet, const LEN: usize> Description for NanoId<A, LEN> {
    fn description() -> &'static str {
        <Self as Facts>::TEXT_SCHEMA.description
    }
}

#[Scalar(
    name_type,
    use_type_description,
    specified_by_url = "https://github.com/ai/nanoid"
)]
impl<A: NanoAlphabet, const LEN: usize> ScalarType for NanoId<A, LEN> {
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

impl<A: NanoAlphabet, const LEN: usize> TryFrom<ID> for NanoId<A, LEN> {
    type Error = Error;

    /// The id an `ID` holds, read as the scalar reads its text.
    fn try_from(id: ID) -> Result<Self, Error> {
        scalar::from_id(id)
    }
}
