//! Reading the JSON conformance vectors of `tests/vectors/`: a section, a field, hex bytes.
//! A missing file, section or field fails the test, never skips it.

use idtypes_tests::vector_path;
use serde_json::Value;

/// The entries of the section `name` of the vector file `file` (under `tests/vectors/`); a
/// missing or empty section fails the test.
pub fn section(file: &str, name: &str) -> Vec<Value> {
    let path = vector_path(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    let vectors: Value =
        serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let entries = vectors[name]
        .as_array()
        .unwrap_or_else(|| panic!("{file}: no array {name:?}"))
        .clone();
    assert!(!entries.is_empty(), "{file}: section {name:?} is empty");
    entries
}

/// A string field of a vector entry.
pub fn text<'a>(entry: &'a Value, field: &str) -> &'a str {
    entry[field]
        .as_str()
        .unwrap_or_else(|| panic!("{entry}: no string field {field:?}"))
}

/// An unsigned integer field of a vector entry.
pub fn number(entry: &Value, field: &str) -> u64 {
    entry[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{entry}: no number field {field:?}"))
}

/// `N` bytes written as `2 * N` hex digits.
pub fn hex<const N: usize>(text: &str) -> [u8; N] {
    assert_eq!(text.len(), 2 * N, "{text}");
    std::array::from_fn(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap())
}
