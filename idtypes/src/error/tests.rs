// `String`, `format!` and the like without the `std` feature too (see lib.rs).
#[cfg(feature = "alloc")]
use super::lease::{LeaseOp, REASON_CAPACITY, reason_text};
use super::*;
use std::prelude::rust_2024::*;

#[test]
fn char_at_decodes_multibyte_characters() {
    let s = "ab\u{e9}\u{20ac}\u{1f600}";
    assert_eq!(char_at(s.as_bytes(), 0), 'a');
    assert_eq!(char_at(s.as_bytes(), 2), '\u{e9}');
    assert_eq!(char_at(s.as_bytes(), 4), '\u{20ac}');
    assert_eq!(char_at(s.as_bytes(), 7), '\u{1f600}');
}

#[test]
fn char_at_never_panics_on_broken_bytes() {
    assert_eq!(char_at(&[0xFF], 0), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(&[0xE2, 0x82], 0), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(&[0xC3, 0x41], 0), char::REPLACEMENT_CHARACTER);
    assert_eq!(char_at(&[], 3), char::REPLACEMENT_CHARACTER);
}

#[test]
fn an_int_keeps_every_i128() {
    for value in [
        i128::MIN,
        i128::MIN + 1,
        -(1 << 64),
        i64::MIN as i128,
        -1,
        0,
        1,
        u64::MAX as i128,
        1 << 64,
        (1 << 80) - 1,
        i128::MAX,
    ] {
        assert_eq!(Int::new(value).get(), value);
    }
}

#[test]
fn out_of_range_shows_numbers_past_64_bits_whole() {
    let err = Error::new(
        "TBSL",
        Repr::OutOfRange {
            bounds: &Bounds {
                part: "value",
                min: i128::MIN,
                max: (1 << 80) - 1,
            },
            found: Int::new(i128::MAX),
        },
    );
    assert_eq!(
        err.to_string(),
        "TBSL value out of range: found 170141183460469231731687303715884105727, \
         expected -170141183460469231731687303715884105728..=1208925819614629174706175"
    );
}

#[cfg(target_pointer_width = "64")]
#[test]
fn shifted_positions_stay_exact_past_32_bits() {
    let err = Error::new(
        "atproto TID",
        Repr::Character {
            position: 12,
            found: '1',
            expected: "abc",
        },
    );
    let offset = u32::MAX as usize + 7;
    assert_eq!(err.shifted(offset).position(), Some(12 + offset));
    let err = Error::new(
        "NSID",
        Repr::Syntax {
            position: Some(3),
            rule: "a segment is empty",
        },
    );
    assert_eq!(err.shifted(offset).position(), Some(3 + offset));
}

#[cfg(feature = "alloc")]
#[test]
fn mismatch_is_inline_while_both_values_fit_whole_and_says_the_same_either_way() {
    let message = |expected: &str, found: &str| {
        format!(
            "invalid atproto record key: expected `{expected}`, the only one its type allows, \
             found `{found}`"
        )
    };
    // 32 + 5 bytes: the most kept inline.
    let (expected, found) = ("e".repeat(32), "f".repeat(5));
    let repr = Repr::mismatch(&expected, &found);
    assert!(matches!(repr, Repr::Mismatch { .. }));
    let err = Error::new("atproto record key", repr);
    assert_eq!(err.kind(), ErrorKind::Mismatch);
    assert_eq!(err.to_string(), message(&expected, &found));
    // One byte more: out of line, still whole.
    let found = "f".repeat(6);
    let repr = Repr::mismatch(&expected, &found);
    assert!(matches!(&repr, Repr::OutOfLine { payload, .. }
        if matches!(**payload, OutOfLine::Mismatch { .. })));
    let err = Error::new("atproto record key", repr);
    assert_eq!(err.kind(), ErrorKind::Mismatch);
    assert_eq!(err.to_string(), message(&expected, &found));
    // Empty and multi-byte values.
    let err = Error::new("atproto record key", Repr::mismatch("", "\u{e9}t\u{e9}"));
    assert_eq!(err.to_string(), message("", "\u{e9}t\u{e9}"));
}

