//! The Sonyflake's parts, layouts, text and bounds.

// `String`, `format!` and the like without the `std` feature too (see lib.rs).
use std::prelude::rust_2024::*;

use core::time::Duration;

use super::*;
use crate::ErrorKind;

const V1: SonyflakeLayout = SonyflakeLayout::V1;

#[test]
fn v1_is_39_bits_of_10_ms_from_2014_09_01_then_8_and_16() {
    assert_eq!(V1.start_unix_millis(), 1_409_529_600_000);
    assert_eq!(V1.time_unit(), Duration::from_millis(10));
    assert_eq!(
        (V1.bits_time(), V1.bits_sequence(), V1.bits_machine_id()),
        (39, 8, 16)
    );
    assert_eq!((V1.max_sequence(), V1.max_machine_id()), (255, 65_535));
    let v2 = SonyflakeLayout::V2;
    assert_eq!(v2.start_unix_millis(), 1_735_689_600_000);
    assert_eq!(
        (v2.bits_time(), v2.bits_sequence(), v2.bits_machine_id()),
        (39, 8, 16)
    );
}

#[test]
fn parts_round_trip_in_every_layout_shape() {
    let layouts = [
        V1,
        SonyflakeLayout::new(0, Duration::from_millis(1), 1, 30).unwrap(),
        SonyflakeLayout::new(0, Duration::from_millis(1), 30, 1).unwrap(),
        SonyflakeLayout::new(0, Duration::from_millis(1), 4, 16).unwrap(),
        SonyflakeLayout::new(1_000, Duration::from_nanos(1_500_000), 12, 10).unwrap(),
    ];
    for layout in layouts {
        for (time, sequence, machine) in [
            (0, 0, 0),
            (1, 1, 1),
            (
                layout.max_time_units(),
                layout.max_sequence(),
                layout.max_machine_id(),
            ),
            (
                layout.max_time_units() / 3,
                layout.max_sequence() / 2,
                layout.max_machine_id() / 5,
            ),
        ] {
            let id = Sonyflake::from_parts(layout, time, sequence, machine).unwrap();
            assert_eq!(
                id.decompose(layout),
                SonyflakeParts {
                    time_units: time,
                    sequence,
                    machine_id: machine
                }
            );
            assert_eq!(Sonyflake::parse(&id.encode()), Ok(id));
        }
        let max = Sonyflake::from_parts(
            layout,
            layout.max_time_units(),
            layout.max_sequence(),
            layout.max_machine_id(),
        );
        assert_eq!(max, Ok(Sonyflake::MAX));
    }
}

