//! Conformance of `TimeId` and `NodeId` with the draft-goldman Time-Ordered ID as corrected by
//! the verified errata (in the README): every figure there as a known answer.
//!
//! Where the draft and the notes disagree, the notes are right; the tests named after an
//! erratum prove the corrected value.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use idtypes::{ErrorKind, Tid, TimeId};

use idtypes::time_id::{NodeClass, NodeId};

/// The alphabet, in value order.
const ALPHABET: &str = "234567abcdefghijklmnopqrstuvwxyz";

/// 2^53.
const TWO_POW_53: i64 = 1 << 53;

/// The offset of RFC 9562 timestamps: 100-ns ticks from 1582-10-15 to 1970-01-01.
const GREGORIAN_OFFSET: i64 = 0x01B2_1DD2_1381_4000;

fn parse(text: &str) -> TimeId {
    TimeId::parse(text).unwrap_or_else(|err| panic!("{text:?} must parse: {err}"))
}

fn node(n: u16) -> NodeId {
    NodeId::new(n).unwrap()
}

fn at(micros: i64, node_id: u16) -> TimeId {
    TimeId::from_parts(micros, node(node_id))
        .unwrap_or_else(|err| panic!("{micros} us, node {node_id}: {err}"))
}

/// The chrono time of `id` in RFC 3339 with `Z`, and only as many fraction digits as needed
/// (none, 3, 6): the way the known answers write times.
fn utc(id: TimeId) -> String {
    let time = id.datetime::<chrono::DateTime<chrono::Utc>>();
    assert_eq!(time.timestamp_micros(), id.timestamp_micros(), "{id:?}");
    time.format("%Y-%m-%dT%H:%M:%S%.fZ").to_string()
}

/// The `SystemTime` of `micros` since the Unix epoch, either side of it.
fn system_time(micros: i64) -> SystemTime {
    let offset = Duration::from_micros(micros.unsigned_abs());
    if micros >= 0 {
        UNIX_EPOCH + offset
    } else {
        UNIX_EPOCH - offset
    }
}

/// The timestamps (in microseconds) of the first and last id of a prefix's range.
fn prefix_micros(prefix: &str) -> (i64, i64) {
    let range = TimeId::range_for_prefix(prefix)
        .unwrap_or_else(|err| panic!("{prefix:?} must be a prefix: {err}"))
        .unwrap_or_else(|| panic!("{prefix:?} must start some TimeId"));
    (
        range.start().timestamp_micros(),
        range.end().timestamp_micros(),
    )
}

/// The times of the first and last id of a prefix's range, as chrono shows them.
fn prefix_utc(prefix: &str) -> (String, String) {
    let range = TimeId::range_for_prefix(prefix)
        .unwrap_or_else(|err| panic!("{prefix:?} must be a prefix: {err}"))
        .unwrap_or_else(|| panic!("{prefix:?} must start some TimeId"));
    (utc(range.start()), utc(range.end()))
}

/// The 60-bit timestamp of a UUIDv6, read from its bits.
fn uuid_v6_ticks(bits: u128) -> i64 {
    let high = (bits >> 80) as u64 & 0xFFFF_FFFF_FFFF;
    let low = (bits >> 64) as u64 & 0xFFF;
    ((high << 12) | low) as i64
}

// Binary form.

#[test]
fn the_binary_form_is_ts_us_times_1024_plus_node() {
    for (micros, node_id) in [
        (0, 0),
        (0, 1),
        (1, 0),
        (1721407246480310, 1),
        (-1, 0),
        (-1, 1023),
        (TWO_POW_53 - 1, 1023),
        (-TWO_POW_53, 0),
    ] {
        let id = at(micros, node_id);
        assert_eq!(id.to_i64(), micros * 1024 + i64::from(node_id));
        assert_eq!(id.timestamp_micros(), micros);
        assert_eq!(id.node().get(), node_id);
    }
}

