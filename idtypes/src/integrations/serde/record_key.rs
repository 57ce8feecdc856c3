//! Record keys and record-key types: strings in every format, human-readable or not. A record
//! key's text is also its raw form, so both adapters write it.

use alloc::string::String;
use core::fmt;

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Visitor},
};

use super::{SerdeId, sealed};
use crate::{IdFormat, RecordKey, record_key::RecordKeyType};

impl Serialize for RecordKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RecordKey {
    /// Short keys from a borrowed or transient string are stored inline, without
    /// allocating; an owned `String` is validated and kept.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RecordKey, D::Error> {
        RecordKey::deserialize_text(deserializer)
    }
}

impl sealed::Sealed for RecordKey {}

/// The text is the raw form too.
impl SerdeId for RecordKey {
    const TEXT_IN_BINARY: bool = true;

    fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }

    fn serialize_raw<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_text(serializer)
    }

    fn deserialize_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(RecordKeyVisitor)
    }

    fn deserialize_raw<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RecordKey::deserialize_text(deserializer)
    }
}

struct RecordKeyVisitor;

impl Visitor<'_> for RecordKeyVisitor {
    type Value = RecordKey;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an {} (1 to {} characters of {})",
            RecordKey::NAME,
            RecordKey::MAX_LEN,
            crate::record_key::syntax::CHARSET
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<RecordKey, E> {
        RecordKey::parse(text).map_err(super::refused)
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<RecordKey, E> {
        RecordKey::try_from(text).map_err(super::refused)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<RecordKey, E> {
        let text = core::str::from_utf8(bytes)
            .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))?;
        self.visit_str(text)
    }
}

impl Serialize for RecordKeyType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RecordKeyType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RecordKeyType, D::Error> {
        deserializer.deserialize_str(RecordKeyTypeVisitor)
    }
}

struct RecordKeyTypeVisitor;

impl Visitor<'_> for RecordKeyTypeVisitor {
    type Value = RecordKeyType;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a record key type: `tid`, `nsid`, `any` or `literal:<value>`")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<RecordKeyType, E> {
        RecordKeyType::parse(text).map_err(super::refused)
    }
}

#[cfg(test)]
mod tests {
    use crate::RecordKey;
    use crate::record_key::RecordKeyType;
    use std::prelude::rust_2024::*;

    #[test]
    fn json_is_the_key() {
        let key = RecordKey::parse("pre:fix").unwrap();
        assert_eq!(serde_json::to_string(&key).unwrap(), r#""pre:fix""#);
        assert_eq!(
            serde_json::from_str::<RecordKey>(r#""pre:fix""#).unwrap(),
            key
        );
        let long = format!("\"{}\"", "o".repeat(512));
        assert_eq!(serde_json::from_str::<RecordKey>(&long).unwrap().len(), 512);
    }

    #[test]
    fn json_errors_name_the_rule() {
        let err = serde_json::from_str::<RecordKey>(r#""..""#).unwrap_err();
        assert!(
            err.to_string().contains("`.` and `..` are not allowed"),
            "{err}"
        );
        let err = serde_json::from_str::<RecordKey>("5").unwrap_err();
        assert!(
            err.to_string()
                .contains("expected an atproto record key (1 to 512 characters of A-Za-z0-9.-_~:)"),
            "{err}"
        );
        let err = serde_json::from_str::<RecordKeyType>(r#""literal:""#).unwrap_err();
        assert!(err.to_string().contains("expected 1 to 512 bytes"), "{err}");
    }

    #[test]
    fn postcard_is_the_string() {
        let key = RecordKey::SELF;
        let mut buf = [0u8; 16];
        let bytes = postcard::to_slice(&key, &mut buf).unwrap();
        assert_eq!(bytes, b"\x04self");
        assert_eq!(postcard::from_bytes::<RecordKey>(bytes).unwrap(), key);
    }

    #[test]
    fn key_types_are_their_lexicon_strings() {
        let ty = RecordKeyType::parse("literal:self").unwrap();
        assert_eq!(serde_json::to_string(&ty).unwrap(), r#""literal:self""#);
        assert_eq!(
            serde_json::from_str::<RecordKeyType>(r#""literal:self""#).unwrap(),
            ty
        );
    }
}
