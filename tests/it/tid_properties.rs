//! Property tests of `Tid`: text and byte codecs, order, the parser against the reference
//! regex, and ranges.

use std::sync::LazyLock;

use idtypes::{ErrorKind, Tid};
use idtypes_tests::{check_u64_prefix_range, proptest_config};
use proptest::prelude::*;
use regex::{Regex, bytes::Regex as BytesRegex};

const PATTERN: &str = "^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$";
const ALPHABET: &str = "234567abcdefghijklmnopqrstuvwxyz";
const FIRST: &str = "234567abcdefghij";

static REFERENCE: LazyLock<Regex> = LazyLock::new(|| Regex::new(PATTERN).unwrap());
static REFERENCE_BYTES: LazyLock<BytesRegex> =
    LazyLock::new(|| BytesRegex::new(&format!("(?-u){PATTERN}")).unwrap());

/// Characters that are not in the alphabet but look like they could be: other digits,
/// uppercase, separators, NUL, and non-ASCII characters of every UTF-8 length.
const FOREIGN: &[char] = &[
    '0',
    '1',
    '8',
    '9',
    'A',
    'J',
    'Z',
    '-',
    '_',
    '=',
    ' ',
    '\0',
    '\u{7f}',
    '\u{e9}',
    '\u{20ac}',
    '\u{1f600}',
];

/// The byte index at which the parser must report the first offending byte of a 13-byte text:
/// the first byte that the reference regex does not allow at its place.
fn first_offending_byte(bytes: &[u8]) -> Option<usize> {
    bytes.iter().enumerate().position(|(i, &b)| {
        let allowed = if i == 0 { FIRST } else { ALPHABET };
        !allowed.as_bytes().contains(&b)
    })
}

/// What the parser must do with `bytes`: accept exactly what the regex accepts, never panic,
/// and when it refuses, say where and why consistently with the input.
fn check_against_reference(bytes: &[u8], result: Result<Tid, idtypes::Error>) {
    let expected = REFERENCE_BYTES.is_match(bytes);
    match result {
        Ok(tid) => {
            assert!(expected, "accepted {bytes:?}, which the regex refuses");
            assert_eq!(tid.encode().as_bytes(), bytes, "re-encoding {bytes:?}");
        }
        Err(err) => {
            assert!(
                !expected,
                "refused {bytes:?}, which the regex accepts: {err}"
            );
            if let Some(position) = err.position() {
                assert!(
                    position < bytes.len(),
                    "position {position} out of {bytes:?}"
                );
            }
            if bytes.len() != Tid::TEXT_LEN {
                assert_eq!(err.kind(), ErrorKind::Length, "{bytes:?}: {err}");
                assert_eq!(err.position(), None);
            } else {
                let position = first_offending_byte(bytes).expect("the regex refused it");
                assert_eq!(err.position(), Some(position), "{bytes:?}: {err}");
                let kind = if position == 0 && ALPHABET.as_bytes().contains(&bytes[0]) {
                    ErrorKind::Overflow
                } else {
                    ErrorKind::Character
                };
                assert_eq!(err.kind(), kind, "{bytes:?}: {err}");
            }
            // The message is printable for every input.
            let message = err.to_string();
            assert!(message.starts_with("invalid atproto TID: "), "{message}");
        }
    }
}

fn check_str(text: &str) {
    assert_eq!(
        Tid::parse(text).is_ok(),
        REFERENCE.is_match(text),
        "{text:?} against the str regex"
    );
    check_against_reference(text.as_bytes(), Tid::parse(text));
    assert_eq!(text.parse::<Tid>(), Tid::parse(text));
    assert_eq!(Tid::parse_ascii(text.as_bytes()), Tid::parse(text));
}

/// 13 characters drawn from the alphabet and from `FOREIGN`, mostly from the alphabet.
fn near_tid_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let symbol = prop_oneof![
        8 => prop::sample::select(alphabet),
        1 => prop::sample::select(FOREIGN),
    ];
    prop::collection::vec(symbol, 13).prop_map(|chars| chars.into_iter().collect())
}