#[test]
fn the_bytes_are_the_big_endian_twos_complement_i64() {
    for value in [
        0,
        1,
        1023,
        1024,
        -1,
        -1024,
        i64::MIN,
        i64::MAX,
        1762657063919551489,
    ] {
        let id = TimeId::from_i64(value);
        assert_eq!(id.to_bytes(), value.to_be_bytes());
        assert_eq!(TimeId::from_bytes(value.to_be_bytes()), id);
    }
    assert_eq!(TimeId::from_i64(-1).to_bytes(), [0xFF; 8]);
    assert_eq!(TimeId::EARLIEST.to_bytes(), [0x80, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn the_earliest_timestamp_is_minus_2_pow_53_us_1684_07_28t00_12_25_259008z() {
    assert_eq!(TimeId::MIN_TIMESTAMP_MICROS, -TWO_POW_53);
    let id = at(-TWO_POW_53, 0);
    assert_eq!(id, TimeId::EARLIEST);
    assert_eq!(id.to_i64(), i64::MIN);
    assert_eq!(utc(id), "1684-07-28T00:12:25.259008Z");
    assert_eq!(id.timestamp(), system_time(-TWO_POW_53));
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH - Duration::from_micros(9_007_199_254_740_992)
    );
}

#[test]
fn the_latest_timestamp_is_2_pow_53_minus_1_us_2255_06_05t23_47_34_740991z() {
    assert_eq!(TimeId::MAX_TIMESTAMP_MICROS, TWO_POW_53 - 1);
    let id = at(TWO_POW_53 - 1, 1023);
    assert_eq!(id, TimeId::LATEST);
    assert_eq!(id.to_i64(), i64::MAX);
    assert_eq!(utc(id), "2255-06-05T23:47:34.740991Z");
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + Duration::from_micros(9_007_199_254_740_991)
    );
}

#[test]
fn timestamps_outside_minus_2_pow_53_to_2_pow_53_minus_1_are_out_of_range() {
    for micros in [
        -TWO_POW_53 - 1,
        TWO_POW_53,
        TWO_POW_53 + 1,
        i64::MIN,
        i64::MAX,
    ] {
        for node_id in [0, 1023] {
            let err = TimeId::from_parts(micros, node(node_id)).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::OutOfRange, "{micros}");
            assert_eq!(err.position(), None);
        }
    }
}

#[test]
fn node_ids_are_0_to_1023() {
    assert_eq!(NodeId::new(0), Ok(NodeId::MIN));
    assert_eq!(NodeId::new(1023), Ok(NodeId::MAX));
    for n in [1024, 1025, 2047, u16::MAX] {
        assert_eq!(NodeId::new(n).unwrap_err().kind(), ErrorKind::OutOfRange);
        assert!(NodeId::try_from(n).is_err());
    }
}

#[test]
fn every_i64_is_exactly_one_time_id() {
    // The parts of any i64 are in range, and rebuilding from them gives the same i64: so the
    // map from (timestamp, node) to i64 is onto, and (being arithmetic) one-to-one.
    for value in [
        i64::MIN,
        i64::MIN + 1,
        i64::MIN + 1023,
        i64::MIN + 1024,
        -1025,
        -1024,
        -1023,
        -1,
        0,
        1,
        1023,
        1024,
        i64::MAX - 1024,
        i64::MAX - 1,
        i64::MAX,
    ] {
        let id = TimeId::from_i64(value);
        let (micros, node_id) = (id.timestamp_micros(), id.node());
        assert!((-TWO_POW_53..TWO_POW_53).contains(&micros), "{value}");
        assert_eq!(micros, value.div_euclid(1024), "{value}");
        assert_eq!(i64::from(node_id.get()), value.rem_euclid(1024), "{value}");
        assert_eq!(TimeId::from_parts(micros, node_id), Ok(id), "{value}");
        assert_eq!(i64::from(id), value);
        assert_eq!(TimeId::from(value), id);
    }
}

// Text.

#[test]
fn text_is_13_symbols_of_the_i64_sign_extended_to_65_bits() {
    for value in [
        0,
        1,
        -1,
        i64::MIN,
        i64::MAX,
        1762657063919551489,
        -123456789,
    ] {
        let id = TimeId::from_i64(value);
        let text = id.encode();
        assert_eq!(text.len(), TimeId::TEXT_LEN);
        let bits = i128::from(value) & ((1 << 65) - 1);
        let expected: String = (0..13)
            .map(|i| ALPHABET.as_bytes()[((bits >> (60 - 5 * i)) & 31) as usize] as char)
            .collect();
        assert_eq!(text.as_str(), expected, "{value}");
    }
}

#[test]
fn text_is_11_symbols_of_55_bit_timestamp_then_2_symbols_of_node() {
    for (micros, node_id) in [
        (1721407246480310, 1),
        (-1, 1023),
        (-TWO_POW_53, 5),
        (0, 992),
    ] {
        let id = at(micros, node_id);
        let text = id.encode();
        let ts_bits = i128::from(micros) & ((1 << 55) - 1);
        let ts: String = (0..11)
            .map(|i| ALPHABET.as_bytes()[((ts_bits >> (50 - 5 * i)) & 31) as usize] as char)
            .collect();
        assert_eq!(&text[..11], ts, "{micros}");
        assert_eq!(&text[11..], node(node_id).code().as_str());
    }
}

#[test]
fn first_symbol_is_2_to_7_a_or_b_for_timestamps_from_1970() {
    for micros in [0, 1, 1721407246480310, TWO_POW_53 / 2, TWO_POW_53 - 1] {
        for node_id in [0, 1023] {
            let first = at(micros, node_id).encode().as_bytes()[0];
            assert!(b"234567ab".contains(&first), "{micros}: {}", first as char);
        }
    }
    assert_eq!(at(0, 0).encode(), "2222222222222");
    assert_eq!(TimeId::LATEST.encode(), "bzzzzzzzzzzzz");
}

