//! Conformance of `DynTypeId` with the TypeID specification's vectors (v0.3.0,
//! `tests/vectors/typeid/`): every valid text parses to its prefix and UUID and is what they
//! encode to; every invalid one is refused with an `idtypes::Error`, and so is its prefix by
//! `DynTypeId::new` when the prefix is what is wrong.

use idtypes::{ErrorKind, uuids::DynTypeId};
use idtypes_tests::vector_path;
use serde_json::Value;
use uuid::Uuid;

const VALID: &str = "typeid/valid";
const INVALID: &str = "typeid/invalid";

/// The cases of a vector file (`.json`); a missing or empty file fails the test.
fn cases(name: &str) -> Vec<Value> {
    let path = vector_path(&format!("{name}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let value: Value =
        serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let cases = value.as_array().cloned().unwrap_or_default();
    assert!(!cases.is_empty(), "{}: no cases", path.display());
    cases
}

fn field<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("{case}: no string `{key}`"))
}

/// The `key: "value"` lines of a YAML vector file, in order.
fn yaml_values(name: &str, key: &str) -> Vec<String> {
    let path = vector_path(&format!("{name}.yml"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let start = format!("  {key}: \"");
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .filter_map(|line| line.strip_prefix(&start)?.strip_suffix('"'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_json_vectors_are_the_yaml_vectors() {
    for (name, keys) in [
        (VALID, &["typeid", "prefix", "uuid"][..]),
        (INVALID, &["typeid"][..]),
    ] {
        let cases = cases(name);
        for key in keys {
            let json: Vec<&str> = cases.iter().map(|case| field(case, key)).collect();
            assert_eq!(json, yaml_values(name, key), "{name} `{key}`");
        }
    }
    assert_eq!(cases(VALID).len(), 9);
    assert_eq!(cases(INVALID).len(), 21);
}

#[test]
fn every_valid_typeid_parses_to_its_prefix_and_uuid() {
    for case in cases(VALID) {
        let (text, prefix) = (field(&case, "typeid"), field(&case, "prefix"));
        let uuid = Uuid::parse_str(field(&case, "uuid")).unwrap();
        let id = DynTypeId::parse(text).unwrap_or_else(|err| panic!("{text:?}: {err}"));
        assert_eq!(id.prefix(), prefix, "{text:?}");
        assert_eq!(id.uuid(), uuid, "{text:?}");
        assert_eq!(text.parse::<DynTypeId>(), Ok(id));
        assert_eq!(DynTypeId::parse_ascii(text.as_bytes()), Ok(id));
    }
}

#[test]
fn every_valid_prefix_and_uuid_encode_to_the_typeid() {
    for case in cases(VALID) {
        let (text, prefix) = (field(&case, "typeid"), field(&case, "prefix"));
        let uuid = Uuid::parse_str(field(&case, "uuid")).unwrap();
        let id = DynTypeId::new(prefix, uuid).unwrap_or_else(|err| panic!("{text:?}: {err}"));
        assert_eq!(id.encode(), text);
        assert_eq!(id.to_string(), text);
        assert_eq!(DynTypeId::parse(text), Ok(id));
    }
}

#[test]
fn every_invalid_typeid_is_refused() {
    for case in cases(INVALID) {
        let text = field(&case, "typeid");
        let Err(err) = DynTypeId::parse(text) else {
            panic!("{text:?} ({}) must be refused", field(&case, "name"));
        };
        assert!(!err.to_string().is_empty());
        assert!(text.parse::<DynTypeId>().is_err(), "{text:?}");
        assert!(DynTypeId::parse_ascii(text.as_bytes()).is_err(), "{text:?}");
        if let Some(position) = err.position() {
            assert!(position < text.len().max(1), "{text:?}: {err}");
        }
    }
}

/// The invalid cases whose prefix breaks a rule, and what `new` says of that prefix.
#[test]
fn new_refuses_the_invalid_prefixes() {
    let prefix_cases = [
        ("prefix-uppercase", ErrorKind::Character),
        ("prefix-numeric", ErrorKind::Character),
        ("prefix-period", ErrorKind::Character),
        ("prefix-non-ascii", ErrorKind::Character),
        ("prefix-spaces", ErrorKind::Character),
        ("prefix-64-chars", ErrorKind::Length),
        ("prefix-underscore-start", ErrorKind::Syntax),
        ("prefix-underscore-end", ErrorKind::Syntax),
    ];
    let cases = cases(INVALID);
    for (name, kind) in prefix_cases {
        let case = cases
            .iter()
            .find(|case| field(case, "name") == name)
            .unwrap_or_else(|| panic!("no invalid case {name}"));
        let text = field(case, "typeid");
        // Split at the last `_`, as the specification does.
        let prefix = &text[..text.rfind('_').unwrap()];
        let err = DynTypeId::new(prefix, Uuid::nil()).expect_err(name);
        assert_eq!(err.kind(), kind, "{name}: {err}");
        assert_eq!(DynTypeId::parse(text).unwrap_err().kind(), kind, "{name}");
    }
}

/// What the parse of each invalid case says: the first problem, where it is.
#[test]
fn each_invalid_typeid_is_refused_for_its_reason() {
    let expected = [
        ("prefix-uppercase", ErrorKind::Character, Some(0)),
        ("prefix-numeric", ErrorKind::Character, Some(0)),
        ("prefix-period", ErrorKind::Character, Some(3)),
        ("prefix-non-ascii", ErrorKind::Character, Some(2)),
        ("prefix-spaces", ErrorKind::Character, Some(0)),
        ("prefix-64-chars", ErrorKind::Length, None),
        ("separator-empty-prefix", ErrorKind::Syntax, Some(0)),
        ("separator-empty", ErrorKind::Syntax, Some(0)),
        ("suffix-short", ErrorKind::Length, None),
        ("suffix-long", ErrorKind::Length, None),
        ("suffix-spaces", ErrorKind::Character, Some(32)),
        ("suffix-uppercase", ErrorKind::Character, Some(17)),
        ("suffix-hyphens", ErrorKind::Character, Some(16)),
        ("suffix-wrong-alphabet", ErrorKind::Character, Some(7)),
        ("suffix-ambiguous-crockford", ErrorKind::Character, Some(7)),
        ("suffix-hyphens-crockford", ErrorKind::Length, None),
        ("suffix-overflow", ErrorKind::Overflow, Some(7)),
        ("prefix-underscore-start", ErrorKind::Syntax, Some(0)),
        ("prefix-underscore-end", ErrorKind::Syntax, Some(6)),
        ("empty", ErrorKind::Length, None),
        ("prefix-empty", ErrorKind::Length, None),
    ];
    let cases = cases(INVALID);
    assert_eq!(cases.len(), expected.len());
    for (case, (name, kind, position)) in cases.iter().zip(expected) {
        assert_eq!(field(case, "name"), name);
        let err = DynTypeId::parse(field(case, "typeid")).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (kind, position),
            "{name}: {err}"
        );
    }
}
