//! The Snowflake's parts, text and bounds, with the values of Twitter's and Discord's docs.

// `String`, `format!` and the like without the `std` feature too (see lib.rs).
use std::prelude::rust_2024::*;

use super::*;
use crate::ErrorKind;

/// Discord's API reference's example, with its parts.
const DISCORD_EXAMPLE: u64 = 175928847299117063;

#[test]
fn the_discord_reference_example_has_its_documented_parts() {
    let id = Snowflake::parse("175928847299117063").unwrap();
    assert_eq!(id.to_u64(), DISCORD_EXAMPLE);
    assert_eq!(
        id.timestamp_millis(SnowflakeEpoch::DISCORD),
        1_462_015_105_796
    );
    // Internal worker 1, process 0, increment 7.
    assert_eq!((id.worker_id() >> 5, id.worker_id() & 31), (1, 0));
    assert_eq!(id.sequence(), 7);
}

#[test]
fn parts_round_trip() {
    for (millis, worker, sequence) in [
        (0, 0, 0),
        (41_944_705_796, 32, 7),
        (Snowflake::MAX_MILLIS_SINCE_EPOCH, 1023, 4095),
        (1, 1, 1),
    ] {
        let id = Snowflake::from_parts(millis, worker, sequence).unwrap();
        assert_eq!(
            (id.millis_since_epoch(), id.worker_id(), id.sequence()),
            (millis, worker, sequence)
        );
        assert_eq!(Snowflake::try_from_u64(id.to_u64()), Ok(id));
        assert_eq!(Snowflake::try_from_bytes(id.to_bytes()), Ok(id));
        assert_eq!(Snowflake::parse(&id.encode()), Ok(id));
    }
    assert_eq!(
        Snowflake::from_parts(Snowflake::MAX_MILLIS_SINCE_EPOCH, 1023, 4095),
        Ok(Snowflake::MAX)
    );
}

#[test]
fn parts_out_of_range_are_refused_with_their_bounds() {
    let err = Snowflake::from_parts(1 << 41, 0, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert_eq!(
        err.to_string(),
        "Snowflake timestamp (milliseconds since the epoch) out of range: found 2199023255552, \
         expected 0..=2199023255551"
    );
    let err = Snowflake::from_parts(0, 1024, 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Snowflake worker id out of range: found 1024, expected 0..=1023"
    );
    let err = Snowflake::from_parts(0, 0, 4096).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Snowflake sequence out of range: found 4096, expected 0..=4095"
    );
}

#[test]
fn the_bounds_are_zero_and_two_to_the_63_minus_one() {
    assert_eq!(Snowflake::parse("0"), Ok(Snowflake::MIN));
    assert_eq!(Snowflake::MIN.to_string(), "0");
    assert_eq!(Snowflake::parse("9223372036854775807"), Ok(Snowflake::MAX));
    assert_eq!(Snowflake::MAX.to_string(), "9223372036854775807");
    assert_eq!(Snowflake::MAX.to_u64(), (1 << 63) - 1);
    let err = Snowflake::try_from_u64(1 << 63).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Reserved);
    assert_eq!(
        err.to_string(),
        "invalid Snowflake: the top bit must be 0 (at most 9223372036854775807)"
    );
    assert!(Snowflake::try_from_bytes((1u64 << 63).to_be_bytes()).is_err());
    assert_eq!(Snowflake::from_u64(1 << 63), Snowflake::MIN);
    assert_eq!(Snowflake::default(), Snowflake::MIN);
}

#[test]
fn two_to_the_63_is_refused_at_the_digit_that_overflows() {
    let err = Snowflake::parse("9223372036854775808").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Overflow, Some(18))
    );
    assert_eq!(
        err.to_string(),
        "invalid Snowflake: character '8' at byte 18 puts the value out of range, expected \
         one of `01234567` there"
    );
    let err = Snowflake::parse("9999999999999999999").unwrap_err();
    assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, Some(1)));
    assert!(
        err.to_string().contains("expected one of `012` there"),
        "{err}"
    );
    let err = Snowflake::parse("9223372036854775900").unwrap_err();
    assert_eq!(err.position(), Some(16));
}