#[test]
fn first_symbol_is_s_to_z_for_timestamps_before_1970() {
    for micros in [-1, -2, -1024, -TWO_POW_53 / 2, -TWO_POW_53 + 1, -TWO_POW_53] {
        for node_id in [0, 1023] {
            let first = at(micros, node_id).encode().as_bytes()[0];
            assert!(b"stuvwxyz".contains(&first), "{micros}: {}", first as char);
        }
    }
    assert_eq!(TimeId::EARLIEST.encode(), "s222222222222");
    assert_eq!(TimeId::MAX.encode(), "zzzzzzzzzzzzz");
}

#[test]
fn every_first_symbol_2_to_b_and_s_to_z_parses_with_the_sign_it_names() {
    for (value, symbol) in ALPHABET.chars().enumerate() {
        if (8..=23).contains(&value) {
            continue;
        }
        for rest in ["222222222222", "zzzzzzzzzzzz", "kxnlhr3gxq23"] {
            let text = format!("{symbol}{rest}");
            let id = parse(&text);
            assert_eq!(id.encode().as_str(), text);
            assert_eq!(id.timestamp_micros() < 0, value >= 24, "{text}");
        }
    }
}

#[test]
fn every_first_symbol_c_to_r_is_rejected_as_overflow_at_position_0_by_parse() {
    for symbol in "cdefghijklmnopqr".chars() {
        for rest in ["222222222222", "zzzzzzzzzzzz", "kxnlhr3gxq23"] {
            for text in [
                format!("{symbol}{rest}"),
                format!(
                    "{symbol}{}-{}-{}-{}",
                    &rest[..3],
                    &rest[3..6],
                    &rest[6..10],
                    &rest[10..]
                ),
            ] {
                let err = TimeId::parse(&text).unwrap_err();
                assert_eq!(err.kind(), ErrorKind::Overflow, "{text}");
                assert_eq!(err.position(), Some(0), "{text}");
                assert_eq!(TimeId::parse_const(&text), Err(err.clone()), "{text}");
                assert_eq!(TimeId::parse_ascii(text.as_bytes()), Err(err), "{text}");
            }
        }
    }
}

#[test]
fn every_first_symbol_c_to_r_matches_nothing_in_range_for_prefix() {
    for symbol in "cdefghijklmnopqr".chars() {
        let prefixes = [
            format!("{symbol}"),
            format!("{symbol}22"),
            format!("{symbol}zzz"),
            format!("{symbol}zzz-"),
            format!("{symbol}zzz-zzz-zzzz"),
            format!("{symbol}zzz-zzz-zzzz-zz"),
            format!("{symbol}zzzzzzzzzzzz"),
        ];
        for prefix in prefixes {
            // Well formed, so not an error: no TimeId has such a prefix.
            assert_eq!(TimeId::range_for_prefix(&prefix), Ok(None), "{prefix}");
        }
        // A malformed rest is still an error, at its position.
        let err = TimeId::range_for_prefix(&format!("{symbol}zz1")).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(3))
        );
    }
}

#[test]
fn text_from_1970_on_equals_the_atproto_tid_text_of_the_same_bits() {
    for value in [
        0,
        1,
        1023,
        1024,
        1728652679052295174,
        1762657063919551489,
        i64::MAX - 1,
        i64::MAX,
    ] {
        let id = TimeId::from_i64(value);
        let tid = Tid::try_from(id).unwrap();
        assert_eq!(tid.to_u64(), value as u64);
        assert_eq!(tid.encode().as_str(), id.encode().as_str());
        assert_eq!(tid.timestamp_micros() as i64, id.timestamp_micros());
        assert_eq!(tid.clock_id(), id.node().get());
        assert_eq!(TimeId::try_from(tid), Ok(id));
        // And through the text, each parser reads the other's text.
        assert_eq!(Tid::parse(&id.encode()), Ok(tid));
        assert_eq!(TimeId::parse(&tid.encode()), Ok(id));
    }
    let tid = Tid::parse("3jzfcijpj2z2a").unwrap();
    let id = TimeId::try_from(tid).unwrap();
    assert_eq!(id.to_string(), "3jzfcijpj2z2a");
    assert_eq!(id.timestamp_micros(), 1688137381887007);
    assert_eq!(id.node().get(), 6);
}

#[test]
fn ids_before_1970_have_no_tid_and_tids_with_bit_63_set_have_no_time_id() {
    for id in [TimeId::MAX, TimeId::EARLIEST, at(-1, 0)] {
        let err = Tid::try_from(id).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{id:?}");
    }
    for tid in [
        Tid::MAX,
        Tid::from_u64(1 << 63),
        Tid::parse("c222222222222").unwrap(),
    ] {
        let err = TimeId::try_from(tid).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{tid:?}");
    }
}

// Dashed form.