#[cfg(feature = "alloc")]
#[test]
fn mismatch_shows_long_values_cut_visibly_at_a_character_boundary() {
    let long = "\u{e9}".repeat(20); // 40 bytes
    let err = Error::new("atproto record key", Repr::mismatch("self", &long));
    assert_eq!(err.kind(), ErrorKind::Mismatch);
    let kept = "\u{e9}".repeat(16);
    assert_eq!(
        err.to_string(),
        format!(
            "invalid atproto record key: expected `self`, the only one its type allows, \
             found `{kept}…`"
        )
    );
}

#[cfg(feature = "alloc")]
fn lease_call(op: LeaseOp, value: Option<u32>) -> LeaseCall {
    LeaseCall {
        op,
        subject: "posts-tid".into(),
        value,
    }
}

#[cfg(feature = "alloc")]
#[test]
fn a_lease_failure_names_the_call_and_keeps_the_reason_whole() {
    let reason = "error communicating with database: Connection reset by peer (os error 104)";
    let err = Error::new(
        "lease",
        Repr::from(OutOfLine::Database {
            call: lease_call(LeaseOp::Renew, Some(3)),
            reason: reason_text(&reason),
        }),
    );
    assert_eq!(err.kind(), ErrorKind::Database);
    assert_eq!(
        err.to_string(),
        "lease store: renew of `posts-tid` value 3 failed: error communicating with \
         database: Connection reset by peer (os error 104)"
    );
    let err = Error::new(
        "lease",
        Repr::from(OutOfLine::Database {
            call: LeaseCall {
                op: LeaseOp::Setup,
                subject: "idtypes_leases".into(),
                value: None,
            },
            reason: reason_text(&"permission denied for schema public"),
        }),
    );
    assert_eq!(
        err.to_string(),
        "lease store: setup of the table `idtypes_leases` failed: permission denied for \
         schema public"
    );
}

#[cfg(feature = "alloc")]
#[test]
fn a_huge_database_reason_is_cut_visibly_at_a_character_boundary() {
    // 1,023 ASCII bytes, then two-byte characters: the first of them does not fit whole.
    let reason = format!("{}{}", "x".repeat(REASON_CAPACITY - 1), "é".repeat(10_000));
    let kept = reason_text(&reason);
    assert_eq!(kept.len(), REASON_CAPACITY - 1 + "…".len());
    assert!(kept.ends_with("x…"));
    let whole = reason_text(&"é".repeat(REASON_CAPACITY / 2));
    assert!(!whole.contains('…'), "exactly the capacity: whole");
}

#[cfg(feature = "alloc")]
#[test]
fn a_lease_timeout_says_which_limit_it_ran_into() {
    let timeout = |op, value, millis, of| {
        Error::new(
            "lease",
            Repr::from(OutOfLine::Timeout {
                call: lease_call(op, value),
                limit: core::time::Duration::from_millis(millis),
                of,
            }),
        )
    };
    let err = timeout(LeaseOp::Acquire, None, 10_000, TimeLimit::Store);
    assert_eq!(err.kind(), ErrorKind::Timeout);
    assert_eq!(
        err.to_string(),
        "lease store: acquire in `posts-tid` timed out: no reply within 10000 ms (the \
         store's timeout, which its `with_timeout` sets)"
    );
    assert_eq!(
        timeout(LeaseOp::Renew, Some(7), 1_400, TimeLimit::Deadline).to_string(),
        "lease store: renew of `posts-tid` value 7 timed out: no reply within 1400 ms, by \
         its term's deadline; the term has ended"
    );
    assert_eq!(
        timeout(LeaseOp::Renew, Some(7), 700, TimeLimit::Attempt).to_string(),
        "lease store: renew of `posts-tid` value 7 timed out: no reply within 700 ms, half \
         the time left to the term's deadline"
    );
    assert!(
        timeout(LeaseOp::Release, Some(7), 10_000, TimeLimit::Store)
            .to_string()
            .starts_with("lease store: release of `posts-tid` value 7 timed out: ")
    );
}

