//! Property tests of `Uid11` and its profiles: text and byte codecs, order, strict decoding
//! against a reference regex and a big-integer reference decoder (overflow included), prefix
//! ranges, and the profiles' parts.

use std::sync::LazyLock;

use idtypes::{ErrorKind, Snowish, TsSeqRand, Uid11, Uid11Xid};

use idtypes::uid11::UID11_XID_EPOCH_MILLIS;
use idtypes_tests::{check_u64_prefix_range, proptest_config};
use proptest::prelude::*;
use regex::{Regex, bytes::Regex as BytesRegex};

const PATTERN: &str = "^[1-9A-HJ-NP-Za-km-z]{11}$";
const ALPHABET: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const MAX_TEXT: &str = "jpXCZedGfVQ";
/// 58^11, the number of 11-symbol texts; larger than 2^64.
const TEXTS: u128 = 24_986_644_000_165_537_792;

static REFERENCE: LazyLock<Regex> = LazyLock::new(|| Regex::new(PATTERN).unwrap());
static REFERENCE_BYTES: LazyLock<BytesRegex> =
    LazyLock::new(|| BytesRegex::new(&format!("(?-u){PATTERN}")).unwrap());

/// Characters outside the alphabet, some of them look-alikes (`0 O I l`), and non-ASCII ones of
/// every UTF-8 length.
const FOREIGN: &[char] = &[
    '0',
    'O',
    'I',
    'l',
    '-',
    '_',
    '+',
    '/',
    '=',
    ' ',
    '\0',
    '\u{7f}',
    '\u{e9}',
    '\u{20ac}',
    '\u{1f600}',
];

/// The reference encoder: any value below 58^11 as 11 symbols, most significant first.
fn reference_encode(mut value: u128) -> String {
    assert!(value < TEXTS);
    let mut symbols = [b'1'; 11];
    for symbol in symbols.iter_mut().rev() {
        *symbol = ALPHABET.as_bytes()[(value % 58) as usize];
        value /= 58;
    }
    String::from_utf8(symbols.to_vec()).unwrap()
}

/// The reference decoder: the big-integer value of symbols of the alphabet (`None` for any
/// other byte).
fn reference_value(bytes: &[u8]) -> Option<u128> {
    bytes.iter().try_fold(0u128, |value, &b| {
        let digit = ALPHABET.bytes().position(|a| a == b)?;
        Some(value * 58 + digit as u128)
    })
}

/// The prefix range of the verified uid11 figures, computed without the library.
fn reference_range(prefix: &str) -> Option<(u64, u64)> {
    let scale = 58u128.pow(11 - prefix.len() as u32);
    let start = reference_value(prefix.as_bytes()).expect("symbols") * scale;
    let end = start + scale - 1;
    Some((
        u64::try_from(start).ok()?,
        u64::try_from(end).unwrap_or(u64::MAX),
    ))
}

/// What the parser must do with `bytes`: accept exactly the texts that match the regex and do
/// not overflow, with their value; refuse the rest with the right kind, never panic.
fn check_against_reference(bytes: &[u8], result: Result<Uid11, idtypes::Error>) {
    let matches = REFERENCE_BYTES.is_match(bytes);
    let value = if matches {
        reference_value(bytes)
    } else {
        None
    };
    let expected = value.and_then(|value| u64::try_from(value).ok());
    match result {
        Ok(id) => {
            assert_eq!(Some(id.to_u64()), expected, "accepted {bytes:?}");
            assert_eq!(id.encode().as_bytes(), bytes, "re-encoding {bytes:?}");
        }
        Err(err) => {
            assert_eq!(expected, None, "refused {bytes:?}: {err}");
            if let Some(position) = err.position() {
                assert!(position < bytes.len(), "{position} in {bytes:?}");
            }
            if bytes.len() != Uid11::TEXT_LEN {
                assert_eq!(err.kind(), ErrorKind::Length, "{bytes:?}: {err}");
                assert_eq!(err.position(), None);
            } else if !matches {
                let position = bytes
                    .iter()
                    .position(|b| !ALPHABET.as_bytes().contains(b))
                    .expect("the regex refused it");
                assert_eq!(err.kind(), ErrorKind::Character, "{bytes:?}: {err}");
                assert_eq!(err.position(), Some(position), "{bytes:?}: {err}");
            } else {
                assert!(value.unwrap() > u128::from(u64::MAX));
                assert_eq!(err.kind(), ErrorKind::Overflow, "{bytes:?}: {err}");
            }
            assert!(err.to_string().starts_with("invalid uid11: "), "{err}");
        }
    }
}