#[test]
fn the_dashed_form_is_sttt_ttt_tttt_cc_with_dashes_at_bytes_4_8_and_13() {
    for value in [0, -1, i64::MIN, i64::MAX, 1762657063919551489] {
        let id = TimeId::from_i64(value);
        let plain = id.encode();
        let dashed = id.to_dashed();
        assert_eq!(dashed.len(), TimeId::DASHED_LEN);
        let bytes = dashed.as_bytes();
        for (i, &byte) in bytes.iter().enumerate() {
            assert_eq!(byte == b'-', [4, 8, 13].contains(&i), "{dashed} at {i}");
        }
        let expected = format!(
            "{}-{}-{}-{}",
            &plain[..4],
            &plain[4..7],
            &plain[7..11],
            &plain[11..]
        );
        assert_eq!(dashed.as_str(), expected);
    }
    assert_eq!(at(1721407246480310, 1).to_dashed(), "3kxn-lhr-3gxq-23");
}

#[test]
fn alternate_display_and_to_dashed_give_the_dashed_form() {
    let id = at(1721407246480310, 1);
    assert_eq!(format!("{id:#}"), "3kxn-lhr-3gxq-23");
    assert_eq!(format!("{id:#}"), id.to_dashed().as_str());
    assert_eq!(format!("{id}"), "3kxnlhr3gxq23");
    assert_eq!(id.to_string(), id.encode().as_str());
    assert_eq!(format!("{:#}", TimeId::MAX), "zzzz-zzz-zzzz-zz");
    assert_eq!(format!("{:#}", TimeId::EARLIEST), "s222-222-2222-22");
}

#[test]
fn parse_accepts_the_plain_and_the_dashed_form() {
    let id = at(1721407246480310, 1);
    assert_eq!(TimeId::parse("3kxnlhr3gxq23"), Ok(id));
    assert_eq!(TimeId::parse("3kxn-lhr-3gxq-23"), Ok(id));
    assert_eq!("3kxn-lhr-3gxq-23".parse::<TimeId>(), Ok(id));
    assert_eq!(TimeId::try_from("3kxnlhr3gxq23"), Ok(id));
    assert_eq!(TimeId::parse_const("3kxn-lhr-3gxq-23"), Ok(id));
    assert_eq!(TimeId::parse_ascii(b"3kxn-lhr-3gxq-23"), Ok(id));
}

#[test]
fn parse_accepts_no_other_dash_placement_or_spelling() {
    for text in [
        // A subset of the dashes, or an extra one.
        "3kxn-lhr3gxq23",
        "3kxnlhr-3gxq23",
        "3kxnlhr3gxq-23",
        "3kxn-lhr-3gxq23",
        "3kxnlhr-3gxq-23",
        "3kxn-lhr-3gxq-2-3",
        "-3kxnlhr3gxq23",
        "3kxnlhr3gxq23-",
        // All three dashes, in other places.
        "3kx-nlhr-3gxq-23",
        "3kxn-lh-r3gxq-23",
        "3kxn-lhr-3gx-q23",
        "3kxnl-hr-3gxq-23",
        "---3kxnlhr3gxq23",
        "3kxnlhr3gxq23---",
        // Other separators, case, space.
        "3kxn_lhr_3gxq_23",
        "3kxn lhr 3gxq 23",
        "3kxn:lhr:3gxq:23",
        "3KXNLHR3GXQ23",
        "3KXN-LHR-3GXQ-23",
        " 3kxnlhr3gxq23",
        "3kxnlhr3gxq23 ",
        "3kxnlhr3gxq23\n",
        "",
        "3kxnlhr3gxq2",
        "3kxnlhr3gxq233",
    ] {
        assert!(
            TimeId::parse(text).is_err(),
            "{text:?} must be rejected, parsed as {:?}",
            TimeId::parse(text)
        );
        assert!(TimeId::parse_const(text).is_err(), "{text:?}");
    }
}

#[test]
fn a_misplaced_dash_is_reported_where_the_dashed_form_differs() {
    let err = TimeId::parse("3kx-nlhr-3gxq-23").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(3))
    );
    let err = TimeId::parse("3kxn-lhr-3gxq_23").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(13))
    );
    let err = TimeId::parse("3kxn-lhr-3gxq23").unwrap_err();
    assert_eq!((err.kind(), err.position()), (ErrorKind::Length, None));
}

// Order.

/// Ids from both sides of 1970, every node class, both ends of the range.
fn order_samples() -> Vec<TimeId> {
    let mut ids: Vec<TimeId> = [
        i64::MIN,
        i64::MIN + 1,
        -TWO_POW_53 / 2 * 1024,
        -1025,
        -1024,
        -1,
        0,
        1,
        1023,
        1024,
        1762657063919551489,
        i64::MAX - 1,
        i64::MAX,
    ]
    .into_iter()
    .map(TimeId::from_i64)
    .collect();
    for micros in [-1721407246480310, -1, 0, 1, 1721407246480310] {
        for node_id in [0, 1, 31, 32, 991, 992, 1023] {
            ids.push(at(micros, node_id));
        }
    }
    ids
}

