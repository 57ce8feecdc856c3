//! atproto data, byte for byte: a record holding TIDs, record keys and typed ids over them is
//! written in DAG-CBOR (serde_ipld_dagcbor, the crate the Rust atproto projects use) exactly as
//! the same record holding `String`s, so its CID is the one every implementation computes; and
//! what any string-backed implementation writes reads back into our types.

use std::collections::BTreeMap;

use idtypes::{RecordKey, Tid, TimeId, serde::SerdeId};
use idtypes_tests::typed::PostId;
use ipld_core::ipld::Ipld;
use serde::{Deserialize, Serialize};

/// A TID as atproto writes it: a typed id without a prefix, whose text is the bare TID.
#[derive(Tid)]
pub struct Rev(Tid);

/// A record key that must be a TID (Lexicon `"key": "tid"`).
#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// A TimeId that chose text in binary formats too.
#[derive(TimeId)]
#[idtype(prefix = "evt", serde = "text")]
pub struct TextEventId(TimeId);

/// A record with every kind of atproto id field, as this crate types it.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Typed {
    #[serde(rename = "$type")]
    kind: String,
    rev: Tid,
    bare: Rev,
    prefixed: PostId,
    key: RecordKey,
    post_key: PostKey,
    event: TextEventId,
    reply: Option<Tid>,
    root: Option<Rev>,
    none: Option<Tid>,
    revs: Vec<Tid>,
    keys: Vec<RecordKey>,
    by_rev: BTreeMap<Tid, u32>,
    by_post: BTreeMap<PostId, String>,
    by_key: BTreeMap<PostKey, bool>,
    by_event: BTreeMap<TextEventId, u8>,
}

/// The same record as string-backed implementations type it (atrium's and jacquard's `Tid`
/// are `serde(transparent)` strings).
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Strings {
    #[serde(rename = "$type")]
    kind: String,
    rev: String,
    bare: String,
    prefixed: String,
    key: String,
    post_key: String,
    event: String,
    reply: Option<String>,
    root: Option<String>,
    none: Option<String>,
    revs: Vec<String>,
    keys: Vec<String>,
    by_rev: BTreeMap<String, u32>,
    by_post: BTreeMap<String, String>,
    by_key: BTreeMap<String, bool>,
    by_event: BTreeMap<String, u8>,
}

fn tid(text: &str) -> Tid {
    text.parse().unwrap()
}

fn typed() -> Typed {
    let (a, b, c) = (
        tid("3jzfcijpj2z2a"),
        tid("3kxnlhr3gxq23"),
        tid("2222222222223"),
    );
    Typed {
        kind: "app.example.record".into(),
        rev: a,
        bare: Rev::from_inner(b),
        prefixed: PostId::from_inner(c),
        key: RecordKey::parse("pre:fix").unwrap(),
        post_key: "3jzfcijpj2z2a".parse().unwrap(),
        event: "evt_3kxnlhr3gxq23".parse().unwrap(),
        reply: Some(b),
        root: Some(Rev::from_inner(a)),
        none: None,
        revs: vec![c, a, b, Tid::MAX],
        keys: vec![RecordKey::SELF, RecordKey::parse("lang:").unwrap()],
        by_rev: [(a, 1), (b, 2), (Tid::MIN, 3)].into(),
        by_post: [(PostId::from_inner(a), "first".into())].into(),
        by_key: [("3kxnlhr3gxq23".parse().unwrap(), true)].into(),
        by_event: [("evt_3jzfcijpj2z2a".parse().unwrap(), 9)].into(),
    }
}

fn strings() -> Strings {
    let s = |text: &str| text.to_owned();
    Strings {
        kind: s("app.example.record"),
        rev: s("3jzfcijpj2z2a"),
        bare: s("3kxnlhr3gxq23"),
        prefixed: s("post_2222222222223"),
        key: s("pre:fix"),
        post_key: s("3jzfcijpj2z2a"),
        event: s("evt_3kxnlhr3gxq23"),
        reply: Some(s("3kxnlhr3gxq23")),
        root: Some(s("3jzfcijpj2z2a")),
        none: None,
        revs: [
            "2222222222223",
            "3jzfcijpj2z2a",
            "3kxnlhr3gxq23",
            "jzzzzzzzzzzzz",
        ]
        .map(s)
        .into(),
        keys: ["self", "lang:"].map(s).into(),
        by_rev: [
            (s("3jzfcijpj2z2a"), 1),
            (s("3kxnlhr3gxq23"), 2),
            (s("2222222222222"), 3),
        ]
        .into(),
        by_post: [(s("post_3jzfcijpj2z2a"), s("first"))].into(),
        by_key: [(s("3kxnlhr3gxq23"), true)].into(),
        by_event: [(s("evt_3jzfcijpj2z2a"), 9)].into(),
    }
}

