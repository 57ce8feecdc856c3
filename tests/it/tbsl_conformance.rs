//! Conformance of `Tbsl` with the rules and verified known answers (listed in the README): the
//! canonical text, the 80-bit layout, arithmetic decoding, the limits, the transport bases and
//! the order.

use std::time::{Duration, UNIX_EPOCH};

use idtypes::{ErrorKind, Tbsl};

use idtypes::tbsl::TransportBase;

const BASES: [TransportBase; 6] = [
    TransportBase::Base10,
    TransportBase::Base16,
    TransportBase::Base32,
    TransportBase::Base36,
    TransportBase::Base58,
    TransportBase::Base62,
];

const HEX: &str = "0123456789ABCDEF";

/// 2^80: the first value that is not a TBSL.
const LIMIT: u128 = 1 << 80;

/// The id of the notes' tuples: Unix seconds, the microsecond of that second, machine, suffix.
fn id(seconds: u64, micros: u64, machine: u8, suffix: u32) -> Tbsl {
    Tbsl::from_parts(seconds * 1_000_000 + micros, machine, suffix)
        .unwrap_or_else(|err| panic!("{seconds}.{micros:06} s, machine {machine}: {err}"))
}

fn parse(text: &str) -> Tbsl {
    Tbsl::parse(text).unwrap_or_else(|err| panic!("{text:?} must parse: {err}"))
}

/// The UTC time of `id`, to the microsecond, with `Z`: the way the known answers write times.
fn utc(id: Tbsl) -> String {
    let time = id.datetime::<chrono::DateTime<chrono::Utc>>();
    assert_eq!(
        time.timestamp_micros(),
        id.timestamp_micros() as i64,
        "{id:?}"
    );
    time.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

/// `value` in `alphabet` (digit order), at minimal length: the reference transport encoding.
fn reference_encode(mut value: u128, alphabet: &str) -> String {
    let symbols: Vec<char> = alphabet.chars().collect();
    let radix = symbols.len() as u128;
    let mut reversed = Vec::new();
    loop {
        reversed.push(symbols[(value % radix) as usize]);
        value /= radix;
        if value == 0 {
            break;
        }
    }
    reversed.into_iter().rev().collect()
}

fn expected_alphabet(base: TransportBase) -> &'static str {
    match base {
        TransportBase::Base10 => "0123456789",
        TransportBase::Base16 => "0123456789abcdef",
        TransportBase::Base32 => "0123456789abcdefghijklmnopqrstuv",
        TransportBase::Base36 => "0123456789abcdefghijklmnopqrstuvwxyz",
        TransportBase::Base58 => "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz",
        TransportBase::Base62 => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    }
}

fn assert_parse_error(text: &str, kind: ErrorKind, position: Option<usize>) {
    let err = Tbsl::parse(text).expect_err(text);
    assert_eq!(
        (err.kind(), err.position()),
        (kind, position),
        "{text:?}: {err}"
    );
    assert_eq!(err.format_name(), "TBSL", "{text:?}");
    assert_eq!(text.parse::<Tbsl>(), Err(err.clone()));
    assert_eq!(Tbsl::try_from(text), Err(err.clone()));
    assert_eq!(Tbsl::parse_ascii(text.as_bytes()), Err(err));
}

/// Ids in increasing order of `(time, machine, suffix)`, across the whole range.
fn ascending_ids() -> Vec<Tbsl> {
    vec![
        Tbsl::MIN,
        Tbsl::from_parts(0, 0, 1).unwrap(),
        Tbsl::from_parts(0, 1, 0).unwrap(),
        id(0, 1, 1, 0),
        id(999_999_999, 999_999, 99, 0xF_FFFF),
        id(1_700_000_000, 0, 0, 0),
        id(1_700_000_000, 123_456, 7, 0),
        id(1_700_000_000, 123_456, 7, 1),
        id(1_700_000_000, 123_456, 7, 0xF_FFFF),
        id(1_700_000_000, 123_456, 8, 0),
        id(1_700_000_000, 123_457, 0, 0),
        id(9_999_999_999, 999_999, 99, 0xF_FFFF),
        id(10_000_000_000, 0, 0, 0),
        id(10_413_792_000, 1, 42, 9),
        Tbsl::from_parts(Tbsl::MAX_TIMESTAMP_MICROS, 0, 0).unwrap(),
        Tbsl::MAX,
    ]
}

