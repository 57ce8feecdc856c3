//! idtypes beside the string-backed atproto types of atrium-api and jacquard-common: each reads
//! what the other writes, in DAG-CBOR (serde_ipld_dagcbor) and JSON, and records holding either
//! are the same bytes.
//!
//! Run with `cargo test --manifest-path benches-peers/Cargo.toml`.

use std::collections::BTreeMap;

use idtypes::{RecordKey, Tid};
use serde::{Deserialize, Serialize};

type AtriumTid = atrium_api::types::string::Tid;
type AtriumKey = atrium_api::types::string::RecordKey;
type JacquardTid = jacquard_common::types::tid::Tid;
type JacquardKey =
    jacquard_common::types::recordkey::RecordKey<jacquard_common::types::recordkey::Rkey>;

/// The valid lines of an atproto interop vector file, shared with idtypes' own tests.
fn vectors(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../tests/vectors/atproto/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {path}: {err}"))
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

fn cbor<T: Serialize>(value: &T) -> Vec<u8> {
    serde_ipld_dagcbor::to_vec(value).unwrap()
}

#[test]
fn every_vector_tid_is_the_same_bytes_and_reads_both_ways() {
    let mut texts = vectors("tid_syntax_valid.txt");
    assert!(!texts.is_empty());
    // The largest of each half, and the smallest above zero.
    texts.extend(["bzzzzzzzzzzzz", "jzzzzzzzzzzzz", "2222222222223"].map(String::from));
    for text in texts {
        let ours: Tid = text.parse().unwrap();
        let atrium = AtriumTid::new(text.clone()).unwrap();
        let jacquard = JacquardTid::new(&text).unwrap();
        let bytes = cbor(&ours);
        assert_eq!(bytes, cbor(&atrium), "{text}");
        assert_eq!(bytes, cbor(&jacquard), "{text}");
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<AtriumTid>(&bytes).unwrap(),
            atrium
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<JacquardTid>(&bytes).unwrap(),
            jacquard
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<Tid>(&cbor(&atrium)).unwrap(),
            ours
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<Tid>(&cbor(&jacquard)).unwrap(),
            ours
        );
        let json = serde_json::to_string(&ours).unwrap();
        assert_eq!(json, serde_json::to_string(&atrium).unwrap());
        assert_eq!(json, serde_json::to_string(&jacquard).unwrap());
        assert_eq!(
            serde_json::from_str::<JacquardTid>(&json).unwrap(),
            jacquard
        );
    }
}

#[test]
fn every_vector_record_key_is_the_same_bytes_and_reads_both_ways() {
    for text in vectors("recordkey_syntax_valid.txt") {
        let ours = RecordKey::parse(&text).unwrap();
        let atrium = AtriumKey::new(text.clone()).unwrap();
        let jacquard = JacquardKey::any_owned(&text).unwrap();
        let bytes = cbor(&ours);
        assert_eq!(bytes, cbor(&atrium), "{text}");
        assert_eq!(bytes, cbor(&jacquard), "{text}");
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<AtriumKey>(&bytes).unwrap(),
            atrium
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<JacquardKey>(&bytes).unwrap(),
            jacquard
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<RecordKey>(&cbor(&atrium)).unwrap(),
            ours
        );
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<RecordKey>(&cbor(&jacquard)).unwrap(),
            ours
        );
    }
}

#[test]
fn every_invalid_vector_is_refused_by_all_three() {
    for text in vectors("tid_syntax_invalid.txt") {
        let bytes = cbor(&text);
        assert!(
            serde_ipld_dagcbor::from_slice::<Tid>(&bytes).is_err(),
            "{text}"
        );
        assert!(
            serde_ipld_dagcbor::from_slice::<JacquardTid>(&bytes).is_err(),
            "{text}"
        );
        assert!(AtriumTid::new(text.clone()).is_err(), "{text}");
    }
    for text in vectors("recordkey_syntax_invalid.txt") {
        let bytes = cbor(&text);
        assert!(
            serde_ipld_dagcbor::from_slice::<RecordKey>(&bytes).is_err(),
            "{text}"
        );
        assert!(
            serde_ipld_dagcbor::from_slice::<JacquardKey>(&bytes).is_err(),
            "{text}"
        );
        assert!(AtriumKey::new(text.clone()).is_err(), "{text}");
    }
}

#[test]
fn fresh_tids_of_each_read_as_the_others() {
    for _ in 0..100 {
        let ours = Tid::now();
        let theirs = JacquardTid::new(ours.encode().as_str()).unwrap();
        assert_eq!(
            serde_ipld_dagcbor::from_slice::<JacquardTid>(&cbor(&ours)).unwrap(),
            theirs
        );
        let jacquard = JacquardTid::now(7u32.try_into().unwrap());
        let read = serde_ipld_dagcbor::from_slice::<Tid>(&cbor(&jacquard)).unwrap();
        assert_eq!(read.encode().as_str(), jacquard.as_str());
        assert_eq!(read.clock_id(), 7);
        let atrium = AtriumTid::now(7u32.try_into().unwrap());
        let read = serde_ipld_dagcbor::from_slice::<Tid>(&cbor(&atrium)).unwrap();
        assert_eq!(read.encode().as_str(), atrium.as_str());
    }
}

/// A post record as atproto software types it, with idtypes' types.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Ours {
    #[serde(rename = "$type")]
    kind: String,
    rev: Tid,
    key: RecordKey,
    replies: Vec<Tid>,
    parent: Option<Tid>,
    by_rev: BTreeMap<Tid, u64>,
}

/// The same record with jacquard's types.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Jacquard {
    #[serde(rename = "$type")]
    kind: String,
    rev: JacquardTid,
    key: JacquardKey,
    replies: Vec<JacquardTid>,
    parent: Option<JacquardTid>,
    by_rev: BTreeMap<String, u64>,
}

#[test]
fn a_record_is_the_same_bytes_with_either_crates_types() {
    let texts = ["3jzfcijpj2z2a", "3kxnlhr3gxq23", "2222222222222"];
    let ours = Ours {
        kind: "app.example.post".into(),
        rev: texts[0].parse().unwrap(),
        key: RecordKey::parse("self").unwrap(),
        replies: texts.iter().map(|t| t.parse().unwrap()).collect(),
        parent: Some(texts[1].parse().unwrap()),
        by_rev: texts.iter().map(|t| (t.parse().unwrap(), 1)).collect(),
    };
    let jacquard = Jacquard {
        kind: "app.example.post".into(),
        rev: JacquardTid::new(texts[0]).unwrap(),
        key: JacquardKey::any_owned("self").unwrap(),
        replies: texts.iter().map(|t| JacquardTid::new(t).unwrap()).collect(),
        parent: Some(JacquardTid::new(texts[1]).unwrap()),
        by_rev: texts.iter().map(|t| (t.to_string(), 1)).collect(),
    };
    let bytes = cbor(&ours);
    assert_eq!(bytes, cbor(&jacquard));
    assert_eq!(
        serde_ipld_dagcbor::from_slice::<Jacquard>(&bytes).unwrap(),
        jacquard
    );
    assert_eq!(
        serde_ipld_dagcbor::from_slice::<Ours>(&cbor(&jacquard)).unwrap(),
        ours
    );
}
