//! `serde`: the text for human-readable formats, the raw form for binary ones.
//!
//! Every id type serializes as its canonical text in JSON, TOML, YAML, ... and as its raw form
//! in postcard, bincode, CBOR, ... (whatever `Serializer::is_human_readable` says):
//!
//! | type | human-readable | binary |
//! |---|---|---|
//! | [`Tid`] | 13-character text | `u64` |
//! | [`TimeId`] | plain 13-character text (the dashed form is read too) | `i64` |
//! | [`Uid11`](struct@crate::Uid11), [`Xid`](struct@crate::Xid), [`Snowish`](struct@crate::Snowish), [`TsSeqRand`](struct@crate::TsSeqRand), [`FullRand`](struct@crate::FullRand) | 11-character text | `u64` (a snowish id's reserved bit is checked) |
//! | [`Tbsl`](struct@crate::Tbsl) | 20-character text | its 10 bytes |
//! | [`RecordKey`](struct@crate::RecordKey), [`RecordKeyType`](crate::RecordKeyType) | the text | the text |
//!
//! Deserializing takes the same form back, strictly; a borrowed string is parsed in place,
//! without allocating. Typed ids (the derive macros) add their prefix to the text.

use core::fmt;

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Visitor},
};

use crate::{Tid, TimeId};

impl Serialize for Tid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode().as_str())
        } else {
            serializer.serialize_u64(self.to_u64())
        }
    }
}

impl<'de> Deserialize<'de> for Tid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tid, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(TidVisitor { text: true })
        } else {
            deserializer.deserialize_u64(TidVisitor { text: false })
        }
    }
}

/// `text`: whether the format is human-readable (and the TID expected as text).
struct TidVisitor {
    text: bool,
}

impl Visitor<'_> for TidVisitor {
    type Value = Tid;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.text {
            "an atproto TID as a string of 13 base32-sortable characters"
        } else {
            "an atproto TID as a u64"
        })
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Tid, E> {
        Tid::parse(text).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, text: &[u8]) -> Result<Tid, E> {
        Tid::parse_ascii(text).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Tid, E> {
        Ok(Tid::from_u64(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Tid, E> {
        u64::try_from(value)
            .map(Tid::from_u64)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(value), &self))
    }
}

impl Serialize for TimeId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode().as_str())
        } else {
            serializer.serialize_i64(self.to_i64())
        }
    }
}

impl<'de> Deserialize<'de> for TimeId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TimeId, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(TimeIdVisitor { text: true })
        } else {
            deserializer.deserialize_i64(TimeIdVisitor { text: false })
        }
    }
}

/// `text`: whether the format is human-readable (and the TimeId expected as text).
struct TimeIdVisitor {
    text: bool,
}