#[test]
fn string_order_equals_big_endian_byte_order_equals_u64_bit_pattern_order_equals_ord() {
    let ids = order_samples();
    for a in &ids {
        for b in &ids {
            let by_u64 = (a.to_i64() as u64).cmp(&(b.to_i64() as u64));
            assert_eq!(a.encode().as_str().cmp(b.encode().as_str()), by_u64);
            assert_eq!(a.to_dashed().as_str().cmp(b.to_dashed().as_str()), by_u64);
            assert_eq!(a.to_bytes().cmp(&b.to_bytes()), by_u64);
            assert_eq!(a.cmp(b), by_u64, "{a:?} {b:?}");
            assert_eq!(a.partial_cmp(b), Some(by_u64));
        }
    }
}

#[test]
fn every_pre_1970_id_sorts_after_every_post_1970_id_in_ord() {
    let ids = order_samples();
    let (before, after): (Vec<TimeId>, Vec<TimeId>) =
        ids.iter().partition(|id| id.timestamp_micros() < 0);
    assert!(!before.is_empty() && !after.is_empty());
    for b in &before {
        for a in &after {
            assert!(b > a, "{b:?} must sort after {a:?}");
            assert!(b.cmp_chronological(a).is_lt());
        }
    }
    // The extremes: the earliest id sorts after the latest one, -1 us last of all.
    assert!(TimeId::EARLIEST > TimeId::LATEST);
    assert_eq!(TimeId::MIN, at(0, 0));
    assert_eq!(TimeId::MAX, at(-1, 1023));
    assert!(
        ids.iter()
            .all(|id| TimeId::MIN <= *id && *id <= TimeId::MAX)
    );
}

#[test]
fn cmp_chronological_is_the_i64_order() {
    let ids = order_samples();
    for a in &ids {
        for b in &ids {
            assert_eq!(a.cmp_chronological(b), a.to_i64().cmp(&b.to_i64()));
        }
    }
    assert!(TimeId::EARLIEST.cmp_chronological(&TimeId::LATEST).is_lt());
    let mut sorted = ids.clone();
    sorted.sort_by(TimeId::cmp_chronological);
    assert!(
        sorted
            .windows(2)
            .all(|w| w[0].timestamp_micros() <= w[1].timestamp_micros())
    );
    assert_eq!(sorted[0], TimeId::EARLIEST);
    assert_eq!(*sorted.last().unwrap(), TimeId::LATEST);
}

// Node classes and codes.

#[test]
fn nodes_0_to_31_are_best_effort_with_codes_22_to_2z() {
    assert_eq!(NodeClass::BestEffort.range(), 0..=31);
    assert_eq!(node(0).code(), "22");
    assert_eq!(node(31).code(), "2z");
    for n in 0..=31 {
        assert_eq!(node(n).class(), NodeClass::BestEffort, "{n}");
        let code = node(n).code();
        assert!(code.starts_with('2'), "{n}: {code}");
        assert_eq!(&code[1..2], &ALPHABET[n as usize..=n as usize]);
    }
}

#[test]
fn nodes_32_to_991_are_context_dependent_with_codes_32_to_yz() {
    assert_eq!(NodeClass::ContextDependent.range(), 32..=991);
    assert_eq!(node(32).code(), "32");
    assert_eq!(node(991).code(), "yz");
    for n in 32..=991 {
        assert_eq!(node(n).class(), NodeClass::ContextDependent, "{n}");
        let code = node(n).code();
        assert!(
            ("32"..="yz").contains(&code.as_str()),
            "{n}: {code} outside 32..=yz"
        );
    }
}

#[test]
fn nodes_992_to_1023_are_global_with_codes_z2_to_zz() {
    assert_eq!(NodeClass::Global.range(), 992..=1023);
    assert_eq!(node(992).code(), "z2");
    assert_eq!(node(1023).code(), "zz");
    for n in 992..=1023 {
        assert_eq!(node(n).class(), NodeClass::Global, "{n}");
        assert!(node(n).code().starts_with('z'), "{n}");
    }
}

#[test]
fn node_1_is_23() {
    assert_eq!(node(1).code(), "23");
    assert_eq!(NodeId::from_code("23"), Ok(node(1)));
}

