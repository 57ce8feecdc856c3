//! Conformance of `ObjectId` with MongoDB's: the vectors `tests/vectors/object-id/generate.mjs`
//! made with npm bson 6.10.4's `ObjectId` (texts it reads in either case, ids of bytes and of
//! times, ids as `new ObjectId()` makes them, texts it refuses), each checked here against the
//! Rust `bson` crate 3 too, and the conversions to and from `bson::oid::ObjectId` (`bson`
//! feature), including BSON documents that hold an ObjectId.

use crate::common::vectors::{self, hex, number, text};
use idtypes::{ErrorKind, ObjectId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

const VECTORS: &str = "object-id/test-vectors.json";

/// The entries of one section of the vectors.
fn section(name: &str) -> Vec<Value> {
    vectors::section(VECTORS, name)
}

/// An id against the reference's bytes, text and timestamp, and the `bson` crate's reading.
fn check(entry: &Value, id: ObjectId) {
    let bytes = hex::<12>(text(entry, "bytes"));
    assert_eq!(id.to_bytes(), bytes, "{entry}");
    assert_eq!(id.to_string(), text(entry, "text"), "{entry}");
    assert_eq!(
        id.timestamp_seconds(),
        number(entry, "timestamp"),
        "{entry}"
    );
    let theirs = bson::oid::ObjectId::from_bytes(bytes);
    assert_eq!(theirs.to_hex(), id.to_string(), "{entry}");
    assert_eq!(bson::oid::ObjectId::from(id), theirs);
    assert_eq!(ObjectId::from(theirs), id);
    assert_eq!(
        theirs.timestamp().timestamp_millis(),
        id.timestamp_seconds() as i64 * 1000,
        "{entry}"
    );
}

#[test]
fn every_text_bson_reads_reads_as_its_bytes_and_writes_back_in_lowercase() {
    for entry in section("valid") {
        let input = text(&entry, "input");
        let id: ObjectId = input.parse().unwrap_or_else(|err| panic!("{input}: {err}"));
        check(&entry, id);
        let theirs = bson::oid::ObjectId::parse_str(input).expect(input);
        assert_eq!(ObjectId::from(theirs), id, "{input}");
    }
}

#[test]
fn ids_of_bytes_and_of_times_write_bsons_text() {
    for entry in section("bytes") {
        let id = ObjectId::from_bytes(hex(text(&entry, "bytes")));
        check(&entry, id);
        assert_eq!(text(&entry, "text").parse::<ObjectId>(), Ok(id));
        if let Some(seconds) = entry["seconds"].as_u64() {
            // `ObjectId.createFromTime`: the time, then zeros.
            assert_eq!(ObjectId::from_parts(seconds, [0; 5], 0), Ok(id), "{entry}");
            assert_eq!(
                ObjectId::range_for_seconds(seconds, seconds)
                    .unwrap()
                    .start(),
                id
            );
        }
    }
}

#[test]
fn generated_ids_have_bsons_parts_and_the_counter_counts_on() {
    let generated: Vec<(Value, ObjectId)> = section("generated")
        .into_iter()
        .map(|entry| {
            let id = text(&entry, "text").parse().unwrap();
            (entry, id)
        })
        .collect();
    for (entry, id) in &generated {
        check(entry, *id);
        assert_eq!(u64::from(id.counter()), number(entry, "counter"), "{entry}");
        let unique = hex::<5>(text(entry, "process_unique"));
        assert_eq!(id.process_unique(), unique, "{entry}");
    }
    // One process: one random value, and a counter one more each time, but where bson wraps
    // it (at 2^24 - 1, skipping `ffffff`; ours and the `bson` crate's take all 2^24).
    for pair in generated.windows(2) {
        let (a, b) = (pair[0].1, pair[1].1);
        assert_eq!(a.process_unique(), b.process_unique());
        assert!(b.counter() == a.counter() + 1 || (a.counter() == 0xfffffe && b.counter() == 0));
        assert!(a.timestamp_seconds() <= b.timestamp_seconds());
    }
}

#[test]
fn every_text_bson_refuses_is_refused_with_where_and_why() {
    for entry in section("invalid") {
        let input = text(&entry, "text");
        let err = input.parse::<ObjectId>().unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Length | ErrorKind::Character),
            "{input}: {err}"
        );
        if input.len() == ObjectId::TEXT_LEN {
            assert_eq!(err.kind(), ErrorKind::Character, "{input}: {err}");
            let position = err.position().unwrap();
            assert!(
                !input.as_bytes()[position].is_ascii_hexdigit(),
                "{input}: {err}"
            );
        }
        assert!(err.to_string().contains("ObjectId"), "{err}");
        assert!(bson::oid::ObjectId::parse_str(input).is_err(), "{input}");
    }
}

