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
//! | [`RecordKey`](struct@crate::RecordKey), [`RecordKeyType`](crate::record_key::RecordKeyType) | the text | the text |
//!
//! Deserializing takes the same form back, strictly; a borrowed string is parsed in place,
//! without allocating. Typed ids (the derive macros) add their prefix to the text.

use core::{fmt, marker::PhantomData};

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Unexpected, Visitor},
};

use crate::{FixedSizeFormat, IdFormat};

/// Serde for the fixed-size formats `$ty`: the text for human-readable formats, the raw form for
/// binary ones. Deserializing expects `$article` (`a`, `an`) and the format's
/// [`NAME`](IdFormat::NAME) (or, after `type`, the type's name) as `$text` (or as the raw
/// form); `$bytes` reads a byte string (the text as ASCII, or the raw bytes).
macro_rules! fixed_size_serde {
    ($($ty:ident: $article:literal $noun:ident as $text:literal, $bytes:expr;)*) => {$(
        impl Serialize for crate::$ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_fixed(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for crate::$ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::$ty, D::Error> {
                deserialize_fixed(deserializer)
            }
        }

        impl Described for crate::$ty {
            const ARTICLE: &'static str = $article;
            const NOUN: &'static str = fixed_size_serde!(@noun $ty $noun);
            const TEXT: &'static str = $text;

            fn from_byte_string(bytes: &[u8]) -> Result<crate::$ty, crate::Error> {
                ($bytes)(bytes)
            }
        }
    )*};
    (@noun $ty:ident name) => {
        <crate::$ty as IdFormat>::NAME
    };
    (@noun $ty:ident type) => {
        stringify!($ty)
    };
}

fixed_size_serde! {
    Tid: "an" name as "a string of 13 base32-sortable characters", crate::Tid::parse_ascii;
    TimeId: "a" name as "a string: 13 base32-sortable characters, or the dashed form",
        crate::TimeId::parse_ascii;
    Uid11: "a" type as "a string of 11 Base58 characters", crate::Uid11::parse_ascii;
    Xid: "a" type as "a string of 11 Base58 characters", crate::Xid::parse_ascii;
    Snowish: "a" type as "a string of 11 Base58 characters", crate::Snowish::parse_ascii;
    TsSeqRand: "a" type as "a string of 11 Base58 characters", crate::TsSeqRand::parse_ascii;
    FullRand: "a" type as "a string of 11 Base58 characters", crate::FullRand::parse_ascii;
    // Bytes are the raw form, in either kind of format.
    Tbsl: "a" name as "a string of 20 uppercase hex characters", crate::Tbsl::try_from;
}

/// What deserializing a fixed-size format expects, and how it reads a byte string.
trait Described: FixedSizeFormat<Raw: Raw> {
    /// `a` or `an`, before the noun.
    const ARTICLE: &'static str;

    /// What the id is called in the expecting message.
    const NOUN: &'static str;

    /// What the text is, in the expecting message (after "as").
    const TEXT: &'static str;

    /// The id a byte string holds: its text, or (TBSL) its raw bytes.
    fn from_byte_string(bytes: &[u8]) -> Result<Self, crate::Error>;
}

/// The text for human-readable formats, the raw form for binary ones.
fn serialize_fixed<T: FixedSizeFormat<Raw: Raw>, S: Serializer>(
    id: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        serializer.serialize_str(&id.encode())
    } else {
        id.to_raw().serialize_raw(serializer)
    }
}

/// The text from human-readable formats, the raw form from binary ones.
fn deserialize_fixed<'de, T: Described, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    if deserializer.is_human_readable() {
        deserializer.deserialize_str(FixedVisitor::<T>::new(true))
    } else {
        T::Raw::deserialize_raw(deserializer, FixedVisitor::<T>::new(false))
    }
}

/// Reads a fixed-size format; `text`: the format is human-readable (and the id expected as
/// text), which only the expecting message tells.
struct FixedVisitor<T> {
    text: bool,
    id: PhantomData<T>,
}

impl<T: Described> FixedVisitor<T> {
    fn new(text: bool) -> Self {
        FixedVisitor {
            text,
            id: PhantomData,
        }
    }

    /// The id an integer holds, given its raw form if it is one (`what` the integer is, for
    /// the error otherwise).
    fn read_integer<E: de::Error>(self, raw: Option<T::Raw>, what: Unexpected) -> Result<T, E> {
        match raw {
            Some(raw) => T::try_from_raw(raw).map_err(E::custom),
            None if T::Raw::INTEGER => Err(E::invalid_value(what, &self)),
            None => Err(E::invalid_type(what, &self)),
        }
    }
}

impl<'de, T: Described> Visitor<'de> for FixedVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let form = if self.text {
            T::TEXT
        } else {
            T::Raw::EXPECTING
        };
        write!(f, "{} {} as {form}", T::ARTICLE, T::NOUN)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        T::from_byte_string(bytes).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        self.read_integer(T::Raw::from_u64(value), Unexpected::Unsigned(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        self.read_integer(T::Raw::from_i64(value), Unexpected::Signed(value))
    }

    /// Formats that write byte arrays as sequences of integers.
    fn visit_seq<A: de::SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        match T::Raw::from_seq(seq, &self)? {
            Some(raw) => T::try_from_raw(raw).map_err(de::Error::custom),
            None => Err(de::Error::invalid_type(Unexpected::Seq, &self)),
        }
    }
}

