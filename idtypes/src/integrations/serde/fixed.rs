//! The fixed-size formats: `Serialize`, `Deserialize` and [`SerdeId`] for each, from one row
//! of facts per format (what deserializing expects, how a byte string is read).

use core::{fmt, marker::PhantomData};

use serde::{
    Deserialize, Deserializer, Serialize, Serializer,
    de::{self, Unexpected, Visitor},
};

use super::{
    SerdeId,
    form::{self, Form},
    raw_forms::RawForm,
    sealed,
};
use crate::{FixedSizeFormat, IdFormat, typed::format::sealed::Sealed as FormatFacts};

/// serde for the fixed-size formats `$ty`: their own form (the text, or the raw form in
/// binary formats, as the format's facts say), and both forms for the adapters.
/// Deserializing expects `$article` (`a`, `an`) and the format's [`NAME`](IdFormat::NAME) (or,
/// after `type`, the type's name) as `$text` (or as the raw form); in the raw form, `$bytes`
/// reads a byte string (the text as ASCII, or the raw bytes).
macro_rules! fixed_size_serde {
    ($($ty:ident: $article:literal $noun:ident as $text:literal, $bytes:expr;)*) => {$(
        impl Serialize for crate::$ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                form::Default::serialize(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for crate::$ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::$ty, D::Error> {
                form::Default::deserialize(deserializer)
            }
        }

        impl sealed::Sealed for crate::$ty {}

        impl SerdeId for crate::$ty {
            const TEXT_IN_BINARY: bool = <crate::$ty as FormatFacts>::SERDE_TEXT;

            #[inline]
            fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.encode())
            }

            #[inline]
            fn serialize_raw<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_raw(self, serializer)
            }

            fn deserialize_text<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<crate::$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }

            fn deserialize_raw<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<crate::$ty, D::Error> {
                deserialize_raw(deserializer)
            }
        }

        impl Described for crate::$ty {
            const ARTICLE: &'static str = $article;
            const NOUN: &'static str = fixed_size_serde!(@noun $ty $noun);
            const TEXT: &'static str = $text;

            fn from_ascii(text: &[u8]) -> Result<crate::$ty, crate::Error> {
                crate::$ty::parse_ascii(text)
            }

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
    // In the raw form, bytes are a TBSL's raw bytes.
    Tbsl: "a" name as "a string of 20 uppercase hex characters", crate::Tbsl::try_from;
}

/// What deserializing a fixed-size format expects, and how it reads byte strings.
trait Described: FixedSizeFormat<Raw: RawForm> {
    /// `a` or `an`, before the noun.
    const ARTICLE: &'static str;

    /// What the id is called in the expecting message.
    const NOUN: &'static str;

    /// What the text is, in the expecting message (after "as").
    const TEXT: &'static str;

    /// The id a byte string of ASCII text spells.
    fn from_ascii(text: &[u8]) -> Result<Self, crate::Error>;

    /// The id a byte string holds in the raw form: its text, or (TBSL) its raw bytes.
    fn from_byte_string(bytes: &[u8]) -> Result<Self, crate::Error>;
}

/// The raw form for binary formats, the text for human-readable ones.
#[inline]
fn serialize_raw<T: Described + SerdeId, S: Serializer>(
    id: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        id.serialize_text(serializer)
    } else {
        id.to_raw().serialize_raw(serializer)
    }
}

/// What [`serialize_raw`] wrote.
fn deserialize_raw<'de, T: Described + SerdeId, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    if deserializer.is_human_readable() {
        T::deserialize_text(deserializer)
    } else {
        T::Raw::deserialize_raw(deserializer, RawVisitor(PhantomData))
    }
}

/// Reads the text: a string, or the ASCII bytes of one.
struct TextVisitor<T>(PhantomData<T>);

impl<T: Described> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} as {}", T::ARTICLE, T::NOUN, T::TEXT)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }

    fn visit_bytes<E: de::Error>(self, text: &[u8]) -> Result<T, E> {
        T::from_ascii(text).map_err(E::custom)
    }
}

/// Reads the raw form (an integer, a byte string or a sequence of bytes) or, where a
/// self-describing format offers one, the text.
struct RawVisitor<T>(PhantomData<T>);

impl<T: Described> RawVisitor<T> {
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

impl<'de, T: Described> Visitor<'de> for RawVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} as {}", T::ARTICLE, T::NOUN, T::Raw::EXPECTING)
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
    fn each_format_says_what_it_expects_in_either_form() {
        use super::{Described, RawVisitor, TextVisitor};
        use crate::{FullRand, Snowish, Tbsl, TimeId, TsSeqRand, Uid11, Xid};
        use core::marker::PhantomData;

        fn text<T: Described>() -> String {
            (&TextVisitor::<T>(PhantomData) as &dyn serde::de::Expected).to_string()
        }
        fn raw<T: Described>() -> String {
            (&RawVisitor::<T>(PhantomData) as &dyn serde::de::Expected).to_string()
        }
        let b58 = "as a string of 11 Base58 characters";
        let cases = [
            (
                text::<Tid>(),
                "an atproto TID as a string of 13 base32-sortable characters",
            ),
            (raw::<Tid>(), "an atproto TID as a u64"),
            (
                text::<TimeId>(),
                "a TimeId as a string: 13 base32-sortable characters, or the dashed form",
            ),
            (raw::<TimeId>(), "a TimeId as an i64"),
            (text::<Uid11>(), &format!("a Uid11 {b58}")),
            (raw::<Uid11>(), "a Uid11 as a u64"),
            (text::<Xid>(), &format!("a Xid {b58}")),
            (raw::<Snowish>(), "a Snowish as a u64"),
            (text::<TsSeqRand>(), &format!("a TsSeqRand {b58}")),
            (raw::<FullRand>(), "a FullRand as a u64"),
            (
                text::<Tbsl>(),
                "a TBSL as a string of 20 uppercase hex characters",
            ),
            (raw::<Tbsl>(), "a TBSL as 10 bytes"),
        ];
        for (found, expected) in cases {
            assert_eq!(found, expected);
        }
    }

    #[test]
    fn the_text_is_a_string_and_never_an_integer() {
        use crate::TimeId;
        use serde::de::{IntoDeserializer, value};

        let err = serde_json::from_str::<Tid>("-1").unwrap_err();
        assert!(err.to_string().contains("expected an atproto TID"), "{err}");
        // serde's value deserializers are human-readable: the text is expected.
        let big: value::U64Deserializer<value::Error> = u64::MAX.into_deserializer();
        let err = TimeId::deserialize(big).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid type: integer `18446744073709551615`, expected a TimeId as a string: \
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
    fn a_tid_is_its_text_in_postcard_and_its_u64_only_when_asked() {
        let tid = Tid::from_u64(1728652679052295174);
        let bytes = postcard::to_allocvec(&tid).unwrap();
        assert_eq!(bytes, b"\x0d3jzfcijpj2z2a");
        assert_eq!(postcard::from_bytes::<Tid>(&bytes).unwrap(), tid);

        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct Raw(#[serde(with = "crate::serde::raw")] Tid);
        let raw = postcard::to_allocvec(&Raw(tid)).unwrap();
        assert_eq!(raw, postcard::to_allocvec(&tid.to_u64()).unwrap());
        assert_eq!(postcard::from_bytes::<Raw>(&raw).unwrap(), Raw(tid));
        // Neither form reads as the other's id: postcard cannot tell them apart.
        assert_ne!(postcard::from_bytes::<Raw>(&bytes).ok(), Some(Raw(tid)));
        assert_ne!(postcard::from_bytes::<Tid>(&raw).ok(), Some(tid));
    }
}
