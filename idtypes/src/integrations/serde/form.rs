//! The three ways an id can be written ([`Default`], [`Text`], [`Raw`]), as types, so that the
//! adapters and the `Option` machinery are written once for all of them.

use core::{fmt, marker::PhantomData};

use serde::{
    Deserializer, Serialize, Serializer,
    de::{self, Visitor},
};

use super::SerdeId;

/// A way of writing an id: its own ([`Default`]), the text ([`Text`]) or the raw form
/// ([`Raw`]).
pub(crate) trait Form {
    fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error>;

    fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error>;
}

/// What the id's own `Serialize` writes: the text, or the raw form in binary formats, as
/// [`SerdeId::TEXT_IN_BINARY`] says.
pub(crate) struct Default;

/// The text in every format (`idtypes::serde::text`).
pub(crate) struct Text;

/// The raw form in binary formats, the text in human-readable ones (`idtypes::serde::raw`).
pub(crate) struct Raw;

impl Form for Default {
    #[inline]
    fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
        if T::TEXT_IN_BINARY {
            id.serialize_text(serializer)
        } else {
            id.serialize_raw(serializer)
        }
    }

    fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        if T::TEXT_IN_BINARY {
            T::deserialize_text(deserializer)
        } else {
            T::deserialize_raw(deserializer)
        }
    }
}

impl Form for Text {
    fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
        id.serialize_text(serializer)
    }

    fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        T::deserialize_text(deserializer)
    }
}

impl Form for Raw {
    fn serialize<T: SerdeId, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
        id.serialize_raw(serializer)
    }

    fn deserialize<'de, T: SerdeId, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
        T::deserialize_raw(deserializer)
    }
}

/// An `Option` of ids, each written in the form `F`.
pub(crate) fn serialize_option<F: Form, T: SerdeId, S: Serializer>(
    id: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => serializer.serialize_some(&With::<F, T>(id, PhantomData)),
        None => serializer.serialize_none(),
    }
}

/// What [`serialize_option`] wrote.
pub(crate) fn deserialize_option<'de, F: Form, T: SerdeId, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    deserializer.deserialize_option(OptionVisitor::<F, T>(PhantomData))
}

/// An id as a `Serialize` value written in the form `F`.
struct With<'a, F, T>(&'a T, PhantomData<F>);

impl<F: Form, T: SerdeId> Serialize for With<'_, F, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        F::serialize(self.0, serializer)
    }
}

struct OptionVisitor<F, T>(PhantomData<(F, T)>);

impl<'de, F: Form, T: SerdeId> Visitor<'de> for OptionVisitor<F, T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an id or nothing")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<T>, D::Error> {
        F::deserialize(deserializer).map(Some)
    }
}
