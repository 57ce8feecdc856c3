//! Conformance of `Uid11` and its profiles (`Uid11Xid`, `Snowish`, `TsSeqRand`, `FullRand`) with
//! the uid11 reference vectors and the verified known answers, which correct the
//! specification's figures (the README's "Decisions where the sources disagree").

use idtypes::{ErrorKind, FullRand, Snowish, TsSeqRand, Uid11, Uid11Xid};

use idtypes::uid11::UID11_XID_EPOCH_MILLIS;
use idtypes_tests::vector_path;
use serde_json::Value;

const VECTORS: &str = "uid11/test-vectors.json";
const ALPHABET: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const MAX_TEXT: &str = "jpXCZedGfVQ";
const MAX_DELTA: u64 = (1 << 42) - 1;
const MAX_RANDOM: u32 = (1 << 22) - 1;

/// The whole vector file.
fn vectors() -> Value {
    let path = vector_path(VECTORS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The entries of one section; a missing or empty section fails the test.
fn section(name: &str) -> Vec<Value> {
    let entries = vectors()[name]
        .as_array()
        .unwrap_or_else(|| panic!("{VECTORS}: no array {name:?}"))
        .clone();
    assert!(!entries.is_empty(), "{VECTORS}: section {name:?} is empty");
    entries
}

/// A string field of a vector entry.
fn text<'a>(entry: &'a Value, field: &str) -> &'a str {
    entry[field]
        .as_str()
        .unwrap_or_else(|| panic!("{entry}: no string field {field:?}"))
}

/// A decimal-string number field of a vector entry (the file writes u64s as strings).
fn number(entry: &Value, field: &str) -> u64 {
    let digits = text(entry, field);
    digits
        .parse()
        .unwrap_or_else(|err| panic!("{entry}: {field} = {digits:?}: {err}"))
}

/// The value of 0..=11 symbols, as a big integer (no overflow possible).
fn value_of(symbols: &str) -> u128 {
    symbols.bytes().fold(0, |value, b| {
        let digit = ALPHABET.bytes().position(|a| a == b).expect("a symbol") as u128;
        value * 58 + digit
    })
}

// The test crate does not depend on chrono directly: its types are only reached through the
// library's methods, and named by inference.

/// A chrono `DateTime<Utc>` as RFC 3339 with milliseconds and `Z`.
macro_rules! rfc3339 {
    ($time:expr) => {
        $time.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
    };
}

/// A chrono `DateTime<Utc>` parsed from RFC 3339 (its type inferred where it is used).
macro_rules! utc {
    ($text:expr) => {
        $text.parse::<chrono::DateTime<chrono::Utc>>().unwrap()
    };
}

/// `value`, with the type of `_like`: names a type by inference.
fn same_type<T>(_like: &T, value: T) -> T {
    value
}