#[test]
fn the_bson_crates_new_ids_read_as_ours_and_ours_as_theirs() {
    let theirs = bson::oid::ObjectId::new();
    let id = ObjectId::from(theirs);
    assert_eq!(id.to_string(), theirs.to_hex());
    assert_eq!(
        id.to_string().parse::<bson::oid::ObjectId>().unwrap(),
        theirs
    );
    let ours = ObjectId::now();
    let theirs = bson::oid::ObjectId::parse_str(ours.to_string()).unwrap();
    assert_eq!(theirs.bytes(), ours.to_bytes());
    // Made at the same time, in one process: the same second or the next.
    let gap = id.timestamp_seconds().abs_diff(ours.timestamp_seconds());
    assert!(gap <= 1, "{gap}");
}

/// A MongoDB document with our id as its `_id`, and a plain field that keeps its text.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Order {
    #[serde(rename = "_id", with = "idtypes::object_id::as_bson")]
    id: ObjectId,
    #[serde(with = "idtypes::object_id::as_bson")]
    customer: ObjectId,
    reference: ObjectId,
}

#[test]
fn as_bson_fields_are_bson_object_ids_and_plain_ones_are_text() {
    let order = Order {
        id: "64b7f0a1c2d3e4f5a6b7c8d9".parse().unwrap(),
        customer: ObjectId::MAX,
        reference: ObjectId::MIN,
    };
    let document = bson::serialize_to_document(&order).unwrap();
    assert_eq!(
        document.get_object_id("_id").unwrap().to_hex(),
        "64b7f0a1c2d3e4f5a6b7c8d9"
    );
    assert_eq!(
        document.get_object_id("customer").unwrap().bytes(),
        [0xff; 12]
    );
    // Without `as_bson`: BSON is a binary format to serde, where this crate's ids are their raw
    // form (12 bytes of binary data), not an ObjectId.
    assert!(document.get_object_id("reference").is_err());
    // A document as the driver reads it: `_id` a BSON ObjectId of the `bson` crate's making.
    let theirs = bson::oid::ObjectId::new();
    let written = bson::doc! {
        "_id": theirs,
        "customer": theirs,
        "reference": bson::serialize_to_bson(&ObjectId::MIN).unwrap(),
    };
    let read: Order = bson::deserialize_from_document(written.clone()).unwrap();
    assert_eq!(read.id, ObjectId::from(theirs));
    // Round trip, bytes for bytes.
    let bytes = bson::serialize_to_vec(&order).unwrap();
    assert_eq!(
        bson::deserialize_from_slice::<Order>(&bytes).unwrap(),
        order
    );
    // Extended JSON, where the `bson` crate gives it.
    let json = serde_json::to_value(&order).unwrap();
    assert_eq!(
        json["_id"],
        serde_json::json!({ "$oid": "64b7f0a1c2d3e4f5a6b7c8d9" })
    );
    assert_eq!(
        json["reference"],
        serde_json::json!("000000000000000000000000")
    );
    assert_eq!(serde_json::from_value::<Order>(json).unwrap(), order);
}
