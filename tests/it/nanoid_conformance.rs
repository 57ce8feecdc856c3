//! Conformance of `NanoId` with the reference, nanoid 5.1.16 (npm), through the vectors of
//! `tests/vectors/nanoid/generate.mjs`: the same random bytes make the same id, symbol for
//! symbol (`customRandom`, every alphabet of nanoid-dictionary this crate ships, lengths 1 to
//! 255, buffers with many dropped bytes); `nanoid()`'s default ids are its bytes read
//! forward; texts near every boundary parse or fail where the reference's alphabet says.

use idtypes::nanoid::{
    Alphanumeric, HexLowercase, Lowercase, NanoAlphabet, NanoId, NoLookalikes, Numbers, UrlSafe,
};
use idtypes::{ErrorKind, IdFormat};
use idtypes_tests::vector_path;
use serde_json::Value;

const VECTORS: &str = "nanoid/vectors.json";

fn vectors() -> Value {
    let path = vector_path(VECTORS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn array(value: &Value, field: &str) -> Vec<Value> {
    let entries = value[field]
        .as_array()
        .unwrap_or_else(|| panic!("{VECTORS}: no array {field:?}"))
        .clone();
    assert!(!entries.is_empty(), "{VECTORS}: {field:?} is empty");
    entries
}

fn text<'a>(entry: &'a Value, field: &str) -> &'a str {
    entry[field]
        .as_str()
        .unwrap_or_else(|| panic!("{entry}: no string field {field:?}"))
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// The id `NanoId<A, LEN>::from_random` makes of the recorded buffers, checking that it asks
/// for buffers of the sizes nanoid asked for, and for all of them.
fn replay<A: NanoAlphabet, const LEN: usize>(calls: &[Vec<u8>]) -> String {
    let mut next = 0;
    let id = NanoId::<A, LEN>::from_random(|buffer| {
        let call = calls
            .get(next)
            .unwrap_or_else(|| panic!("asked for buffer {next}, nanoid used {}", calls.len()));
        assert_eq!(buffer.len(), call.len(), "the size of buffer {next}");
        buffer.copy_from_slice(call);
        next += 1;
    });
    assert_eq!(next, calls.len(), "buffers used");
    id.as_str().to_owned()
}

/// `replay` for an alphabet and a length named at run time.
fn replay_named(alphabet: &str, size: u64, calls: &[Vec<u8>]) -> String {
    macro_rules! by_size {
        ($alphabet:ty) => {
            match size {
                1 => replay::<$alphabet, 1>(calls),
                2 => replay::<$alphabet, 2>(calls),
                10 => replay::<$alphabet, 10>(calls),
                16 => replay::<$alphabet, 16>(calls),
                21 => replay::<$alphabet, 21>(calls),
                36 => replay::<$alphabet, 36>(calls),
                255 => replay::<$alphabet, 255>(calls),
                other => panic!("no case for the length {other}"),
            }
        };
    }
    match alphabet {
        "url_safe" => by_size!(UrlSafe),
        "alphanumeric" => by_size!(Alphanumeric),
        "lowercase" => by_size!(Lowercase),
        "numbers" => by_size!(Numbers),
        "hex_lowercase" => by_size!(HexLowercase),
        "no_lookalikes" => by_size!(NoLookalikes),
        other => panic!("no alphabet {other}"),
    }
}

#[test]
fn the_alphabets_are_the_references() {
    let vectors = vectors();
    let alphabets = &vectors["alphabets"];
    assert_eq!(text(alphabets, "url_safe"), UrlSafe::SYMBOLS);
    assert_eq!(text(alphabets, "alphanumeric"), Alphanumeric::SYMBOLS);
    assert_eq!(text(alphabets, "lowercase"), Lowercase::SYMBOLS);
    assert_eq!(text(alphabets, "numbers"), Numbers::SYMBOLS);
    assert_eq!(text(alphabets, "hex_lowercase"), HexLowercase::SYMBOLS);
    assert_eq!(text(alphabets, "no_lookalikes"), NoLookalikes::SYMBOLS);
}

#[test]
fn the_same_random_bytes_make_the_references_id() {
    let cases = array(&vectors(), "custom_random");
    let mut several_buffers = 0;
    for case in &cases {
        let calls: Vec<Vec<u8>> = case["calls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|call| hex(call.as_str().unwrap()))
            .collect();
        several_buffers += usize::from(calls.len() > 1);
        let size = case["size"].as_u64().unwrap();
        let id = replay_named(text(case, "alphabet"), size, &calls);
        assert_eq!(id, text(case, "id"), "{case}");
    }
    assert!(cases.len() >= 100 && several_buffers >= 5);
}

#[test]
fn nanoids_default_ids_are_its_bytes_read_forward() {
    for case in array(&vectors(), "nanoid_default") {
        let mut pool = hex(text(&case, "pool"));
        // customRandom reads its buffer from the end; nanoid() reads its pool from the start.
        pool.reverse();
        let id = NanoId::<UrlSafe, 21>::from_random(|buffer| buffer.copy_from_slice(&pool));
        assert_eq!(id.as_str(), text(&case, "id"));
        let text = text(&case, "id");
        assert_eq!(text.parse::<NanoId>().unwrap(), id);
    }
}

/// Each text parses exactly when the reference's alphabet and length say, and a refused one
/// is refused where they say.
fn check_texts<A: NanoAlphabet, const LEN: usize>(entries: &[Value]) {
    for entry in entries {
        let text = text(entry, "text");
        let parsed = text.parse::<NanoId<A, LEN>>();
        if entry["valid"].as_bool().unwrap() {
            let id = parsed.unwrap_or_else(|err| panic!("{text:?}: {err}"));
            assert_eq!(IdFormat::encode(&id), text);
            continue;
        }
        let err = parsed.expect_err(text);
        assert_eq!(err.format_name(), "NanoID");
        match entry["position"].as_u64() {
            None => assert_eq!(err.kind(), ErrorKind::Length, "{text:?}: {err}"),
            Some(position) => {
                assert_eq!(err.kind(), ErrorKind::Character, "{text:?}: {err}");
                assert_eq!(err.position(), Some(position as usize), "{text:?}: {err}");
            }
        }
    }
}

#[test]
fn texts_near_every_boundary_parse_as_the_references_alphabet_says() {
    let vectors = vectors();
    let texts = &vectors["texts"];
    let url_safe = array(texts, "url_safe_21");
    assert!(url_safe.iter().filter(|e| e["valid"] == true).count() >= 8);
    assert!(url_safe.iter().filter(|e| e["valid"] == false).count() >= 15);
    check_texts::<UrlSafe, 21>(&url_safe);
    check_texts::<Lowercase, 16>(&array(texts, "lowercase_16"));
}