#[test]
fn a_lost_lease_says_whether_its_term_had_ended() {
    let lost = |ended| {
        Error::new(
            "lease",
            Repr::LeaseLost {
                namespace: Snippet::new("posts-tid"),
                value: 3,
                ended,
            },
        )
    };
    assert_eq!(lost(false).kind(), ErrorKind::LeaseLost);
    assert_eq!(
        lost(false).to_string(),
        "lease `posts-tid` value 3: no longer held by this process (it expired and was \
         taken over, or was released)"
    );
    assert_eq!(lost(true).kind(), ErrorKind::LeaseLost);
    assert_eq!(
        lost(true).to_string(),
        "lease `posts-tid` value 3: its term had ended (its deadline passed, or it was \
         released or lost) before this call; acquire a new lease"
    );
}

#[cfg(feature = "alloc")]
#[test]
fn a_leased_generator_without_a_term_says_for_how_long_why_and_whether_it_waited() {
    let no_term = |waited, reason: Option<&str>, released| {
        Error::new(
            "lease",
            Repr::from(OutOfLine::NoTerm {
                namespace: "posts-tid".into(),
                value: 7,
                without: core::time::Duration::from_millis(2310),
                waited,
                reason: reason.map(Into::into),
                released,
            }),
        )
    };
    let reason = "lease store: renew of `posts-tid` value 7 timed out: no reply within 1400 ms";
    let err = no_term(None, Some(reason), false);
    assert_eq!(err.kind(), ErrorKind::LeaseExpired);
    assert_eq!(
        err.to_string(),
        format!(
            "lease `posts-tid`: no live term for 2310 ms (the last was on value 7); leasing \
             again; because: {reason}"
        )
    );
    assert_eq!(
        no_term(Some(core::time::Duration::from_millis(250)), None, false).to_string(),
        "lease `posts-tid`: no live term for 2310 ms (the last was on value 7); leasing \
         again; waited 250 ms for one"
    );
    assert_eq!(
        no_term(None, None, true).to_string(),
        "lease `posts-tid`: released (the last term was on value 7); this generator makes no \
         more ids"
    );
}

