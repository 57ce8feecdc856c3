//! Property tests of `TimeId`: the text codec (plain and dashed) against a reference regex,
//! the encoded and the chronological order, bytes, parts, prefix ranges, time-span ranges,
//! and the UUIDv6 and UUIDv7 mappings.

use std::{
    cmp::Ordering,
    sync::LazyLock,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use idtypes::{ErrorKind, Tid, TimeId};

use idtypes::time_id::NodeId;
use idtypes_tests::proptest_config;
use proptest::prelude::*;
use regex::{Regex, bytes::Regex as BytesRegex};

/// The alphabet, in value order.
const ALPHABET: &str = "234567abcdefghijklmnopqrstuvwxyz";

/// The symbols a TimeId may start with.
const FIRST: &str = "234567abstuvwxyz";

/// The reference rule: the plain form, or the dashed form with dashes at bytes 4, 8 and 13.
/// (`[2-7a-z]` is the alphabet.)
const PATTERN: &str = "^(?:[234567abstuvwxyz][234567abcdefghijklmnopqrstuvwxyz]{12}\
                       |[234567abstuvwxyz][2-7a-z]{3}-[2-7a-z]{3}-[2-7a-z]{4}-[2-7a-z]{2})$";

/// The prefixes `range_for_prefix` must accept: 1 to 13 symbols of the plain form, or a
/// prefix of the dashed form that reaches its first dash (its shorter prefixes are plain).
const PREFIX_PATTERN: &str = "^(?:[234567abstuvwxyz][2-7a-z]{0,12}\
                              |[234567abstuvwxyz][2-7a-z]{3}-(?:[2-7a-z]{0,3}\
                              |[2-7a-z]{3}-(?:[2-7a-z]{0,4}|[2-7a-z]{4}-[2-7a-z]{0,2})))$";

static REFERENCE: LazyLock<Regex> = LazyLock::new(|| Regex::new(PATTERN).unwrap());
static REFERENCE_BYTES: LazyLock<BytesRegex> =
    LazyLock::new(|| BytesRegex::new(&format!("(?-u){PATTERN}")).unwrap());
static PREFIX_REFERENCE: LazyLock<Regex> = LazyLock::new(|| Regex::new(PREFIX_PATTERN).unwrap());
/// A prefix of the text's shape with any first symbol: `c`..`r` are well formed but start no
/// TimeId.
static WELL_FORMED_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&PREFIX_PATTERN.replace("[234567abstuvwxyz]", "[2-7a-z]")).unwrap()
});

/// The offset of RFC 9562 timestamps: 100-ns ticks from 1582-10-15 to 1970-01-01.
const GREGORIAN_OFFSET: i64 = 0x01B2_1DD2_1381_4000;

/// Characters that are not in the alphabet but look like they could be, the dash, and
/// non-ASCII characters of every UTF-8 length.
const FOREIGN: &[char] = &[
    '0',
    '1',
    '8',
    '9',
    'A',
    'S',
    'Z',
    '-',
    '-',
    '-',
    '_',
    ' ',
    '\0',
    '\u{7f}',
    '\u{e9}',
    '\u{20ac}',
    '\u{1f600}',
];

/// The i64 as the u64 of the same bits: the encoded order.
fn bits(id: TimeId) -> u64 {
    id.to_i64() as u64
}

fn from_bits(value: u64) -> TimeId {
    TimeId::from_i64(value as i64)
}

/// How many bytes of the dashed form hold its first `n` symbols (without a trailing dash).
fn dashed_len(n: usize) -> usize {
    match n {
        0..=4 => n,
        5..=7 => n + 1,
        8..=11 => n + 2,
        _ => n + 3,
    }
}

/// The kind and position of the error `parse` must report for `bytes`, or `None` if it must
/// accept them: the length first, then the first byte that is wrong at its place.
fn expected_parse_error(bytes: &[u8]) -> Option<(ErrorKind, Option<usize>)> {
    let dashed = match bytes.len() {
        13 => false,
        16 => true,
        _ => return Some((ErrorKind::Length, None)),
    };
    for (i, &byte) in bytes.iter().enumerate() {
        if dashed && [4, 8, 13].contains(&i) {
            if byte != b'-' {
                return Some((ErrorKind::Character, Some(i)));
            }
        } else if !ALPHABET.as_bytes().contains(&byte) {
            return Some((ErrorKind::Character, Some(i)));
        } else if i == 0 && !FIRST.as_bytes().contains(&byte) {
            return Some((ErrorKind::Overflow, Some(0)));
        }
    }
    None
}