// The canonical text.

#[test]
fn canonical_text_is_exactly_20_uppercase_hex_characters() {
    for id in ascending_ids() {
        let text = id.to_string();
        assert_eq!(text.len(), Tbsl::TEXT_LEN, "{text}");
        assert_eq!(text.len(), 20);
        assert!(text.bytes().all(|b| HEX.as_bytes().contains(&b)), "{text}");
        assert_eq!(id.encode().as_str(), text);
        assert_eq!(format!("{id:?}"), format!("Tbsl({text})"));
        assert_eq!(parse(&text), id);
    }
    assert_eq!(Tbsl::MIN.to_string(), "00000000000000000000");
    assert_eq!(Tbsl::MAX.to_string(), "FFFFFFFFFFFFFFFFFFFF");
}

#[test]
fn lowercase_hex_is_not_canonical_and_is_refused_at_its_position() {
    assert_parse_error("25bf6196C8D610700000", ErrorKind::Character, Some(2));
    assert_parse_error("25bf6196c8d610700000", ErrorKind::Character, Some(2));
    for position in 0..20 {
        for lower in 'a'..='f' {
            let mut text = String::from("FFFFFFFFFFFFFFFFFFFF");
            text.replace_range(position..=position, &lower.to_string());
            assert_parse_error(&text, ErrorKind::Character, Some(position));
        }
    }
}

#[test]
fn a_trailing_newline_is_refused_as_a_length_error() {
    assert_parse_error("25BF6196C8D610700000\n", ErrorKind::Length, None);
    assert_parse_error("25BF6196C8D610700000\r\n", ErrorKind::Length, None);
    assert_parse_error(" 25BF6196C8D610700000", ErrorKind::Length, None);
    let err = Tbsl::parse("25BF6196C8D610700000\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid TBSL: expected 20 bytes, found 21 bytes"
    );
}

#[test]
fn nineteen_characters_are_refused_as_a_length_error_without_position() {
    assert_parse_error("25BF6196C8D61070000", ErrorKind::Length, None);
    assert_parse_error("0000000000000000000", ErrorKind::Length, None);
    // Also when one of them is not hex: the length is checked first.
    assert_parse_error("25BF6196C8D6107000g", ErrorKind::Length, None);
    assert_parse_error("", ErrorKind::Length, None);
    assert_eq!(
        Tbsl::parse("").unwrap_err().to_string(),
        "invalid TBSL: expected 20 bytes, found 0 bytes"
    );
}

#[test]
fn twenty_one_characters_are_refused_as_a_length_error_without_position() {
    assert_parse_error("25BF6196C8D6107000000", ErrorKind::Length, None);
    assert_parse_error("FFFFFFFFFFFFFFFFFFFFF", ErrorKind::Length, None);
    assert_parse_error("25BF6196C8D61070000g0", ErrorKind::Length, None);
}

#[test]
fn the_length_is_counted_in_bytes() {
    // 19 characters, 20 bytes: the length is right, `é` is the foreign character.
    let text = "25BF6196C8D6107000\u{e9}";
    assert_eq!(text.len(), 20);
    assert_parse_error(text, ErrorKind::Character, Some(18));
    assert_eq!(
        Tbsl::parse(text).unwrap_err().to_string(),
        "invalid TBSL: unexpected character '\u{e9}' at byte 18, expected one of `0123456789ABCDEF`"
    );
    // 20 characters, 21 bytes.
    assert_parse_error("25BF6196C8D61070000\u{e9}", ErrorKind::Length, None);
}

#[test]
fn a_non_hex_character_is_refused_at_the_first_position() {
    for (text, position) in [
        ("G5BF6196C8D610700000", 0),
        ("25BF6196C8D61070000G", 19),
        ("25BF-196C8D610700000", 4),
        ("25BF6196 8D61070000 ", 8),
        ("0x5BF6196C8D61070000", 1),
        ("25BF6196C8D6107\u{0}0000", 15),
    ] {
        assert_parse_error(text, ErrorKind::Character, Some(position));
    }
    let mut bytes = *b"25BF6196C8D610700000";
    bytes[11] = 0xFF;
    let err = Tbsl::parse_ascii(&bytes).unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(11))
    );
}