fn check_str(text: &str) {
    let result = Uid11::parse(text);
    let overflows = reference_value(text.as_bytes()).is_some_and(|v| v > u128::from(u64::MAX));
    assert_eq!(
        result.is_ok(),
        REFERENCE.is_match(text) && !overflows,
        "{text:?}: {result:?}"
    );
    check_against_reference(text.as_bytes(), result.clone());
    assert_eq!(text.parse::<Uid11>(), result);
    assert_eq!(Uid11::try_from(text), result);
    assert_eq!(Uid11::parse_ascii(text.as_bytes()), result);
    // The profiles read the same text, with the same error kinds and positions (their
    // messages name the profile).
    let outcome = |r: Result<u64, idtypes::Error>| r.map_err(|e| (e.kind(), e.position()));
    let expected = outcome(result.clone().map(Uid11::to_u64));
    assert_eq!(
        outcome(Uid11Xid::parse(text).map(Uid11Xid::to_u64)),
        expected
    );
    assert_eq!(
        outcome(TsSeqRand::parse(text).map(TsSeqRand::to_u64)),
        expected
    );
    if let Err(err) = Uid11Xid::parse(text) {
        assert!(err.to_string().starts_with("invalid uid11 xid: "), "{err}");
    }
}

/// 11 symbols of the alphabet, often starting with a part of `jpXCZedGfVQ` so that many land
/// right at the overflow boundary.
fn alphabet_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    (
        0usize..=11,
        prop::collection::vec(prop::sample::select(alphabet), 11),
    )
        .prop_map(|(keep, symbols)| {
            MAX_TEXT
                .chars()
                .take(keep)
                .chain(symbols.into_iter().skip(keep))
                .collect()
        })
}