impl Visitor<'_> for TimeIdVisitor {
    type Value = TimeId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.text {
            "a TimeId as a string: 13 base32-sortable characters, or the dashed form"
        } else {
            "a TimeId as an i64"
        })
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<TimeId, E> {
        TimeId::parse(text).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, text: &[u8]) -> Result<TimeId, E> {
        TimeId::parse_ascii(text).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<TimeId, E> {
        Ok(TimeId::from_i64(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<TimeId, E> {
        i64::try_from(value)
            .map(TimeId::from_i64)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(value), &self))
    }
}

#[cfg(test)]
mod tests {
    use crate::Tid;

    #[test]
    fn json_is_the_text() {
        let tid = Tid::from_u64(1728652679052295174);
        assert_eq!(serde_json::to_string(&tid).unwrap(), r#""3jzfcijpj2z2a""#);
        assert_eq!(
            serde_json::from_str::<Tid>(r#""3jzfcijpj2z2a""#).unwrap(),
            tid
        );
    }

    #[test]
    fn json_errors_carry_the_parse_message() {
        let err = serde_json::from_str::<Tid>(r#""3jzf""#).unwrap_err();
        assert!(
            err.to_string()
                .contains("invalid atproto TID: expected 13 characters, found 4 bytes"),
            "{err}"
        );
        assert!(serde_json::from_str::<Tid>("1728652679052295174").is_err());
    }

    #[test]
    fn time_ids_are_plain_text_in_json_and_read_back_from_either_form() {
        use crate::TimeId;
        let id: TimeId = "3kxn-lhr-3gxq-23".parse().unwrap();
        assert_eq!(serde_json::to_string(&id).unwrap(), r#""3kxnlhr3gxq23""#);
        assert_eq!(
            serde_json::from_str::<TimeId>(r#""3kxnlhr3gxq23""#).unwrap(),
            id
        );
        assert_eq!(
            serde_json::from_str::<TimeId>(r#""3kxn-lhr-3gxq-23""#).unwrap(),
            id
        );
        assert!(serde_json::from_str::<TimeId>(r#""jzzzzzzzzzzzz""#).is_err());
        let err = serde_json::from_str::<TimeId>("-1").unwrap_err();
        assert!(
            err.to_string().contains("expected a TimeId as a string"),
            "{err}"
        );
    }

    #[test]
    fn time_ids_are_i64_in_postcard() {
        use crate::TimeId;
        let mut buf = [0u8; 16];
        for id in [TimeId::EARLIEST, TimeId::MAX, TimeId::from_i64(5)] {
            let bytes = postcard::to_slice(&id, &mut buf).unwrap().to_vec();
            let mut expected = [0u8; 16];
            assert_eq!(
                bytes,
                postcard::to_slice(&id.to_i64(), &mut expected).unwrap()
            );
            assert_eq!(postcard::from_bytes::<TimeId>(&bytes).unwrap(), id);
        }
    }

    #[test]
    fn uid11_types_are_text_in_json_and_u64_in_postcard() {
        use crate::{Snowish, Uid11, Xid};
        let id = Uid11::from_u64(u64::MAX);
        assert_eq!(serde_json::to_string(&id).unwrap(), r#""jpXCZedGfVQ""#);
        assert_eq!(
            serde_json::from_str::<Uid11>(r#""jpXCZedGfVQ""#).unwrap(),
            id
        );
        assert!(serde_json::from_str::<Uid11>(r#""jpXCZedGfVR""#).is_err());
        let xid = Xid::from_u64(4194304);
        assert_eq!(serde_json::to_string(&xid).unwrap(), r#""1111111NVpb""#);
        let mut buf = [0u8; 16];
        let bytes = postcard::to_slice(&xid, &mut buf).unwrap().to_vec();
        assert_eq!(postcard::from_bytes::<Xid>(&bytes).unwrap(), xid);
        let mut buf = [0u8; 16];
        let reserved = postcard::to_slice(&u64::MAX, &mut buf).unwrap().to_vec();
        assert!(postcard::from_bytes::<Snowish>(&reserved).is_err());
        assert!(serde_json::from_str::<Snowish>(r#""jpXCZedGfVQ""#).is_err());
    }

    #[test]
    fn tbsl_is_text_in_json_and_ten_bytes_in_postcard() {
        use crate::Tbsl;
        let id: Tbsl = "25BF6196C8D610700001".parse().unwrap();
        assert_eq!(
            serde_json::to_string(&id).unwrap(),
            r#""25BF6196C8D610700001""#
        );
        assert_eq!(
            serde_json::from_str::<Tbsl>(r#""25BF6196C8D610700001""#).unwrap(),
            id
        );
        assert!(serde_json::from_str::<Tbsl>(r#""25bf6196c8d610700001""#).is_err());
        let mut buf = [0u8; 16];
        let bytes = postcard::to_slice(&id, &mut buf).unwrap().to_vec();
        assert_eq!(bytes.len(), 11);
        assert_eq!(&bytes[1..], &id.to_bytes());
        assert_eq!(postcard::from_bytes::<Tbsl>(&bytes).unwrap(), id);
        let nine = [9u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert!(postcard::from_bytes::<Tbsl>(&nine).is_err());
    }

    #[test]
    fn postcard_is_the_integer() {
        let tid = Tid::from_u64(u64::MAX);
        let mut buf = [0u8; 16];
        let bytes = postcard::to_slice(&tid, &mut buf).unwrap();
        let mut expected = [0u8; 16];
        let varint = postcard::to_slice(&u64::MAX, &mut expected).unwrap();
        assert_eq!(bytes, varint);
        assert_eq!(postcard::from_bytes::<Tid>(bytes).unwrap(), tid);
    }
}

/// uid11 and its profiles: the 11-symbol text for human-readable formats, the `u64` for binary
/// ones (checked like the text: a snowish id's reserved bit must be 0).
macro_rules! uid11_serde {
    ($($ty:ident),* $(,)?) => {$(
        impl Serialize for crate::$ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                if serializer.is_human_readable() {
                    serializer.serialize_str(self.encode().as_str())
                } else {
                    serializer.serialize_u64(self.to_u64())
                }
            }
        }

        impl<'de> Deserialize<'de> for crate::$ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::$ty, D::Error> {
                /// `text`: whether the format is human-readable (and the id expected as text).
                struct IdVisitor {
                    text: bool,
                }

                impl Visitor<'_> for IdVisitor {
                    type Value = crate::$ty;

                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str(if self.text {
                            concat!("a ", stringify!($ty), " as a string of 11 Base58 characters")
                        } else {
                            concat!("a ", stringify!($ty), " as a u64")
                        })
                    }

                    fn visit_str<E: de::Error>(self, text: &str) -> Result<crate::$ty, E> {
                        crate::$ty::parse(text).map_err(E::custom)
                    }

                    fn visit_u64<E: de::Error>(self, value: u64) -> Result<crate::$ty, E> {
                        crate::$ty::try_from(value).map_err(E::custom)
                    }
                }

                if deserializer.is_human_readable() {
                    deserializer.deserialize_str(IdVisitor { text: true })
                } else {
                    deserializer.deserialize_u64(IdVisitor { text: false })
                }
            }
        }
    )*};
}

uid11_serde!(Uid11, Xid, Snowish, TsSeqRand, FullRand);

impl Serialize for crate::Tbsl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.encode().as_str())
        } else {
            serializer.serialize_bytes(&self.to_bytes())
        }
    }
}

impl<'de> Deserialize<'de> for crate::Tbsl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::Tbsl, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(TbslVisitor { text: true })
        } else {
            deserializer.deserialize_bytes(TbslVisitor { text: false })
        }
    }
}

/// `text`: whether the format is human-readable (and the TBSL expected as text).
struct TbslVisitor {
    text: bool,
}

impl<'de> Visitor<'de> for TbslVisitor {
    type Value = crate::Tbsl;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.text {
            "a TBSL as a string of 20 uppercase hex characters"
        } else {
            "a TBSL as 10 bytes"
        })
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<crate::Tbsl, E> {
        crate::Tbsl::parse(text).map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<crate::Tbsl, E> {
        crate::Tbsl::try_from(bytes).map_err(E::custom)
    }

    /// Formats that write byte arrays as sequences of integers.
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<crate::Tbsl, A::Error> {
        let mut bytes = [0u8; 10];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, &self))?;
        }
        if seq.next_element::<u8>()?.is_some() {
            return Err(de::Error::invalid_length(11, &self));
        }
        Ok(crate::Tbsl::from_bytes(bytes))
    }
}

/// Record keys and record-key types are strings in every format, human-readable or not: the
/// string is their raw form.
#[cfg(feature = "alloc")]
mod record_key {
    use alloc::string::String;
    use core::fmt;

    use serde::{
        Deserialize, Deserializer, Serialize, Serializer,
        de::{self, Visitor},
    };

    use crate::{RecordKey, RecordKeyType};

    impl Serialize for RecordKey {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    impl<'de> Deserialize<'de> for RecordKey {
        /// Short keys from a borrowed or transient string are stored inline, without
        /// allocating; an owned `String` is validated and kept.
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RecordKey, D::Error> {
            deserializer.deserialize_str(RecordKeyVisitor)
        }
    }

    struct RecordKeyVisitor;

    impl Visitor<'_> for RecordKeyVisitor {
        type Value = RecordKey;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an atproto record key (1 to 512 characters of A-Za-z0-9.-_~:)")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<RecordKey, E> {
            RecordKey::parse(text).map_err(E::custom)
        }

        fn visit_string<E: de::Error>(self, text: String) -> Result<RecordKey, E> {
            RecordKey::try_from(text).map_err(E::custom)
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
            RecordKeyType::parse(text).map_err(E::custom)
        }
    }

    #[cfg(test)]
    mod tests {
        use crate::{RecordKey, RecordKeyType};

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
            let err = serde_json::from_str::<RecordKeyType>(r#""literal:""#).unwrap_err();
            assert!(
                err.to_string().contains("expected 1 to 512 characters"),
                "{err}"
            );
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
}