// The 80 bits.

#[test]
fn the_text_is_the_10_bytes_big_endian() {
    let id = parse("25BF6196C8D610700001");
    let bytes = [0x25, 0xBF, 0x61, 0x96, 0xC8, 0xD6, 0x10, 0x70, 0x00, 0x01];
    assert_eq!(id.to_bytes(), bytes);
    assert_eq!(<[u8; 10]>::from(id), bytes);
    assert_eq!(Tbsl::from_bytes(bytes), id);
    assert_eq!(Tbsl::from(bytes), id);
    assert_eq!(Tbsl::try_from(&bytes[..]), Ok(id));
    for id in ascending_ids() {
        let hex: String = id.to_bytes().iter().map(|b| format!("{b:02X}")).collect();
        assert_eq!(hex, id.to_string());
    }
}

#[test]
fn byte_slices_of_other_lengths_are_refused() {
    for len in [0, 9, 11, 20] {
        let err = Tbsl::try_from(&vec![0u8; len][..]).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Length, None),
            "{len}"
        );
    }
}

#[test]
fn the_value_is_an_80_bit_number_n_equal_to_p_times_2_pow_20_plus_s() {
    for id in ascending_ids() {
        let text = id.to_string();
        let n = u128::from_str_radix(&text, 16).unwrap();
        assert_eq!(id.to_u128(), n, "{text}");
        assert!(n < LIMIT);
        assert_eq!(
            n,
            u128::from(id.payload()) * (1 << 20) + u128::from(id.suffix()),
            "{text}"
        );
        // P is the first 15 characters, S the last 5.
        assert_eq!(u64::from_str_radix(&text[..15], 16), Ok(id.payload()));
        assert_eq!(u32::from_str_radix(&text[15..], 16), Ok(id.suffix()));
        assert_eq!(Tbsl::try_from_u128(n), Ok(id));
    }
}

#[test]
fn from_u128_refuses_2_pow_80_and_more() {
    assert_eq!(Tbsl::try_from_u128(LIMIT - 1), Ok(Tbsl::MAX));
    for value in [LIMIT, LIMIT + 1, u128::MAX] {
        let err = Tbsl::try_from_u128(value).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{value}");
    }
}

#[test]
fn p_is_timestamp_micros_times_100_plus_machine_id() {
    let id = id(1_700_000_000, 123_456, 7, 0);
    assert_eq!(id.payload(), 1_700_000_000_123_456 * 100 + 7);
    for (micros, machine) in [(0, 0), (0, 99), (1, 1), (1_700_000_000_000_000, 42)] {
        let id = Tbsl::from_parts(micros, machine, 0x12345).unwrap();
        assert_eq!(id.payload(), micros * 100 + u64::from(machine));
    }
}

// Decoding.

#[test]
fn decoding_is_arithmetic_micros_is_p_div_100_and_machine_is_p_mod_100() {
    for payload in [
        0,
        1,
        99,
        100,
        101,
        170_000_000_012_345_607,
        1_041_379_200_000_000_142,
        (1 << 60) - 1,
    ] {
        for suffix in [0, 1, 0xF_FFFF] {
            let id = Tbsl::try_from_u128(u128::from(payload) << 20 | u128::from(suffix)).unwrap();
            assert_eq!(id.payload(), payload);
            assert_eq!(id.timestamp_micros(), payload / 100, "P = {payload}");
            assert_eq!(u64::from(id.machine_id()), payload % 100, "P = {payload}");
            assert_eq!(id.suffix(), suffix);
        }
    }
}