/// What `parse_ascii` must do with `bytes`: accept exactly what the regex accepts, re-encode
/// to the same text, and otherwise report the expected error.
fn check_bytes(bytes: &[u8]) {
    let result = TimeId::parse_ascii(bytes);
    let matches = REFERENCE_BYTES.is_match(bytes);
    match &result {
        Ok(id) => {
            assert!(matches, "accepted {bytes:?}, which the regex refuses");
            let again = if bytes.len() == TimeId::TEXT_LEN {
                id.encode().as_bytes().to_vec()
            } else {
                id.to_dashed().as_bytes().to_vec()
            };
            assert_eq!(again, bytes, "re-encoding {bytes:?}");
        }
        Err(err) => {
            assert!(
                !matches,
                "refused {bytes:?}, which the regex accepts: {err}"
            );
            let message = err.to_string();
            assert!(message.starts_with("invalid TimeId: "), "{message}");
        }
    }
    let expected = expected_parse_error(bytes);
    assert_eq!(
        expected.is_none(),
        matches,
        "the oracles disagree on {bytes:?}"
    );
    assert_eq!(
        result
            .as_ref()
            .err()
            .map(|err| (err.kind(), err.position())),
        expected,
        "{bytes:?}: {result:?}"
    );
}

/// What `parse`, `parse_const`, `FromStr` and `range_for_prefix` must do with `text`.
fn check_str(text: &str) {
    let result = TimeId::parse(text);
    assert_eq!(
        result.is_ok(),
        REFERENCE.is_match(text),
        "{text:?}: {result:?}"
    );
    assert_eq!(TimeId::parse_const(text), result, "{text:?}");
    assert_eq!(text.parse::<TimeId>(), result, "{text:?}");
    assert_eq!(TimeId::parse_ascii(text.as_bytes()), result, "{text:?}");
    check_bytes(text.as_bytes());
    check_prefix(text);
}

/// What `range_for_prefix` must do with `prefix`: a range for exactly the prefixes of valid
/// text (and the empty one), `None` for the other well-formed ones, an error for the rest.
fn check_prefix(prefix: &str) {
    let result = TimeId::range_for_prefix(prefix);
    let valid = prefix.is_empty() || PREFIX_REFERENCE.is_match(prefix);
    assert_eq!(
        result.is_ok(),
        WELL_FORMED_PREFIX.is_match(prefix) || valid,
        "{prefix:?}: {result:?}"
    );
    assert_eq!(
        matches!(result, Ok(Some(_))),
        valid,
        "{prefix:?}: {result:?}"
    );
    match result {
        Ok(None) => assert!((b'c'..=b'r').contains(&prefix.as_bytes()[0]), "{prefix:?}"),
        Ok(Some(range)) => {
            let symbols: String = prefix.chars().filter(|&c| c != '-').collect();
            assert!(range.start().encode().starts_with(symbols.as_str()));
            assert!(range.end().encode().starts_with(symbols.as_str()));
        }
        Err(err) => {
            if let Some(position) = err.position() {
                assert!(position < prefix.len(), "{prefix:?}: {err}");
            }
            assert_ne!(err.kind(), ErrorKind::Overflow, "{prefix:?}");
            let _ = err.to_string();
        }
    }
}

/// 13 or 16 characters drawn mostly from the alphabet, with dashes mostly in place.
fn near_time_id_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let symbol = prop_oneof![
        12 => prop::sample::select(alphabet),
        1 => prop::sample::select(FOREIGN),
    ];
    (prop::collection::vec(symbol, 13), any::<bool>(), 0usize..20).prop_map(
        |(chars, dashed, misplaced)| {
            let mut text: String = chars.into_iter().collect();
            if dashed {
                for at in [4, 8, 13] {
                    // Char positions: the text may hold multi-byte characters.
                    let at = if misplaced == at { at - 1 } else { at };
                    let byte = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
                    text.insert(byte, '-');
                }
            }
            text
        },
    )
}

