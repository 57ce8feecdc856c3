//! `serde` for typed ids (the derive macros): the prefixed text for human-readable formats,
//! the inner id's own raw form for binary ones. The type's checks run on both, unless the type
//! trusts what it reads ([`TypedId::DESERIALIZE`]).

/// The serde impls of a typed id, which the formats' typed-id macros write (`tid/typed.rs`,
/// ...): both forward to the generic functions below. Without the `serde` feature the macro
/// writes nothing (see `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_serde {
    // The fixed-size formats hand serde their text from `encode()`, on the stack.
    ($name:ident, encoded) => {
        #[automatically_derived]
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> $crate::__private::core::result::Result<S::Ok, S::Error> {
                $crate::__private::serde::serialize_encoded(self, self.encode().as_str(), serializer)
            }
        }

        $crate::__idtypes_typed_serde!(@deserialize $name);
    };
    // Record keys go through `Display`.
    ($name:ident) => {
        #[automatically_derived]
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> $crate::__private::core::result::Result<S::Ok, S::Error> {
                $crate::__private::serde::serialize(self, serializer)
            }
        }

        $crate::__idtypes_typed_serde!(@deserialize $name);
    };
    (@deserialize $name:ident) => {

        #[automatically_derived]
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> $crate::__private::core::result::Result<Self, D::Error> {
                $crate::__private::serde::deserialize(deserializer)
            }
        }
    };
}

use core::{fmt, marker::PhantomData};

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Visitor},
};

use crate::{
    IdFormat, TypedId,
    typed::support::{StackText, from_inner_as, parse_as},
};

/// Serializes a typed id: its prefixed text, written on the stack when it fits, or the inner
/// id's raw form.
pub fn serialize<T, S>(id: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: TypedId,
    T::Inner: Serialize,
    S: Serializer,
{
    if !serializer.is_human_readable() {
        return id.as_inner().serialize(serializer);
    }
    let mut text = StackText::<128>::new();
    match fmt::Write::write_fmt(&mut text, format_args!("{id}")) {
        Ok(()) => serializer.serialize_str(text.as_str()),
        // Longer than the stack buffer (a long record key behind its prefix).
        Err(_) => serializer.collect_str(id),
    }
}

/// Serializes a typed id whose prefixed text the caller encoded already (the fixed-length
/// formats' `encode()`), or the inner id's raw form.
pub fn serialize_encoded<T, S>(id: &T, text: &str, serializer: S) -> Result<S::Ok, S::Error>
where
    T: TypedId,
    T::Inner: Serialize,
    S: Serializer,
{
    if serializer.is_human_readable() {
        serializer.serialize_str(text)
    } else {
        id.as_inner().serialize(serializer)
    }
}

/// Deserializes a typed id from its prefixed text, or from the inner id's raw form, running
/// the type's checks on either as its [`TypedId::DESERIALIZE`] policy says.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: TypedId,
    T::Inner: Deserialize<'de>,
    D: Deserializer<'de>,
{
    if deserializer.is_human_readable() {
        deserializer.deserialize_str(TypedVisitor(PhantomData))
    } else {
        let inner = T::Inner::deserialize(deserializer)?;
        from_inner_as(inner, T::DESERIALIZE).map_err(de::Error::custom)
    }
}

struct TypedVisitor<T>(PhantomData<T>);

impl<T: TypedId> Visitor<'_> for TypedVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if T::PREFIX.is_empty() {
            write!(f, "a {} as a string", T::TYPE_NAME)
        } else {
            write!(
                f,
                "a {} as a string: `{}{}` then the {}",
                T::TYPE_NAME,
                T::PREFIX,
                T::SEPARATOR,
                <T::Inner as IdFormat>::NAME
            )
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        parse_as(text, T::DESERIALIZE).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        let text = core::str::from_utf8(bytes)
            .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))?;
        self.visit_str(text)
    }
}
