//! atproto record keys and record-key types against the official interop vectors
//! (`tests/vectors/atproto`, CC0) and the NSID vectors (`tests/vectors/atproto-nsid`,
//! MIT OR Apache-2.0), and the decisions listed in the README.

use idtypes::{ErrorKind, RecordKey, Tid};

use idtypes::record_key::RecordKeyType;
use idtypes_tests::interop_lines;

fn lines(file: &str) -> Vec<String> {
    let lines = interop_lines(file);
    assert!(!lines.is_empty(), "{file} has no test lines");
    lines
}

#[test]
fn every_valid_record_key_vector_parses_and_keeps_its_text() {
    for line in lines("atproto/recordkey_syntax_valid.txt") {
        let key = RecordKey::parse(&line).unwrap_or_else(|err| panic!("{line:?}: {err}"));
        assert_eq!(key.as_str(), line);
        assert_eq!(key.to_string(), line);
        assert_eq!(RecordKey::try_from(line.clone()).unwrap(), key);
        assert!(RecordKeyType::Any.matches(&key));
    }
}

#[test]
fn every_invalid_record_key_vector_is_rejected() {
    for line in lines("atproto/recordkey_syntax_invalid.txt") {
        assert!(RecordKey::parse(&line).is_err(), "{line:?} was accepted");
        assert!(
            RecordKey::try_from(line.clone()).is_err(),
            "{line:?} was accepted"
        );
        assert!(RecordKey::validate(&line).is_err(), "{line:?} was accepted");
    }
}

#[test]
fn colons_are_allowed_as_the_current_spec_and_vectors_say() {
    for key in ["literal:self", "pre:fix", ":", "lang:", ":lang"] {
        assert!(RecordKey::parse(key).is_ok(), "{key}");
    }
}

#[test]
fn rules_apply_in_the_reference_order_and_name_themselves() {
    let too_long = "o".repeat(513);
    let err = RecordKey::parse(&too_long).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    assert_eq!(
        err.to_string(),
        "invalid atproto record key: expected 1 to 512 bytes, found 513 bytes"
    );
    let err = RecordKey::parse("").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    for reserved in [".", ".."] {
        let err = RecordKey::parse(reserved).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Reserved);
        assert_eq!(
            err.to_string(),
            "invalid atproto record key: the keys `.` and `..` are not allowed"
        );
    }
    let err = RecordKey::parse("number[3]").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(6))
    );
    assert_eq!(
        err.to_string(),
        "invalid atproto record key: unexpected character '[' at byte 6, \
         expected one of `A-Za-z0-9.-_~:`"
    );
}

#[test]
fn dots_are_only_reserved_alone() {
    for key in ["...", "self.", ".self", "a.b"] {
        assert!(RecordKey::parse(key).is_ok(), "{key}");
    }
}

#[test]
fn keys_are_case_sensitive() {
    let lower = RecordKey::parse("self").unwrap();
    let upper = RecordKey::parse("SELF").unwrap();
    assert_ne!(lower, upper);
    assert!(!RecordKeyType::Literal(RecordKey::SELF).matches(&upper));
}

#[test]
fn non_ascii_is_rejected_at_its_byte_position() {
    let err = RecordKey::parse("caf\u{e9}").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(3))
    );
    assert!(err.to_string().contains("'\u{e9}' at byte 3"), "{err}");
}

#[test]
fn every_tid_vector_is_a_key_of_type_tid() {
    for line in lines("atproto/tid_syntax_valid.txt") {
        let key = RecordKey::parse(&line).unwrap();
        assert!(RecordKeyType::Tid.matches(&key), "{line}");
        assert_eq!(RecordKey::from(Tid::parse(&line).unwrap()), key);
    }
}

#[test]
fn tid_type_rejects_keys_that_are_not_tids_with_the_tid_error() {
    for text in ["self", "3jzfcijpj2z2A", "kjzfcijpj2z2a", "3jzf-cij-pj2z-2a"] {
        let key = RecordKey::parse(text).unwrap();
        let err = RecordKeyType::Tid.check(&key).unwrap_err();
        assert_eq!(err.format_name(), "atproto TID", "{text}");
    }
}

#[test]
fn every_valid_nsid_vector_is_a_key_of_type_nsid() {
    for line in lines("atproto-nsid/nsid_syntax_valid.txt") {
        let key = RecordKey::parse(&line).unwrap_or_else(|err| panic!("{line:?}: {err}"));
        assert!(
            RecordKeyType::Nsid.matches(&key),
            "{line:?}: {}",
            RecordKeyType::Nsid.check(&key).unwrap_err()
        );
    }
}

#[test]
fn every_invalid_nsid_vector_is_refused_as_a_key_of_type_nsid() {
    for line in lines("atproto-nsid/nsid_syntax_invalid.txt") {
        let accepted = RecordKey::parse(&line).is_ok_and(|key| RecordKeyType::Nsid.matches(&key));
        assert!(!accepted, "{line:?} was accepted as an NSID key");
    }
}

#[test]
fn nsid_errors_name_the_rule_that_failed() {
    let check = |text: &str| {
        let key = RecordKey::parse(text).unwrap();
        RecordKeyType::Nsid.check(&key).unwrap_err().to_string()
    };
    assert_eq!(
        check("com.example"),
        "invalid NSID: expected at least three segments separated by `.`"
    );
    assert_eq!(
        check("com.example.fooBar.2"),
        "invalid NSID: the name (last segment) starts with a digit (at byte 19)"
    );
    assert_eq!(
        check("com.example-.foo"),
        "invalid NSID: a segment ends with a hyphen (at byte 11)"
    );
    assert_eq!(
        check("com.atproto.feed.p_st"),
        "invalid NSID: unexpected character '_' at byte 18, expected one of `A-Za-z0-9.-`"
    );
}

#[test]
fn record_key_types_parse_from_their_lexicon_strings() {
    assert_eq!(RecordKeyType::parse("tid"), Ok(RecordKeyType::Tid));
    assert_eq!(RecordKeyType::parse("nsid"), Ok(RecordKeyType::Nsid));
    assert_eq!(RecordKeyType::parse("any"), Ok(RecordKeyType::Any));
    assert_eq!(
        RecordKeyType::parse("literal:self"),
        Ok(RecordKeyType::Literal(RecordKey::SELF))
    );
    assert_eq!(
        "literal:pre:fix"
            .parse::<RecordKeyType>()
            .unwrap()
            .to_string(),
        "literal:pre:fix"
    );
}

#[test]
fn literal_types_with_an_empty_or_invalid_value_are_errors() {
    assert_eq!(
        RecordKeyType::parse("literal:").unwrap_err().kind(),
        ErrorKind::Length
    );
    assert_eq!(
        RecordKeyType::parse("literal:.").unwrap_err().kind(),
        ErrorKind::Reserved
    );
    let err = RecordKeyType::parse("literal:any space").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(11))
    );
    assert_eq!(
        RecordKeyType::parse("literal").unwrap_err().kind(),
        ErrorKind::Syntax
    );
}

#[test]
fn a_literal_type_accepts_exactly_its_value() {
    let ty: RecordKeyType = "literal:self".parse().unwrap();
    assert!(ty.matches(&RecordKey::SELF));
    for other in ["Self", "self.", "selfie", "3jzfcijpj2z2a"] {
        let key = RecordKey::parse(other).unwrap();
        let err = ty.check(&key).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Mismatch);
        assert_eq!(
            err.to_string(),
            format!(
                "invalid atproto record key: expected `self`, the only one its type allows, found `{other}`"
            )
        );
    }
}