#[test]
fn debug_is_the_kind_and_the_message_as_std_io_errors_are() {
    let err = Error::new(
        "lease",
        Repr::LeaseLost {
            namespace: Snippet::new("posts-tid"),
            value: 3,
            ended: false,
        },
    );
    assert_eq!(
        format!("{err:?}"),
        "Error { kind: LeaseLost, message: \"lease `posts-tid` value 3: no longer held by this \
         process (it expired and was taken over, or was released)\" }"
    );
    // Quotes, backslashes and control characters in the message are escaped as a `str`'s
    // `Debug` escapes them; an apostrophe is not.
    let err = Error::new(
        "atproto TID",
        Repr::Character {
            position: 0,
            found: '"',
            expected: "`234567abcdefghijklmnopqrstuvwxyz`",
        },
    );
    let debug = format!("{err:?}");
    assert!(
        debug.contains(r#"unexpected character '\"' at byte 0"#),
        "{debug}"
    );
    let alternate = format!("{err:#?}");
    assert!(
        alternate.starts_with("Error {\n    kind: Character,\n    message: \""),
        "{alternate}"
    );
}

#[test]
fn one_byte_is_singular() {
    let err = Error::new(
        "TimeId node id",
        Repr::Length {
            expected: Lengths::Between(2, 2),
            found: 1,
        },
    );
    assert_eq!(
        err.to_string(),
        "invalid TimeId node id: expected 2 bytes, found 1 byte"
    );
    let err = Error::new(
        "TimeId node id",
        Repr::Length {
            expected: Lengths::Between(1, 1),
            found: 2,
        },
    );
    assert_eq!(
        err.to_string(),
        "invalid TimeId node id: expected 1 byte, found 2 bytes"
    );
}

#[test]
fn length_message_names_both_bounds_when_they_differ() {
    let err = Error::new(
        "atproto record key",
        Repr::Length {
            expected: Lengths::Between(1, 512),
            found: 0,
        },
    );
    assert_eq!(
        err.to_string(),
        "invalid atproto record key: expected 1 to 512 bytes, found 0 bytes"
    );
}

static POST_ID: TypeInfo = TypeInfo {
    name: "PostId",
    prefix: "post",
    separator: "_",
};

/// Every error about a typed id's text reads "invalid PostId: …", its format named where the
/// mistake was found; positions and lengths are bytes of the whole text.
#[test]
fn a_typed_ids_format_errors_name_the_type_first_and_the_format_inside() {
    let typed = |repr| Error::new("atproto TID", repr).within(&POST_ID).to_string();
    assert_eq!(
        typed(Repr::Character {
            position: 17,
            found: '1',
            expected: "abc",
        }),
        "invalid PostId: unexpected character '1' at byte 17 (in the atproto TID), \
         expected one of `abc`"
    );
    assert_eq!(
        typed(Repr::Overflow {
            position: 5,
            found: 'k',
            expected: "abc",
        }),
        "invalid PostId: character 'k' at byte 5 (in the atproto TID) puts the value out of \
         range, expected one of `abc` there"
    );
    assert_eq!(
        typed(Repr::Syntax {
            position: Some(9),
            rule: "a segment is empty",
        }),
        "invalid PostId: a segment is empty (at byte 9, in the atproto TID)"
    );
    assert_eq!(
        typed(Repr::Syntax {
            position: None,
            rule: "a rule",
        }),
        "invalid PostId: a rule (in the atproto TID)"
    );
    assert_eq!(
        typed(Repr::Reserved { rule: "a rule" }),
        "invalid PostId: a rule (in the atproto TID)"
    );
    assert_eq!(
        typed(Repr::TooLarge { largest: "abc" }),
        "invalid PostId: the value is too large (in the atproto TID), the largest is `abc`"
    );
    assert_eq!(
        typed(Repr::Length {
            expected: Lengths::Between(13, 13),
            found: 8,
        }),
        "invalid PostId: expected 13 bytes (the atproto TID), found 8 bytes"
    );
    assert_eq!(
        typed(Repr::WholeLength {
            expected: Lengths::Between(18, 18),
            found: 8,
        }),
        "invalid PostId: expected 18 bytes (`post_` and the atproto TID), found 8 bytes"
    );
    assert_eq!(
        typed(Repr::TypedLength { max: 18, found: 19 }),
        "invalid PostId: expected at most 18 bytes (`post_` and the atproto TID), found 19 bytes"
    );
    assert_eq!(
        typed(Repr::ByteLength {
            expected: 8,
            found: 9,
        }),
        "invalid PostId: expected 8 bytes (the atproto TID), found 9 bytes"
    );
}

/// An error about an operation, not a text, keeps its format's message after the type's name.
#[test]
fn a_typed_ids_other_errors_are_its_formats_after_its_name() {
    let err = Error::new(
        "atproto TID",
        Repr::OutOfRange {
            bounds: &Bounds {
                part: "clock id",
                min: 0,
                max: 1023,
            },
            found: Int::new(1024),
        },
    )
    .within(&POST_ID);
    assert_eq!(
        err.to_string(),
        "PostId: atproto TID clock id out of range: found 1024, expected 0..=1023"
    );
}

/// Lengths count bytes, as the checks do: a text of 13 characters, one of them two bytes, is
/// 14 bytes, and its message says so rather than "13 characters" against 13 expected.
#[test]
fn lengths_and_positions_count_bytes_of_non_ascii_text() {
    let err = crate::Tid::parse("3jzfcijpj2z2\u{e9}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid atproto TID: expected 13 bytes, found 14 bytes"
    );
    let err = crate::Tid::parse("\u{e9}jzfcijpj2z2").unwrap_err();
    assert_eq!(err.position(), Some(0));
    assert!(err.to_string().contains("'\u{e9}' at byte 0,"), "{err}");
    let err = crate::Tid::parse("3j\u{e9}fcijpj2z2").unwrap_err();
    assert_eq!(err.position(), Some(2));
    assert!(err.to_string().contains("'\u{e9}' at byte 2,"), "{err}");
}

#[test]
fn out_of_range_message_names_the_part_and_bounds() {
    let err = Error::new(
        "atproto TID",
        Repr::OutOfRange {
            bounds: &Bounds {
                part: "clock id",
                min: 0,
                max: 1023,
            },
            found: Int::new(1024),
        },
    );
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert_eq!(
        err.to_string(),
        "atproto TID clock id out of range: found 1024, expected 0..=1023"
    );
}