#[test]
fn parts_out_of_range_are_refused_with_the_layouts_bounds() {
    let err = Sonyflake::from_parts(V1, 1 << 39, 0, 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert_eq!(
        err.to_string(),
        "Sonyflake time (units since the start) out of range: found 549755813888, expected \
         0..=549755813887"
    );
    assert_eq!(
        Sonyflake::from_parts(V1, 0, 0, 65_536)
            .unwrap_err()
            .to_string(),
        "Sonyflake machine id out of range: found 65536, expected 0..=65535"
    );
    let wide = SonyflakeLayout::new(0, Duration::from_millis(1), 20, 11).unwrap();
    assert_eq!(
        Sonyflake::from_parts(wide, 0, 1 << 20, 0)
            .unwrap_err()
            .to_string(),
        "Sonyflake sequence out of range: found 1048576, expected 0..=1048575"
    );
}

#[test]
fn layouts_follow_the_v2_rules() {
    let ms = Duration::from_millis(1);
    for (sequence, machine, message) in [
        (
            0,
            16,
            "Sonyflake sequence bit length out of range: found 0, expected 1..=30",
        ),
        (
            31,
            1,
            "Sonyflake sequence bit length out of range: found 31, expected 1..=30",
        ),
        (
            8,
            0,
            "Sonyflake machine id bit length out of range: found 0, expected 1..=30",
        ),
        (
            8,
            31,
            "Sonyflake machine id bit length out of range: found 31, expected 1..=30",
        ),
        (
            16,
            16,
            "Sonyflake time bit length (63 less the sequence's and the machine id's) out of \
             range: found 31, expected 32..=61",
        ),
    ] {
        let err = SonyflakeLayout::new(0, ms, sequence, machine).unwrap_err();
        assert_eq!(
            (err.kind(), err.to_string()),
            (ErrorKind::OutOfRange, message.to_owned())
        );
    }
    assert!(SonyflakeLayout::new(0, ms, 15, 16).is_ok()); // 32 time bits
    assert!(SonyflakeLayout::new(0, Duration::from_nanos(999_999), 8, 16).is_err());
    assert!(SonyflakeLayout::new(0, Duration::from_nanos(1_000_000), 8, 16).is_ok());
    assert!(SonyflakeLayout::new(0, Duration::from_secs(61), 8, 16).is_err());
    let err = SonyflakeLayout::new(SonyflakeLayout::MAX_UNIX_MILLIS + 1, ms, 8, 16).unwrap_err();
    assert!(
        err.to_string().contains("start time (Unix milliseconds)"),
        "{err}"
    );
    // 39 bits of seconds from 2025 run past 9999.
    let err = SonyflakeLayout::new(1_735_689_600_000, Duration::from_secs(1), 8, 16).unwrap_err();
    assert!(err.to_string().contains("layout's last time"), "{err}");
}

#[test]
fn a_start_off_the_unit_boundary_counts_from_the_boundary_before_it() {
    // The reference's startTime is the start's nanoseconds divided by the unit.
    let layout = V1.with_start_unix_millis(1_700_000_000_007).unwrap();
    assert_eq!(Sonyflake::MIN.timestamp_millis(layout), 1_700_000_000_000);
    let id = Sonyflake::from_parts(layout, 1, 0, 0).unwrap();
    assert_eq!(id.timestamp_millis(layout), 1_700_000_000_010);
}

#[test]
fn times_are_exact_integers_at_every_unit_boundary() {
    // 0.29 s is 28.999... units of 10 ms in binary floating point: not here.
    let id = Sonyflake::from_parts(V1, 29, 0, 0).unwrap();
    assert_eq!(id.timestamp_millis(V1), 1_409_529_600_290);
    assert_eq!(id.timestamp_nanos(V1), 1_409_529_600_290_000_000);
    let odd = SonyflakeLayout::new(0, Duration::from_nanos(1_500_000), 8, 16).unwrap();
    let id = Sonyflake::from_parts(odd, 3, 0, 0).unwrap();
    assert_eq!(
        (id.timestamp_nanos(odd), id.timestamp_millis(odd)),
        (4_500_000, 4)
    );
    assert_eq!(Sonyflake::MAX.timestamp_millis(V1), V1.last_unix_millis());
}

#[test]
fn the_bounds_are_zero_and_two_to_the_63_minus_one() {
    assert_eq!(Sonyflake::parse("0"), Ok(Sonyflake::MIN));
    assert_eq!(Sonyflake::parse("9223372036854775807"), Ok(Sonyflake::MAX));
    assert_eq!(Sonyflake::MAX.to_string(), "9223372036854775807");
    let err = Sonyflake::try_from_u64(1 << 63).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Reserved);
    assert_eq!(
        err.to_string(),
        "invalid Sonyflake: the top bit must be 0 (at most 9223372036854775807)"
    );
    assert_eq!(Sonyflake::from_u64(1 << 63), Sonyflake::MIN);
    assert_eq!(Sonyflake::default(), Sonyflake::MIN);
}

