//! Conformance of `Cuid2` with the reference implementation, `@paralleldrive/cuid2`: the
//! vectors of `tests/vectors/cuid2/` (made by its `generate.mjs` from the pinned package)
//! give ids with the inputs they were made from, fingerprints with their sources, and
//! `isCuid`'s verdict on texts near every edge of its rule.

use crate::common::vectors::{self, text};
use idtypes::prelude::*;
use idtypes::{Cuid2, ErrorKind, cuid2::Cuid2Inputs};
use serde_json::Value;

const VECTORS: &str = "cuid2/cuid2.json";

/// The entries of one section of the vectors.
fn section(name: &str) -> Vec<Value> {
    vectors::section(VECTORS, name)
}

#[test]
fn every_reference_id_is_reproduced_from_its_inputs_byte_for_byte() {
    let ids = section("ids");
    let mut lengths = std::collections::BTreeSet::new();
    for entry in &ids {
        let length = entry["length"].as_u64().unwrap() as usize;
        let inputs = Cuid2Inputs {
            length,
            first_letter: text(entry, "first_letter").as_bytes()[0],
            time_millis: entry["time_millis"].as_i64().unwrap(),
            salt: text(entry, "salt"),
            counter: entry["counter"].as_u64().unwrap(),
            fingerprint: text(entry, "fingerprint"),
        };
        let id = Cuid2::from_inputs(&inputs).unwrap_or_else(|err| panic!("{entry}: {err}"));
        assert_eq!(id.as_str(), text(entry, "id"), "{entry}");
        assert_eq!(id.len(), length);
        lengths.insert(length);
    }
    assert_eq!(
        lengths.into_iter().collect::<Vec<_>>(),
        [2, 3, 10, 24, 31, 32]
    );
}

#[test]
fn the_reference_ids_are_cuid2s_of_their_length() {
    for entry in section("ids") {
        let id = Cuid2::parse(text(&entry, "id")).unwrap_or_else(|err| panic!("{entry}: {err}"));
        assert_eq!(id.len() as u64, entry["length"].as_u64().unwrap());
    }
}

#[test]
fn fingerprints_are_the_first_32_characters_of_the_hash_of_their_source() {
    for entry in section("fingerprints") {
        assert_eq!(
            Cuid2Inputs::fingerprint_of(text(&entry, "source")),
            text(&entry, "fingerprint"),
            "{entry}"
        );
    }
}

#[test]
fn parse_accepts_exactly_what_is_cuid_accepts() {
    let cases = section("is_cuid");
    let mut verdicts = [0; 2];
    for entry in &cases {
        let text = text(entry, "text");
        let valid = entry["valid"].as_bool().unwrap();
        verdicts[usize::from(valid)] += 1;
        match Cuid2::parse(text) {
            Ok(id) => {
                assert!(valid, "{text:?}: accepted, isCuid refuses it");
                assert_eq!(id.as_str(), text);
            }
            Err(err) => {
                assert!(!valid, "{text:?}: refused ({err}), isCuid accepts it");
                let expected = if (2..=32).contains(&text.len()) {
                    ErrorKind::Character
                } else {
                    ErrorKind::Length
                };
                assert_eq!(err.kind(), expected, "{text:?}: {err}");
            }
        }
    }
    assert!(verdicts[0] > 10 && verdicts[1] > 10, "{verdicts:?}");
}

/// A typed CUID2 (`#[derive(Cuid2)]`): its prefix, 24-character ids from `generate`, and ids
/// of another length from a generator of that length.
#[test]
fn a_typed_cuid2_reads_its_prefix_and_makes_ids_of_the_length_chosen() {
    use idtypes::cuid2::Cuid2Generator;
    use idtypes_tests::typed::UserId;

    let id: UserId = "usr_tz4a98xxat96iws9zmbrgj3a".parse().unwrap();
    assert_eq!(id.as_str(), "tz4a98xxat96iws9zmbrgj3a");
    assert_eq!(id.to_string(), "usr_tz4a98xxat96iws9zmbrgj3a");
    let err = "usr_Tz4a98xxat96iws9zmbrgj3a"
        .parse::<UserId>()
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(4))
    );
    assert_eq!(
        "tz4a98xxat96iws9zmbrgj3a"
            .parse::<UserId>()
            .unwrap_err()
            .kind(),
        ErrorKind::Prefix
    );

    let new = UserId::generate();
    assert_eq!(new.as_inner().len(), 24);
    assert_eq!(new.to_string().parse::<UserId>().unwrap(), new);
    let short = Cuid2Generator::new().with_length(10).unwrap();
    let id = UserId::next_from(&short);
    assert_eq!(id.as_str().len(), 10);
    assert_eq!(id.to_string().len(), "usr_".len() + 10);
}