/// 11 characters drawn from the alphabet and from `FOREIGN`, mostly from the alphabet.
fn near_uid11_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let symbol = prop_oneof![
        10 => prop::sample::select(alphabet),
        1 => prop::sample::select(FOREIGN),
    ];
    prop::collection::vec(symbol, 11).prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(proptest_config())]

    // -----------------------------------------------------------------------------------------
    // Codecs and order

    #[test]
    fn text_round_trips_for_every_u64(value in any::<u64>()) {
        let id = Uid11::from_u64(value);
        let text = id.encode();
        prop_assert_eq!(text.len(), Uid11::TEXT_LEN);
        prop_assert!(REFERENCE.is_match(&text), "{:?}", text);
        prop_assert_eq!(text.as_str(), reference_encode(u128::from(value)));
        prop_assert_eq!(Uid11::parse(&text), Ok(id));
        prop_assert_eq!(Uid11::parse_ascii(text.as_bytes()), Ok(id));
        let string = id.to_string();
        prop_assert_eq!(string.as_str(), text.as_str());
        prop_assert_eq!(string.parse::<Uid11>(), Ok(id));
        prop_assert_eq!(Uid11::try_from(string.as_str()).map(Uid11::to_u64), Ok(value));
        prop_assert_eq!(u64::from(id), value);
        prop_assert_eq!(Uid11::from(value), id);
    }

    #[test]
    fn bytes_round_trip_and_order_like_the_numbers(a in any::<u64>(), b in any::<u64>()) {
        let (ia, ib) = (Uid11::from_u64(a), Uid11::from_u64(b));
        prop_assert_eq!(ia.to_bytes(), a.to_be_bytes());
        prop_assert_eq!(Uid11::from_bytes(ia.to_bytes()), ia);
        prop_assert_eq!(ia.to_bytes().cmp(&ib.to_bytes()), a.cmp(&b));
    }

    #[test]
    fn text_order_is_numeric_order(a in any::<u64>(), b in any::<u64>()) {
        let (ia, ib) = (Uid11::from_u64(a), Uid11::from_u64(b));
        prop_assert_eq!(ia.encode().as_str().cmp(ib.encode().as_str()), a.cmp(&b));
        prop_assert_eq!(ia.to_string().cmp(&ib.to_string()), a.cmp(&b));
        prop_assert_eq!(ia.cmp(&ib), a.cmp(&b));
    }

    #[test]
    fn text_order_is_numeric_order_for_close_values(a in any::<u64>(), delta in 0u64..1 << 12) {
        let b = a.saturating_add(delta);
        let (ia, ib) = (Uid11::from_u64(a), Uid11::from_u64(b));
        prop_assert_eq!(ia.encode().as_str().cmp(ib.encode().as_str()), a.cmp(&b));
    }

    // -----------------------------------------------------------------------------------------
    // Strict decoding

    #[test]
    fn every_overflowing_11_symbol_text_is_rejected(
        value in (u128::from(u64::MAX) + 1)..TEXTS,
    ) {
        let text = reference_encode(value);
        prop_assert!(REFERENCE.is_match(&text));
        let err = Uid11::parse(&text).unwrap_err();
        prop_assert_eq!(err.kind(), ErrorKind::Overflow, "{}: {}", text, err);
        prop_assert_eq!(Uid11::parse_ascii(text.as_bytes()).map_err(|e| e.kind()), Err(ErrorKind::Overflow));
        prop_assert!(Uid11Xid::parse(&text).is_err());
    }

    #[test]
    fn overflowing_texts_just_above_u64_max_are_rejected(above in 1u128..1 << 40) {
        let text = reference_encode(u128::from(u64::MAX) + above);
        prop_assert_eq!(Uid11::parse(&text).map_err(|e| e.kind()), Err(ErrorKind::Overflow));
    }

    #[test]
    fn texts_at_or_just_below_u64_max_are_accepted(below in 0u64..1 << 40) {
        let value = u64::MAX - below;
        let text = reference_encode(u128::from(value));
        prop_assert_eq!(Uid11::parse(&text).map(Uid11::to_u64), Ok(value));
    }

    #[test]
    fn eleven_alphabet_symbols_are_accepted_iff_their_value_fits_a_u64(text in alphabet_text()) {
        let value = reference_value(text.as_bytes()).unwrap();
        match Uid11::parse(&text) {
            Ok(id) => prop_assert_eq!(u128::from(id.to_u64()), value, "{}", text),
            Err(err) => {
                prop_assert!(value > u128::from(u64::MAX), "{}: {}", text, err);
                prop_assert_eq!(err.kind(), ErrorKind::Overflow);
            }
        }
        check_str(&text);
    }

    #[test]
    fn arbitrary_strings_are_accepted_exactly_when_valid(text in any::<String>()) {
        check_str(&text);
    }

    #[test]
    fn id_like_strings_are_accepted_exactly_when_valid(text in "[0-9a-zA-Z\\-_]{9,13}") {
        check_str(&text);
    }

    #[test]
    fn eleven_near_alphabet_chars_are_accepted_exactly_when_valid(text in near_uid11_text()) {
        check_str(&text);
    }

    #[test]
    fn an_id_with_one_char_replaced_is_accepted_exactly_when_valid(
        value in any::<u64>(),
        index in 0usize..11,
        replacement in prop_oneof![
            prop::sample::select(FOREIGN),
            prop::char::range('0', 'z'),
            any::<char>(),
        ],
    ) {
        let text: String = Uid11::from_u64(value)
            .encode()
            .chars()
            .enumerate()
            .map(|(i, c)| if i == index { replacement } else { c })
            .collect();
        check_str(&text);
    }

    #[test]
    fn an_id_with_a_char_inserted_or_removed_is_a_length_error(
        value in any::<u64>(),
        index in 0usize..11,
        inserted in prop::char::range('1', 'z'),
        insert in any::<bool>(),
    ) {
        let mut chars: Vec<char> = Uid11::from_u64(value).encode().chars().collect();
        if insert {
            chars.insert(index, inserted);
        } else {
            chars.remove(index);
        }
        let text: String = chars.into_iter().collect();
        prop_assert_eq!(Uid11::parse(&text).map_err(|e| e.kind()), Err(ErrorKind::Length));
        check_str(&text);
    }

    #[test]
    fn arbitrary_bytes_are_accepted_exactly_when_valid(
        bytes in prop::collection::vec(any::<u8>(), 0..16),
    ) {
        check_against_reference(&bytes, Uid11::parse_ascii(&bytes));
    }

    #[test]
    fn eleven_arbitrary_bytes_are_accepted_exactly_when_valid(
        bytes in prop::collection::vec(
            prop_oneof![4 => prop::sample::select(ALPHABET.as_bytes().to_vec()), 1 => any::<u8>()],
            11,
        ),
    ) {
        check_against_reference(&bytes, Uid11::parse_ascii(&bytes));
    }

    // -----------------------------------------------------------------------------------------
    // Prefix ranges

    #[test]
    fn the_range_for_an_ids_own_prefix_contains_it(value in any::<u64>(), n in 0usize..=11) {
        let id = Uid11::from_u64(value);
        let text = id.encode();
        let range = Uid11::range_for_prefix(&text[..n]).unwrap().expect("an id's own prefix");
        prop_assert!(range.contains(&id), "{:?} not in {:?}", id, range);
        prop_assert_eq!(
            Some((range.start().to_u64(), range.end().to_u64())),
            reference_range(&text[..n])
        );
    }

    #[test]
    fn a_prefix_range_contains_an_id_iff_its_text_starts_with_the_prefix(
        value in any::<u64>(),
        n in 0usize..=11,
        other in any::<u64>(),
        bit in 0u32..64,
        how in 0u8..4,
    ) {
        let text = Uid11::from_u64(value).encode();
        let prefix = &text[..n];
        let range = Uid11::range_for_prefix(prefix).unwrap().unwrap();
        check_u64_prefix_range(
            prefix,
            (range.start().to_u64(), range.end().to_u64()),
            (value, other, bit, how),
            |v| Uid11::from_u64(v).encode().to_string(),
        );
    }

    #[test]
    fn every_alphabet_prefix_gives_the_reference_range_or_none(
        text in alphabet_text(),
        n in 0usize..=11,
    ) {
        let prefix = &text[..n];
        let range = Uid11::range_for_prefix(prefix).unwrap();
        let bounds = range.map(|range| (range.start().to_u64(), range.end().to_u64()));
        prop_assert_eq!(bounds, reference_range(prefix), "{:?}", prefix);
        // None exactly when no u64 has such a text.
        let smallest = reference_value(format!("{prefix:1<11}").as_bytes()).unwrap();
        prop_assert_eq!(bounds.is_none(), smallest > u128::from(u64::MAX), "{:?}", prefix);
    }

    #[test]
    fn range_for_prefix_accepts_exactly_the_prefixes_of_alphabet_text(
        prefix in "[0-9a-zA-Z\\-_\u{e9}]{0,13}",
    ) {
        let result = Uid11::range_for_prefix(&prefix);
        let symbols = prefix.bytes().all(|b| ALPHABET.as_bytes().contains(&b));
        prop_assert_eq!(result.is_ok(), prefix.len() <= 11 && symbols, "{:?}: {:?}", prefix, result);
        if let Err(err) = result {
            if prefix.len() > 11 {
                prop_assert_eq!(err.kind(), ErrorKind::Length);
            } else {
                let position = prefix.bytes().position(|b| !ALPHABET.as_bytes().contains(&b));
                prop_assert_eq!(err.kind(), ErrorKind::Character);
                prop_assert_eq!(err.position(), position);
            }
        }
    }

    #[test]
    fn xid_millisecond_buckets_contain_the_xid_and_match_the_uid11_range(
        value in any::<u64>(),
        n in 0usize..=11,
    ) {
        let xid = Uid11Xid::from_u64(value);
        let text = xid.to_string();
        let bucket = Uid11Xid::millis_range_for_prefix(&text[..n]).unwrap().unwrap();
        prop_assert!(bucket.contains(&xid.timestamp_millis()));
        let range = Uid11::range_for_prefix(&text[..n]).unwrap().unwrap();
        prop_assert_eq!(*bucket.start(), Uid11Xid::from(range.start()).timestamp_millis());
        prop_assert_eq!(*bucket.end(), Uid11Xid::from(range.end()).timestamp_millis());
    }

    // -----------------------------------------------------------------------------------------
    // Profiles: parts

    #[test]
    fn xid_parts_round_trip(millis in 0u64..1 << 42, random in 0u32..1 << 22) {
        let id = Uid11Xid::from_parts_since_epoch(millis, random).unwrap();
        prop_assert_eq!(id.to_u64(), (millis << 22) | u64::from(random));
        prop_assert_eq!(id.millis_since_epoch(), millis);
        prop_assert_eq!(id.random(), random);
        prop_assert_eq!(id.timestamp_millis(), UID11_XID_EPOCH_MILLIS + millis);
        prop_assert_eq!(Uid11Xid::from_parts(UID11_XID_EPOCH_MILLIS + millis, random), Ok(id));
        prop_assert_eq!(Uid11Xid::from_datetime(id.datetime::<chrono::DateTime<chrono::Utc>>(), random), Ok(id));
        prop_assert_eq!(Uid11Xid::parse(&id.to_string()), Ok(id));
    }

    #[test]
    fn every_u64_is_an_xid_made_of_its_parts(value in any::<u64>()) {
        let id = Uid11Xid::from_u64(value);
        prop_assert_eq!(Uid11Xid::from_parts_since_epoch(id.millis_since_epoch(), id.random()), Ok(id));
        prop_assert_eq!(Uid11Xid::from_parts(id.timestamp_millis(), id.random()), Ok(id));
    }

    #[test]
    fn xid_from_parts_refuses_out_of_range_parts(
        millis in prop_oneof![1u64 << 42..=u64::MAX, 0u64..1 << 42],
        random in prop_oneof![1u32 << 22..=u32::MAX, 0u32..1 << 22],
        unix_before in 0..UID11_XID_EPOCH_MILLIS,
    ) {
        let valid = millis < 1 << 42 && random < 1 << 22;
        let result = Uid11Xid::from_parts_since_epoch(millis, random);
        prop_assert_eq!(result.is_ok(), valid);
        if let Err(err) = &result {
            prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
        }
        let unix = UID11_XID_EPOCH_MILLIS.checked_add(millis);
        if let Some(unix) = unix {
            prop_assert_eq!(
                Uid11Xid::from_parts(unix, random).map_err(|e| e.kind()),
                result.map_err(|e| e.kind())
            );
        }
        prop_assert_eq!(
            Uid11Xid::from_parts(unix_before, random.min(Uid11Xid::MAX_RANDOM)).map_err(|e| e.kind()),
            Err(ErrorKind::OutOfRange)
        );
    }

    #[test]
    fn snowish_parts_round_trip(
        unix in UID11_XID_EPOCH_MILLIS..=Snowish::MAX_TIMESTAMP_MILLIS,
        machine in 0u16..=1023,
        sequence in 0u16..=4095,
    ) {
        let id = Snowish::from_parts(unix, machine, sequence).unwrap();
        let delta = unix - UID11_XID_EPOCH_MILLIS;
        prop_assert_eq!(
            id.to_u64(),
            (delta << 22) | (u64::from(machine) << 12) | u64::from(sequence)
        );
        prop_assert_eq!(id.to_u64() >> 63, 0);
        prop_assert_eq!(id.timestamp_millis(), unix);
        prop_assert_eq!(id.millis_since_epoch(), delta);
        prop_assert_eq!(id.machine_id(), machine);
        prop_assert_eq!(id.sequence(), sequence);
        prop_assert_eq!(Snowish::from_datetime(id.datetime::<chrono::DateTime<chrono::Utc>>(), machine, sequence), Ok(id));
        prop_assert_eq!(Snowish::parse(&id.to_string()), Ok(id));
        prop_assert_eq!(Snowish::try_from(id.to_uid11()), Ok(id));
    }

    #[test]
    fn a_u64_is_a_snowish_iff_its_top_bit_is_0(value in any::<u64>()) {
        let result = Snowish::try_from_u64(value);
        prop_assert_eq!(result.is_ok(), value >> 63 == 0);
        match result {
            Ok(id) => {
                prop_assert_eq!(
                    Snowish::from_parts(id.timestamp_millis(), id.machine_id(), id.sequence()),
                    Ok(id)
                );
                prop_assert_eq!(Snowish::parse(&Uid11::from_u64(value).to_string()), Ok(id));
            }
            Err(err) => {
                prop_assert_eq!(err.kind(), ErrorKind::Reserved);
                prop_assert_eq!(
                    Snowish::parse(&Uid11::from_u64(value).to_string()).map_err(|e| e.kind()),
                    Err(ErrorKind::Reserved)
                );
            }
        }
    }

    #[test]
    fn snowish_from_parts_refuses_out_of_range_parts(
        unix in prop_oneof![
            0..UID11_XID_EPOCH_MILLIS,
            Snowish::MAX_TIMESTAMP_MILLIS + 1..=u64::MAX,
            UID11_XID_EPOCH_MILLIS..=Snowish::MAX_TIMESTAMP_MILLIS,
        ],
        machine in prop_oneof![1024u16..=u16::MAX, 0u16..=1023],
        sequence in prop_oneof![4096u16..=u16::MAX, 0u16..=4095],
    ) {
        let valid = (UID11_XID_EPOCH_MILLIS..=Snowish::MAX_TIMESTAMP_MILLIS).contains(&unix)
            && machine <= 1023
            && sequence <= 4095;
        let result = Snowish::from_parts(unix, machine, sequence);
        prop_assert_eq!(result.is_ok(), valid);
        if let Err(err) = result {
            prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
        }
    }

    #[test]
    fn ts_seq_rand_parts_round_trip(
        unix in UID11_XID_EPOCH_MILLIS..=TsSeqRand::MAX_TIMESTAMP_MILLIS,
        sequence in 0u16..=4095,
        random in 0u16..=1023,
    ) {
        let id = TsSeqRand::from_parts(unix, sequence, random).unwrap();
        let delta = unix - UID11_XID_EPOCH_MILLIS;
        prop_assert_eq!(
            id.to_u64(),
            (delta << 22) | (u64::from(sequence) << 10) | u64::from(random)
        );
        prop_assert_eq!(id.timestamp_millis(), unix);
        prop_assert_eq!(id.millis_since_epoch(), delta);
        prop_assert_eq!(id.sequence(), sequence);
        prop_assert_eq!(id.random(), random);
        prop_assert_eq!(TsSeqRand::from_datetime(id.datetime::<chrono::DateTime<chrono::Utc>>(), sequence, random), Ok(id));
        prop_assert_eq!(TsSeqRand::parse(&id.to_string()), Ok(id));
    }

    #[test]
    fn every_u64_is_a_ts_seq_rand_made_of_its_parts(value in any::<u64>()) {
        let id = TsSeqRand::from_u64(value);
        prop_assert_eq!(
            TsSeqRand::from_parts(id.timestamp_millis(), id.sequence(), id.random()),
            Ok(id)
        );
    }

    #[test]
    fn ts_seq_rand_from_parts_refuses_out_of_range_parts(
        unix in prop_oneof![
            0..UID11_XID_EPOCH_MILLIS,
            TsSeqRand::MAX_TIMESTAMP_MILLIS + 1..=u64::MAX,
            UID11_XID_EPOCH_MILLIS..=TsSeqRand::MAX_TIMESTAMP_MILLIS,
        ],
        sequence in prop_oneof![4096u16..=u16::MAX, 0u16..=4095],
        random in prop_oneof![1024u16..=u16::MAX, 0u16..=1023],
    ) {
        let valid = (UID11_XID_EPOCH_MILLIS..=TsSeqRand::MAX_TIMESTAMP_MILLIS).contains(&unix)
            && sequence <= 4095
            && random <= 1023;
        let result = TsSeqRand::from_parts(unix, sequence, random);
        prop_assert_eq!(result.is_ok(), valid);
        if let Err(err) = result {
            prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
        }
    }
}