/// A deterministic stream of 64-bit values (splitmix64) for sampled checks.
fn samples(count: usize) -> impl Iterator<Item = u64> {
    let mut state = 0x0123_4567_89AB_CDEFu64;
    (0..count).map(move |_| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

// ---------------------------------------------------------------------------------------------
// The vector file

#[test]
fn the_vector_file_has_every_section_and_the_layout_we_implement() {
    let all = vectors();
    for name in ["encode", "xid_pack", "invalid"] {
        assert!(!section(name).is_empty(), "{name}");
    }
    let layout = &all["layout"];
    assert_eq!(layout["length"], 11);
    assert_eq!(layout["base"], 58);
    assert_eq!(text(layout, "alphabet"), ALPHABET);
    assert_eq!(layout["time_bits"], 42);
    assert_eq!(layout["random_bits"], 22);
    assert_eq!(number(layout, "epoch_ms"), UID11_XID_EPOCH_MILLIS);
    assert_eq!(Uid11::TEXT_LEN, 11);
}

#[test]
fn every_encode_vector_round_trips_both_ways() {
    let entries = section("encode");
    assert!(entries.len() >= 7, "{entries:?}");
    for entry in &entries {
        let (value, b58) = (number(entry, "u64"), text(entry, "b58"));
        let id = Uid11::from_u64(value);
        // u64 -> text
        assert_eq!(id.encode(), b58, "{entry}");
        assert_eq!(id.to_string(), b58, "{entry}");
        assert_eq!(format!("{id:?}"), format!("Uid11({b58})"));
        // text -> u64
        assert_eq!(Uid11::parse(b58), Ok(id), "{entry}");
        assert_eq!(b58.parse::<Uid11>(), Ok(id), "{entry}");
        assert_eq!(Uid11::try_from(b58), Ok(id), "{entry}");
        assert_eq!(Uid11::parse_ascii(b58.as_bytes()), Ok(id), "{entry}");
        assert_eq!(Uid11::parse(b58).map(Uid11::to_u64), Ok(value));
        assert_eq!(u64::from(id), value);
        assert_eq!(Uid11::from(value), id);
        // bytes
        assert_eq!(id.to_bytes(), value.to_be_bytes());
        assert_eq!(Uid11::from_bytes(value.to_be_bytes()), id);
        // The big-integer value of the text is the number, too.
        assert_eq!(value_of(b58), u128::from(value), "{entry}");
    }
}

#[test]
fn every_xid_pack_vector_packs_and_unpacks() {
    for entry in &section("xid_pack") {
        let delta = number(entry, "delta_ms");
        let random = u32::try_from(number(entry, "rand22")).expect("rand22 fits u32");
        let (value, b58) = (number(entry, "u64"), text(entry, "b58"));

        let xid = Uid11Xid::from_parts_since_epoch(delta, random)
            .unwrap_or_else(|err| panic!("{entry}: {err}"));
        assert_eq!(xid.to_u64(), value, "{entry}");
        assert_eq!(xid.to_string(), b58, "{entry}");
        assert_eq!(xid.encode(), b58, "{entry}");
        assert_eq!(
            value,
            (delta << 22) | u64::from(random),
            "{entry}: the layout"
        );

        // And back: the accessors give the parts, the text gives the xid.
        let parsed = Uid11Xid::parse(b58).unwrap_or_else(|err| panic!("{entry}: {err}"));
        assert_eq!(parsed, xid);
        assert_eq!(parsed.millis_since_epoch(), delta, "{entry}");
        assert_eq!(parsed.random(), random, "{entry}");
        assert_eq!(parsed.timestamp_millis(), UID11_XID_EPOCH_MILLIS + delta);
        assert_eq!(Uid11Xid::from_u64(value), xid);
        assert_eq!(
            Uid11Xid::from_parts(UID11_XID_EPOCH_MILLIS + delta, random),
            Ok(xid)
        );
        assert_eq!(Uid11::from(xid), Uid11::from_u64(value));
        assert_eq!(Uid11Xid::from(Uid11::parse(b58).unwrap()), xid);
    }
}

#[test]
fn every_invalid_vector_is_rejected_with_the_right_kind() {
    let entries = section("invalid");
    let kinds: Vec<&str> = entries.iter().map(|entry| text(entry, "kind")).collect();
    assert!(
        kinds.contains(&"syntax") && kinds.contains(&"overflow"),
        "{kinds:?}"
    );
    for entry in &entries {
        let s = text(entry, "s");
        let err = Uid11::parse(s).expect_err(s);
        match text(entry, "kind") {
            "syntax" if s.len() != 11 => {
                assert_eq!(err.kind(), ErrorKind::Length, "{entry}: {err}");
                assert_eq!(err.position(), None, "{entry}");
            }
            "syntax" => {
                let position = s
                    .bytes()
                    .position(|b| !ALPHABET.as_bytes().contains(&b))
                    .unwrap_or_else(|| panic!("{entry}: 11 symbols, yet 'syntax'"));
                assert_eq!(err.kind(), ErrorKind::Character, "{entry}: {err}");
                assert_eq!(err.position(), Some(position), "{entry}: {err}");
            }
            "overflow" => assert_eq!(err.kind(), ErrorKind::Overflow, "{entry}: {err}"),
            other => panic!("{entry}: unknown kind {other:?}"),
        }
        assert_eq!(err.format_name(), "uid11");
        assert!(err.to_string().starts_with("invalid uid11: "), "{err}");
        // Every way in refuses it alike, and so does every profile.
        assert_eq!(s.parse::<Uid11>(), Err(err.clone()));
        assert_eq!(Uid11::try_from(s), Err(err.clone()));
        assert_eq!(Uid11::parse_ascii(s.as_bytes()), Err(err.clone()));
        assert_eq!(Uid11Xid::parse(s).map_err(|e| e.kind()), Err(err.kind()));
        assert_eq!(Snowish::parse(s).map_err(|e| e.kind()), Err(err.kind()));
        assert_eq!(TsSeqRand::parse(s).map_err(|e| e.kind()), Err(err.kind()));
        assert_eq!(FullRand::parse(s).map_err(|e| e.kind()), Err(err.kind()));
    }
}

#[test]
fn the_invalid_vector_positions_are_those_of_the_first_foreign_character() {
    // Spelled out, so that a change in the vector file cannot silently weaken the check above.
    for (text, position) in [("0000000000O", 0), ("1111111111l", 10), ("1111111111I", 10)] {
        let err = Uid11::parse(text).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(position)),
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// uid11: the text and strict decoding

#[test]
fn u64_max_is_jpxczedgfvq_and_2_pow_64_is_rejected() {
    assert_eq!(Uid11::from_u64(u64::MAX).to_string(), MAX_TEXT);
    assert_eq!(Uid11::MAX.to_string(), MAX_TEXT);
    assert_eq!(Uid11::parse(MAX_TEXT), Ok(Uid11::MAX));
    assert_eq!(Uid11::MIN.to_string(), "11111111111");
    assert_eq!(Uid11::parse("11111111111"), Ok(Uid11::MIN));
    assert_eq!(value_of("jpXCZedGfVR"), 1 << 64);
    let err = Uid11::parse("jpXCZedGfVR").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    assert_eq!(
        err.to_string(),
        "invalid uid11: the value is too large, the largest is `jpXCZedGfVQ`"
    );
    // 58^11 > 2^64: 11 symbols say more than a u64 holds.
    assert!(58u128.pow(11) > 1 << 64);
    assert_eq!(value_of("zzzzzzzzzzz"), 58u128.pow(11) - 1);
}

#[test]
fn every_text_starting_with_k_to_z_overflows() {
    let first_overflowing = ALPHABET.find('k').unwrap();
    assert_eq!(&ALPHABET[first_overflowing..], "kmnopqrstuvwxyz");
    for first in ALPHABET[first_overflowing..].chars() {
        // The smallest, the largest and a middling text with this first symbol.
        for rest in ["1111111111", "zzzzzzzzzz", "pXCZedGfVQ"] {
            let text = format!("{first}{rest}");
            assert!(value_of(&text) > u128::from(u64::MAX), "{text}");
            let err = Uid11::parse(&text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Overflow, "{text}: {err}");
        }
    }
    // `j` is the last first symbol that parses: j1111111111 and jpXCZedGfVQ do, jq... does not.
    assert_eq!(
        Uid11::parse("j1111111111").map(Uid11::to_u64),
        Ok(42 * 58u64.pow(10))
    );
    assert_eq!(
        Uid11::parse("jq111111111").unwrap_err().kind(),
        ErrorKind::Overflow
    );
    assert_eq!(
        Uid11::parse("jzzzzzzzzzz").unwrap_err().kind(),
        ErrorKind::Overflow
    );
}

#[test]
fn a_foreign_character_is_reported_before_an_overflow() {
    // `z` would overflow; the `0` further on is the error reported.
    let err = Uid11::parse("zzzzz0zzzzz").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(5))
    );
}

#[test]
fn the_look_alikes_0_o_i_l_are_not_in_the_alphabet() {
    for foreign in ['0', 'O', 'I', 'l'] {
        for position in [0, 5, 10] {
            let mut text: Vec<char> = "11111111111".chars().collect();
            text[position] = foreign;
            let text: String = text.into_iter().collect();
            let err = Uid11::parse(&text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (ErrorKind::Character, Some(position)),
                "{text}"
            );
        }
    }
}

#[test]
fn the_alphabet_is_ascii_ordered_so_text_order_is_numeric_order() {
    assert!(ALPHABET.as_bytes().windows(2).all(|pair| pair[0] < pair[1]));
    let values: Vec<u64> = [0, 1, 57, 58, 4194304, 1 << 63, u64::MAX - 1, u64::MAX]
        .into_iter()
        .chain(samples(1000))
        .collect();
    for &a in &values {
        for &b in values.iter().take(20) {
            let (ta, tb) = (Uid11::from_u64(a).encode(), Uid11::from_u64(b).encode());
            assert_eq!(ta.as_str().cmp(tb.as_str()), a.cmp(&b), "{ta} {tb}");
        }
    }
}

#[test]
fn lengths_other_than_11_are_refused_as_length_errors() {
    for text in [
        "",
        "1",
        "1111111111",
        "111111111111",
        "jpXCZedGfVQ1",
        "1jpXCZedGfVQ",
    ] {
        let err = Uid11::parse(text).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length, "{text:?}");
        assert_eq!(err.position(), None);
    }
    // Length is in bytes: 11 characters with a two-byte one is 12 bytes long.
    assert_eq!(
        Uid11::parse("1111111111\u{e9}").unwrap_err().kind(),
        ErrorKind::Length
    );
    // ... and 11 bytes holding a two-byte character is a character error.
    let err = Uid11::parse("111111111\u{e9}").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(9))
    );
}

