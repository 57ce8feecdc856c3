//! Conformance of `Tid` with the atproto interop vectors and the verified known answers (the
//! README's "Decisions where the sources disagree").

use idtypes::{ErrorKind, Tid};
use idtypes_tests::interop_lines;
use regex::Regex;

const VALID: &str = "atproto/tid_syntax_valid.txt";
const INVALID: &str = "atproto/tid_syntax_invalid.txt";

/// The reference regex of the atproto specification.
fn reference_regex() -> Regex {
    Regex::new("^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$").unwrap()
}

fn parse_u64(text: &str) -> u64 {
    Tid::parse(text)
        .unwrap_or_else(|err| panic!("{text:?} must parse: {err}"))
        .to_u64()
}

#[test]
fn the_vector_files_are_not_empty() {
    assert!(
        interop_lines(VALID).len() >= 4,
        "{VALID}: {:?}",
        interop_lines(VALID)
    );
    assert!(
        interop_lines(INVALID).len() >= 9,
        "{INVALID}: {:?}",
        interop_lines(INVALID)
    );
}

#[test]
fn every_valid_vector_parses_and_reencodes_to_the_same_text() {
    let lines = interop_lines(VALID);
    assert!(!lines.is_empty());
    for line in &lines {
        let tid = Tid::parse(line).unwrap_or_else(|err| panic!("{line:?} must parse: {err}"));
        assert_eq!(tid.encode().as_str(), line);
        assert_eq!(tid.to_string(), *line);
        assert_eq!(line.parse::<Tid>(), Ok(tid));
        assert_eq!(Tid::try_from(line.as_str()), Ok(tid));
        assert_eq!(Tid::parse_ascii(line.as_bytes()), Ok(tid));
    }
}

#[test]
fn every_invalid_vector_is_rejected() {
    let lines = interop_lines(INVALID);
    assert!(!lines.is_empty());
    for line in &lines {
        assert!(
            Tid::parse(line).is_err(),
            "{line:?} must be rejected, parsed as {:?}",
            Tid::parse(line)
        );
        assert!(line.parse::<Tid>().is_err(), "{line:?}");
        assert!(Tid::parse_ascii(line.as_bytes()).is_err(), "{line:?}");
    }
}

#[test]
fn the_reference_regex_agrees_with_the_vectors() {
    // A check of the oracle the property tests rely on.
    let regex = reference_regex();
    for line in interop_lines(VALID) {
        assert!(regex.is_match(&line), "{line:?}");
    }
    for line in interop_lines(INVALID) {
        assert!(!regex.is_match(&line), "{line:?}");
    }
}

#[test]
fn tid_3jzfcijpj2z2a_is_u64_1728652679052295174_micros_1688137381887007_clock_id_6() {
    let tid = Tid::parse("3jzfcijpj2z2a").unwrap();
    assert_eq!(tid.to_u64(), 1728652679052295174);
    assert_eq!(tid.timestamp_micros(), 1688137381887007);
    assert_eq!(tid.clock_id(), 6);
    assert_eq!(Tid::from_parts(1688137381887007, 6), Ok(tid));
    assert_eq!(
        Tid::from_u64(1728652679052295174).to_string(),
        "3jzfcijpj2z2a"
    );
}

#[test]
fn tid_bzzzzzzzzzzzz_is_i64_max() {
    assert_eq!(parse_u64("bzzzzzzzzzzzz"), i64::MAX as u64);
    assert_eq!(Tid::from_u64(i64::MAX as u64).to_string(), "bzzzzzzzzzzzz");
}

#[test]
fn from_parts_with_the_largest_parts_is_i64_max() {
    let tid = Tid::from_parts(Tid::MAX_TIMESTAMP_MICROS, Tid::MAX_CLOCK_ID).unwrap();
    assert_eq!(tid.to_u64(), i64::MAX as u64);
    assert_eq!(tid.to_string(), "bzzzzzzzzzzzz");
}

#[test]
fn tid_2222222222223_is_1() {
    assert_eq!(parse_u64("2222222222223"), 1);
    assert_eq!(Tid::from_u64(1).to_string(), "2222222222223");
}

#[test]
fn tid_2222222222222_is_0_and_the_minimum() {
    assert_eq!(parse_u64("2222222222222"), 0);
    assert_eq!(Tid::parse("2222222222222"), Ok(Tid::MIN));
    assert_eq!(Tid::MIN.to_string(), "2222222222222");
}

#[test]
fn values_with_bit_63_set_parse() {
    assert_eq!(parse_u64("c222222222222"), 1 << 63);
    assert_eq!(parse_u64("j222222222222"), 0xF << 60);
    assert_eq!(parse_u64("jzzzzzzzzzzzz"), u64::MAX);
    assert_eq!(Tid::parse("jzzzzzzzzzzzz"), Ok(Tid::MAX));
    assert_eq!(Tid::from_u64(1 << 63).to_string(), "c222222222222");
    assert_eq!(Tid::MAX.to_string(), "jzzzzzzzzzzzz");
}

#[test]
fn a_first_symbol_after_j_is_rejected_as_overflow() {
    for text in ["kjzfcijpj2z2a", "k222222222222", "zzzzzzzzzzzzz"] {
        let err = Tid::parse(text).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow, "{text}");
        assert_eq!(err.position(), Some(0), "{text}");
    }
}

#[test]
fn the_dashed_legacy_form_is_rejected() {
    let err = Tid::parse("3jzf-cij-pj2z-2a").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    // Dashes are refused by position too, not only by length.
    let err = Tid::parse("3jzf-cijpj2z2").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    assert_eq!(err.position(), Some(4));
}

#[test]
fn uppercase_is_rejected() {
    let err = Tid::parse("3JZFCIJPJ2Z2A").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    assert_eq!(err.position(), Some(1));
}

#[test]
fn from_parts_refuses_micros_of_2_pow_53_and_above() {
    assert!(Tid::from_parts((1 << 53) - 1, 0).is_ok());
    for micros in [1 << 53, (1 << 53) + 1, 1 << 60, u64::MAX] {
        let err = Tid::from_parts(micros, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{micros}");
        assert_eq!(err.position(), None);
    }
}

#[test]
fn from_parts_refuses_clock_ids_of_1024_and_above() {
    assert_eq!(Tid::from_parts(0, 1023).unwrap().clock_id(), 1023);
    for clock_id in [1024, 1025, 2047, u16::MAX] {
        let err = Tid::from_parts(0, clock_id).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{clock_id}");
    }
}

#[test]
fn from_parts_never_masks_the_parts() {
    for micros in [0, 1, 1688137381887007, Tid::MAX_TIMESTAMP_MICROS] {
        for clock_id in [0, 1, 6, 512, Tid::MAX_CLOCK_ID] {
            let tid = Tid::from_parts(micros, clock_id).unwrap();
            assert_eq!(tid.timestamp_micros(), micros);
            assert_eq!(tid.clock_id(), clock_id);
            assert_eq!(tid.to_u64() >> 63, 0, "bit 63 is never set from parts");
        }
    }
}