#[test]
fn arithmetic_decoding_is_right_after_2286_11_20_where_reading_decimal_digits_fails() {
    // 2300-01-01T00:00:00.000001Z: the seconds have 11 digits.
    let micros = 10_413_792_000_000_001;
    let id = Tbsl::from_parts(micros, 42, 9).unwrap();
    assert_eq!(id.to_string(), "E73B8DD6C7B008E00009");
    let back = parse("E73B8DD6C7B008E00009");
    assert_eq!(back, id);
    assert_eq!(
        (back.timestamp_micros(), back.machine_id(), back.suffix()),
        (micros, 42, 9)
    );
    assert_eq!(utc(back), "2300-01-01T00:00:00.000001Z");

    // Reading P's decimal digits as SSSSSSSSSSUUUUUUMM gets every field wrong.
    let digits = back.payload().to_string();
    assert_eq!(digits, "1041379200000000142");
    assert_eq!(digits.len(), 19);
    let sliced: (u64, u64, u64) = (
        digits[..10].parse().unwrap(),
        digits[10..16].parse().unwrap(),
        digits[16..18].parse().unwrap(),
    );
    assert_eq!(sliced, (1_041_379_200, 0, 14));
    assert_ne!(sliced.0 * 1_000_000 + sliced.1, micros);
    assert_ne!(sliced.2, 42);
}

#[test]
fn arithmetic_decoding_is_right_on_both_sides_of_2286_11_20t17_46_40z() {
    let before = id(9_999_999_999, 999_999, 99, 0xF_FFFF);
    let after = id(10_000_000_000, 0, 0, 0);
    assert_eq!(utc(before), "2286-11-20T17:46:39.999999Z");
    assert_eq!(utc(after), "2286-11-20T17:46:40.000000Z");
    assert_eq!(
        (before.timestamp_micros(), before.machine_id()),
        (9_999_999_999_999_999, 99)
    );
    assert_eq!(
        (after.timestamp_micros(), after.machine_id()),
        (10_000_000_000_000_000, 0)
    );
    assert!(before < after);
    assert!(before.to_string() < after.to_string());
    for id in [before, after] {
        assert_eq!(parse(&id.to_string()), id);
    }
}

#[test]
fn arithmetic_decoding_is_right_before_2001_09_09() {
    // 1 us after the epoch: P = 101 has 3 decimal digits, not 18.
    let id = parse("00000000000006500000");
    assert_eq!(id.payload(), 101);
    assert_eq!(
        (id.timestamp_micros(), id.machine_id(), id.suffix()),
        (1, 1, 0)
    );
    assert_eq!(utc(id), "1970-01-01T00:00:00.000001Z");
}

#[test]
fn every_20_hex_string_is_a_valid_tbsl() {
    // Every symbol at every position, over all-zero and all-F backgrounds: each parses,
    // re-encodes to itself, and decodes to in-range parts that build it again.
    for background in ['0', 'F'] {
        for position in 0..20 {
            for symbol in HEX.chars() {
                let mut text: String = std::iter::repeat_n(background, 20).collect();
                text.replace_range(position..=position, &symbol.to_string());
                let id = parse(&text);
                assert_eq!(id.to_string(), text);
                assert!(id.machine_id() <= Tbsl::MAX_MACHINE_ID, "{text}");
                assert!(id.suffix() <= Tbsl::MAX_SUFFIX, "{text}");
                assert!(
                    id.timestamp_micros() <= Tbsl::MAX_TIMESTAMP_MICROS,
                    "{text}"
                );
                assert_eq!(
                    Tbsl::from_parts(id.timestamp_micros(), id.machine_id(), id.suffix()),
                    Ok(id),
                    "{text}"
                );
                // And every one of them has a UTC time.
                assert_eq!(
                    id.datetime::<chrono::DateTime<chrono::Utc>>()
                        .timestamp_micros(),
                    id.timestamp_micros() as i64
                );
            }
        }
    }
}

#[test]
fn the_largest_time_is_2335_05_07t23_44_06_068469z_with_machine_75_for_ffffffffffffffffffff() {
    let max = parse("FFFFFFFFFFFFFFFFFFFF");
    assert_eq!(max, Tbsl::MAX);
    assert_eq!(utc(max), "2335-05-07T23:44:06.068469Z");
    assert_eq!(
        max.datetime::<chrono::DateTime<chrono::Utc>>().to_rfc3339(),
        "2335-05-07T23:44:06.068469+00:00"
    );
    assert_eq!(max.timestamp_micros(), 11_529_215_046_068_469);
    assert_eq!(max.timestamp_micros(), Tbsl::MAX_TIMESTAMP_MICROS);
    assert_eq!(max.machine_id(), 75);
    assert_eq!(max.suffix(), 0xF_FFFF);
    assert_eq!(
        max.timestamp(),
        UNIX_EPOCH + Duration::from_micros(11_529_215_046_068_469)
    );
}