/// The plain or dashed text of `value` with one character replaced, inserted or removed.
fn mutated_text(value: i64, dashed: bool, index: usize, edit: u8, c: char) -> String {
    let id = TimeId::from_i64(value);
    let mut chars: Vec<char> = if dashed {
        id.to_dashed().chars().collect()
    } else {
        id.encode().chars().collect()
    };
    let index = index % chars.len();
    match edit % 3 {
        0 => chars[index] = c,
        1 => chars.insert(index, c),
        _ => {
            chars.remove(index);
        }
    }
    chars.into_iter().collect()
}

/// `x` shifted right by `shift` (at least 1), as a non-negative i64: distances of every size.
fn distance(x: u64, shift: u32) -> i64 {
    (x >> shift.clamp(1, 63)) as i64
}

/// The timestamp range the span `start..=end` covers after clamping to the TimeId range.
fn clamped(start: i64, end: i64) -> (i64, i64) {
    (
        start.max(TimeId::MIN_TIMESTAMP_MICROS),
        end.min(TimeId::MAX_TIMESTAMP_MICROS),
    )
}

fn system_time(micros: i64) -> SystemTime {
    let offset = Duration::from_micros(micros.unsigned_abs());
    if micros >= 0 {
        UNIX_EPOCH + offset
    } else {
        UNIX_EPOCH - offset
    }
}

/// Checks that `ranges_for_micros(start, end)` holds exactly the ids with a timestamp in the
/// span, for `id` and for the neighbours (in `Ord`) of every range end.
fn check_ranges_for_micros(start: i64, end: i64, id: TimeId) {
    let ranges = TimeId::ranges_for_micros(start, end);
    let (lo, hi) = clamped(start, end);
    let inside = |id: TimeId| lo <= id.timestamp_micros() && id.timestamp_micros() <= hi;
    let expected_len = if lo > hi {
        0
    } else if lo < 0 && hi >= 0 {
        2
    } else {
        1
    };
    assert_eq!(ranges.len(), expected_len, "{start}..={end}: {ranges:?}");
    assert_eq!(ranges.is_empty(), expected_len == 0);
    assert_eq!(ranges.as_slice().len(), expected_len);
    assert_eq!((&ranges).into_iter().count(), expected_len);
    assert_eq!(
        ranges.contains(&id),
        inside(id),
        "{id:?} ({} us) against {start}..={end}: {ranges:?}",
        id.timestamp_micros()
    );
    for range in ranges.as_slice() {
        assert!(range.start() <= range.end(), "{range:?}");
        for end_id in [range.start(), range.end()] {
            assert!(
                inside(end_id),
                "{end_id:?} of {range:?} outside {lo}..={hi}"
            );
        }
        for neighbour in [
            bits(range.start()).checked_sub(1),
            bits(range.end()).checked_add(1),
        ]
        .into_iter()
        .flatten()
        .map(from_bits)
        {
            assert_eq!(
                ranges.contains(&neighbour),
                inside(neighbour),
                "neighbour {neighbour:?} of {range:?}, span {lo}..={hi}"
            );
        }
    }
    if expected_len == 2 {
        // In `Ord` order: the part from 1970 on first.
        let slice = ranges.as_slice();
        assert_eq!(slice[0].start(), TimeId::MIN);
        assert_eq!(slice[1].end(), TimeId::MAX);
        assert!(slice[0].end() < slice[1].start());
    }
}

/// The 60-bit timestamp of a UUIDv6, read from its bits.
fn uuid_v6_ticks(bits: u128) -> i64 {
    let high = (bits >> 80) as u64 & 0xFFFF_FFFF_FFFF;
    let low = (bits >> 64) as u64 & 0xFFF;
    ((high << 12) | low) as i64
}