#[test]
fn a_leading_zero_is_refused_at_byte_zero() {
    for text in ["01", "00", "0175928847299117063"] {
        let err = Snowflake::parse(text).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Syntax, Some(0)),
            "{text}"
        );
    }
    assert_eq!(
        Snowflake::parse("01").unwrap_err().to_string(),
        "invalid Snowflake: a leading zero (only `0` itself starts with one) (at byte 0)"
    );
}

#[test]
fn signs_spaces_and_other_characters_are_refused_where_they_stand() {
    for (text, position, found) in [
        ("+1", 0, '+'),
        ("-1", 0, '-'),
        (" 1", 0, ' '),
        ("1 ", 1, ' '),
        ("12a4", 2, 'a'),
        ("1_000", 1, '_'),
        ("1é", 1, 'é'),
        ("١", 0, '١'), // an Arabic-Indic digit
    ] {
        let err = Snowflake::parse(text).unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(position)),
            "{text}"
        );
        assert_eq!(
            err.to_string(),
            format!(
                "invalid Snowflake: unexpected character {found:?} at byte {position}, expected \
                 one of `0123456789`"
            )
        );
    }
    let err = Snowflake::parse_ascii(b"1\xFF").unwrap_err();
    assert_eq!(err.position(), Some(1));
    assert!(err.to_string().contains('\u{FFFD}'), "{err}");
}

#[test]
fn empty_and_twenty_digit_texts_are_refused_by_length() {
    let err = Snowflake::parse("").unwrap_err();
    assert_eq!((err.kind(), err.position()), (ErrorKind::Length, None));
    assert_eq!(
        err.to_string(),
        "invalid Snowflake: expected 1 to 19 bytes, found 0 bytes"
    );
    for text in [
        "10000000000000000000",
        "00000000000000000000",
        "18446744073709551615",
    ] {
        let err = Snowflake::parse(text).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length, "{text}");
    }
}

#[test]
fn the_text_is_as_long_as_the_number() {
    let mut value = 1u64;
    for digits in 1..=19 {
        let id = Snowflake::try_from_u64(value).unwrap();
        assert_eq!(id.encode().len(), digits);
        assert_eq!(id.encode().as_str(), value.to_string());
        let nines = Snowflake::try_from_u64(value * 10 - 1).unwrap_or(Snowflake::MAX);
        assert_eq!(nines.encode().as_str(), nines.to_u64().to_string());
        value = value.saturating_mul(10);
    }
    assert_eq!(format!("{:>5}", Snowflake::from_u64(42)), "   42");
    assert_eq!(format!("{:?}", Snowflake::from_u64(42)), "Snowflake(42)");
}

#[test]
fn the_ids_order_like_their_integers_and_bytes_not_their_texts() {
    let (nine, ten) = (Snowflake::from_u64(9), Snowflake::from_u64(10));
    assert!(nine < ten);
    assert!(nine.to_bytes() < ten.to_bytes());
    assert!(nine.encode() > ten.encode());
}

#[test]
fn the_pattern_is_the_numbers_up_to_the_largest() {
    // One alternative per digit of the largest text where a smaller digit leaves the rest
    // free, after `0` and the shorter numbers.
    let mut alternatives = vec!["0".to_owned(), "[1-9][0-9]{0,17}".to_owned()];
    for (at, digit) in LARGEST_TEXT.bytes().enumerate() {
        let lowest = if at == 0 { b'1' } else { b'0' };
        let highest = if at == 18 {
            digit
        } else {
            digit.wrapping_sub(1)
        };
        if highest < lowest {
            continue;
        }
        let class = match highest - lowest {
            0 => (lowest as char).to_string(),
            1 => format!("[{}{}]", lowest as char, highest as char),
            _ => format!("[{}-{}]", lowest as char, highest as char),
        };
        let rest = match 18 - at {
            0 => String::new(),
            1 => "[0-9]".to_owned(),
            n => format!("[0-9]{{{n}}}"),
        };
        alternatives.push(format!("{}{class}{rest}", &LARGEST_TEXT[..at]));
    }
    assert_eq!(
        TEXT_SCHEMA.pattern,
        format!("(?:{})", alternatives.join("|"))
    );
}

