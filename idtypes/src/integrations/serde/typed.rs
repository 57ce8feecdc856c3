//! serde for typed ids (the derive macros): the prefixed text, or the inner id's raw form
//! (without the prefix) in binary formats, as the type's [`SerdeId::TEXT_IN_BINARY`] says (its
//! inner format's choice unless `#[idtype(serde = "...")]` makes another). The type's checks
//! run on what is read, unless the type trusts it ([`TypedId::DESERIALIZE`]).

/// The serde impls of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: both forward to the generic functions below. Without
/// the `serde` feature the macro writes nothing (see `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_serde {
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> $crate::__private::Result<S::Ok, S::Error> {
                $crate::__private::serde::serialize(self, serializer)
            }
        }

        #[automatically_derived]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> $crate::__private::Result<Self, D::Error> {
                $crate::__private::serde::deserialize(deserializer)
            }
        }
    };
}

use core::{fmt, marker::PhantomData};

use serde::{
    Deserializer, Serializer,
    de::{self, Visitor},
};

use super::{
    SerdeId,
    form::{self, Form},
    sealed,
};
use crate::{
    IdFormat, TypedId,
    typed::{
        support::{PrefixedText, StackText, from_inner_as, parse_as, write_prefixed},
        text_form::TextForm,
    },
};

/// Serializes a typed id in its own form: what its `Serialize` (written by the derive) calls.
pub fn serialize<T, S>(id: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: TypedId,
    T::Inner: SerdeId,
    S: Serializer,
{
    form::Default::serialize(id, serializer)
}

/// Deserializes a typed id from its own form, running the type's checks as its
/// [`TypedId::DESERIALIZE`] policy says: what its `Deserialize` (written by the derive) calls.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: TypedId,
    T::Inner: SerdeId,
    D: Deserializer<'de>,
{
    form::Default::deserialize(deserializer)
}

impl<T: TypedId> sealed::Sealed for T {}

impl<T> SerdeId for T
where
    T: TypedId,
    T::Inner: SerdeId,
{
    const TEXT_IN_BINARY: bool = T::SERDE_TEXT;

    /// The prefixed text, put together on the stack from the prefix, the separator and the
    /// inner id's text (what `Display` writes).
    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_prefixed(
            self.as_inner(),
            T::TEXT,
            T::PREFIX,
            T::SEPARATOR,
            serializer,
        )
    }

    fn serialize_raw<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            self.serialize_text(serializer)
        } else {
            self.as_inner().serialize_raw(serializer)
        }
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_str(TypedVisitor(PhantomData))
    }

    fn deserialize_raw<'de, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        if deserializer.is_human_readable() {
            return T::deserialize_text(deserializer);
        }
        let inner = T::Inner::deserialize_raw(deserializer)?;
        from_inner_as(inner, T::DESERIALIZE).map_err(super::refused)
    }
}

/// Serializes a typed id's text from its parts, put together on the stack. Generic over the
/// inner format (and the serializer) only: a debug build compiles one copy for every typed id
/// of a format; an optimized one inlines it into each type's `serialize`, where the prefix and
/// separator are constants again.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn serialize_prefixed<I: IdFormat, S: Serializer>(
    inner: &I,
    form: TextForm<I>,
    prefix: &'static str,
    separator: &'static str,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut text = StackText::<128>::new();
    match write_prefixed(inner, form, prefix, separator, false, &mut text) {
        Ok(()) => serializer.serialize_str(text.as_str()),
        // Longer than the stack buffer (a long record key behind its prefix): written by
        // code that every typed id of the format shares.
        Err(_) => serializer.collect_str(&PrefixedText::new(inner, form, prefix, separator)),
    }
}

/// Reads a typed id's prefixed text: a string, or the UTF-8 bytes of one.
struct TypedVisitor<T>(PhantomData<T>);

impl<T: TypedId> Visitor<'_> for TypedVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(
            f,
            T::TYPE_NAME,
            T::PREFIX,
            T::SEPARATOR,
            <T::Inner as IdFormat>::NAME,
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        parse_as(text, T::DESERIALIZE).map_err(super::refused)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        let text = core::str::from_utf8(bytes)
            .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))?;
        self.visit_str(text)
    }
}

/// What a typed id's visitor expects, from the type's facts: one copy for every typed id
/// (errors only).
#[inline(never)]
fn expecting(
    f: &mut fmt::Formatter<'_>,
    type_name: &str,
    prefix: &str,
    separator: &str,
    format: &str,
) -> fmt::Result {
    if prefix.is_empty() {
        write!(f, "a {type_name} as a string")
    } else {
        write!(
            f,
            "a {type_name} as a string: `{prefix}{separator}` then the {format}"
        )
    }
}