#[test]
fn at_the_largest_time_only_machine_ids_up_to_75_fit() {
    let latest = Tbsl::MAX_TIMESTAMP_MICROS;
    for machine in 0..=75 {
        assert!(
            Tbsl::from_parts(latest, machine, 0xF_FFFF).is_ok(),
            "{machine}"
        );
    }
    assert_eq!(Tbsl::from_parts(latest, 75, 0xF_FFFF), Ok(Tbsl::MAX));
    for machine in 76..=99 {
        let err = Tbsl::from_parts(latest, machine, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{machine}");
    }
    // One microsecond earlier, every machine id fits.
    assert!(Tbsl::from_parts(latest - 1, 99, 0xF_FFFF).is_ok());
}

#[test]
fn machine_ids_are_0_to_99() {
    for machine in 0..=99 {
        let id = Tbsl::from_parts(1_700_000_000_123_456, machine, 5).unwrap();
        assert_eq!(id.machine_id(), machine);
        assert_eq!(id.timestamp_micros(), 1_700_000_000_123_456);
    }
    assert_eq!(Tbsl::MAX_MACHINE_ID, 99);
}

#[test]
fn timestamp_microseconds_are_truncated_not_rounded() {
    for nanos in ["123456000", "123456001", "123456500", "123456999"] {
        let time = format!("2023-11-14T22:13:20.{nanos}Z")
            .parse::<chrono::DateTime<chrono::Utc>>()
            .unwrap();
        let id = Tbsl::from_datetime(time, 7, 0).unwrap();
        assert_eq!(id.to_string(), "25BF6196C8D610700000", "{nanos} ns");
        assert_eq!(id.timestamp_micros(), 1_700_000_000_123_456);
    }
    // Also at the end of a second: never rounded up into the next one.
    let time = "2023-11-14T22:13:20.999999999Z"
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap();
    let id = Tbsl::from_datetime(time, 0, 0).unwrap();
    assert_eq!(id.timestamp_micros(), 1_700_000_000_999_999);
}

#[test]
fn from_datetime_refuses_a_time_before_1970_and_after_the_largest() {
    for time in ["1969-12-31T23:59:59.999999Z", "1900-01-01T00:00:00Z"] {
        let err = Tbsl::from_datetime(time.parse::<chrono::DateTime<chrono::Utc>>().unwrap(), 0, 0)
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{time}");
    }
    let err = Tbsl::from_datetime(
        "2335-05-07T23:44:06.068470Z"
            .parse::<chrono::DateTime<chrono::Utc>>()
            .unwrap(),
        0,
        0,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let latest = "2335-05-07T23:44:06.068469Z"
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap();
    assert_eq!(Tbsl::from_datetime(latest, 75, 0xF_FFFF), Ok(Tbsl::MAX));
    assert!(Tbsl::from_datetime(latest, 76, 0).is_err());
    let epoch = "1970-01-01T00:00:00Z"
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap();
    assert_eq!(Tbsl::from_datetime(epoch, 0, 0), Ok(Tbsl::MIN));
}

// Known answers.

#[test]
fn known_answer_1700000000_s_123456_us_machine_7_suffix_0_is_25bf6196c8d610700000() {
    let id = id(1_700_000_000, 123_456, 7, 0);
    assert_eq!(id.to_string(), "25BF6196C8D610700000");
    let back = parse("25BF6196C8D610700000");
    assert_eq!(back, id);
    assert_eq!(
        (back.timestamp_micros(), back.machine_id(), back.suffix()),
        (1_700_000_000_123_456, 7, 0)
    );
    assert_eq!(utc(back), "2023-11-14T22:13:20.123456Z");
    let time = "2023-11-14T22:13:20.123456Z"
        .parse::<chrono::DateTime<chrono::Utc>>()
        .unwrap();
    assert_eq!(Tbsl::from_datetime(time, 7, 0), Ok(id));
}

#[test]
fn known_answer_1700000000_s_0_us_machine_0_suffix_0_is_25bf6196bd1000000000() {
    let id = id(1_700_000_000, 0, 0, 0);
    assert_eq!(id.to_string(), "25BF6196BD1000000000");
    let back = parse("25BF6196BD1000000000");
    assert_eq!(back, id);
    assert_eq!(
        (back.timestamp_micros(), back.machine_id(), back.suffix()),
        (1_700_000_000_000_000, 0, 0)
    );
    assert_eq!(utc(back), "2023-11-14T22:13:20.000000Z");
}

#[test]
fn known_answer_0_s_1_us_machine_1_suffix_0_is_00000000000006500000() {
    let id = id(0, 1, 1, 0);
    assert_eq!(id.to_string(), "00000000000006500000");
    let back = parse("00000000000006500000");
    assert_eq!(back, id);
    assert_eq!(
        (back.timestamp_micros(), back.machine_id(), back.suffix()),
        (1, 1, 0)
    );
}

#[test]
fn known_answer_25bf6196c8d610700001_is_3818s45pyczrn8_in_base_58() {
    let id = parse("25BF6196C8D610700001");
    assert_eq!(id.to_base(TransportBase::Base58), "3818S45pyczRN8");
    assert_eq!(id.to_base(TransportBase::Base58).as_str(), "3818S45pyczRN8");
    assert_eq!(
        Tbsl::from_base(TransportBase::Base58, "3818S45pyczRN8"),
        Ok(id)
    );
}

#[test]
fn known_answer_25bf6196c8d610700001_is_tfcxyq1seralx_in_base_62() {
    let id = parse("25BF6196C8D610700001");
    assert_eq!(id.to_base(TransportBase::Base62), "tFcxYq1sERALx");
    assert_eq!(
        Tbsl::from_base(TransportBase::Base62, "tFcxYq1sERALx"),
        Ok(id)
    );
}

// Transport encodings.

#[test]
fn transport_bases_are_10_16_32_36_58_62_with_the_notes_alphabets() {
    let radixes: Vec<u32> = BASES.iter().map(|base| base.radix()).collect();
    assert_eq!(radixes, [10, 16, 32, 36, 58, 62]);
    for base in BASES {
        assert_eq!(base.alphabet(), expected_alphabet(base), "{base}");
        assert_eq!(base.alphabet().len(), base.radix() as usize, "{base}");
        assert_eq!(base.to_string(), format!("base {}", base.radix()));
    }
}

#[test]
fn transport_text_is_the_big_endian_integer_at_minimal_length() {
    let mut values: Vec<u128> = ascending_ids().iter().map(|id| id.to_u128()).collect();
    values.extend((0..80).map(|bit| 1u128 << bit));
    values.extend((1..80).map(|bit| (1u128 << bit) - 1));
    for base in BASES {
        for &value in &values {
            let id = Tbsl::try_from_u128(value).unwrap();
            let text = id.to_base(base);
            let expected = reference_encode(value, expected_alphabet(base));
            assert_eq!(text.as_str(), expected, "{base}, {value}");
            assert_eq!(text.to_string(), expected);
            assert_eq!(format!("{text:?}"), format!("{expected:?}"));
            let zero = &expected_alphabet(base)[..1];
            assert!(text.len() == 1 || !text.starts_with(zero), "{base}: {text}");
            assert_eq!(Tbsl::from_base(base, &text), Ok(id), "{base}: {text}");
        }
    }
}

#[test]
fn zero_is_the_alphabets_first_symbol_alone() {
    for base in BASES {
        let zero = Tbsl::MIN.to_base(base);
        assert_eq!(zero.as_str(), &expected_alphabet(base)[..1], "{base}");
        assert_eq!(Tbsl::from_base(base, &zero), Ok(Tbsl::MIN));
    }
    assert_eq!(Tbsl::MIN.to_base(TransportBase::Base58), "1");
    assert_eq!(Tbsl::MIN.to_base(TransportBase::Base62), "0");
}

#[test]
fn the_largest_value_in_every_transport_base() {
    let expected = [
        (TransportBase::Base10, "1208925819614629174706175"),
        (TransportBase::Base16, "ffffffffffffffffffff"),
        (TransportBase::Base32, "vvvvvvvvvvvvvvvv"),
    ];
    for (base, text) in expected {
        assert_eq!(Tbsl::MAX.to_base(base), text, "{base}");
    }
    for base in BASES {
        let text = Tbsl::MAX.to_base(base);
        assert_eq!(
            text.as_str(),
            reference_encode(LIMIT - 1, expected_alphabet(base))
        );
        assert_eq!(Tbsl::from_base(base, &text), Ok(Tbsl::MAX), "{base}");
    }
}

#[test]
fn base_16_transport_is_lowercase_unlike_the_canonical_text() {
    let id = parse("25BF6196C8D610700001");
    assert_eq!(id.to_base(TransportBase::Base16), "25bf6196c8d610700001");
    let err = Tbsl::from_base(TransportBase::Base16, "25BF6196C8D610700001").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(2))
    );
}

