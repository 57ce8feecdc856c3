//! Every id type and typed id, under its own serde and under each adapter (`text`, `raw` and
//! their `option` modules), through JSON, postcard, bincode (both layouts) and DAG-CBOR: what
//! each writes is exactly the text or the raw form the serde docs' table says, and it reads
//! back to the same id.

use std::fmt::{Debug, Display};

use idtypes::{
    FixedSizeFormat, FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11,
    Uid11Xid, Ulid, serde::SerdeId,
};
use idtypes_tests::typed::{
    ChatId, EventId, FileId, JobId, MsgId, NoteKey, OrderId, PaymentId, PostId, TokenId, TxnId,
};
use serde::{Deserialize, Serialize, Serializer, de::DeserializeOwned};

/// A TimeId typed id that writes its text in binary formats.
#[derive(TimeId)]
#[idtype(prefix = "evt", serde = "text")]
pub struct TextEventId(TimeId);

/// A TID typed id that writes its inner `u64` in binary formats.
#[derive(Tid)]
#[idtype(prefix = "post", serde = "raw")]
pub struct RawPostId(Tid);

/// A record key typed id whose raw form is the bare key, without its prefix.
#[derive(RecordKey)]
#[idtype(prefix = "note", serde = "raw")]
pub struct RawNoteKey(RecordKey);

/// What a raw form is in serde's data model, written with the same serializer calls the ids
/// make: the expected bytes of the raw form in each format.
enum RawValue {
    U64(u64),
    I64(i64),
    Bytes([u8; 10]),
    Bytes16([u8; 16]),
    Text(String),
    Bytes20([u8; 20]),
    Bytes12([u8; 12]),
}

impl Serialize for RawValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RawValue::U64(value) => serializer.serialize_u64(*value),
            RawValue::I64(value) => serializer.serialize_i64(*value),
            RawValue::Bytes(bytes) => serializer.serialize_bytes(bytes),
            RawValue::Bytes16(bytes) => serializer.serialize_bytes(bytes),
            RawValue::Text(text) => serializer.serialize_str(text),
            RawValue::Bytes20(bytes) => serializer.serialize_bytes(bytes),
            RawValue::Bytes12(bytes) => serializer.serialize_bytes(bytes),
        }
    }
}

/// The raw forms of the inner ids.
trait Raw {
    fn raw(&self) -> RawValue;
}

macro_rules! raw_integer {
    ($($ty:ty => $variant:ident),*) => {$(
        impl Raw for $ty {
            fn raw(&self) -> RawValue {
                RawValue::$variant(self.to_raw())
            }
        }
    )*};
}

raw_integer!(Tid => U64, TimeId => I64, Uid11 => U64, Uid11Xid => U64, Snowish => U64,
    TsSeqRand => U64, FullRand => U64, Snowflake => U64, idtypes::Sonyflake => U64);

impl Raw for Tbsl {
    fn raw(&self) -> RawValue {
        RawValue::Bytes(self.to_bytes())
    }
}

impl Raw for Ulid {
    fn raw(&self) -> RawValue {
        RawValue::Bytes16(self.to_bytes())
    }
}

impl Raw for idtypes::Ksuid {
    fn raw(&self) -> RawValue {
        RawValue::Bytes20(self.to_bytes())
    }
}

impl Raw for idtypes::RsXid {
    fn raw(&self) -> RawValue {
        RawValue::Bytes12(self.to_bytes())
    }
}

impl Raw for idtypes::ObjectId {
    fn raw(&self) -> RawValue {
        RawValue::Bytes12(self.to_bytes())
    }
}

impl Raw for RecordKey {
    fn raw(&self) -> RawValue {
        RawValue::Text(self.as_str().to_owned())
    }
}

/// A NanoID's raw form is its text.
impl<A: idtypes::nanoid::NanoAlphabet, const LEN: usize> Raw for idtypes::NanoId<A, LEN> {
    fn raw(&self) -> RawValue {
        RawValue::Text(self.as_str().to_owned())
    }
}

