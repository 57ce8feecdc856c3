//! The text rows of the table (NanoID): `Serialize`, `Deserialize` and [`SerdeId`] for each,
//! written once for every row. The text is the id: a string in every format, human-readable
//! or not, read from a string or from the ASCII bytes of one.

use core::{fmt, marker::PhantomData};

use serde::{
    Deserializer, Serializer,
    de::{self, Visitor},
};

use super::SerdeId;
use crate::IdFormat;

/// serde for the text row `$ty`: its text, in every format.
macro_rules! text_row_serde {
    ([$($generics:tt)*] $ty:ty) => {
        impl<$($generics)*> ::serde::Serialize for $ty {
            #[inline]
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(IdFormat::encode(self))
            }
        }

        impl<'de, $($generics)*> ::serde::Deserialize<'de> for $ty {
            #[inline]
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }

        impl<$($generics)*> super::sealed::Sealed for $ty {}

        /// The text is the raw form too.
        impl<$($generics)*> SerdeId for $ty {
            const TEXT_IN_BINARY: bool = true;

            #[inline]
            fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(IdFormat::encode(self))
            }

            #[inline]
            fn serialize_raw<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(IdFormat::encode(self))
            }

            fn deserialize_text<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }

            fn deserialize_raw<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    };
}

crate::formats::for_each_text_format!(text_row_serde);

/// Reads the text: a string, or the ASCII bytes of one.
struct TextVisitor<T>(PhantomData<T>);

impl<T: IdFormat> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} as a string of {}",
            T::ARTICLE,
            T::NAME,
            T::TEXT_SCHEMA.words
        )
    }

    #[inline]
    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::parse_text(text).map_err(super::refused)
    }

    fn visit_bytes<E: de::Error>(self, text: &[u8]) -> Result<T, E> {
        T::parse_ascii(text).map_err(super::refused)
    }
}

#[cfg(test)]
mod tests {
    use std::prelude::rust_2024::*;

    use crate::{NanoId, nanoid::Lowercase, serde::SerdeId};

    #[test]
    fn a_nanoid_is_a_string_in_every_format() {
        let id: NanoId = "V1StGXR8_Z5jdHi6B-myT".parse().unwrap();
        assert_eq!(
            serde_json::to_string(&id).unwrap(),
            r#""V1StGXR8_Z5jdHi6B-myT""#
        );
        assert_eq!(
            serde_json::from_str::<NanoId>(r#""V1StGXR8_Z5jdHi6B-myT""#).unwrap(),
            id
        );
        const { assert!(NanoId::<Lowercase, 16>::TEXT_IN_BINARY) };
        let bytes = postcard::to_allocvec(&id).unwrap();
        assert_eq!(&bytes[1..], b"V1StGXR8_Z5jdHi6B-myT");
        assert_eq!(postcard::from_bytes::<NanoId>(&bytes).unwrap(), id);
    }

    #[test]
    fn errors_say_what_was_expected() {
        let err = serde_json::from_str::<NanoId<Lowercase, 16>>(r#""abc""#).unwrap_err();
        assert!(err.to_string().contains("invalid NanoID"), "{err}");
        let err = serde_json::from_str::<NanoId<Lowercase, 16>>("5").unwrap_err();
        assert!(
            err.to_string()
                .contains("a NanoID as a string of 16 characters of a-z"),
            "{err}"
        );
    }
}