#[test]
fn every_node_code_round_trips_and_ends_the_text() {
    let mut codes = Vec::new();
    for n in 0..=1023 {
        let code = node(n).code();
        assert_eq!(NodeId::from_code(&code), Ok(node(n)));
        assert!(node(n).class().range().contains(&n));
        let id = at(1721407246480310, n);
        assert_eq!(&id.encode()[11..], code.as_str());
        assert_eq!(&id.to_dashed()[14..], code.as_str());
        codes.push(code.as_str().to_owned());
    }
    // The codes sort like the numbers.
    assert!(codes.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn the_drafts_node_codes_20_30_and_z0_are_rejected() {
    for code in ["20", "30", "z0"] {
        let err = NodeId::from_code(code).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Character, "{code}");
        assert_eq!(err.position(), Some(1), "{code}");
    }
    for code in ["", "2", "222", "0z", "2A", "Z2", "2-"] {
        assert!(NodeId::from_code(code).is_err(), "{code:?}");
    }
}

// Errata.

#[test]
fn s222_222_2222_is_minus_2_pow_53() {
    let id = parse("s222-222-2222-22");
    assert_eq!(id.timestamp_micros(), -TWO_POW_53);
    assert_eq!(id.timestamp_micros(), -9007199254740992);
    assert_eq!(id, TimeId::EARLIEST);
    assert_eq!(utc(id), "1684-07-28T00:12:25.259008Z");
    assert_eq!(&at(-TWO_POW_53, 0).to_dashed()[..13], "s222-222-2222");
}

#[test]
fn s222_222_2223_is_minus_2_pow_53_plus_1() {
    let id = parse("s222-222-2223-22");
    assert_eq!(id.timestamp_micros(), -(TWO_POW_53 - 1));
    assert_eq!(id.timestamp_micros(), -9007199254740991);
    assert_eq!(utc(id), "1684-07-28T00:12:25.259009Z");
    assert_eq!(&at(-(TWO_POW_53 - 1), 0).to_dashed()[..13], "s222-222-2223");
}

#[test]
fn zzzz_zzz_zzzz_is_minus_1_us_1969_12_31t23_59_59_999999z_and_valid() {
    for node_code in ["22", "23", "zz"] {
        let id = parse(&format!("zzzz-zzz-zzzz-{node_code}"));
        assert_eq!(id.timestamp_micros(), -1);
        assert_eq!(id.node().code(), node_code);
        assert_eq!(utc(id), "1969-12-31T23:59:59.999999Z");
        assert_eq!(id.timestamp(), UNIX_EPOCH - Duration::from_micros(1));
    }
    assert_eq!(parse("zzzz-zzz-zzzz-zz"), TimeId::MAX);
    assert_eq!(TimeId::MAX.to_i64(), -1);
}

#[test]
fn the_drafts_2540_invalid_row_is_jzzz_zzz_zzzz() {
    for node_code in ["22", "23", "zz"] {
        for text in [
            format!("jzzz-zzz-zzzz-{node_code}"),
            format!("jzzzzzzzzzz{node_code}"),
        ] {
            let err = TimeId::parse(&text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Overflow, "{text}");
            assert_eq!(err.position(), Some(0), "{text}");
        }
    }
    assert_eq!(TimeId::range_for_prefix("jzzz-zzz-zzzz"), Ok(None));
}

#[test]
fn the_range_table_2222_222_2222_is_0_and_bzzz_zzz_zzzz_is_2_pow_53_minus_1() {
    let zero = parse("2222-222-2222-22");
    assert_eq!(zero.timestamp_micros(), 0);
    assert_eq!(utc(zero), "1970-01-01T00:00:00Z");
    let last = parse("bzzz-zzz-zzzz-zz");
    assert_eq!(last.timestamp_micros(), TWO_POW_53 - 1);
    assert_eq!(last, TimeId::LATEST);
}

#[test]
fn tid_3kxn_lhr_3gxq_is_1721407246480310_us_2024_07_19t16_40_46_480310z() {
    let id = parse("3kxn-lhr-3gxq-22");
    assert_eq!(id.timestamp_micros(), 1721407246480310);
    assert_eq!(utc(id), "2024-07-19T16:40:46.480310Z");
    assert_eq!(id.timestamp(), system_time(1721407246480310));
    assert_eq!(&at(1721407246480310, 0).to_dashed()[..13], "3kxn-lhr-3gxq");
}

#[test]
fn the_drafts_1721382046481000_us_is_3kxm_tyq_iinc() {
    let id = at(1721382046481000, 0);
    assert_eq!(&id.to_dashed()[..13], "3kxm-tyq-iinc");
    assert_eq!(
        parse("3kxm-tyq-iinc-22").timestamp_micros(),
        1721382046481000
    );
    // The draft's 09:40:46 is US Pacific (UTC-7): this one is 7 hours earlier than 16:40:46.
    assert_eq!(utc(id), "2024-07-19T09:40:46.481Z");
}

#[test]
fn the_worked_example_with_node_1_is_3kxn_lhr_3gxq_23() {
    let id = at(1721407246480310, 1);
    assert_eq!(id.to_dashed(), "3kxn-lhr-3gxq-23");
    assert_eq!(id.encode(), "3kxnlhr3gxq23");
    assert_eq!(parse("3kxn-lhr-3gxq-23"), id);
    assert_eq!(id.node(), node(1));
    assert_eq!(id.node().class(), NodeClass::BestEffort);
    assert_eq!(id.to_i64(), 1721407246480310 * 1024 + 1);
}

#[test]
fn prefix_3kxn_lhr_3gxq_is_the_single_microsecond_2024_07_19t16_40_46_480310z() {
    assert_eq!(
        prefix_micros("3kxn-lhr-3gxq"),
        (1721407246480310, 1721407246480310)
    );
    let range = TimeId::range_for_prefix("3kxn-lhr-3gxq").unwrap().unwrap();
    assert_eq!(range.start(), at(1721407246480310, 0));
    assert_eq!(range.end(), at(1721407246480310, 1023));
    assert_eq!(
        prefix_utc("3kxn-lhr-3gxq"),
        (
            "2024-07-19T16:40:46.480310Z".to_owned(),
            "2024-07-19T16:40:46.480310Z".to_owned()
        )
    );
}

#[test]
fn prefix_3kxn_lhr_is_16_40_46_434304z_to_16_40_47_482879z() {
    assert_eq!(
        prefix_utc("3kxn-lhr"),
        (
            "2024-07-19T16:40:46.434304Z".to_owned(),
            "2024-07-19T16:40:47.482879Z".to_owned()
        )
    );
    assert_eq!(
        prefix_micros("3kxn-lhr"),
        (1721407246434304, 1721407247482879)
    );
    assert_eq!(prefix_micros("3kxnlhr"), prefix_micros("3kxn-lhr"));
}

#[test]
fn prefix_3kxn_is_2024_07_19t11_28_52_498432z_to_21_01_32_236799z() {
    assert_eq!(
        prefix_utc("3kxn"),
        (
            "2024-07-19T11:28:52.498432Z".to_owned(),
            "2024-07-19T21:01:32.236799Z".to_owned()
        )
    );
    assert_eq!(prefix_micros("3kxn"), prefix_micros("3kxn-"));
}

#[test]
fn prefix_3k_is_2023_07_08t20_57_40_263936z_to_2024_08_19t02_23_52_352767z() {
    assert_eq!(
        prefix_utc("3k"),
        (
            "2023-07-08T20:57:40.263936Z".to_owned(),
            "2024-08-19T02:23:52.352767Z".to_owned()
        )
    );
}

#[test]
fn a_prefix_range_is_decode_p_2s_to_decode_p_zs() {
    for prefix in [
        "3",
        "3k",
        "3kxn",
        "3kxnlhr",
        "3kxnlhr3gxq2",
        "3kxnlhr3gxq23",
        "s",
        "z",
        "zzzz",
    ] {
        let range = TimeId::range_for_prefix(prefix).unwrap().unwrap();
        let k = 13 - prefix.len();
        assert_eq!(range.start(), parse(&format!("{prefix}{}", "2".repeat(k))));
        assert_eq!(range.end(), parse(&format!("{prefix}{}", "z".repeat(k))));
    }
    assert_eq!(
        TimeId::range_for_prefix("s").unwrap().unwrap().start(),
        TimeId::EARLIEST
    );
    assert_eq!(
        TimeId::range_for_prefix("z").unwrap().unwrap().end(),
        TimeId::MAX
    );
    assert_eq!(
        TimeId::range_for_prefix("2").unwrap().unwrap().start(),
        TimeId::MIN
    );
    assert_eq!(
        TimeId::range_for_prefix("b").unwrap().unwrap().end(),
        TimeId::LATEST
    );
}

#[test]
fn tid_3iso_34e_qpw2_is_1645557742000000_us_2022_02_22t19_22_22z() {
    let id = parse("3iso-34e-qpw2-22");
    assert_eq!(id.timestamp_micros(), 1645557742000000);
    assert_eq!(utc(id), "2022-02-22T19:22:22Z");
    assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1645557742));
    assert_eq!(&at(1645557742000000, 0).to_dashed()[..13], "3iso-34e-qpw2");
}