/// The bits of a UUID of `version` (RFC 9562 variant) built around `micros`: a candidate
/// for the strict inverses. `clean` says which fields get the values the mappings write
/// (otherwise they keep `noise`), so that some candidates are exactly what the mappings make
/// and the others differ from it in one or more fields.
fn candidate_uuid_bits(version: u128, micros: i64, noise: u128, clean: u8) -> u128 {
    let mut bits = noise;
    match version {
        6 => {
            let mut ticks = (i128::from(micros) * 10 + i128::from(GREGORIAN_OFFSET))
                .rem_euclid(1 << 60) as u128;
            if clean & 1 == 0 {
                ticks = (ticks + noise % 10) & ((1 << 60) - 1); // 100-ns ticks
            }
            bits &= !((0xFFFF_FFFF_FFFF << 80) | (0xFFF << 64));
            bits |= ((ticks >> 12) << 80) | ((ticks & 0xFFF) << 64);
            if clean & 2 != 0 {
                bits &= !(0xF << 58); // clock_seq at most 1023
            }
            if clean & 4 != 0 {
                bits &= !((1 << 48) - 1); // the node field
            }
        }
        7 => {
            let micros = micros.unsigned_abs();
            let sub = if clean & 1 != 0 {
                (micros % 1000) * 4096 / 1000 // a scaled fraction
            } else {
                (noise >> 64) as u64 & 0xFFF
            };
            bits &= !((((1 << 48) - 1) << 80) | (0xFFF << 64));
            bits |= (u128::from(micros / 1000) << 80) | (u128::from(sub) << 64);
            if clean & 2 != 0 {
                bits &= !((1 << 52) - 1); // rand_b below its top 10 bits
            }
        }
        _ => {}
    }
    bits = (bits & !(0xF << 76)) | (version << 76);
    bits = (bits & !(0b11 << 62)) | (0b10 << 62);
    if clean & 8 != 0 && noise % 4 == 0 {
        bits ^= 0b11 << 62; // another variant
    }
    bits
}