#[test]
fn transport_decoding_rejects_empty_input() {
    for base in BASES {
        let err = Tbsl::from_base(base, "").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Length, None),
            "{base}"
        );
    }
}

#[test]
fn transport_decoding_rejects_foreign_symbols_at_their_position() {
    let foreign: [(TransportBase, &[char]); 6] = [
        (TransportBase::Base10, &['a', 'A', '-', '+', ' ']),
        (TransportBase::Base16, &['g', 'A', 'F', 'x']),
        (TransportBase::Base32, &['w', 'z', 'A', 'V']),
        (TransportBase::Base36, &['A', 'Z', '-', '_']),
        (TransportBase::Base58, &['0', 'O', 'I', 'l', '+', '/']),
        (TransportBase::Base62, &['-', '_', '+', '/', '=']),
    ];
    for (base, symbols) in foreign {
        let one = &expected_alphabet(base)[1..2];
        for &symbol in symbols {
            for position in 0..4 {
                let text: String = (0..4)
                    .map(|i| {
                        if i == position {
                            symbol.to_string()
                        } else {
                            one.to_owned()
                        }
                    })
                    .collect();
                let err = Tbsl::from_base(base, &text).unwrap_err();
                assert_eq!(
                    (err.kind(), err.position()),
                    (ErrorKind::Character, Some(position)),
                    "{base}: {text:?}: {err}"
                );
            }
        }
        // A non-ASCII symbol, at its byte position.
        let text = format!("{one}{one}\u{e9}");
        let err = Tbsl::from_base(base, &text).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(2))
        );
    }
}