// ---------------------------------------------------------------------------------------------
// uid11: prefix-aware decoding

/// The prefix range of the verified uid11 figures, computed without the library: `None` when
/// it starts above `u64::MAX`, clamped to `u64::MAX` otherwise.
fn reference_range(prefix: &str) -> Option<(u64, u64)> {
    let scale = 58u128.pow(11 - prefix.len() as u32);
    let start = value_of(prefix) * scale;
    let end = start + scale - 1;
    let start = u64::try_from(start).ok()?;
    Some((start, u64::try_from(end).unwrap_or(u64::MAX)))
}

fn library_range(prefix: &str) -> Option<(u64, u64)> {
    Uid11::range_for_prefix(prefix)
        .unwrap_or_else(|err| panic!("{prefix:?}: {err}"))
        .map(|range| (range.start().to_u64(), range.end().to_u64()))
}

#[test]
fn the_empty_prefix_is_the_whole_range() {
    let range = Uid11::range_for_prefix("").unwrap().unwrap();
    assert_eq!(range.into_bounds(), (Uid11::MIN, Uid11::MAX));
}

#[test]
fn prefixes_k_and_jq_match_nothing() {
    for prefix in [
        "k",
        "jq",
        "z",
        "zzzzzzzzzzz",
        "jpY",
        "jpXCZedGfVR",
        "k1111111111",
    ] {
        assert_eq!(Uid11::range_for_prefix(prefix), Ok(None), "{prefix}");
        assert_eq!(reference_range(prefix), None, "{prefix}");
    }
}

