//! serde for [`DynTypeId`]: its text in every format, human-readable or not; read from a
//! string (borrowed where the format allows, without allocating) or the ASCII bytes of one.

use core::fmt;

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Visitor},
};

use crate::uuids::DynTypeId;

impl Serialize for DynTypeId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.encode())
    }
}

impl<'de> Deserialize<'de> for DynTypeId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DynTypeId, D::Error> {
        deserializer.deserialize_str(DynTypeIdVisitor)
    }
}

struct DynTypeIdVisitor;

impl Visitor<'_> for DynTypeIdVisitor {
    type Value = DynTypeId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a TypeID as a string: a prefix of `a`-`z` and `_` and a `_`, then 26 lowercase \
             Crockford base32 characters",
        )
    }

    #[inline]
    fn visit_str<E: de::Error>(self, text: &str) -> Result<DynTypeId, E> {
        DynTypeId::parse_fast(text.as_bytes()).map_err(super::refused)
    }

    fn visit_bytes<E: de::Error>(self, text: &[u8]) -> Result<DynTypeId, E> {
        DynTypeId::parse_fast(text).map_err(super::refused)
    }
}

#[cfg(test)]
mod tests {
    use crate::uuids::DynTypeId;
    use std::prelude::rust_2024::*;

    const TEXT: &str = "user_01h455vb4pex5vsknk084sn02q";

    #[test]
    fn json_is_the_text() {
        let id = DynTypeId::parse(TEXT).unwrap();
        assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{TEXT}\""));
        assert_eq!(
            serde_json::from_str::<DynTypeId>(&format!("\"{TEXT}\"")).unwrap(),
            id
        );
        // Borrowed: no allocation on the way.
        let mut de = serde_json::Deserializer::from_str("\"01h455vb4pex5vsknk084sn02q\"");
        let bare: DynTypeId = serde::Deserialize::deserialize(&mut de).unwrap();
        assert_eq!(bare.prefix(), "");
    }

    #[test]
    fn json_errors_carry_the_parse_error() {
        let err =
            serde_json::from_str::<DynTypeId>("\"User_01h455vb4pex5vsknk084sn02q\"").unwrap_err();
        assert!(
            err.to_string()
                .contains("invalid TypeID prefix: unexpected character 'U' at byte 0"),
            "{err}"
        );
        let err = serde_json::from_str::<DynTypeId>("5").unwrap_err();
        assert!(
            err.to_string().contains("expected a TypeID as a string"),
            "{err}"
        );
    }

    #[test]
    fn binary_formats_get_the_text_too() {
        let id = DynTypeId::parse(TEXT).unwrap();
        let mut buf = [0u8; 40];
        let bytes = postcard::to_slice(&id, &mut buf).unwrap();
        assert_eq!(bytes[0] as usize, TEXT.len());
        assert_eq!(&bytes[1..], TEXT.as_bytes());
        assert_eq!(postcard::from_bytes::<DynTypeId>(bytes).unwrap(), id);
        let cbor = serde_ipld_dagcbor::to_vec(&id).unwrap();
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<DynTypeId>(&cbor).unwrap(),
            id
        );
    }
}