/// A raw form in serde's data model: an integer (`u64`, `i64`) or a byte array.
trait Raw: Sized {
    /// What the raw form is, after "as" in the expecting message.
    const EXPECTING: &'static str;

    /// Whether the raw form is an integer: an integer out of its range is then the wrong
    /// value, not the wrong type.
    const INTEGER: bool;

    fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error>;

    fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
        deserializer: D,
        visitor: V,
    ) -> Result<V::Value, D::Error>;

    /// The raw form an unsigned integer is, if any.
    fn from_u64(_: u64) -> Option<Self> {
        None
    }

    /// The raw form a signed integer is, if any.
    fn from_i64(_: i64) -> Option<Self> {
        None
    }

    /// The raw form a sequence holds, or `None` when a sequence is not one.
    fn from_seq<'de, A: de::SeqAccess<'de>>(
        _: A,
        _: &dyn de::Expected,
    ) -> Result<Option<Self>, A::Error> {
        Ok(None)
    }
}

/// The integer raw forms: `$int`, `$expecting` in messages, written by `$serialize` and read
/// by `$deserialize`; any integer in `$int`'s range is one.
macro_rules! integer_raw {
    ($($int:ty: $expecting:literal, $serialize:ident, $deserialize:ident;)*) => {$(
        impl Raw for $int {
            const EXPECTING: &'static str = $expecting;
            const INTEGER: bool = true;

            fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.$serialize(self)
            }

            fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
                deserializer: D,
                visitor: V,
            ) -> Result<V::Value, D::Error> {
                deserializer.$deserialize(visitor)
            }

            fn from_u64(value: u64) -> Option<$int> {
                <$int>::try_from(value).ok()
            }

            fn from_i64(value: i64) -> Option<$int> {
                <$int>::try_from(value).ok()
            }
        }
    )*};
}

integer_raw! {
    u64: "a u64", serialize_u64, deserialize_u64;
    i64: "an i64", serialize_i64, deserialize_i64;
}

impl Raw for [u8; 10] {
    const EXPECTING: &'static str = "10 bytes";
    const INTEGER: bool = false;

    fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self)
    }

    fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
        deserializer: D,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        deserializer.deserialize_bytes(visitor)
    }

    fn from_seq<'de, A: de::SeqAccess<'de>>(
        mut seq: A,
        expected: &dyn de::Expected,
    ) -> Result<Option<Self>, A::Error> {
        let mut bytes = [0u8; 10];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, expected))?;
        }
        if seq.next_element::<u8>()?.is_some() {
            return Err(de::Error::invalid_length(11, expected));
        }
        Ok(Some(bytes))
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use serde::Deserialize;
    use std::prelude::rust_2024::*;

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
    fn each_format_says_what_it_expects_in_either_kind_of_format() {
        use super::{Described, FixedVisitor};
        use crate::{FullRand, Snowish, Tbsl, TimeId, TsSeqRand, Uid11, Xid};

        fn expecting<T: Described>(text: bool) -> String {
            (&FixedVisitor::<T>::new(text) as &dyn serde::de::Expected).to_string()
        }
        let b58 = "as a string of 11 Base58 characters";
        let cases = [
            (
                expecting::<Tid>(true),
                "an atproto TID as a string of 13 base32-sortable characters",
            ),
            (expecting::<Tid>(false), "an atproto TID as a u64"),
            (
                expecting::<TimeId>(true),
                "a TimeId as a string: 13 base32-sortable characters, or the dashed form",
            ),
            (expecting::<TimeId>(false), "a TimeId as an i64"),
            (expecting::<Uid11>(true), &format!("a Uid11 {b58}")),
            (expecting::<Uid11>(false), "a Uid11 as a u64"),
            (expecting::<Xid>(true), &format!("a Xid {b58}")),
            (expecting::<Snowish>(false), "a Snowish as a u64"),
            (expecting::<TsSeqRand>(true), &format!("a TsSeqRand {b58}")),
            (expecting::<FullRand>(false), "a FullRand as a u64"),
            (
                expecting::<Tbsl>(true),
                "a TBSL as a string of 20 uppercase hex characters",
            ),
            (expecting::<Tbsl>(false), "a TBSL as 10 bytes"),
        ];
        for (found, expected) in cases {
            assert_eq!(found, expected);
        }
    }

    #[test]
    fn integers_out_of_range_are_the_wrong_value_and_bytes_read_as_text() {
        use crate::TimeId;
        use serde::de::{IntoDeserializer, value};

        let err = serde_json::from_str::<Tid>("-1").unwrap_err();
        assert!(err.to_string().contains("expected an atproto TID"), "{err}");
        let big: value::U64Deserializer<value::Error> = u64::MAX.into_deserializer();
        let err = TimeId::deserialize(big).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value: integer `18446744073709551615`, expected a TimeId as a string: \
             13 base32-sortable characters, or the dashed form"
        );
        let bytes: value::BytesDeserializer<value::Error> =
            value::BytesDeserializer::new(b"3jzfcijpj2z2a");
        assert_eq!(
            Tid::deserialize(bytes).unwrap(),
            Tid::from_u64(1728652679052295174)
        );
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

    use crate::{IdFormat, RecordKey};

    use crate::record_key::RecordKeyType;

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
            write!(
                f,
                "an {} (1 to {} characters of {})",
                RecordKey::NAME,
                RecordKey::MAX_LEN,
                crate::record_key::syntax::CHARSET
            )
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
                err.to_string().contains(
                    "expected an atproto record key (1 to 512 characters of A-Za-z0-9.-_~:)"
                ),
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