/// The text of a TID with one character replaced by `replacement`.
fn mutated_text(value: u64, index: usize, replacement: char) -> String {
    Tid::from_u64(value)
        .encode()
        .chars()
        .enumerate()
        .map(|(i, c)| if i == index { replacement } else { c })
        .collect()
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn text_round_trips_for_every_u64(value in any::<u64>()) {
        let tid = Tid::from_u64(value);
        let text = tid.encode();
        prop_assert_eq!(text.len(), Tid::TEXT_LEN);
        prop_assert!(REFERENCE.is_match(&text), "{:?}", text);
        prop_assert_eq!(Tid::parse(&text), Ok(tid));
        let string = tid.to_string();
        prop_assert_eq!(string.as_str(), text.as_str());
        prop_assert_eq!(string.parse::<Tid>(), Ok(tid));
        prop_assert_eq!(Tid::parse(&string).map(Tid::to_u64), Ok(value));
    }

    #[test]
    fn text_order_is_numeric_order(a in any::<u64>(), b in any::<u64>()) {
        let (ta, tb) = (Tid::from_u64(a), Tid::from_u64(b));
        prop_assert_eq!(ta.encode().as_str().cmp(tb.encode().as_str()), a.cmp(&b));
        prop_assert_eq!(ta.cmp(&tb), a.cmp(&b));
    }

    #[test]
    fn text_order_is_numeric_order_for_close_values(a in any::<u64>(), delta in 0u64..1 << 12) {
        let b = a.saturating_add(delta);
        let (ta, tb) = (Tid::from_u64(a), Tid::from_u64(b));
        prop_assert_eq!(ta.encode().as_str().cmp(tb.encode().as_str()), a.cmp(&b));
    }

    #[test]
    fn bytes_round_trip_and_order_like_the_numbers(a in any::<u64>(), b in any::<u64>()) {
        let (ta, tb) = (Tid::from_u64(a), Tid::from_u64(b));
        prop_assert_eq!(ta.to_bytes(), a.to_be_bytes());
        prop_assert_eq!(Tid::from_bytes(ta.to_bytes()), ta);
        prop_assert_eq!(Tid::from(<[u8; 8]>::from(ta)), ta);
        prop_assert_eq!(ta.to_bytes().cmp(&tb.to_bytes()), a.cmp(&b));
    }

    #[test]
    fn parts_round_trip(micros in 0..=Tid::MAX_TIMESTAMP_MICROS, clock_id in 0..=Tid::MAX_CLOCK_ID) {
        let tid = Tid::from_parts(micros, clock_id).unwrap();
        prop_assert_eq!(tid.timestamp_micros(), micros);
        prop_assert_eq!(tid.clock_id(), clock_id);
        prop_assert!(tid.to_u64() <= i64::MAX as u64);
    }

    #[test]
    fn arbitrary_strings_are_accepted_exactly_when_the_regex_matches(text in any::<String>()) {
        check_str(&text);
    }

    #[test]
    fn id_like_strings_are_accepted_exactly_when_the_regex_matches(
        text in "[0-9a-zA-Z\\-_]{11,15}",
    ) {
        check_str(&text);
    }

    #[test]
    fn thirteen_near_alphabet_chars_are_accepted_exactly_when_the_regex_matches(
        text in near_tid_text(),
    ) {
        check_str(&text);
    }

    #[test]
    fn a_tid_with_one_char_replaced_is_accepted_exactly_when_the_regex_matches(
        value in any::<u64>(),
        index in 0usize..13,
        replacement in prop_oneof![
            prop::sample::select(FOREIGN),
            prop::char::range('2', 'z'),
            any::<char>(),
        ],
    ) {
        check_str(&mutated_text(value, index, replacement));
    }

    #[test]
    fn a_tid_with_one_byte_replaced_is_accepted_exactly_when_the_regex_matches(
        value in any::<u64>(),
        index in 0usize..13,
        replacement in any::<u8>(),
    ) {
        // Raw bytes, which need not be UTF-8: `parse_ascii` must behave like the regex too.
        let mut bytes = Tid::from_u64(value).encode().into_bytes();
        bytes[index] = replacement;
        check_against_reference(&bytes, Tid::parse_ascii(&bytes));
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_str(text);
        }
    }

    #[test]
    fn a_tid_with_a_char_inserted_or_removed_is_rejected(
        value in any::<u64>(),
        index in 0usize..13,
        inserted in any::<char>(),
        insert in any::<bool>(),
    ) {
        let mut chars: Vec<char> = Tid::from_u64(value).encode().chars().collect();
        if insert {
            chars.insert(index, inserted);
        } else {
            chars.remove(index);
        }
        let text: String = chars.into_iter().collect();
        prop_assert!(Tid::parse(&text).is_err());
        check_str(&text);
    }

    #[test]
    fn arbitrary_bytes_are_accepted_exactly_when_the_regex_matches(
        bytes in prop::collection::vec(any::<u8>(), 0..20),
    ) {
        check_against_reference(&bytes, Tid::parse_ascii(&bytes));
    }

    #[test]
    fn the_range_for_a_tids_own_prefix_contains_it(value in any::<u64>(), n in 0usize..=13) {
        let tid = Tid::from_u64(value);
        let text = tid.encode();
        let range = Tid::range_for_prefix(&text[..n]).unwrap().unwrap();
        prop_assert!(range.contains(&tid), "{:?} not in {:?}", tid, range);
    }

    #[test]
    fn a_prefix_range_contains_a_tid_iff_its_text_starts_with_the_prefix(
        value in any::<u64>(),
        n in 0usize..=13,
        other in any::<u64>(),
        bit in 0u32..64,
        how in 0u8..4,
    ) {
        let text = Tid::from_u64(value).encode();
        let prefix = &text[..n];
        let range = Tid::range_for_prefix(prefix).unwrap().unwrap();
        check_u64_prefix_range(
            prefix,
            (range.start().to_u64(), range.end().to_u64()),
            (value, other, bit, how),
            |v| Tid::from_u64(v).encode().to_string(),
        );
    }

    #[test]
    fn range_for_prefix_accepts_exactly_the_prefixes_of_valid_text(
        prefix in "[0-9a-zA-Z\\-_\u{e9}]{0,14}",
    ) {
        let result = Tid::range_for_prefix(&prefix);
        let well_formed = prefix.len() <= 13
            && prefix.bytes().all(|b| ALPHABET.as_bytes().contains(&b));
        let valid = well_formed
            && prefix.bytes().next().is_none_or(|b| FIRST.as_bytes().contains(&b));
        // A range for a prefix of valid text, `None` for the rest of the well-formed ones.
        prop_assert_eq!(result.is_ok(), well_formed, "{:?}: {:?}", prefix, result);
        prop_assert_eq!(matches!(result, Ok(Some(_))), valid, "{:?}: {:?}", prefix, result);
        if let Some(position) = result.err().and_then(|err| err.position()) {
            prop_assert!(position < prefix.len());
        }
    }

    #[test]
    fn range_for_micros_contains_exactly_the_tids_whose_timestamp_is_in_bounds(
        value in any::<u64>(),
        a in any::<u64>(),
        b in any::<u64>(),
        shift in 0u32..64,
        how in 0u8..3,
    ) {
        let tid = Tid::from_u64(value);
        let micros = tid.timestamp_micros();
        let (start, end) = match how {
            // Arbitrary bounds.
            0 => (a, b),
            // Bounds around the TID's own timestamp.
            1 => (micros.saturating_sub(a >> shift), micros.saturating_add(b >> shift)),
            // Bounds that end or start right at it.
            _ => if a % 2 == 0 {
                (micros.saturating_sub(a >> shift), micros.saturating_sub(b % 2))
            } else {
                (micros.saturating_add(b % 2), micros.saturating_add(a >> shift))
            },
        };
        // A TID with the top bit set has no time in the layout: it is in no time range.
        let inside = start <= micros && micros <= end && micros <= Tid::MAX_TIMESTAMP_MICROS;
        match Tid::range_for_micros(start, end) {
            Some(range) => {
                prop_assert_eq!(range.contains(&tid), inside, "{:?} in {:?}", tid, range);
                prop_assert_eq!(range.start().timestamp_micros(), start);
                prop_assert_eq!(range.start().clock_id(), 0);
                prop_assert_eq!(range.end().clock_id(), Tid::MAX_CLOCK_ID);
            }
            None => prop_assert!(!inside, "no range for {}..={}, yet {:?} is inside", start, end, tid),
        }
    }
}