/// A UUID from its bits, through its text: the `uuid` crate is not a direct dependency.
fn uuid_of<T: std::str::FromStr>(bits: u128) -> T
where
    T::Err: std::fmt::Debug,
{
    format!("{bits:032x}").parse().unwrap()
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn text_round_trips_for_every_i64(value in any::<i64>()) {
        let id = TimeId::from_i64(value);
        let plain = id.encode();
        let dashed = id.to_dashed();
        prop_assert_eq!(plain.len(), TimeId::TEXT_LEN);
        prop_assert_eq!(dashed.len(), TimeId::DASHED_LEN);
        prop_assert!(REFERENCE.is_match(&plain), "{:?}", plain);
        prop_assert!(REFERENCE.is_match(&dashed), "{:?}", dashed);
        prop_assert_eq!(dashed.replace('-', ""), plain.as_str());
        for text in [plain.as_str(), dashed.as_str()] {
            prop_assert_eq!(TimeId::parse(text), Ok(id));
            prop_assert_eq!(TimeId::parse_const(text), Ok(id));
            prop_assert_eq!(TimeId::parse_ascii(text.as_bytes()), Ok(id));
            prop_assert_eq!(text.parse::<TimeId>(), Ok(id));
        }
        prop_assert_eq!(id.to_string(), plain.as_str());
        prop_assert_eq!(format!("{id:#}"), dashed.as_str());
        // The first symbol names the sign of the timestamp.
        let first = plain.as_bytes()[0];
        prop_assert_eq!(b"stuvwxyz".contains(&first), id.timestamp_micros() < 0);
        prop_assert_eq!(b"234567ab".contains(&first), id.timestamp_micros() >= 0);
    }

    #[test]
    fn text_from_1970_on_is_the_tid_text_of_the_same_bits(value in any::<i64>()) {
        let id = TimeId::from_i64(value);
        match Tid::try_from(id) {
            Ok(tid) => {
                prop_assert!(value >= 0);
                prop_assert_eq!(tid.to_u64(), value as u64);
                prop_assert_eq!(tid.to_string(), id.to_string());
                prop_assert_eq!(TimeId::try_from(tid), Ok(id));
            }
            Err(err) => {
                prop_assert!(value < 0);
                prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
            }
        }
    }

    #[test]
    fn text_order_equals_byte_order_equals_ord(a in any::<i64>(), b in any::<i64>()) {
        let (x, y) = (TimeId::from_i64(a), TimeId::from_i64(b));
        let by_bits = (a as u64).cmp(&(b as u64));
        prop_assert_eq!(x.encode().as_str().cmp(y.encode().as_str()), by_bits);
        prop_assert_eq!(x.to_dashed().as_str().cmp(y.to_dashed().as_str()), by_bits);
        prop_assert_eq!(x.to_bytes().cmp(&y.to_bytes()), by_bits);
        prop_assert_eq!(x.cmp(&y), by_bits);
        prop_assert_eq!(x.partial_cmp(&y), Some(by_bits));
        prop_assert_eq!(x.cmp_chronological(&y), a.cmp(&b));
    }

    #[test]
    fn text_order_equals_ord_for_close_values(a in any::<i64>(), delta in -4096i64..4096) {
        // Near the ends and across 1970 (where the orders part) as well.
        let b = a.wrapping_add(delta);
        let (x, y) = (TimeId::from_i64(a), TimeId::from_i64(b));
        prop_assert_eq!(x.encode().as_str().cmp(y.encode().as_str()), x.cmp(&y));
        prop_assert_eq!(x.to_bytes().cmp(&y.to_bytes()), x.cmp(&y));
        for base in [0i64, -1, i64::MIN, i64::MAX] {
            let (p, q) = (TimeId::from_i64(base.wrapping_add(delta)), TimeId::from_i64(base));
            prop_assert_eq!(p.encode().as_str().cmp(q.encode().as_str()), p.cmp(&q));
            prop_assert_eq!(p.cmp_chronological(&q), p.to_i64().cmp(&q.to_i64()));
        }
    }

    #[test]
    fn every_pre_1970_id_sorts_after_every_later_one(
        before in TimeId::MIN_TIMESTAMP_MICROS..0,
        after in 0..=TimeId::MAX_TIMESTAMP_MICROS,
        n in 0u16..1024,
        m in 0u16..1024,
    ) {
        let b = TimeId::from_parts(before, NodeId::new(n).unwrap()).unwrap();
        let a = TimeId::from_parts(after, NodeId::new(m).unwrap()).unwrap();
        prop_assert_eq!(b.cmp(&a), Ordering::Greater);
        prop_assert!(b.encode().as_str() > a.encode().as_str());
        prop_assert_eq!(b.cmp_chronological(&a), Ordering::Less);
    }

    #[test]
    fn bytes_round_trip(value in any::<i64>()) {
        let id = TimeId::from_i64(value);
        prop_assert_eq!(id.to_bytes(), value.to_be_bytes());
        prop_assert_eq!(TimeId::from_bytes(id.to_bytes()), id);
        prop_assert_eq!(TimeId::from(<[u8; 8]>::from(id)), id);
        prop_assert_eq!(i64::from(id), value);
        prop_assert_eq!(TimeId::from(value), id);
    }

    #[test]
    fn from_parts_of_the_parts_is_the_id(value in any::<i64>()) {
        let id = TimeId::from_i64(value);
        let (micros, node) = (id.timestamp_micros(), id.node());
        prop_assert!((TimeId::MIN_TIMESTAMP_MICROS..=TimeId::MAX_TIMESTAMP_MICROS).contains(&micros));
        prop_assert_eq!(i128::from(micros) * 1024 + i128::from(node.get()), i128::from(value));
        prop_assert_eq!(TimeId::from_parts(micros, node), Ok(id));
        prop_assert_eq!(id.datetime::<chrono::DateTime<chrono::Utc>>().timestamp_micros(), micros);
        prop_assert_eq!(id.timestamp(), system_time(micros));
    }

    #[test]
    fn from_parts_refuses_exactly_the_timestamps_outside_the_range(
        micros in any::<i64>(),
        shift in 0u32..64,
        n in 0u16..1024,
    ) {
        let micros = micros >> shift;
        let node = NodeId::new(n).unwrap();
        let in_range =
            (TimeId::MIN_TIMESTAMP_MICROS..=TimeId::MAX_TIMESTAMP_MICROS).contains(&micros);
        match TimeId::from_parts(micros, node) {
            Ok(id) => {
                prop_assert!(in_range);
                prop_assert_eq!((id.timestamp_micros(), id.node()), (micros, node));
            }
            Err(err) => {
                prop_assert!(!in_range, "{}: {}", micros, err);
                prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
            }
        }
    }

    #[test]
    fn a_prefix_range_holds_exactly_the_ids_whose_text_starts_with_it(
        value in any::<i64>(),
        n in 1usize..=13,
        other in any::<u64>(),
        bit in 0u32..64,
        how in 0u8..4,
    ) {
        let id = TimeId::from_i64(value);
        let text = id.encode();
        let prefix = &text[..n];
        let range = TimeId::range_for_prefix(prefix).unwrap().unwrap();
        prop_assert!(range.contains(&id), "{:?} not in {:?}", id, range);

        // Random ids, and ids that share a long or a short part of the text with `id`.
        let other = match how {
            0 => other,
            1 => bits(id) ^ (1 << bit),
            2 => bits(id) ^ (other >> bit),
            _ => bits(id).wrapping_add(other >> bit),
        };
        let other = from_bits(other);
        prop_assert_eq!(
            range.contains(&other),
            other.encode().starts_with(prefix),
            "{:?} against prefix {:?}, range {:?}", other, prefix, range
        );

        // Tight: both ends have the prefix, their neighbours in `Ord` do not.
        let (start, end) = range.into_bounds();
        prop_assert!(start.encode().starts_with(prefix));
        prop_assert!(end.encode().starts_with(prefix));
        prop_assert_eq!(start.to_string(), format!("{prefix}{}", "2".repeat(13 - n)));
        prop_assert_eq!(end.to_string(), format!("{prefix}{}", "z".repeat(13 - n)));
        if let Some(before) = bits(start).checked_sub(1) {
            prop_assert!(!from_bits(before).encode().starts_with(prefix), "{:?}", range);
        }
        if let Some(after) = bits(end).checked_add(1) {
            prop_assert!(!from_bits(after).encode().starts_with(prefix), "{:?}", range);
        }
        // The timestamps of the ends bound the timestamps of the ids inside.
        prop_assert!(start.timestamp_micros() <= id.timestamp_micros());
        prop_assert!(id.timestamp_micros() <= end.timestamp_micros());

        // The dashed form of the same prefix, with and without a dash after it.
        let dashed = id.to_dashed();
        let dashed_prefix = &dashed[..dashed_len(n)];
        prop_assert_eq!(TimeId::range_for_prefix(dashed_prefix), Ok(Some(range)), "{}", dashed_prefix);
        if [4, 7, 11].contains(&n) {
            let with_dash = &dashed[..dashed_len(n) + 1];
            prop_assert!(with_dash.ends_with('-'));
            prop_assert_eq!(TimeId::range_for_prefix(with_dash), Ok(Some(range)), "{}", with_dash);
        }
    }

    #[test]
    fn arbitrary_strings_never_panic_and_parse_exactly_what_the_regex_matches(
        text in any::<String>(),
    ) {
        check_str(&text);
    }

    #[test]
    fn id_like_strings_parse_exactly_what_the_regex_matches(
        text in "[0-9a-zA-Z\\-_]{1,17}",
    ) {
        check_str(&text);
    }

    #[test]
    fn near_time_id_strings_parse_exactly_what_the_regex_matches(text in near_time_id_text()) {
        check_str(&text);
    }

    #[test]
    fn a_time_id_with_one_edit_parses_exactly_what_the_regex_matches(
        value in any::<i64>(),
        dashed in any::<bool>(),
        index in 0usize..16,
        edit in 0u8..3,
        c in prop_oneof![
            prop::sample::select(FOREIGN),
            prop::char::range('2', 'z'),
            any::<char>(),
        ],
    ) {
        let text = mutated_text(value, dashed, index, edit, c);
        check_str(&text);
        // Every prefix of the edited text, as a prefix query.
        for end in (1..=text.len()).filter(|&end| text.is_char_boundary(end)) {
            check_prefix(&text[..end]);
        }
    }

    #[test]
    fn arbitrary_bytes_parse_exactly_what_the_regex_matches(
        bytes in prop::collection::vec(any::<u8>(), 0..20),
    ) {
        check_bytes(&bytes);
    }

    #[test]
    fn a_time_id_with_one_byte_replaced_parses_exactly_what_the_regex_matches(
        value in any::<i64>(),
        dashed in any::<bool>(),
        index in 0usize..16,
        byte in any::<u8>(),
    ) {
        let id = TimeId::from_i64(value);
        let mut bytes = if dashed {
            id.to_dashed().as_bytes().to_vec()
        } else {
            id.encode().as_bytes().to_vec()
        };
        let index = index % bytes.len();
        bytes[index] = byte;
        check_bytes(&bytes);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_str(text);
        }
    }

    #[test]
    fn ranges_for_micros_hold_exactly_the_ids_whose_timestamp_is_in_bounds(
        value in any::<i64>(),
        a in any::<i64>(),
        b in any::<i64>(),
        x in any::<u64>(),
        y in any::<u64>(),
        shift in 0u32..64,
        how in 0u8..4,
    ) {
        let id = TimeId::from_i64(value);
        let micros = id.timestamp_micros();
        let (start, end) = match how {
            // Arbitrary bounds, beyond the TimeId range too.
            0 => (a, b),
            // Bounds around the id's own timestamp.
            1 => (micros.saturating_sub(distance(x, shift)), micros.saturating_add(distance(y, shift))),
            // Bounds that end or start at it or right next to it.
            2 => if x % 2 == 0 {
                (micros.saturating_sub(distance(x, shift)), micros - (y % 2) as i64)
            } else {
                (micros + (y % 2) as i64, micros.saturating_add(distance(x, shift)))
            },
            // Spans across 1970.
            _ => (-distance(x, shift) - 1, distance(y, shift)),
        };
        check_ranges_for_micros(start, end, id);
    }

    #[test]
    fn ranges_for_micros_across_1970_hold_ids_on_both_sides(
        micros in -(1i64 << 20)..(1 << 20),
        n in 0u16..1024,
        start in -(1i64 << 21)..0,
        end in 0i64..(1 << 21),
        flip in any::<bool>(),
    ) {
        let id = TimeId::from_parts(micros, NodeId::new(n).unwrap()).unwrap();
        check_ranges_for_micros(start, end, id);
        prop_assert_eq!(TimeId::ranges_for_micros(start, end).len(), 2);
        // And spans that end at -1 or start at 0: one range.
        if flip {
            check_ranges_for_micros(start, -1, id);
            prop_assert_eq!(TimeId::ranges_for_micros(start, -1).len(), 1);
        } else {
            check_ranges_for_micros(0, end, id);
            prop_assert_eq!(TimeId::ranges_for_micros(0, end).len(), 1);
        }
    }

    #[test]
    fn ranges_for_time_agree_with_ranges_for_micros(
        a in TimeId::MIN_TIMESTAMP_MICROS..=TimeId::MAX_TIMESTAMP_MICROS,
        d in any::<u64>(),
        shift in 0u32..64,
    ) {
        let b = a.saturating_add(distance(d, shift)).min(TimeId::MAX_TIMESTAMP_MICROS);
        let (ta, tb) = (system_time(a), system_time(b));
        prop_assert_eq!(TimeId::ranges_for_time(ta..=tb), TimeId::ranges_for_micros(a, b));
        prop_assert_eq!(TimeId::ranges_for_time(ta..tb), TimeId::ranges_for_micros(a, b - 1));
    }

    #[test]
    fn uuid_v6_round_trips_for_every_i64(value in any::<i64>(), other in any::<i64>()) {
        let id = TimeId::from_i64(value);
        let uuid = id.to_uuid_v6();
        prop_assert_eq!(uuid.get_version_num(), 6);
        prop_assert_eq!(TimeId::from_uuid_v6(uuid), Ok(id));
        prop_assert_eq!(TimeId::uuid_v6_timestamp_micros(uuid), Ok(id.timestamp_micros()));
        prop_assert_eq!(
            uuid_v6_ticks(uuid.as_u128()),
            id.timestamp_micros() * 10 + GREGORIAN_OFFSET
        );
        // UUIDv6 sorts by time: its order is the chronological one.
        let other = TimeId::from_i64(other);
        prop_assert_eq!(
            uuid.as_u128().cmp(&other.to_uuid_v6().as_u128()),
            id.cmp_chronological(&other)
        );
    }

    #[test]
    fn uuid_v7_round_trips_for_every_time_id_from_1970(
        value in 0..=i64::MAX,
        other in 0..=i64::MAX,
    ) {
        let id = TimeId::from_i64(value);
        let uuid = id.to_uuid_v7().unwrap();
        prop_assert_eq!(uuid.get_version_num(), 7);
        prop_assert_eq!(TimeId::from_uuid_v7(uuid), Ok(id));
        prop_assert_eq!(Tid::try_from(id).unwrap().to_uuid_v7(), uuid);
        let (secs, nanos) = uuid.get_timestamp().unwrap().to_unix();
        let millis = id.timestamp_micros() / 1000;
        prop_assert_eq!((secs as i64, i64::from(nanos)), (millis / 1000, millis % 1000 * 1_000_000));
        // UUIDv7 sorts like the ids.
        let other = TimeId::from_i64(other);
        prop_assert_eq!(uuid.as_u128().cmp(&other.to_uuid_v7().unwrap().as_u128()), id.cmp(&other));
    }

    #[test]
    fn uuid_v7_refuses_every_time_id_before_1970(value in i64::MIN..0) {
        let err = TimeId::from_i64(value).to_uuid_v7().unwrap_err();
        prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }

    #[test]
    fn uuid_v7_round_trips_for_every_u64_tid(value in any::<u64>(), other in any::<u64>()) {
        let tid = Tid::from_u64(value);
        let uuid = tid.to_uuid_v7();
        prop_assert_eq!(uuid.get_version_num(), 7);
        prop_assert_eq!(Tid::from_uuid_v7(uuid), Ok(tid));
        let other = Tid::from_u64(other);
        prop_assert_eq!(uuid.as_u128().cmp(&other.to_uuid_v7().as_u128()), tid.cmp(&other));
    }

    #[test]
    fn from_uuid_accepts_only_what_to_uuid_makes(
        version in prop_oneof![4 => 6u128..=7, 1 => 0u128..16],
        micros in -(1i64 << 54)..(1 << 54),
        noise in any::<u128>(),
        clean in 0u8..16,
    ) {
        let bits = candidate_uuid_bits(version, micros, noise, clean);
        let rfc_variant = (bits >> 62) & 0b11 == 0b10;
        match TimeId::from_uuid_v6(uuid_of(bits)) {
            Ok(id) => prop_assert_eq!(id.to_uuid_v6().as_u128(), bits),
            Err(err) => prop_assert!(
                matches!(err.kind(), ErrorKind::Syntax | ErrorKind::OutOfRange),
                "{}", err
            ),
        }
        match TimeId::uuid_v6_timestamp_micros(uuid_of(bits)) {
            Ok(read) => {
                prop_assert!(version == 6 && rfc_variant);
                prop_assert_eq!(read, (uuid_v6_ticks(bits) - GREGORIAN_OFFSET).div_euclid(10));
            }
            Err(err) => {
                prop_assert!(version != 6 || !rfc_variant);
                prop_assert_eq!(err.kind(), ErrorKind::Syntax);
            }
        }
        if let Ok(id) = TimeId::from_uuid_v7(uuid_of(bits)) {
            prop_assert_eq!(id.to_uuid_v7().unwrap().as_u128(), bits);
        }
        if let Ok(tid) = Tid::from_uuid_v7(uuid_of(bits)) {
            prop_assert_eq!(tid.to_uuid_v7().as_u128(), bits);
        }
        // Well-formed candidates in range are accepted.
        if version == 6 && clean & 0b1111 == 0b0111 && micros.abs() < 1 << 53 {
            prop_assert!(TimeId::from_uuid_v6(uuid_of(bits)).is_ok(), "{:032x}", bits);
        }
        if version == 7 && clean & 0b1011 == 0b0011 && micros.unsigned_abs() < 1 << 53 {
            prop_assert!(TimeId::from_uuid_v7(uuid_of(bits)).is_ok(), "{:032x}", bits);
            prop_assert!(Tid::from_uuid_v7(uuid_of(bits)).is_ok(), "{:032x}", bits);
        }
    }
}
