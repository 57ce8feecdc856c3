//! Conformance of `Sonyflake` with vectors made by the PyPI port `sonyflake` 2.0.3
//! (`tests/vectors/sonyflake/generate.py`), checked against the Go reference's integer rules
//! (`github.com/sony/sonyflake/v2`): parts, exact times, the port's one-unit-low composes,
//! and the strict decimal text.

use std::time::Duration;

use idtypes::{ErrorKind, Sonyflake, sonyflake::SonyflakeLayout};
use idtypes_tests::vector_path;
use serde_json::Value;

const VECTORS: &str = "sonyflake/sonyflake.json";

fn vectors() -> Value {
    let path = vector_path(VECTORS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn section(doc: &Value, name: &str) -> Vec<Value> {
    let entries = doc[name]
        .as_array()
        .unwrap_or_else(|| panic!("{VECTORS}: no array {name:?}"))
        .clone();
    assert!(!entries.is_empty(), "{VECTORS}: section {name:?} is empty");
    entries
}

fn uint(entry: &Value, field: &str) -> u64 {
    entry[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{entry}: no integer field {field:?}"))
}

fn text<'a>(entry: &'a Value, field: &str) -> &'a str {
    entry[field]
        .as_str()
        .unwrap_or_else(|| panic!("{entry}: no string field {field:?}"))
}

/// The layout named by a vector, built from the file's description of it.
fn layout(doc: &Value, name: &str) -> SonyflakeLayout {
    let spec = &doc["layouts"][name];
    let layout = SonyflakeLayout::new(
        uint(spec, "start_unix_millis"),
        Duration::from_nanos(uint(spec, "unit_nanos")),
        uint(spec, "bits_sequence") as u32,
        uint(spec, "bits_machine_id") as u32,
    )
    .unwrap_or_else(|err| panic!("layout {name}: {err}"));
    if name == "v1" {
        assert_eq!(layout, SonyflakeLayout::V1);
    }
    if name == "v2" {
        assert_eq!(layout, SonyflakeLayout::V2);
    }
    layout
}

#[test]
fn every_vector_decomposes_into_its_parts_and_its_exact_time() {
    let doc = vectors();
    for entry in section(&doc, "ids") {
        let layout = layout(&doc, text(&entry, "layout"));
        let id =
            Sonyflake::parse(text(&entry, "text")).unwrap_or_else(|err| panic!("{entry}: {err}"));
        let parts = id.decompose(layout);
        let (units, sequence, machine) = (
            uint(&entry, "time_units"),
            uint(&entry, "sequence") as u32,
            uint(&entry, "machine_id") as u32,
        );
        assert_eq!(
            (parts.time_units, parts.sequence, parts.machine_id),
            (units, sequence, machine),
            "{entry}"
        );
        // The port's decompose is integer shifts: it agrees.
        let port: Vec<u64> = entry["port_decompose_of_text"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(
            port,
            [units, u64::from(sequence), u64::from(machine)],
            "{entry}"
        );
        assert_eq!(
            Sonyflake::from_parts(layout, units, sequence, machine),
            Ok(id)
        );
        let nanos: u128 = text(&entry, "unix_nanos").parse().unwrap();
        assert_eq!(id.timestamp_nanos(layout), nanos, "{entry}");
        assert_eq!(
            id.timestamp_millis(layout),
            (nanos / 1_000_000) as u64,
            "{entry}"
        );
        assert_eq!(id.to_string(), text(&entry, "text"));
        if let Some(micros) = entry["port_to_time_micros"].as_u64() {
            assert_eq!(u128::from(micros), nanos / 1000, "{entry}");
        }
    }
}

#[test]
fn the_port_composes_some_unit_boundaries_one_unit_low_and_idtypes_does_not() {
    let doc = vectors();
    let mut low = 0;
    for entry in section(&doc, "ids") {
        let layout = layout(&doc, text(&entry, "layout"));
        let port = Sonyflake::parse(text(&entry, "port_text")).unwrap();
        let units = uint(&entry, "time_units");
        if entry["port_one_unit_low"].as_bool() == Some(true) {
            low += 1;
            assert_eq!(port.time_units(layout), units - 1, "{entry}");
            assert_eq!(uint(&entry, "port_time_units"), units - 1, "{entry}");
        } else {
            assert_eq!(text(&entry, "port_text"), text(&entry, "text"), "{entry}");
        }
        // The instant on the boundary, in integers, is in the unit that starts there.
        let nanos: u128 = text(&entry, "unix_nanos").parse().unwrap();
        let millis = (nanos / 1_000_000) as u64;
        let range = Sonyflake::range_for_millis(layout, millis, millis).unwrap();
        let id = Sonyflake::parse(text(&entry, "text")).unwrap();
        assert!(range.contains(&id), "{entry}");
    }
    assert!(low > 0, "the vectors show the port's rounding");
}

#[test]
fn the_edges_of_the_decimal_text_are_accepted() {
    let doc = vectors();
    for entry in section(&doc, "valid_texts") {
        let text = entry.as_str().unwrap();
        let id = Sonyflake::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(id.to_string(), text);
        assert_eq!(id.to_u64().to_string(), text);
    }
}

#[test]
fn every_invalid_text_is_refused_with_its_kind_and_position() {
    let doc = vectors();
    for entry in section(&doc, "invalid_texts") {
        let input = text(&entry, "text");
        let err = Sonyflake::parse(input).unwrap_err();
        let kind = match text(&entry, "kind") {
            "Length" => ErrorKind::Length,
            "Overflow" => ErrorKind::Overflow,
            "Syntax" => ErrorKind::Syntax,
            "Character" => ErrorKind::Character,
            other => panic!("unknown kind {other}"),
        };
        let position = entry["position"].as_u64().map(|p| p as usize);
        assert_eq!((err.kind(), err.position()), (kind, position), "{input:?}");
    }
}