/// A CUID2's raw form is its text.
impl Raw for idtypes::Cuid2 {
    fn raw(&self) -> RawValue {
        RawValue::Text(self.as_str().to_owned())
    }
}

/// The value itself, with its own serde.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(bound = "T: Serialize + DeserializeOwned")]
struct Own<T>(T);

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct Text<T>(#[serde(with = "idtypes::serde::text")] T);

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct RawForm<T>(#[serde(with = "idtypes::serde::raw")] T);

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct TextOption<T>(#[serde(with = "idtypes::serde::text::option")] Option<T>);

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct RawOption<T>(#[serde(with = "idtypes::serde::raw::option")] Option<T>);

/// A format: a name, and how to write and read.
struct Format {
    name: &'static str,
    binary: bool,
    encode: fn(&dyn erased::Value) -> Vec<u8>,
}

/// Object-safe serialization, so that one list of formats serves every value type.
mod erased {
    pub trait Value {
        fn json(&self) -> Vec<u8>;
        fn postcard(&self) -> Vec<u8>;
        fn bincode(&self) -> Vec<u8>;
        fn bincode_legacy(&self) -> Vec<u8>;
        fn dagcbor(&self) -> Vec<u8>;
    }

    impl<T: serde::Serialize> Value for T {
        fn json(&self) -> Vec<u8> {
            serde_json::to_vec(self).unwrap()
        }
        fn postcard(&self) -> Vec<u8> {
            postcard::to_allocvec(self).unwrap()
        }
        fn bincode(&self) -> Vec<u8> {
            bincode::serde::encode_to_vec(self, bincode::config::standard()).unwrap()
        }
        fn bincode_legacy(&self) -> Vec<u8> {
            bincode::serde::encode_to_vec(self, bincode::config::legacy()).unwrap()
        }
        fn dagcbor(&self) -> Vec<u8> {
            serde_ipld_dagcbor::to_vec(self).unwrap()
        }
    }
}

const FORMATS: [Format; 5] = [
    Format {
        name: "JSON",
        binary: false,
        encode: |value| value.json(),
    },
    Format {
        name: "postcard",
        binary: true,
        encode: |value| value.postcard(),
    },
    Format {
        name: "bincode",
        binary: true,
        encode: |value| value.bincode(),
    },
    Format {
        name: "bincode legacy",
        binary: true,
        encode: |value| value.bincode_legacy(),
    },
    Format {
        name: "DAG-CBOR",
        binary: true,
        encode: |value| value.dagcbor(),
    },
];

/// `bytes` of `format` read back as a `V`.
fn decode<V: DeserializeOwned>(format: &str, bytes: &[u8]) -> V {
    match format {
        "JSON" => serde_json::from_slice(bytes).unwrap(),
        "postcard" => postcard::from_bytes(bytes).unwrap(),
        "bincode" => {
            let (value, read) =
                bincode::serde::decode_from_slice(bytes, bincode::config::standard()).unwrap();
            assert_eq!(read, bytes.len());
            value
        }
        "bincode legacy" => {
            let (value, read) =
                bincode::serde::decode_from_slice(bytes, bincode::config::legacy()).unwrap();
            assert_eq!(read, bytes.len());
            value
        }
        "DAG-CBOR" => serde_ipld_dagcbor::from_slice(bytes).unwrap(),
        other => unreachable!("{other}"),
    }
}

/// Checks one id under its own serde and every adapter, in every format.
fn check<T>(id: T)
where
    T: SerdeId + Serialize + DeserializeOwned + PartialEq + Debug + Display + Clone + 'static,
{
    let text = id.to_string();
    let raw = raw_of(&id);
    for format in &FORMATS {
        let name = format.name;
        let encode = |value: &dyn erased::Value| (format.encode)(value);
        // The text: in every format under `text`; in JSON always.
        let expected_text = encode(&text);
        let expected_raw = if format.binary {
            encode(&raw)
        } else {
            expected_text.clone()
        };
        let expected_own = if T::TEXT_IN_BINARY {
            &expected_text
        } else {
            &expected_raw
        };

        let own = encode(&Own(id.clone()));
        assert_eq!(&own, expected_own, "{text}: own form in {name}");
        assert_eq!(decode::<Own<T>>(name, &own).0, id, "{text} in {name}");

        let written = encode(&Text(id.clone()));
        assert_eq!(written, expected_text, "{text}: text in {name}");
        assert_eq!(decode::<Text<T>>(name, &written).0, id, "{text} in {name}");

        let written = encode(&RawForm(id.clone()));
        assert_eq!(written, expected_raw, "{text}: raw form in {name}");
        assert_eq!(
            decode::<RawForm<T>>(name, &written).0,
            id,
            "{text} in {name}"
        );

        for value in [Some(id.clone()), None] {
            let written = encode(&TextOption(value.clone()));
            assert_eq!(written, encode(&value.as_ref().map(|_| &text)), "{name}");
            assert_eq!(decode::<TextOption<T>>(name, &written).0, value, "{name}");
            let written = encode(&RawOption(value.clone()));
            let expected = if format.binary {
                encode(&value.as_ref().map(|_| &raw))
            } else {
                encode(&value.as_ref().map(|_| &text))
            };
            assert_eq!(written, expected, "{name}");
            assert_eq!(decode::<RawOption<T>>(name, &written).0, value, "{name}");
        }
    }
}

/// The raw form of an id, or of a typed id's inner id.
fn raw_of<T: SerdeId + Display + 'static>(id: &T) -> RawValue {
    let any: &dyn std::any::Any = id;
    macro_rules! try_types {
        ($($ty:ty),*) => {$(
            if let Some(id) = any.downcast_ref::<$ty>() {
                return id.raw();
            }
        )*};
    }
    try_types!(
        Tid,
        TimeId,
        Uid11,
        Uid11Xid,
        Snowish,
        TsSeqRand,
        FullRand,
        Tbsl,
        Ulid,
        RecordKey,
        Snowflake,
        idtypes::Ksuid,
        idtypes::Sonyflake,
        idtypes::RsXid,
        idtypes::ObjectId
    );
    try_types!(idtypes::NanoId, idtypes::NanoId<idtypes::nanoid::Lowercase, 16>);
    try_types!(idtypes::Cuid2);
    macro_rules! try_typed {
        ($($ty:ty),*) => {$(
            if let Some(id) = any.downcast_ref::<$ty>() {
                return id.as_inner().raw();
            }
        )*};
    }
    try_typed!(
        PostId,
        EventId,
        FileId,
        OrderId,
        JobId,
        MsgId,
        TokenId,
        ChatId,
        TxnId,
        PaymentId,
        NoteKey,
        TextEventId,
        RawPostId,
        RawNoteKey,
        idtypes_tests::typed::TraceId,
        idtypes_tests::typed::BatchId,
        idtypes_tests::typed::RequestId,
        idtypes_tests::typed::MongoOrderId
    );
    panic!("no raw form for {id}")
}

#[test]
fn every_format_writes_what_the_table_says_and_reads_it_back() {
    check(Tid::MIN);
    check(Tid::MAX);
    check("3jzfcijpj2z2a".parse::<Tid>().unwrap());
    check(TimeId::MIN);
    check(TimeId::MAX);
    check("3kxnlhr3gxq23".parse::<TimeId>().unwrap());
    check(Uid11::MAX);
    check(Uid11Xid::from_u64(300));
    check(Snowish::MAX);
    check(TsSeqRand::MAX);
    check(FullRand::MAX);
    check(Snowflake::MIN);
    check(Snowflake::MAX);
    check(Tbsl::MIN);
    check(Tbsl::MAX);
    check(Ulid::MIN);
    check(Ulid::MAX);
    check("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse::<Ulid>().unwrap());
    check(RecordKey::SELF);
    check(RecordKey::parse(&"k".repeat(512)).unwrap());
    check(idtypes::Ksuid::MIN);
    check(idtypes::Ksuid::MAX);
    check(
        "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
            .parse::<idtypes::Ksuid>()
            .unwrap(),
    );
    check(idtypes::Sonyflake::MIN);
    check(idtypes::Sonyflake::MAX);
    check(idtypes::RsXid::MIN);
    check(idtypes::RsXid::MAX);
    check("9m4e2mr0ui3e8a215n4g".parse::<idtypes::RsXid>().unwrap());
    check(idtypes::ObjectId::MIN);
    check(idtypes::ObjectId::MAX);
    check(
        "64b7f0a1c2d3e4f5a6b7c8d9"
            .parse::<idtypes::ObjectId>()
            .unwrap(),
    );
    check("V1StGXR8_Z5jdHi6B-myT".parse::<idtypes::NanoId>().unwrap());
    check(
        "qzvbwxmtrjkaplsn"
            .parse::<idtypes::NanoId<idtypes::nanoid::Lowercase, 16>>()
            .unwrap(),
    );
    check(
        "tz4a98xxat96iws9zmbrgj3a"
            .parse::<idtypes::Cuid2>()
            .unwrap(),
    );
    check("a0".parse::<idtypes::Cuid2>().unwrap());
    check("z".repeat(32).parse::<idtypes::Cuid2>().unwrap());
}

#[test]
fn every_typed_id_writes_what_the_table_says_and_reads_it_back() {
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let time_id: TimeId = "3kxnlhr3gxq23".parse().unwrap();
    check(PostId::from_inner(tid));
    check(EventId::from_inner(time_id));
    check(FileId::from_inner(Uid11::MAX));
    check(OrderId::from_inner(Uid11Xid::from_u64(300)));
    check(JobId::from_inner(Snowish::MAX));
    check(MsgId::from_inner(TsSeqRand::MAX));
    check(TokenId::from_inner(FullRand::MAX));
    check(ChatId::from_inner(Snowflake::from_u64(175928847299117063)));
    check(idtypes_tests::typed::BatchId::from_inner(
        idtypes::Sonyflake::from_u64(578547906324398081),
    ));
    check(TxnId::from_inner(Tbsl::MAX));
    check(PaymentId::from_inner(Ulid::MAX));
    check(NoteKey::from_inner(RecordKey::SELF));
    check(TextEventId::from_inner(time_id));
    check(RawPostId::from_inner(tid));
    check(RawNoteKey::from_inner(RecordKey::SELF));
    check(idtypes_tests::typed::TraceId::from_inner(
        idtypes::Ksuid::MAX,
    ));
    check(idtypes_tests::typed::RequestId::from_inner(
        idtypes::RsXid::MAX,
    ));
    check(idtypes_tests::typed::MongoOrderId::from_inner(
        idtypes::ObjectId::MAX,
    ));
}

#[test]
fn the_serde_attribute_chooses_a_typed_ids_form_in_binary_formats() {
    let text = [
        EventId::TEXT_IN_BINARY,
        TextEventId::TEXT_IN_BINARY,
        PostId::TEXT_IN_BINARY,
        RawPostId::TEXT_IN_BINARY,
        NoteKey::TEXT_IN_BINARY,
        RawNoteKey::TEXT_IN_BINARY,
    ];
    assert_eq!(text, [false, true, true, false, true, false]);
    let time_id: TimeId = "3kxnlhr3gxq23".parse().unwrap();
    assert_eq!(
        postcard::to_allocvec(&TextEventId::from_inner(time_id)).unwrap(),
        b"\x11evt_3kxnlhr3gxq23"
    );
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(
        postcard::to_allocvec(&RawPostId::from_inner(tid)).unwrap(),
        postcard::to_allocvec(&tid.to_u64()).unwrap()
    );
    assert_eq!(
        postcard::to_allocvec(&RawNoteKey::from_inner(RecordKey::SELF)).unwrap(),
        b"\x04self"
    );
}