const LARGEST_TEXT: &str = "9223372036854775807";

#[test]
fn epochs_are_bounded_and_timestamps_add_up() {
    let epoch = SnowflakeEpoch::from_unix_millis(SnowflakeEpoch::MAX_UNIX_MILLIS).unwrap();
    assert_eq!(
        Snowflake::MAX.timestamp_millis(epoch),
        SnowflakeEpoch::MAX_UNIX_MILLIS + Snowflake::MAX_MILLIS_SINCE_EPOCH
    );
    let err = SnowflakeEpoch::from_unix_millis(SnowflakeEpoch::MAX_UNIX_MILLIS + 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Snowflake epoch (Unix milliseconds) out of range: found 253402300800000, expected \
         0..=253402300799999"
    );
    assert_eq!(
        SnowflakeEpoch::from_unix_millis(0).unwrap().unix_millis(),
        0
    );
}

#[test]
fn time_ranges_hold_every_id_of_their_milliseconds() {
    let epoch = SnowflakeEpoch::TWITTER;
    let first = epoch.unix_millis();
    let range = Snowflake::range_for_millis(epoch, 0, u64::MAX).unwrap();
    assert_eq!(
        (range.start(), range.end()),
        (Snowflake::MIN, Snowflake::MAX)
    );
    let range = Snowflake::range_for_millis(epoch, first + 5, first + 6).unwrap();
    assert_eq!(range.start(), Snowflake::from_parts(5, 0, 0).unwrap());
    assert_eq!(range.end(), Snowflake::from_parts(6, 1023, 4095).unwrap());
    assert_eq!(Snowflake::range_for_millis(epoch, 0, first - 1), None);
    assert_eq!(
        Snowflake::range_for_millis(epoch, epoch.last_unix_millis() + 1, u64::MAX),
        None
    );
}

#[cfg(all(feature = "std", idtypes_host))]
#[test]
fn at_takes_every_millisecond_of_the_epochs_span() {
    use std::time::{Duration, UNIX_EPOCH};

    let epoch = SnowflakeEpoch::TWITTER;
    let start = UNIX_EPOCH + Duration::from_millis(epoch.unix_millis());
    let last =
        start + Duration::from_nanos(Snowflake::MAX_MILLIS_SINCE_EPOCH * 1_000_000 + 999_999);
    assert_eq!(Snowflake::at(epoch, start).unwrap().millis_since_epoch(), 0);
    assert_eq!(
        Snowflake::at(epoch, last).unwrap().millis_since_epoch(),
        Snowflake::MAX_MILLIS_SINCE_EPOCH
    );
    let err = Snowflake::at(epoch, start - Duration::from_nanos(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert!(err.to_string().contains("found -1"), "{err}");
    let err = Snowflake::at(epoch, last + Duration::from_nanos(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
}

#[cfg(all(feature = "std", idtypes_host))]
#[test]
fn at_draws_a_worker_id_and_a_sequence_for_each_id() {
    use std::time::{Duration, UNIX_EPOCH};

    let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_000);
    let parts: Vec<(u16, u16)> = (0..3)
        .map(|_| Snowflake::at(SnowflakeEpoch::DISCORD, time).unwrap())
        .map(|id| (id.worker_id(), id.sequence()))
        .collect();
    // Three draws of 22 bits that are all the same: odds of 1 in 2^44.
    assert!(parts[0] != parts[1] || parts[1] != parts[2]);
}