// UUIDv6 and UUIDv7.

#[test]
fn the_rfc_9562_uuid_v6_example_is_1645557742000000_us() {
    let uuid = "1EC9414C-232A-6B00-B3C8-9F6BDECED846".parse().unwrap();
    assert_eq!(TimeId::uuid_v6_timestamp_micros(uuid), Ok(1645557742000000));
    // Its clock_seq and node hold data a TimeId has no room for: refused, not truncated.
    assert_eq!(
        TimeId::from_uuid_v6(uuid).unwrap_err().kind(),
        ErrorKind::Syntax
    );
    // The TimeId of that time has the RFC's timestamp fields.
    let ours = at(1645557742000000, 0).to_uuid_v6();
    assert_eq!(&ours.to_string()[..19], "1ec9414c-232a-6b00-");
    assert_eq!(uuid_v6_ticks(ours.as_u128()), 0x1EC9414C232AB00);
    assert_eq!(uuid_v6_ticks(ours.as_u128()), uuid_v6_ticks(uuid.as_u128()));
}

#[test]
fn uuid_v6_ts60_is_us_times_10_plus_0x01b21dd213814000() {
    for (micros, node_id) in [
        (1645557742000000, 0),
        (1721407246480310, 1),
        (0, 0),
        (-1, 1023),
        (-TWO_POW_53, 0),
        (TWO_POW_53 - 1, 1023),
    ] {
        let uuid = at(micros, node_id).to_uuid_v6();
        assert_eq!(uuid.get_version_num(), 6);
        assert_eq!(
            uuid_v6_ticks(uuid.as_u128()),
            micros * 10 + GREGORIAN_OFFSET,
            "{micros}"
        );
        assert_eq!(TimeId::uuid_v6_timestamp_micros(uuid), Ok(micros));
    }
    // The uuid crate reads the same ticks (for a time after 1970).
    let uuid = at(1645557742000000, 0).to_uuid_v6();
    let (ticks, _) = uuid.get_timestamp().unwrap().to_gregorian();
    assert_eq!(ticks, 138648505420000000);
}

