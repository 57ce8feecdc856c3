//! Conformance of `RsXid` with rs/xid: the vectors `tests/vectors/rs-xid/generate.mjs` made
//! with npm xid-ts 1.3.0 and checked there against rs/xid's Go codec (every valid text with
//! its bytes and parts, ids as the generator makes them, texts refused near every boundary),
//! and rs/xid's own test vectors (`id_test.go`).

use crate::common::vectors::{self, hex, number, text};
use idtypes::{ErrorKind, RsXid};
use serde_json::Value;

const VECTORS: &str = "rs-xid/test-vectors.json";

/// The entries of one section of the vectors.
fn section(name: &str) -> Vec<Value> {
    vectors::section(VECTORS, name)
}

/// An id and the parts the reference gives it.
fn check_parts(entry: &Value, id: RsXid) {
    assert_eq!(id.to_bytes(), hex::<12>(text(entry, "bytes")), "{entry}");
    assert_eq!(
        id.timestamp_seconds(),
        number(entry, "timestamp"),
        "{entry}"
    );
    assert_eq!(id.machine_id(), hex::<3>(text(entry, "machine")), "{entry}");
    assert_eq!(u64::from(id.process_id()), number(entry, "pid"), "{entry}");
    assert_eq!(u64::from(id.counter()), number(entry, "counter"), "{entry}");
}

#[test]
fn every_valid_text_reads_as_its_bytes_and_parts_and_writes_back() {
    for entry in section("valid") {
        let text = text(&entry, "text");
        let id = RsXid::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        check_parts(&entry, id);
        assert_eq!(id.to_string(), text);
        let bytes = hex::<12>(entry["bytes"].as_str().unwrap());
        assert_eq!(RsXid::from_bytes(bytes).encode(), text);
        let from_parts = RsXid::from_parts(
            id.timestamp_seconds(),
            id.machine_id(),
            id.process_id(),
            id.counter(),
        );
        assert_eq!(from_parts, Ok(id));
    }
}

#[test]
fn the_valid_texts_sort_like_their_bytes() {
    let entries = section("valid");
    let mut by_text: Vec<&str> = entries.iter().map(|e| text(e, "text")).collect();
    let mut by_bytes: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| (text(e, "bytes"), text(e, "text")))
        .collect();
    by_text.sort();
    by_bytes.sort();
    let by_bytes: Vec<&str> = by_bytes.into_iter().map(|(_, text)| text).collect();
    assert_eq!(by_text, by_bytes);
}

#[test]
fn the_generators_counter_goes_up_by_one_before_each_id_and_wraps_at_2_to_the_24() {
    for run in section("generated") {
        let machine = hex::<3>(text(&run, "machine"));
        let pid = number(&run, "pid") as u16;
        let mut counter = number(&run, "counter_before") as u32;
        for entry in run["ids"].as_array().unwrap() {
            counter = (counter + 1) % (1 << 24);
            let id = RsXid::from_parts(number(&run, "time"), machine, pid, counter).unwrap();
            assert_eq!(id.to_string(), text(entry, "text"), "{run}");
            check_parts(entry, id);
        }
    }
}

#[test]
fn every_refused_text_is_refused_with_its_kind_and_position() {
    for entry in section("invalid") {
        let text = text(&entry, "text");
        let err = RsXid::parse(text).expect_err(text);
        let (kind, position) = match entry["reason"].as_str().unwrap() {
            "length" => (ErrorKind::Length, None),
            "character" | "last character" => (
                ErrorKind::Character,
                Some(number(&entry, "position") as usize),
            ),
            other => panic!("{entry}: unknown reason {other}"),
        };
        assert_eq!(
            (err.kind(), err.position()),
            (kind, position),
            "{text:?}: {err}"
        );
        if entry["reason"] == "last character" {
            assert!(err.to_string().ends_with("expected one of `0g`"), "{err}");
        }
        // The bytes form refuses it the same way.
        assert_eq!(RsXid::parse_ascii(text.as_bytes()).unwrap_err(), err);
    }
}

/// rs/xid's `id_test.go`: `TestIDPartsExtraction`'s first id, `TestString`, `TestFromString`,
/// `TestFromStringInvalid`.
#[test]
fn rs_xids_own_test_vectors() {
    let id = RsXid::from_bytes([
        0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9,
    ]);
    assert_eq!(id.to_string(), "9m4e2mr0ui3e8a215n4g");
    assert_eq!(RsXid::parse("9m4e2mr0ui3e8a215n4g"), Ok(id));
    assert_eq!(id.timestamp_seconds(), 1_300_816_219);
    assert_eq!(id.machine_id(), [0x60, 0xf4, 0x86]);
    assert_eq!(id.process_id(), 0xe428);
    assert_eq!(id.counter(), 4_271_561);
    assert_eq!(
        RsXid::parse("invalid").unwrap_err().kind(),
        ErrorKind::Length
    );
    assert_eq!(
        RsXid::parse("c6e52g2mrqcjl44hf179").unwrap_err().kind(),
        ErrorKind::Character
    );
    // TestPadding: a last `0` after any 6 symbols reads back as written.
    for tail in ["000000", "vvvvvv", "0v0v0v", "abcdef"] {
        let text = format!("c6e52g2mrqcjl{tail}0");
        assert_eq!(RsXid::parse(&text).unwrap().to_string(), text);
    }
    // The nil id parses (rs/xid's NilID, IsNil).
    assert!(RsXid::parse("00000000000000000000").unwrap().is_nil());
}