#[test]
fn transport_decoding_rejects_values_of_2_pow_80_and_more() {
    for base in BASES {
        let alphabet = expected_alphabet(base);
        let largest = reference_encode(LIMIT - 1, alphabet);
        assert_eq!(Tbsl::from_base(base, &largest), Ok(Tbsl::MAX), "{base}");
        // Values of 2^80 and more: an overflow while the text has the longest length, a
        // length error past it (the length is checked first).
        for value in [LIMIT, LIMIT + 1, 2 * LIMIT, LIMIT * 61, u128::MAX] {
            let text = reference_encode(value, alphabet);
            let err = Tbsl::from_base(base, &text).unwrap_err();
            let expected = if text.len() > largest.len() {
                ErrorKind::Length
            } else {
                ErrorKind::Overflow
            };
            assert_eq!(err.kind(), expected, "{base}: {text}");
        }
        // The largest value with one more symbol.
        let longer = format!("{largest}{}", &alphabet[..1]);
        assert_eq!(
            Tbsl::from_base(base, &longer).unwrap_err().kind(),
            ErrorKind::Length,
            "{base}: {longer}"
        );
    }
}

#[test]
fn transport_decoding_accepts_leading_zero_symbols_up_to_the_longest_encoding() {
    for base in BASES {
        let alphabet = expected_alphabet(base);
        let zero = &alphabet[..1];
        let one = &alphabet[1..2];
        let longest = reference_encode(LIMIT - 1, alphabet).len();
        assert_eq!(base.max_len(), longest, "{base}");
        assert_eq!(
            Tbsl::from_base(base, &zero.repeat(longest)),
            Ok(Tbsl::MIN),
            "{base}"
        );
        let padded = format!("{}{one}", zero.repeat(longest - 1));
        assert_eq!(
            Tbsl::from_base(base, &padded).map(Tbsl::to_u128),
            Ok(1),
            "{base}"
        );
        // One symbol more is refused, whatever the value (the reference's rule).
        for text in [zero.repeat(longest + 1), format!("{zero}{padded}")] {
            let err = Tbsl::from_base(base, &text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Length, "{base}: {text}");
        }
    }
}