#[test]
fn uuid_v6_back_is_ts60_minus_the_offset_over_10_rounded_down() {
    // A UUIDv6 (RFC 9562 variant, zero clock_seq and node) with the given 60-bit timestamp.
    let v6 = |ticks: i64| -> u128 {
        let ticks = ticks as u128;
        ((ticks >> 12) << 80) | (0x6 << 76) | ((ticks & 0xFFF) << 64) | (0b10 << 62)
    };
    for (ticks, micros) in [
        (GREGORIAN_OFFSET, 0),
        (GREGORIAN_OFFSET + 9, 0),
        (GREGORIAN_OFFSET + 10, 1),
        (GREGORIAN_OFFSET - 1, -1),
        (GREGORIAN_OFFSET - 10, -1),
        (GREGORIAN_OFFSET - 11, -2),
        (0x1EC9414C232AB00 + 7, 1645557742000000),
    ] {
        let uuid = format!("{:032x}", v6(ticks)).parse().unwrap();
        assert_eq!(
            TimeId::uuid_v6_timestamp_micros(uuid),
            Ok(micros),
            "{ticks}"
        );
        // Whole microseconds map back to a TimeId; 100-ns remainders would be lost.
        let exact = (ticks - GREGORIAN_OFFSET) % 10 == 0;
        assert_eq!(TimeId::from_uuid_v6(uuid).is_ok(), exact, "{ticks}");
        if !exact {
            let err = TimeId::from_uuid_v6(uuid).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Syntax);
        }
    }
}

#[test]
fn uuid_v6_round_trips() {
    for id in [
        TimeId::EARLIEST,
        TimeId::LATEST,
        TimeId::MIN,
        TimeId::MAX,
        at(1645557742000000, 0),
        at(1721407246480310, 1),
        at(-1721407246480310, 992),
    ] {
        let uuid = id.to_uuid_v6();
        assert_eq!(TimeId::from_uuid_v6(uuid), Ok(id), "{id:?}");
        // Through the text of the UUID as well.
        let text = uuid.to_string();
        assert_eq!(TimeId::from_uuid_v6(text.parse().unwrap()), Ok(id));
    }
}

#[test]
fn uuid_v7_round_trips_for_tid_and_time_id() {
    for tid in [
        Tid::MIN,
        Tid::from_u64(1),
        Tid::parse("3jzfcijpj2z2a").unwrap(),
        Tid::from_u64(i64::MAX as u64),
        Tid::from_u64(1 << 63),
        Tid::MAX,
    ] {
        let uuid = tid.to_uuid_v7();
        assert_eq!(uuid.get_version_num(), 7);
        assert_eq!(Tid::from_uuid_v7(uuid), Ok(tid), "{tid:?}");
    }
    for id in [
        TimeId::MIN,
        TimeId::LATEST,
        at(1721407246480310, 1),
        at(1645557742000000, 1023),
    ] {
        let uuid = id.to_uuid_v7().unwrap();
        assert_eq!(uuid.get_version_num(), 7);
        assert_eq!(TimeId::from_uuid_v7(uuid), Ok(id), "{id:?}");
        assert_eq!(Tid::try_from(id).unwrap().to_uuid_v7(), uuid);
    }
    let tid = Tid::parse("3jzfcijpj2z2a").unwrap();
    let (secs, nanos) = tid.to_uuid_v7().get_timestamp().unwrap().to_unix();
    assert_eq!((secs, nanos), (1688137381, 887_000_000));
}

#[test]
fn uuid_v7_has_no_time_before_1970() {
    for id in [TimeId::MAX, TimeId::EARLIEST, at(-1, 0)] {
        assert_eq!(
            id.to_uuid_v7().unwrap_err().kind(),
            ErrorKind::OutOfRange,
            "{id:?}"
        );
    }
}