#[test]
fn the_text_is_snowflakes_strict_decimal_with_this_formats_name() {
    for (text, kind, position) in [
        ("", ErrorKind::Length, None),
        ("01", ErrorKind::Syntax, Some(0)),
        ("+1", ErrorKind::Character, Some(0)),
        ("1 ", ErrorKind::Character, Some(1)),
        ("9223372036854775808", ErrorKind::Overflow, Some(18)),
        ("10000000000000000000", ErrorKind::Length, None),
    ] {
        let err = Sonyflake::parse(text).unwrap_err();
        assert_eq!((err.kind(), err.position()), (kind, position), "{text}");
        assert!(err.to_string().starts_with("invalid Sonyflake"), "{err}");
    }
    assert_eq!(format!("{:?}", Sonyflake::from_u64(42)), "Sonyflake(42)");
    assert_eq!(TEXT_SCHEMA.pattern, crate::snowflake::TEXT_SCHEMA.pattern);
}

#[test]
fn time_ranges_hold_every_id_of_the_units_touched() {
    let start = V1.start_unix_millis();
    let range = Sonyflake::range_for_millis(V1, 0, u64::MAX).unwrap();
    assert_eq!(
        (range.start(), range.end()),
        (Sonyflake::MIN, Sonyflake::MAX)
    );
    let range = Sonyflake::range_for_millis(V1, start + 15, start + 20).unwrap();
    assert_eq!(range.start(), Sonyflake::from_parts(V1, 1, 0, 0).unwrap());
    assert_eq!(
        range.end(),
        Sonyflake::from_parts(V1, 2, 255, 65_535).unwrap()
    );
    assert_eq!(Sonyflake::range_for_millis(V1, 0, start - 1), None);
    assert_eq!(
        Sonyflake::range_for_millis(V1, V1.last_unix_millis() + 10, u64::MAX),
        None
    );
    assert!(Sonyflake::range_for_millis(V1, V1.last_unix_millis() + 9, u64::MAX).is_some());
}

#[cfg(all(feature = "std", idtypes_host))]
#[test]
fn at_takes_the_unit_that_holds_the_time_within_the_layouts_span() {
    use std::time::UNIX_EPOCH;

    // 7 ms units from 1970 (the start on a unit boundary) to 9713.
    let layout = SonyflakeLayout::new(0, Duration::from_millis(7), 8, 10).unwrap();
    let id = Sonyflake::at(layout, UNIX_EPOCH + Duration::from_nanos(13_999_999)).unwrap();
    assert_eq!(id.time_units(layout), 1);
    assert_eq!(id.timestamp_millis(layout), 7);
    assert!(id.sequence(layout) <= 255 && id.machine_id(layout) <= 1023);
    let last = UNIX_EPOCH + Duration::from_millis(layout.last_unix_millis() + 6);
    assert_eq!(
        Sonyflake::at(layout, last).unwrap().time_units(layout),
        layout.max_time_units()
    );
    let err = Sonyflake::at(layout, last + Duration::from_millis(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let err = Sonyflake::at(V1, UNIX_EPOCH).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert!(Sonyflake::at(V1, UNIX_EPOCH - Duration::from_secs(1)).is_err());
}

#[cfg(all(feature = "std", idtypes_host))]
#[test]
fn at_draws_the_sequence_and_machine_id_at_the_layouts_widths() {
    use std::time::UNIX_EPOCH;

    // 1-bit sequences, 30-bit machine ids, 32-bit times of 10 ms: 497 days from the start.
    let wide = SonyflakeLayout::new(1_700_000_000_000, Duration::from_millis(10), 1, 30).unwrap();
    let time = UNIX_EPOCH + Duration::from_millis(1_700_000_001_000);
    let (mut sequences, mut top_machine_bit) = ([false; 2], false);
    for _ in 0..200 {
        let id = Sonyflake::at(wide, time).unwrap();
        sequences[id.sequence(wide) as usize] = true;
        top_machine_bit |= id.machine_id(wide) >= 1 << 29;
    }
    // Each of these is missed by 200 draws with odds of 1 in 2^199.
    assert!(sequences[0] && sequences[1] && top_machine_bit);
}