#[test]
fn prefix_ranges_follow_the_formula_and_are_clamped_to_u64_max() {
    let known: &[(&str, u64, u64)] = &[
        ("1", 0, 58u64.pow(10) - 1),
        ("2", 58u64.pow(10), 2 * 58u64.pow(10) - 1),
        ("j", 42 * 58u64.pow(10), u64::MAX),
        ("jp", (42 * 58 + 47) * 58u64.pow(9), u64::MAX),
        ("jpX", value_of("jpX") as u64 * 58u64.pow(8), u64::MAX),
        (MAX_TEXT, u64::MAX, u64::MAX),
        ("11111111111", 0, 0),
        (
            "1111111NV",
            4194304 / 3364 * 3364,
            4194304 / 3364 * 3364 + 3363,
        ),
    ];
    for &(prefix, start, end) in known {
        assert_eq!(library_range(prefix), Some((start, end)), "{prefix}");
        assert_eq!(reference_range(prefix), Some((start, end)), "{prefix}");
    }
    let nv = Uid11::range_for_prefix("1111111NV").unwrap().unwrap();
    assert_eq!(nv.start().to_string(), "1111111NV11");
    assert_eq!(nv.end().to_string(), "1111111NVzz");
    assert!(nv.contains(&Uid11::from_u64(4194304)));

    // Every prefix of sampled ids and of the edges, against the formula.
    let edges = [0, 1, 57, 58, 1 << 63, u64::MAX - 1, u64::MAX];
    for value in edges.into_iter().chain(samples(500)) {
        let text = Uid11::from_u64(value).encode();
        for n in 0..=11 {
            let prefix = &text[..n];
            let (start, end) = library_range(prefix).expect("an id's own prefix");
            assert_eq!(Some((start, end)), reference_range(prefix), "{prefix}");
            assert!(start <= value && value <= end, "{prefix}: {value}");
        }
    }
    // Prefixes that do not come from an id, including every first symbol.
    for first in ALPHABET.chars() {
        for rest in ["", "1", "z", "pX", "pXCZedGfVQ", "zzzzzzzzzz"] {
            let prefix = format!("{first}{rest}");
            assert_eq!(library_range(&prefix), reference_range(&prefix), "{prefix}");
        }
    }
}

