//! idtypes' `DynTypeId` beside the TypeID crates type-safe-id and mti: for the same prefix and
//! UUID all write the same text, and each reads what the others write.
//!
//! Run with `cargo test --manifest-path benches-peers/Cargo.toml --test typeid_interop`.

use idtypes::uuids::{DynTypeId, new_v4, now_v7};
use mti::prelude::{MagicTypeId, MagicTypeIdExt, V7};
use type_safe_id::{DynamicType, TypeSafeId};
use uuid::Uuid;

type TheirId = TypeSafeId<DynamicType>;

const PREFIXES: [&str; 6] = [
    "",
    "a",
    "user",
    "my_type",
    "my__type",
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk",
];

/// UUIDs of every kind the crates may meet: the ends, and generated v4 and v7 ones.
fn uuids() -> Vec<Uuid> {
    let mut uuids = vec![
        Uuid::nil(),
        Uuid::max(),
        Uuid::from_u128(1),
        Uuid::from_u128(u128::MAX >> 1),
    ];
    uuids.extend((0..200).map(|_| new_v4()));
    uuids.extend((0..200).map(|_| now_v7()));
    uuids.extend((0..200).map(|_| Uuid::now_v7()));
    uuids
}

#[test]
fn the_same_prefix_and_uuid_are_the_same_text_everywhere() {
    for prefix in PREFIXES {
        let tag = DynamicType::new(prefix).unwrap();
        for uuid in uuids() {
            let ours = DynTypeId::new(prefix, uuid).unwrap();
            let theirs = TheirId::from_type_and_uuid(tag.clone(), uuid);
            assert_eq!(ours.to_string(), theirs.to_string());
            let mti: MagicTypeId = ours.encode().parse().unwrap();
            assert_eq!(mti.to_string(), ours.to_string());
        }
    }
}

#[test]
fn each_reads_what_the_others_write() {
    for prefix in PREFIXES {
        let tag = DynamicType::new(prefix).unwrap();
        for uuid in uuids() {
            let theirs = TheirId::from_type_and_uuid(tag.clone(), uuid).to_string();
            let ours = DynTypeId::parse(&theirs).unwrap();
            assert_eq!((ours.prefix(), ours.uuid()), (prefix, uuid));
            let back: TheirId = ours.to_string().parse().unwrap();
            assert_eq!((back.type_prefix(), back.uuid()), (prefix, uuid));
        }
    }
    for prefix in ["user", "my_type"] {
        let made_by_mti = prefix.create_type_id::<V7>();
        let ours = DynTypeId::parse(made_by_mti.as_str()).unwrap();
        assert_eq!(ours.prefix(), prefix);
        assert_eq!(ours.uuid().get_version_num(), 7);
        assert_eq!(ours.to_string(), made_by_mti.as_str());
    }
}

#[test]
fn the_specification_invalid_vectors_are_refused_by_all() {
    let path = format!(
        "{}/../tests/vectors/typeid/invalid.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    assert_eq!(cases.len(), 21);
    for case in cases {
        let text = case["typeid"].as_str().unwrap();
        assert!(DynTypeId::parse(text).is_err(), "{text:?}");
        assert!(
            text.parse::<TheirId>().is_err(),
            "type-safe-id accepts {text:?}"
        );
    }
}
