//! Conformance of `Ksuid` with the vectors of the npm `ksuid` package
//! (`tests/vectors/ksuid/ksuid.json`, made by `generate.mjs`): every valid text reads as the
//! reference's bytes and parts and writes back the same; every invalid text is refused with
//! the kind and position the file gives, including the texts outside the alphabet that npm
//! `ksuid` or segmentio's Go `Parse` (a port of it) accept, listed as such.

use idtypes::{ErrorKind, Ksuid};
use idtypes_tests::vector_path;
use serde_json::Value;

const VECTORS: &str = "ksuid/ksuid.json";

/// The whole vector file.
fn vectors() -> Value {
    let path = vector_path(VECTORS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The entries of one section; a missing or empty section fails the test.
fn section(name: &str) -> Vec<Value> {
    let entries = vectors()[name]
        .as_array()
        .unwrap_or_else(|| panic!("{VECTORS}: no array {name:?}"))
        .clone();
    assert!(!entries.is_empty(), "{VECTORS}: section {name:?} is empty");
    entries
}

/// A string field of a vector entry.
fn field<'a>(entry: &'a Value, name: &str) -> &'a str {
    entry[name]
        .as_str()
        .unwrap_or_else(|| panic!("{entry}: no string field {name:?}"))
}

/// Bytes from hex.
fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect()
}

#[test]
fn the_file_states_the_alphabet_epoch_and_extremes() {
    let all = vectors();
    assert_eq!(
        all["alphabet"],
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    );
    assert_eq!(all["epoch_seconds"], Ksuid::EPOCH_SECONDS);
    assert_eq!(all["min"], Ksuid::MIN.to_string());
    assert_eq!(all["max"], Ksuid::MAX.to_string());
}

#[test]
fn every_valid_text_reads_as_the_references_bytes_and_parts() {
    for entry in section("valid") {
        let text = field(&entry, "text");
        let id = Ksuid::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(
            id.to_bytes().to_vec(),
            unhex(field(&entry, "bytes")),
            "{text}"
        );
        assert_eq!(
            u64::from(id.ksuid_seconds()),
            entry["timestamp"].as_u64().unwrap(),
            "{text}"
        );
        assert_eq!(
            id.timestamp_seconds(),
            entry["unix_seconds"].as_u64().unwrap(),
            "{text}"
        );
        assert_eq!(
            id.payload().to_be_bytes().to_vec(),
            unhex(field(&entry, "payload")),
            "{text}"
        );
    }
}

#[test]
fn every_valid_id_writes_the_references_text() {
    for entry in section("valid") {
        let bytes: [u8; 20] = unhex(field(&entry, "bytes")).try_into().unwrap();
        assert_eq!(Ksuid::from_bytes(bytes).encode(), field(&entry, "text"));
    }
}

#[test]
fn the_references_order_is_the_texts_order() {
    let mut entries = section("valid");
    entries.sort_by(|a, b| field(a, "bytes").cmp(field(b, "bytes")));
    let texts: Vec<&str> = entries.iter().map(|e| field(e, "text")).collect();
    let mut sorted = texts.clone();
    sorted.sort_unstable();
    assert_eq!(texts, sorted);
}

#[test]
fn every_invalid_text_is_refused_with_its_kind_and_position() {
    for entry in section("invalid") {
        let text = field(&entry, "text");
        let err = Ksuid::parse(text).expect_err(text);
        let kind = match field(&entry, "kind") {
            "length" => ErrorKind::Length,
            "character" => ErrorKind::Character,
            "overflow" => ErrorKind::Overflow,
            other => panic!("{text:?}: unknown kind {other}"),
        };
        let position = entry["position"].as_u64().map(|p| p as usize);
        assert_eq!(
            (err.kind(), err.position()),
            (kind, position),
            "{text:?}: {err}"
        );
        if kind == ErrorKind::Overflow {
            assert!(
                err.to_string().contains("aWgEPTl1tmebfsQzFP4bxwgy80V"),
                "{err}"
            );
        }
    }
}

/// The texts the references read and this crate refuses: characters outside the alphabet,
/// which npm `ksuid` maps by character code (`:` as `3`) and segmentio's Go `Parse` by byte
/// arithmetic (`:` as 253). None of them is a text either reference writes.
#[test]
fn texts_the_references_accept_outside_the_alphabet_are_refused() {
    let accepted: Vec<Value> = section("invalid")
        .into_iter()
        .filter(|entry| entry["references_accept"] == true)
        .collect();
    assert!(accepted.len() >= 10, "{}", accepted.len());
    for entry in accepted {
        let text = field(&entry, "text");
        assert!(
            !text.bytes().all(|b| b.is_ascii_alphanumeric()),
            "{text:?}: only texts outside the alphabet may be accepted by a reference"
        );
        assert_eq!(
            Ksuid::parse(text).unwrap_err().kind(),
            if field(&entry, "kind") == "length" {
                ErrorKind::Length
            } else {
                ErrorKind::Character
            },
            "{text:?}"
        );
    }
    // npm reads `:` as `3`: the same text with `3` is the value it decoded.
    let npm: Vec<Value> = section("invalid")
        .into_iter()
        .filter(|entry| field(entry, "text") == "0ujtsYcgvSTl8PAuAdqWYSMnLO:")
        .collect();
    let decoded = unhex(field(&npm[0]["npm_ksuid"], "hex"));
    let three = Ksuid::parse("0ujtsYcgvSTl8PAuAdqWYSMnLO3").unwrap();
    assert_eq!(three.to_bytes().to_vec(), decoded);
}
