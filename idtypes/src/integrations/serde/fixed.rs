//! The fixed-size formats: `Serialize`, `Deserialize` and [`SerdeId`] for each, written once
//! for every row of the table of formats (`formats/`): what deserializing expects comes from
//! the format's name, article and text (its [`TextSchema`](crate::text::schema::TextSchema)'s
//! `words`), and its raw form from its [`FixedSizeFormat::Raw`].

use core::{fmt, marker::PhantomData};

use serde::{
    Deserializer, Serializer,
    de::{self, Unexpected, Visitor},
};

use super::{SerdeId, raw_forms::RawForm};
use crate::{FixedSizeFormat, IdFormat, typed::format::sealed::Sealed as Facts};

/// serde for the fixed-size format `$ty`: its own form (the text, or the raw form in binary
/// formats, as its row says), and both forms for the adapters.
macro_rules! fixed_size_serde {
    ($ty:ident) => {
        impl ::serde::Serialize for crate::$ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <super::form::Default as super::form::Form>::serialize(self, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for crate::$ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::$ty, D::Error> {
                <super::form::Default as super::form::Form>::deserialize(deserializer)
            }
        }

        serde_id!($ty);
    };
}

/// [`SerdeId`] (the adapters, and typed ids over the format) for the fixed-size format `$ty`.
macro_rules! serde_id {
    ($ty:ident) => {
        impl super::sealed::Sealed for crate::$ty {}

        impl SerdeId for crate::$ty {
            const TEXT_IN_BINARY: bool = <crate::$ty as Facts>::SERDE_TEXT;

            #[inline]
            fn serialize_text<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&IdFormat::encode(self))
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
    };
}

crate::formats::for_each_fixed_format!(fixed_size_serde);

// A `Uuid` has the `uuid` crate's own serde; typed ids over it (and the adapters) get this
// crate's: the TypeID text, and its 16 bytes in binary formats.
#[cfg(feature = "uuid")]
serde_id!(Uuid);

/// A fixed-size format, as serde reads and writes it.
trait Fixed: FixedSizeFormat<Raw: RawForm> + Facts + SerdeId {}

impl<T: FixedSizeFormat<Raw: RawForm> + Facts + SerdeId> Fixed for T {}

/// The raw form for binary formats, the text for human-readable ones.
#[inline]
fn serialize_raw<T: Fixed, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
    if serializer.is_human_readable() {
        id.serialize_text(serializer)
    } else {
        id.to_raw().serialize_raw(serializer)
    }
}

/// What [`serialize_raw`] wrote.
fn deserialize_raw<'de, T: Fixed, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    if deserializer.is_human_readable() {
        T::deserialize_text(deserializer)
    } else {
        T::Raw::deserialize_raw(deserializer, RawVisitor(PhantomData))
    }
}

/// Reads the text: a string, or the ASCII bytes of one.
struct TextVisitor<T>(PhantomData<T>);

impl<T: Fixed> Visitor<'_> for TextVisitor<T> {
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

/// Reads the raw form (an integer, a byte string or a sequence of bytes) or, where a
/// self-describing format offers one, the text.
struct RawVisitor<T>(PhantomData<T>);

impl<T: Fixed> RawVisitor<T> {
    /// The id an integer holds, given its raw form if it is one (`what` the integer is, for
    /// the error otherwise).
    fn read_integer<E: de::Error>(self, raw: Option<T::Raw>, what: Unexpected) -> Result<T, E> {
        match raw {
            Some(raw) => T::try_from_raw(raw).map_err(super::refused),
            None if T::Raw::INTEGER => Err(E::invalid_value(what, &self)),
            None => Err(E::invalid_type(what, &self)),
        }
    }
}

impl<'de, T: Fixed> Visitor<'de> for RawVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} as ", T::ARTICLE, T::NAME)?;
        T::Raw::expecting(f)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::parse_text(text).map_err(super::refused)
    }

    /// A byte string: the raw bytes where the raw form is bytes, else the ASCII text.
    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<T, E> {
        T::Raw::from_byte_string::<T>(bytes).map_err(super::refused)
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
            Some(raw) => T::try_from_raw(raw).map_err(super::refused),
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
                .contains("invalid atproto TID: expected 13 bytes, found 4 bytes"),
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
        use crate::{Snowish, Uid11, Uid11Xid};
        let id = Uid11::from_u64(u64::MAX);
        assert_eq!(serde_json::to_string(&id).unwrap(), r#""jpXCZedGfVQ""#);
        assert_eq!(
            serde_json::from_str::<Uid11>(r#""jpXCZedGfVQ""#).unwrap(),
            id
        );
        assert!(serde_json::from_str::<Uid11>(r#""jpXCZedGfVR""#).is_err());
        let xid = Uid11Xid::from_u64(4194304);
        assert_eq!(serde_json::to_string(&xid).unwrap(), r#""1111111NVpb""#);
        let mut buf = [0u8; 16];
        let bytes = postcard::to_slice(&xid, &mut buf).unwrap().to_vec();
        assert_eq!(postcard::from_bytes::<Uid11Xid>(&bytes).unwrap(), xid);
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
        use super::{Fixed, RawVisitor, TextVisitor};
        use crate::{FullRand, Snowish, Tbsl, TimeId, TsSeqRand, Uid11, Uid11Xid};
        use core::marker::PhantomData;

        fn text<T: Fixed>() -> String {
            (&TextVisitor::<T>(PhantomData) as &dyn serde::de::Expected).to_string()
        }
        fn raw<T: Fixed>() -> String {
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
                "a TimeId as a string of 13 base32-sortable characters, or the dashed form",
            ),
            (raw::<TimeId>(), "a TimeId as an i64"),
            (text::<Uid11>(), &format!("a uid11 {b58}")),
            (raw::<Uid11>(), "a uid11 as a u64"),
            (text::<Uid11Xid>(), &format!("a uid11 xid {b58}")),
            (raw::<Snowish>(), "a snowish uid11 as a u64"),
            (text::<TsSeqRand>(), &format!("a ts-seq-rand uid11 {b58}")),
            (raw::<FullRand>(), "a fullrand uid11 as a u64"),
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
            "invalid type: integer `18446744073709551615`, expected a TimeId as a string of \
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