#[test]
fn a_record_of_ids_is_written_byte_for_byte_as_the_record_of_strings() {
    let ours = serde_ipld_dagcbor::to_vec(&typed()).unwrap();
    let theirs = serde_ipld_dagcbor::to_vec(&strings()).unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn a_record_of_strings_reads_into_the_record_of_ids() {
    let theirs = serde_ipld_dagcbor::to_vec(&strings()).unwrap();
    assert_eq!(
        serde_ipld_dagcbor::from_slice::<Typed>(&theirs).unwrap(),
        typed()
    );
    // From a reader too, where the decoder hands over owned strings.
    assert_eq!(
        serde_ipld_dagcbor::from_reader::<Typed, _>(&theirs[..]).unwrap(),
        typed()
    );
}

#[test]
fn a_record_of_ids_is_valid_dag_cbor_with_string_keys() {
    let ours = serde_ipld_dagcbor::to_vec(&typed()).unwrap();
    // The data model decoder refuses non-string map keys and non-canonical encodings.
    let ipld: Ipld = serde_ipld_dagcbor::from_slice(&ours).unwrap();
    let Ipld::Map(record) = &ipld else {
        panic!("a record is a map: {ipld:?}")
    };
    assert_eq!(record["rev"], Ipld::String("3jzfcijpj2z2a".into()));
    assert_eq!(
        record["prefixed"],
        Ipld::String("post_2222222222223".into())
    );
    let Ipld::Map(by_rev) = &record["by_rev"] else {
        panic!("by_rev is a map")
    };
    assert!(by_rev.contains_key("3jzfcijpj2z2a"));
    // And it encodes back to the same bytes.
    assert_eq!(serde_ipld_dagcbor::to_vec(&ipld).unwrap(), ours);
}

#[test]
fn a_tid_is_a_cbor_text_string_of_thirteen_bytes() {
    let bytes = serde_ipld_dagcbor::to_vec(&tid("3jzfcijpj2z2a")).unwrap();
    assert_eq!(bytes, b"\x6d3jzfcijpj2z2a");
    let bytes = serde_ipld_dagcbor::to_vec(&PostId::from_inner(tid("3jzfcijpj2z2a"))).unwrap();
    assert_eq!(bytes, b"\x72post_3jzfcijpj2z2a");
}

#[test]
fn an_integer_where_a_tid_belongs_is_refused() {
    // What earlier releases wrote: the `u64` (`1b 17fd6873eaf07c06`). Not atproto data.
    let integer = serde_ipld_dagcbor::to_vec(&1728652679052295174u64).unwrap();
    assert_eq!(integer, b"\x1b\x17\xfd\x68\x73\xea\xf0\x7c\x06");
    assert!(serde_ipld_dagcbor::from_slice::<Tid>(&integer).is_err());
    assert!(serde_ipld_dagcbor::from_slice::<Rev>(&integer).is_err());
    // Read on purpose, it is the raw form.
    #[derive(Deserialize)]
    struct Legacy(#[serde(with = "idtypes::serde::raw")] Tid);
    let Legacy(old) = serde_ipld_dagcbor::from_slice(&integer).unwrap();
    assert_eq!(old, tid("3jzfcijpj2z2a"));
}

#[test]
fn text_that_is_not_a_tid_is_refused_with_the_parse_message() {
    let bytes = serde_ipld_dagcbor::to_vec("3jzfcijpj2z2").unwrap();
    let err = serde_ipld_dagcbor::from_slice::<Tid>(&bytes).unwrap_err();
    assert!(
        err.to_string()
            .contains("invalid atproto TID: expected 13 bytes, found 12 bytes"),
        "{err}"
    );
    let bytes = serde_ipld_dagcbor::to_vec("self").unwrap();
    assert!(serde_ipld_dagcbor::from_slice::<PostKey>(&bytes).is_err());
}

#[test]
fn a_tid_reads_what_a_string_reads_and_no_more() {
    let cases = [
        serde_ipld_dagcbor::to_vec("3jzfcijpj2z2a").unwrap(),
        // A byte string (major type 2): serde_ipld_dagcbor 0.6 hands it to a `String` too.
        serde_ipld_dagcbor::to_vec(&Ipld::Bytes(b"3jzfcijpj2z2a".to_vec())).unwrap(),
        serde_ipld_dagcbor::to_vec(&1728652679052295174u64).unwrap(),
        serde_ipld_dagcbor::to_vec(&Ipld::List(vec![])).unwrap(),
        serde_ipld_dagcbor::to_vec(&Ipld::Null).unwrap(),
    ];
    for bytes in cases {
        let string = serde_ipld_dagcbor::from_slice::<String>(&bytes).ok();
        let id = serde_ipld_dagcbor::from_slice::<Tid>(&bytes).ok();
        assert_eq!(id.map(|id| id.to_string()), string, "{bytes:x?}");
    }
}

#[test]
fn the_atproto_ids_write_text_in_binary_formats() {
    let text = [
        Tid::TEXT_IN_BINARY,
        Rev::TEXT_IN_BINARY,
        PostId::TEXT_IN_BINARY,
        RecordKey::TEXT_IN_BINARY,
        PostKey::TEXT_IN_BINARY,
        TimeId::TEXT_IN_BINARY,
        TextEventId::TEXT_IN_BINARY,
    ];
    assert_eq!(text, [true, true, true, true, true, false, true]);
}