#[test]
fn prefix_decoding_refuses_over_11_symbols_and_foreign_characters() {
    let err = Uid11::range_for_prefix("111111111111").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    for (prefix, position) in [("0", 0), ("jpX0", 3), ("111I", 3), ("l", 0), ("1-", 1)] {
        let err = Uid11::range_for_prefix(prefix).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(position)),
            "{prefix}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// xid

#[test]
fn the_xid_epoch_is_2011_11_11t11_11_11_111z() {
    assert_eq!(UID11_XID_EPOCH_MILLIS, 1_321_009_871_111);
    assert_eq!(
        rfc3339!(Uid11Xid::MIN.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2011-11-11T11:11:11.111Z"
    );
    assert_eq!(Uid11Xid::MIN.timestamp_millis(), UID11_XID_EPOCH_MILLIS);
    assert_eq!(
        Uid11Xid::from_datetime(utc!("2011-11-11T11:11:11.111Z"), 0),
        Ok(Uid11Xid::MIN)
    );
    assert_eq!(
        Uid11Xid::from_datetime(utc!("2011-11-11T11:11:11.112Z"), 0).map(|id| id.to_string()),
        Ok("1111111NVpb".to_owned())
    );
    // One day after the epoch (the seed's third vector).
    let day = Uid11Xid::from_datetime(utc!("2011-11-12T11:11:11.111Z"), 0).unwrap();
    assert_eq!(day.to_string(), "113q8KFkAEs");
    assert_eq!(day.millis_since_epoch(), 86_400_000);
}

#[test]
fn the_last_xid_millisecond_is_2151_03_25t18_46_22_214z() {
    assert_eq!(Uid11Xid::MAX_TIMESTAMP_MILLIS, 5_719_056_382_214);
    assert_eq!(
        Uid11Xid::MAX_TIMESTAMP_MILLIS,
        UID11_XID_EPOCH_MILLIS + MAX_DELTA
    );
    assert_eq!(
        rfc3339!(Uid11Xid::MAX.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2151-03-25T18:46:22.214Z"
    );
    assert_eq!(Uid11Xid::MAX.millis_since_epoch(), MAX_DELTA);
    assert_eq!(Uid11Xid::MAX.to_string(), MAX_TEXT);
    let last = Uid11Xid::from_parts(Uid11Xid::MAX_TIMESTAMP_MILLIS, 0).unwrap();
    assert_eq!(
        rfc3339!(last.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2151-03-25T18:46:22.214Z"
    );
    assert_eq!(
        Uid11Xid::from_datetime(utc!("2151-03-25T18:46:22.214Z"), MAX_RANDOM),
        Ok(Uid11Xid::MAX)
    );

    // One millisecond later is out of range, and so is the seed's wrong rollover.
    for after in ["2151-03-25T18:46:22.215Z", "2151-05-18T09:31:07.215Z"] {
        let err = Uid11Xid::from_datetime(utc!(after), 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{after}");
    }
    let err = Uid11Xid::from_parts(Uid11Xid::MAX_TIMESTAMP_MILLIS + 1, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let err = Uid11Xid::from_parts_since_epoch(MAX_DELTA + 1, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    // Before the epoch, too.
    let err = Uid11Xid::from_parts(UID11_XID_EPOCH_MILLIS - 1, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let err = Uid11Xid::from_datetime(utc!("1970-01-01T00:00:00Z"), 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let err = Uid11Xid::from_datetime(utc!("1969-12-31T23:59:59.999Z"), 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
}

#[test]
fn the_xid_lifetime_is_139_37_julian_years() {
    let span = Uid11Xid::MAX.datetime::<chrono::DateTime<chrono::Utc>>()
        - Uid11Xid::MIN.datetime::<chrono::DateTime<chrono::Utc>>();
    assert_eq!(span.num_milliseconds(), MAX_DELTA as i64);
    // 2^42 milliseconds (every representable one) in years of 365.25 days.
    let millis = (span.num_milliseconds() + 1) as f64;
    let years = millis / (365.25 * 86_400_000.0);
    assert!((years - 139.37).abs() < 0.005, "{years}");
    // Not the seed's 139.43.
    assert!((years - 139.43).abs() > 0.05, "{years}");
}

#[test]
fn a_random_value_over_22_bits_is_an_error_not_masked() {
    assert_eq!(Uid11Xid::MAX_RANDOM, MAX_RANDOM);
    assert_eq!(
        Uid11Xid::from_parts_since_epoch(0, MAX_RANDOM).map(Uid11Xid::random),
        Ok(MAX_RANDOM)
    );
    for random in [1 << 22, (1 << 22) + 1, 1 << 31, u32::MAX] {
        let err = Uid11Xid::from_parts_since_epoch(0, random).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{random}");
        assert_eq!(err.format_name(), "uid11 xid");
        let err = Uid11Xid::from_parts(UID11_XID_EPOCH_MILLIS + 5, random).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{random}");
        let err = Uid11Xid::from_datetime(utc!("2024-01-01T00:00:00Z"), random).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{random}");
    }
}

#[test]
fn xid_parts_and_known_answers() {
    let id = Uid11Xid::from_parts(1_700_000_000_000, 12345).unwrap();
    assert_eq!(id.to_u64(), 1_589_599_813_559_660_601);
    assert_eq!(id.to_string(), "4h1dcciSB8c");
    assert_eq!(id.timestamp_millis(), 1_700_000_000_000);
    assert_eq!(id.random(), 12345);
    assert_eq!(
        rfc3339!(id.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2023-11-14T22:13:20.000Z"
    );
    assert_eq!(
        same_type(&id.datetime::<chrono::DateTime<chrono::Utc>>(), id.into()),
        id.datetime::<chrono::DateTime<chrono::Utc>>()
    );
    assert_eq!(
        id.timestamp(),
        std::time::UNIX_EPOCH + std::time::Duration::from_millis(1_700_000_000_000)
    );
    assert_eq!(format!("{id:?}"), "Uid11Xid(4h1dcciSB8c)");
    assert_eq!(
        Uid11Xid::from_parts_since_epoch(1, 0).map(Uid11Xid::to_u64),
        Ok(4194304)
    );
}

/// `end - start` of the Unix-millisecond bucket of every `n`-symbol prefix of sampled xids:
/// the set of widths seen.
fn bucket_widths(n: usize) -> std::collections::BTreeSet<u64> {
    let edges = [
        Uid11Xid::MIN,
        Uid11Xid::from_parts(1_700_000_000_000, 0).unwrap(),
        Uid11Xid::from_parts(1_700_000_000_000, MAX_RANDOM).unwrap(),
    ];
    // Sampled xids below the last 2^48 payloads, whose buckets the u64::MAX clamp may cut.
    let sampled = samples(2000).map(|v| Uid11Xid::from_u64(v % (u64::MAX - (1 << 48))));
    edges
        .into_iter()
        .chain(sampled)
        .map(|id| {
            let text = id.to_string();
            let bucket = Uid11Xid::millis_range_for_prefix(&text[..n])
                .unwrap()
                .expect("an xid's own prefix");
            assert!(bucket.contains(&id.timestamp_millis()), "{text} {n}");
            bucket.end() - bucket.start()
        })
        .collect()
}

#[test]
fn xid_prefix_buckets_are_156_5_ms_for_6_symbols_2_7_ms_for_7_and_under_1_ms_from_8() {
    // The exact sizes, in payload values per millisecond (2^22): 58^5 / 2^22 and 58^4 / 2^22.
    let per_ms = f64::from(1u32 << 22);
    assert!((58f64.powi(5) / per_ms - 156.5).abs() < 0.05);
    assert!((58f64.powi(4) / per_ms - 2.7).abs() < 0.05);
    assert!(58f64.powi(3) / per_ms < 1.0);

    // What is asserted of `millis_range_for_prefix`: `end - start` of the (inclusive) bucket
    // of Unix milliseconds. A bucket of 156.49 ms of payloads touches 157 or 158 distinct
    // milliseconds (width 156 or 157); 2.70 ms touches 3 or 4 (width 2 or 3); from 8 symbols
    // on a bucket is under 1 ms of payloads, so it touches at most 2 distinct milliseconds
    // (width 0 or 1). The seed's 114 ms and 2 ms are wrong.
    assert_eq!(bucket_widths(6), [156, 157].into());
    assert_eq!(bucket_widths(7), [2, 3].into());
    for n in 8..=11 {
        let widths = bucket_widths(n);
        assert!(
            widths.iter().all(|&width| width <= 1),
            "{n} symbols: {widths:?}"
        );
        assert!(widths.contains(&0), "{n} symbols: {widths:?}");
    }
    // Eight symbols: both widths occur (58^3 = 195112 payloads; about 4.7% of buckets
    // straddle a millisecond).
    assert_eq!(bucket_widths(8), [0, 1].into());
    assert_eq!(bucket_widths(11), [0].into());

    // The empty prefix is every millisecond, `k` none.
    assert_eq!(
        Uid11Xid::millis_range_for_prefix(""),
        Ok(Some(
            UID11_XID_EPOCH_MILLIS..=Uid11Xid::MAX_TIMESTAMP_MILLIS
        ))
    );
    assert_eq!(Uid11Xid::millis_range_for_prefix("k"), Ok(None));
    assert_eq!(
        Uid11Xid::millis_range_for_prefix("0").unwrap_err().kind(),
        ErrorKind::Character
    );
}

// ---------------------------------------------------------------------------------------------
// snowish

#[test]
fn snowish_reserved_bit_must_be_0_so_uid11_max_is_not_a_snowish() {
    let err = Snowish::try_from(Uid11::MAX).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Reserved);
    assert_eq!(
        Snowish::parse(MAX_TEXT).unwrap_err().kind(),
        ErrorKind::Reserved
    );
    assert_eq!(
        MAX_TEXT.parse::<Snowish>().unwrap_err().kind(),
        ErrorKind::Reserved
    );
    assert_eq!(
        Snowish::try_from(1u64 << 63).unwrap_err().kind(),
        ErrorKind::Reserved
    );
    assert_eq!(
        Snowish::try_from_u64(1 << 63).unwrap_err().kind(),
        ErrorKind::Reserved
    );
    // The largest snowish id: every bit but the top one.
    let largest = Snowish::try_from_u64(i64::MAX as u64).unwrap();
    assert_eq!(largest.to_string(), "NQm6nKp8qFC");
    assert_eq!(Snowish::parse("NQm6nKp8qFC"), Ok(largest));
    assert_eq!(
        Snowish::parse("NQm6nKp8qFD").unwrap_err().kind(),
        ErrorKind::Reserved
    );
    assert_eq!(
        Snowish::from_parts(Snowish::MAX_TIMESTAMP_MILLIS, 1023, 4095),
        Ok(largest)
    );
}

#[test]
fn snowish_layout_is_41_bit_ms_10_bit_machine_12_bit_sequence_from_the_xid_epoch() {
    let id = Snowish::from_parts(1_700_000_000_000, 7, 42).unwrap();
    let delta = 1_700_000_000_000 - UID11_XID_EPOCH_MILLIS;
    assert_eq!(id.to_u64(), (delta << 22) | (7 << 12) | 42);
    assert_eq!(id.to_u64(), 1_589_599_813_559_676_970);
    assert_eq!(id.to_string(), "4h1dcciSFzq");
    assert_eq!(
        (id.millis_since_epoch(), id.machine_id(), id.sequence()),
        (delta, 7, 42)
    );
    assert_eq!(id.timestamp_millis(), 1_700_000_000_000);
    assert_eq!(format!("{id:?}"), "Snowish(4h1dcciSFzq)");

    // Each field alone.
    assert_eq!(
        Snowish::from_parts(UID11_XID_EPOCH_MILLIS, 0, 1)
            .unwrap()
            .to_u64(),
        1
    );
    assert_eq!(
        Snowish::from_parts(UID11_XID_EPOCH_MILLIS, 0, 4095)
            .unwrap()
            .to_u64(),
        0xFFF
    );
    assert_eq!(
        Snowish::from_parts(UID11_XID_EPOCH_MILLIS, 1, 0)
            .unwrap()
            .to_u64(),
        1 << 12
    );
    assert_eq!(
        Snowish::from_parts(UID11_XID_EPOCH_MILLIS, 1023, 0)
            .unwrap()
            .to_u64(),
        0x3FF << 12
    );
    assert_eq!(
        Snowish::from_parts(UID11_XID_EPOCH_MILLIS + 1, 0, 0)
            .unwrap()
            .to_u64(),
        1 << 22
    );
    assert_eq!(
        Snowish::from_parts(Snowish::MAX_TIMESTAMP_MILLIS, 0, 0)
            .unwrap()
            .to_u64(),
        ((1u64 << 41) - 1) << 22
    );

    // The epoch is xid's.
    let zero = Snowish::try_from_u64(0).unwrap();
    assert_eq!(
        rfc3339!(zero.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2011-11-11T11:11:11.111Z"
    );
    assert_eq!(Snowish::MAX_MACHINE_ID, 1023);
    assert_eq!(Snowish::MAX_SEQUENCE, 4095);
}

#[test]
fn snowish_last_millisecond_is_2_pow_41_after_the_epoch() {
    assert_eq!(
        Snowish::MAX_TIMESTAMP_MILLIS,
        UID11_XID_EPOCH_MILLIS + (1 << 41) - 1
    );
    let last = Snowish::from_parts(Snowish::MAX_TIMESTAMP_MILLIS, 0, 0).unwrap();
    // Computed here, not copied from the library's documentation (which says 00:38:46.662Z).
    assert_eq!(
        rfc3339!(last.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2081-07-18T02:58:46.662Z"
    );
    assert_eq!(
        Snowish::from_datetime(utc!("2081-07-18T02:58:46.662Z"), 0, 0),
        Ok(last)
    );
    assert_eq!(
        Snowish::from_datetime(utc!("2081-07-18T02:58:46.663Z"), 0, 0)
            .unwrap_err()
            .kind(),
        ErrorKind::OutOfRange
    );
}

#[test]
fn snowish_from_parts_refuses_out_of_range_parts() {
    let cases = [
        (UID11_XID_EPOCH_MILLIS - 1, 0, 0),
        (0, 0, 0),
        (Snowish::MAX_TIMESTAMP_MILLIS + 1, 0, 0),
        (Uid11Xid::MAX_TIMESTAMP_MILLIS, 0, 0),
        (u64::MAX, 0, 0),
        (1_700_000_000_000, 1024, 0),
        (1_700_000_000_000, u16::MAX, 0),
        (1_700_000_000_000, 0, 4096),
        (1_700_000_000_000, 0, u16::MAX),
    ];
    for (millis, machine, sequence) in cases {
        let err = Snowish::from_parts(millis, machine, sequence).unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::OutOfRange,
            "{millis} {machine} {sequence}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// ts-seq-rand

#[test]
fn ts_seq_rand_layout_is_42_bit_ms_12_bit_sequence_10_bit_random_from_the_xid_epoch() {
    let id = TsSeqRand::from_parts(1_700_000_000_000, 3, 999).unwrap();
    let delta = 1_700_000_000_000 - UID11_XID_EPOCH_MILLIS;
    assert_eq!(id.to_u64(), (delta << 22) | (3 << 10) | 999);
    assert_eq!(id.to_u64(), 1_589_599_813_559_652_327);
    assert_eq!(id.to_string(), "4h1dcciS8fx");
    assert_eq!(
        (id.millis_since_epoch(), id.sequence(), id.random()),
        (delta, 3, 999)
    );
    assert_eq!(format!("{id:?}"), "TsSeqRand(4h1dcciS8fx)");

    assert_eq!(
        TsSeqRand::from_parts(UID11_XID_EPOCH_MILLIS, 0, 1)
            .unwrap()
            .to_u64(),
        1
    );
    assert_eq!(
        TsSeqRand::from_parts(UID11_XID_EPOCH_MILLIS, 0, 1023)
            .unwrap()
            .to_u64(),
        0x3FF
    );
    assert_eq!(
        TsSeqRand::from_parts(UID11_XID_EPOCH_MILLIS, 1, 0)
            .unwrap()
            .to_u64(),
        1 << 10
    );
    assert_eq!(
        TsSeqRand::from_parts(UID11_XID_EPOCH_MILLIS, 4095, 0)
            .unwrap()
            .to_u64(),
        0xFFF << 10
    );
    assert_eq!(
        TsSeqRand::from_parts(UID11_XID_EPOCH_MILLIS + 1, 0, 0)
            .unwrap()
            .to_u64(),
        1 << 22
    );
    let largest = TsSeqRand::from_parts(TsSeqRand::MAX_TIMESTAMP_MILLIS, 4095, 1023).unwrap();
    assert_eq!(largest.to_u64(), u64::MAX);
    assert_eq!(largest.to_string(), MAX_TEXT);
    assert_eq!(
        TsSeqRand::MAX_TIMESTAMP_MILLIS,
        Uid11Xid::MAX_TIMESTAMP_MILLIS
    );

    // The epoch is xid's, and so is the last millisecond.
    assert_eq!(
        rfc3339!(TsSeqRand::from_u64(0).datetime::<chrono::DateTime<chrono::Utc>>()),
        "2011-11-11T11:11:11.111Z"
    );
    assert_eq!(
        rfc3339!(largest.datetime::<chrono::DateTime<chrono::Utc>>()),
        "2151-03-25T18:46:22.214Z"
    );
}

#[test]
fn ts_seq_rand_from_parts_refuses_out_of_range_parts() {
    let cases = [
        (UID11_XID_EPOCH_MILLIS - 1, 0, 0),
        (1_000, 0, 0),
        (TsSeqRand::MAX_TIMESTAMP_MILLIS + 1, 0, 0),
        (u64::MAX, 0, 0),
        (1_700_000_000_000, 4096, 0),
        (1_700_000_000_000, u16::MAX, 0),
        (1_700_000_000_000, 0, 1024),
        (1_700_000_000_000, 0, u16::MAX),
    ];
    for (millis, sequence, random) in cases {
        let err = TsSeqRand::from_parts(millis, sequence, random).unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::OutOfRange,
            "{millis} {sequence} {random}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Every profile shares the uid11 text

#[test]
fn every_profile_shares_the_uid11_text_and_round_trips_through_uid11() {
    let values = [0, 1, 57, 58, 4194304, 362387865600000, (1 << 63) - 1];
    for value in values.into_iter().chain(samples(200).map(|v| v >> 1)) {
        let uid = Uid11::from_u64(value);
        let text = uid.to_string();

        let xid = Uid11Xid::from(uid);
        assert_eq!(xid.to_string(), text);
        assert_eq!(xid.encode(), text.as_str());
        assert_eq!(xid.to_uid11(), uid);
        assert_eq!(Uid11::from(xid), uid);
        assert_eq!(Uid11Xid::parse(&text), Ok(xid));
        assert_eq!(u64::from(xid), value);
        assert_eq!(xid.to_bytes(), uid.to_bytes());

        let snowish = Snowish::try_from(uid).unwrap();
        assert_eq!(snowish.to_string(), text);
        assert_eq!(snowish.to_uid11(), uid);
        assert_eq!(Uid11::from(snowish), uid);
        assert_eq!(Snowish::parse(&text), Ok(snowish));
        assert_eq!(Snowish::try_from(text.as_str()), Ok(snowish));
        assert_eq!(u64::from(snowish), value);

        let tsr = TsSeqRand::from(uid);
        assert_eq!(tsr.to_string(), text);
        assert_eq!(Uid11::from(tsr), uid);
        assert_eq!(TsSeqRand::parse(&text), Ok(tsr));
        assert_eq!(text.parse::<TsSeqRand>(), Ok(tsr));

        let full = FullRand::from(uid);
        assert_eq!(full.to_string(), text);
        assert_eq!(Uid11::from(full), uid);
        assert_eq!(FullRand::parse(&text), Ok(full));
        assert_eq!(FullRand::from_u64(value), full);

        // The same 64 bits are the same instant for the timestamped profiles.
        assert_eq!(xid.timestamp_millis(), snowish.timestamp_millis());
        assert_eq!(xid.timestamp_millis(), tsr.timestamp_millis());
    }
    // The top half of the u64s: every profile but snowish.
    let top = Uid11::MAX;
    assert_eq!(Uid11Xid::from(top).to_string(), MAX_TEXT);
    assert_eq!(TsSeqRand::from(top).to_string(), MAX_TEXT);
    assert_eq!(FullRand::from(top).to_string(), MAX_TEXT);
    assert!(Snowish::try_from(top).is_err());
}

#[test]
fn fullrand_is_64_random_bits_in_the_uid11_text() {
    assert_eq!(FullRand::from_u64(u64::MAX).to_string(), MAX_TEXT);
    let ids: std::collections::HashSet<FullRand> = (0..1000).map(|_| FullRand::random()).collect();
    assert_eq!(ids.len(), 1000);
    // Both halves of the range show up: the top bit is random too.
    assert!(ids.iter().any(|id| id.to_u64() >> 63 == 1));
    assert!(ids.iter().any(|id| id.to_u64() >> 63 == 0));
    for id in &ids {
        assert_eq!(FullRand::parse(&id.to_string()), Ok(*id));
    }
}