#[test]
fn transport_strings_do_not_sort() {
    let nine = Tbsl::try_from_u128(9).unwrap();
    let ten = Tbsl::try_from_u128(10).unwrap();
    assert!(nine < ten);
    assert!(nine.to_string() < ten.to_string());
    assert!(
        nine.to_base(TransportBase::Base10).as_str() > ten.to_base(TransportBase::Base10).as_str()
    );
    // In base 58, 57 is `z` and 58 is `21`.
    let base58 = |value: u128| {
        Tbsl::try_from_u128(value)
            .unwrap()
            .to_base(TransportBase::Base58)
    };
    assert_eq!((base58(57).as_str(), base58(58).as_str()), ("z", "21"));
    assert!(base58(57).as_str() > base58(58).as_str());
}

// Construction limits.

#[test]
fn from_parts_refuses_machine_id_100_and_does_not_mask_it() {
    for machine in [100, 101, 128, 255] {
        let err = Tbsl::from_parts(1_700_000_000_123_456, machine, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{machine}");
    }
    assert_eq!(
        Tbsl::from_parts(0, 100, 0).unwrap_err().to_string(),
        "TBSL machine id out of range: found 100, expected 0..=99"
    );
}

#[test]
fn from_parts_refuses_suffix_0x100000_and_does_not_mask_it() {
    assert!(Tbsl::from_parts(0, 0, 0xF_FFFF).is_ok());
    for suffix in [0x10_0000, 0x10_0001, u32::MAX] {
        let err = Tbsl::from_parts(1_700_000_000_123_456, 7, suffix).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{suffix:#x}");
    }
    assert_eq!(
        Tbsl::from_parts(0, 0, 0x10_0000).unwrap_err().to_string(),
        "TBSL suffix out of range: found 1048576, expected 0..=1048575"
    );
}

#[test]
fn from_parts_refuses_a_time_after_2335_05_07t23_44_06_068469z_and_does_not_mask_it() {
    for micros in [
        Tbsl::MAX_TIMESTAMP_MICROS + 1,
        1 << 60,
        u64::MAX / 100,
        u64::MAX,
    ] {
        let err = Tbsl::from_parts(micros, 0, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{micros}");
    }
    assert_eq!(
        Tbsl::from_parts(Tbsl::MAX_TIMESTAMP_MICROS, 0, 0).map(Tbsl::timestamp_micros),
        Ok(Tbsl::MAX_TIMESTAMP_MICROS)
    );
}

// Order.

#[test]
fn ord_is_byte_order_is_text_order_is_numeric_order() {
    let ids = ascending_ids();
    for pair in ids.windows(2) {
        assert!(pair[0] < pair[1], "{:?} {:?}", pair[0], pair[1]);
    }
    for a in &ids {
        for b in &ids {
            let ord = a.cmp(b);
            assert_eq!(a.to_bytes().cmp(&b.to_bytes()), ord, "{a:?} {b:?}");
            assert_eq!(a.to_string().cmp(&b.to_string()), ord, "{a:?} {b:?}");
            assert_eq!(a.to_u128().cmp(&b.to_u128()), ord, "{a:?} {b:?}");
        }
    }
}

#[test]
fn ord_is_time_then_machine_then_suffix() {
    let ids = ascending_ids();
    for pair in ids.windows(2) {
        let key = |id: &Tbsl| (id.timestamp_micros(), id.machine_id(), id.suffix());
        assert!(key(&pair[0]) < key(&pair[1]), "{:?} {:?}", pair[0], pair[1]);
    }
    // A later microsecond sorts after any machine and suffix of an earlier one.
    let early = Tbsl::from_parts(1_000, 99, 0xF_FFFF).unwrap();
    let late = Tbsl::from_parts(1_001, 0, 0).unwrap();
    assert!(early < late);
    assert_eq!(Tbsl::default(), Tbsl::MIN);
}
