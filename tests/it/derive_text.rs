//! The text of typed ids (the derive macros), for every format: the prefixed `Display` and
//! `FromStr`, `Debug`, and every parse error in the order the parser looks for them.
//!
//! Each format gets the same suite (the `text_suite!` macro) over three types: `PostId` with
//! the prefix `post` and the default separator `_`, `EventId` with the prefix `evt` and a
//! separator of its own, and `BareId` without a prefix.

use idtypes::{Error, ErrorKind, Tid, TypedId, Uid11};
use idtypes_tests::proptest_config;
use proptest::prelude::*;

/// The error of parsing `text` as `T`, which must fail.
fn parse_err<T: TypedId>(text: &str) -> Error {
    match text.parse::<T>() {
        Ok(id) => panic!("{text:?} must not parse as {}, got {id:?}", T::TYPE_NAME),
        Err(err) => err,
    }
}

/// The same suite for each format. `longest` is the length of the format's longest text (a
/// TimeId's dashed form); `bad` is inner text with a mistake at byte `bad_at` (of the inner
/// text); `bad_message` is `PostId`'s message for `post_` followed by `bad`.
macro_rules! text_suite {
    (
        mod $module:ident for $format:ident {
            example: $example:literal,
            format_name: $format_name:literal,
            longest: $longest:literal,
            separator: $separator:literal,
            bad: $bad:literal,
            bad_kind: $bad_kind:ident,
            bad_at: $bad_at:literal,
            bad_message: $bad_message:literal $(,)?
        }
    ) => {
        mod $module {
            use super::*;

            #[derive(idtypes::$format)]
            #[idtype(prefix = "post")]
            pub struct PostId(idtypes::$format);

            #[derive(idtypes::$format)]
            #[idtype(prefix = "evt", separator = $separator)]
            pub struct EventId(idtypes::$format);

            #[derive(idtypes::$format)]
            pub struct BareId(idtypes::$format);

            pub const EXAMPLE: &str = $example;

            fn inner() -> idtypes::$format {
                EXAMPLE.parse().unwrap()
            }

            #[test]
            fn display_is_the_prefix_the_separator_then_the_inner_text() {
                let id = PostId::from_inner(inner());
                assert_eq!(id.to_string(), format!("post_{EXAMPLE}"));
                let id = EventId::from_inner(inner());
                assert_eq!(id.to_string(), format!("evt{}{EXAMPLE}", $separator));
            }

            #[test]
            fn prefixed_text_round_trips() {
                let text = format!("post_{EXAMPLE}");
                let id: PostId = text.parse().unwrap();
                assert_eq!(id.as_inner(), &inner());
                assert_eq!(id.to_string(), text);
            }

            #[test]
            fn text_with_a_custom_separator_round_trips() {
                let text = format!("evt{}{EXAMPLE}", $separator);
                let id: EventId = text.parse().unwrap();
                assert_eq!(id.as_inner(), &inner());
                assert_eq!(id.to_string(), text);
            }

            #[test]
            fn without_a_prefix_the_text_is_the_inner_text() {
                let id: BareId = EXAMPLE.parse().unwrap();
                assert_eq!(id.as_inner(), &inner());
                assert_eq!(id.to_string(), inner().to_string());
                assert_eq!(id.to_string(), EXAMPLE);
            }

            #[test]
            fn debug_is_the_type_name_around_the_text() {
                assert_eq!(
                    format!("{:?}", PostId::from_inner(inner())),
                    format!("PostId(post_{EXAMPLE})")
                );
                assert_eq!(
                    format!("{:?}", EventId::from_inner(inner())),
                    format!("EventId(evt{}{EXAMPLE})", $separator)
                );
                assert_eq!(
                    format!("{:?}", BareId::from_inner(inner())),
                    format!("BareId({EXAMPLE})")
                );
            }

            #[test]
            fn debug_flags_apply_to_the_text_and_pretty_is_not_the_alternate_text() {
                let id = PostId::from_inner(inner());
                let text = format!("post_{EXAMPLE}");
                assert_eq!(format!("{id:>90?}"), format!("PostId({text:>90})"));
                assert_eq!(format!("{id:.6?}"), format!("PostId({text:.6})"));
                assert_eq!(format!("{id:#?}"), format!("PostId({text})"));
            }

            #[test]
            fn parse_from_str_and_try_from_agree() {
                let text = format!("post_{EXAMPLE}");
                let parsed = PostId::parse(&text).unwrap();
                assert_eq!(text.parse::<PostId>().unwrap(), parsed);
                assert_eq!(PostId::try_from(text.as_str()).unwrap(), parsed);
                assert_eq!(
                    PostId::parse(EXAMPLE).unwrap_err(),
                    PostId::try_from(EXAMPLE).unwrap_err()
                );
            }

            #[test]
            fn text_without_the_prefix_is_a_prefix_error_at_byte_0() {
                let err = parse_err::<PostId>(EXAMPLE);
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(err.position(), Some(0));
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: missing the prefix `post_`"
                );
                assert_eq!(err.type_name(), Some("PostId"));
                assert_eq!(err.format_name(), $format_name);
            }

            #[test]
            fn another_prefix_is_a_prefix_error_showing_what_was_found() {
                let err = parse_err::<PostId>(&format!("user_{EXAMPLE}"));
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(err.position(), Some(0));
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: expected the prefix `post_`, found `user_`"
                );
                assert_eq!(err.type_name(), Some("PostId"));
                assert_eq!(err.format_name(), $format_name);
            }

            #[test]
            fn a_longer_prefix_that_starts_with_the_prefix_is_another_prefix() {
                let err = parse_err::<PostId>(&format!("posts_{EXAMPLE}"));
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(err.position(), Some(0));
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: expected the prefix `post_`, found `posts_`"
                );
            }

            #[test]
            fn another_separator_is_a_separator_error_after_the_prefix() {
                let err = parse_err::<PostId>(&format!("post-{EXAMPLE}"));
                assert_eq!(err.kind(), ErrorKind::Separator);
                assert_eq!(err.position(), Some(4));
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: expected the separator `_` after `post` at byte 4, found '-'"
                );
                assert_eq!(err.type_name(), Some("PostId"));
                assert_eq!(err.format_name(), $format_name);
            }

            #[test]
            fn the_prefix_alone_lacks_the_separator_at_the_end_of_the_text() {
                let err = parse_err::<PostId>("post");
                assert_eq!(err.kind(), ErrorKind::Separator);
                assert_eq!(err.position(), Some(4));
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: expected the separator `_` after `post` at byte 4, \
                     found the end of the text"
                );
                let err = parse_err::<EventId>("evt");
                assert_eq!(err.position(), Some(3));
                assert_eq!(
                    err.to_string(),
                    format!(
                        "invalid EventId: expected the separator `{}` after `evt` at byte 3, \
                         found the end of the text",
                        $separator
                    )
                );
            }

            #[test]
            fn a_custom_separator_error_names_that_separator() {
                let err = parse_err::<EventId>(&format!("evt_{EXAMPLE}"));
                assert_eq!(err.kind(), ErrorKind::Separator);
                assert_eq!(err.position(), Some(3));
                assert_eq!(
                    err.to_string(),
                    format!(
                        "invalid EventId: expected the separator `{}` after `evt` at byte 3, \
                         found '_'",
                        $separator
                    )
                );
                assert_eq!(err.type_name(), Some("EventId"));
            }

            #[test]
            fn the_default_separator_is_refused_by_a_type_with_its_own() {
                assert_eq!(
                    parse_err::<PostId>(&format!("post{}{EXAMPLE}", $separator)).kind(),
                    ErrorKind::Separator
                );
            }

            #[test]
            fn inner_errors_are_positioned_in_the_whole_text() {
                let inner_err = $bad.parse::<idtypes::$format>().unwrap_err();
                assert_eq!(inner_err.position(), Some($bad_at));
                let err = parse_err::<PostId>(&format!("post_{}", $bad));
                assert_eq!(err.kind(), ErrorKind::$bad_kind);
                assert_eq!(err.kind(), inner_err.kind());
                assert_eq!(err.position(), Some($bad_at + "post_".len()));
                assert_eq!(err.to_string(), $bad_message);
                assert_eq!(err.type_name(), Some("PostId"));
                assert_eq!(err.format_name(), $format_name);
            }

            #[test]
            fn inner_error_positions_count_a_custom_separator() {
                let err = parse_err::<EventId>(&format!("evt{}{}", $separator, $bad));
                assert_eq!(err.kind(), ErrorKind::$bad_kind);
                assert_eq!(err.position(), Some($bad_at + 3 + $separator.len()));
                assert_eq!(err.type_name(), Some("EventId"));
                assert!(
                    err.to_string().starts_with(&format!(
                        "invalid EventId: unexpected character {:?} at byte {} (in the {}), ",
                        $bad[$bad_at..].chars().next().unwrap(),
                        $bad_at + 3 + $separator.len(),
                        $format_name
                    )),
                    "{err}"
                );
            }

            #[test]
            fn without_a_prefix_inner_errors_keep_their_position_and_name_the_type() {
                let inner_err = $bad.parse::<idtypes::$format>().unwrap_err();
                let err = parse_err::<BareId>($bad);
                assert_eq!(err.kind(), inner_err.kind());
                assert_eq!(err.position(), Some($bad_at));
                assert_eq!(err.type_name(), Some("BareId"));
                assert_eq!(err.format_name(), $format_name);
                // The inner message, about the type, the format named where the mistake is.
                let expected = inner_err
                    .to_string()
                    .replacen(
                        &format!("invalid {}: ", $format_name),
                        "invalid BareId: ",
                        1,
                    )
                    .replacen(
                        &format!("at byte {}", $bad_at),
                        &format!("at byte {} (in the {})", $bad_at, $format_name),
                        1,
                    );
                assert_eq!(err.to_string(), expected);
            }

            #[test]
            fn the_prefix_and_separator_alone_are_an_empty_inner_text() {
                // Counted in the whole text, as every typed-id length and position is: the
                // format's lengths plus the prefix and separator's 5 bytes, against 5 found.
                let inner_err = "".parse::<idtypes::$format>().unwrap_err().to_string();
                let lengths = inner_err
                    .split("expected ")
                    .nth(1)
                    .and_then(|rest| rest.split(" bytes").next())
                    .unwrap();
                let whole: Vec<String> = lengths
                    .split(' ')
                    .map(|word| {
                        word.parse::<usize>()
                            .map_or(word.to_owned(), |n| (n + 5).to_string())
                    })
                    .collect();
                let err = parse_err::<PostId>("post_");
                assert_eq!(err.kind(), ErrorKind::Length);
                assert_eq!(err.position(), None);
                assert_eq!(
                    err.to_string(),
                    format!(
                        "invalid PostId: expected {} bytes (`post_` and the {}), found 5 bytes",
                        whole.join(" "),
                        <idtypes::$format as idtypes::IdFormat>::NAME
                    )
                );
            }

            #[test]
            fn the_empty_string_lacks_the_prefix() {
                let err = parse_err::<PostId>("");
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: missing the prefix `post_`"
                );
                let err = parse_err::<EventId>("");
                assert_eq!(
                    err.to_string(),
                    format!("invalid EventId: missing the prefix `evt{}`", $separator)
                );
            }

            #[test]
            fn the_empty_string_is_the_inner_length_error_without_a_prefix() {
                let err = parse_err::<BareId>("");
                assert_eq!(err.kind(), ErrorKind::Length);
                assert_eq!(err.type_name(), Some("BareId"));
                assert_eq!(err.format_name(), $format_name);
            }

            #[test]
            fn the_prefix_is_checked_before_the_separator_and_the_inner_text() {
                let bad = $bad;
                assert_eq!(
                    parse_err::<PostId>(&format!("user_{bad}")).kind(),
                    ErrorKind::Prefix
                );
                assert_eq!(
                    parse_err::<PostId>(&format!("post-{bad}")).kind(),
                    ErrorKind::Separator
                );
                assert_eq!(parse_err::<PostId>(bad).kind(), ErrorKind::Prefix);
            }

            #[test]
            fn text_longer_than_any_of_the_type_is_a_length_error_after_the_prefix() {
                let max = "post_".len() + $longest;
                // Inner text long enough to fill the longest text, and more.
                let filler = EXAMPLE.repeat($longest);
                for extra in [1, 2, filler.len() - $longest] {
                    let text = format!("post_{}", &filler[..$longest + extra]);
                    let err = parse_err::<PostId>(&text);
                    assert_eq!(err.kind(), ErrorKind::Length, "{err}");
                    assert_eq!(err.position(), None);
                    assert_eq!(err.type_name(), Some("PostId"));
                    assert_eq!(err.format_name(), $format_name);
                    assert_eq!(
                        err.to_string(),
                        format!(
                            "invalid PostId: expected at most {max} bytes (`post_` and the \
                             {}), found {} bytes",
                            $format_name,
                            text.len()
                        )
                    );
                    assert_eq!(PostId::parse_unchecked(&text).unwrap_err(), err);
                }
                let err = parse_err::<EventId>(&format!("evt{}{}", $separator, filler));
                assert_eq!(err.kind(), ErrorKind::Length);
                assert!(
                    err.to_string().starts_with(&format!(
                        "invalid EventId: expected at most {} bytes (`evt{}` and the ",
                        3 + $separator.len() + $longest,
                        $separator
                    )),
                    "{err}"
                );
            }

            #[test]
            fn a_wrong_prefix_or_separator_wins_over_the_length() {
                let filler = EXAMPLE.repeat($longest);
                let err = parse_err::<PostId>(&format!("user_{filler}"));
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: expected the prefix `post_`, found `user_`"
                );
                let err = parse_err::<PostId>(&format!("post-{filler}"));
                assert_eq!(err.kind(), ErrorKind::Separator);
                assert_eq!(err.position(), Some(4));
                let err = parse_err::<PostId>(&"x".repeat(1 << 20));
                assert_eq!(err.kind(), ErrorKind::Prefix);
                assert_eq!(
                    err.to_string(),
                    "invalid PostId: missing the prefix `post_`"
                );
            }

            #[test]
            fn text_of_the_longest_length_reaches_the_inner_format() {
                let text = format!("post_{}", "!".repeat($longest));
                let err = parse_err::<PostId>(&text);
                assert_eq!(err.kind(), ErrorKind::Character, "{err}");
                assert_eq!(err.position(), Some(5));
            }

            #[test]
            fn without_a_prefix_long_text_is_the_inner_length_error() {
                let text = EXAMPLE.repeat($longest);
                let inner_err = text.parse::<idtypes::$format>().unwrap_err();
                assert_eq!(inner_err.kind(), ErrorKind::Length);
                let err = parse_err::<BareId>(&text);
                assert_eq!(err.kind(), ErrorKind::Length);
                let expected = inner_err
                    .to_string()
                    .replacen(
                        &format!("invalid {}: ", $format_name),
                        "invalid BareId: ",
                        1,
                    )
                    .replacen(", found", &format!(" (the {}), found", $format_name), 1);
                assert_eq!(err.to_string(), expected);
            }

            #[test]
            fn non_ascii_text_is_an_error_not_a_panic() {
                let near_miss = format!("post_{}é", &EXAMPLE[..EXAMPLE.len() - 1]);
                let texts = [
                    "é",
                    "pöst_",
                    "póst_x",
                    "post😀",
                    "post_😀",
                    "post_ééééééé",
                    "\u{feff}post_",
                    "ｐｏｓｔ_x",
                    "post\u{301}_x",
                    "evt\u{2010}x",
                    near_miss.as_str(),
                ];
                for text in texts {
                    assert!(PostId::parse(text).is_err(), "{text:?}");
                    assert!(EventId::parse(text).is_err(), "{text:?}");
                    assert!(BareId::parse(text).is_err(), "{text:?}");
                }
            }

            #[test]
            fn a_non_ascii_character_in_place_of_the_separator_is_reported_whole() {
                let err = parse_err::<PostId>(&format!("post😀{EXAMPLE}"));
                assert_eq!(err.kind(), ErrorKind::Separator);
                assert_eq!(err.position(), Some(4));
                assert!(err.to_string().ends_with("found '😀'"), "{err}");
            }
        }
    };
}

text_suite! {
    mod tid for Tid {
        example: "3jzfcijpj2z2a",
        format_name: "atproto TID",
        longest: 13,
        separator: "-",
        bad: "3jzfcijpj2z21",
        bad_kind: Character,
        bad_at: 12,
        bad_message: "invalid PostId: unexpected character '1' at byte 17 (in the atproto TID), \
                      expected one of `234567abcdefghijklmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod time_id for TimeId {
        example: "3kxnlhr3gxq23",
        format_name: "TimeId",
        longest: 16,
        separator: ":",
        bad: "3kxnlhr3gxq2A",
        bad_kind: Character,
        bad_at: 12,
        bad_message: "invalid PostId: unexpected character 'A' at byte 17 (in the TimeId), \
                      expected one of `234567abcdefghijklmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod uid11 for Uid11 {
        example: "113q8KFkAEs",
        format_name: "uid11",
        longest: 11,
        separator: "-",
        bad: "113q8KFkAE0",
        bad_kind: Character,
        bad_at: 10,
        bad_message: "invalid PostId: unexpected character '0' at byte 15 (in the uid11), expected one \
                      of `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod xid for Uid11Xid {
        example: "113q8KFkAEs",
        format_name: "uid11 xid",
        longest: 11,
        separator: "::",
        bad: "113qOKFkAEs",
        bad_kind: Character,
        bad_at: 4,
        bad_message: "invalid PostId: unexpected character 'O' at byte 9 (in the uid11 xid), expected one \
                      of `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod snowish for Snowish {
        example: "1111111NVpb",
        format_name: "snowish uid11",
        longest: 11,
        separator: ".",
        bad: "111111l1NVp",
        bad_kind: Character,
        bad_at: 6,
        bad_message: "invalid PostId: unexpected character 'l' at byte 11 (in the snowish uid11), \
                      expected one of \
                      `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod snowflake for Snowflake {
        example: "175928847299117063",
        format_name: "Snowflake",
        longest: 19,
        separator: ":",
        bad: "12a4",
        bad_kind: Character,
        bad_at: 2,
        bad_message: "invalid PostId: unexpected character 'a' at byte 7 (in the Snowflake), expected \
                      one of `0123456789`",
    }
}

text_suite! {
    mod ts_seq_rand for TsSeqRand {
        example: "1111111NVpb",
        format_name: "ts-seq-rand uid11",
        longest: 11,
        separator: "~",
        bad: "11111I1NVpb",
        bad_kind: Character,
        bad_at: 5,
        bad_message: "invalid PostId: unexpected character 'I' at byte 10 (in the ts-seq-rand uid11), \
                      expected one of \
                      `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod full_rand for FullRand {
        example: "jpXCZedGfVQ",
        format_name: "fullrand uid11",
        longest: 11,
        separator: "-",
        bad: "jpXCZedGfV_",
        bad_kind: Character,
        bad_at: 10,
        bad_message: "invalid PostId: unexpected character '_' at byte 15 (in the fullrand uid11), \
                      expected one of \
                      `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod tbsl for Tbsl {
        example: "25BF6196C8D610700000",
        format_name: "TBSL",
        longest: 20,
        separator: "#",
        bad: "25BF6196C8D61070000g",
        bad_kind: Character,
        bad_at: 19,
        bad_message: "invalid PostId: unexpected character 'g' at byte 24 (in the TBSL), \
                      expected one of `0123456789ABCDEF`",
    }
}

text_suite! {
    mod ulid for Ulid {
        example: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
        format_name: "ULID",
        longest: 26,
        separator: ":",
        bad: "01ARZ3NDEKTSV4RRFFQ69G5FAU",
        bad_kind: Character,
        bad_at: 25,
        bad_message: "invalid PostId: unexpected character 'U' at byte 30 (in the ULID), \
                      expected one of `0123456789ABCDEFGHJKMNPQRSTVWXYZ`",
    }
}

text_suite! {
    mod rs_xid for RsXid {
        example: "9m4e2mr0ui3e8a215n4g",
        format_name: "rs/xid XID",
        longest: 20,
        separator: "-",
        bad: "9m4e2mr0ui3e8a215n4h",
        bad_kind: Character,
        bad_at: 19,
        bad_message: "invalid PostId: unexpected character 'h' at byte 24 (in the rs/xid XID), \
                      expected one of `0g`",
    }
}

text_suite! {
    mod record_key for RecordKey {
        example: "3jzfcijpj2z2a",
        format_name: "atproto record key",
        longest: 512,
        separator: "/",
        bad: "a/b",
        bad_kind: Character,
        bad_at: 1,
        bad_message: "invalid PostId: unexpected character '/' at byte 6 (in the atproto record key), \
                      expected one of `A-Za-z0-9.-_~:`",
    }
}

// ---------------------------------------------------------------------------------------------
// What only some formats show

#[test]
fn a_long_wrong_prefix_is_shown_cut_with_an_ellipsis() {
    let err = parse_err::<tid::PostId>("averyveryverylongprefixthatgoesonandon_3jzfcijpj2z2a");
    assert_eq!(err.kind(), ErrorKind::Prefix);
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected the prefix `post_`, found `averyveryverylongprefixthatgoeso…`"
    );
}

#[test]
fn a_separator_past_the_longest_prefix_and_separator_is_not_looked_for() {
    // 71 bytes: a prefix (at most 63) and a separator (at most 8). What stands before a
    // separator further on is no prefix.
    let head = "a".repeat(71);
    let err = parse_err::<record_key::PostId>(&format!("{head}_x"));
    assert_eq!(
        err.to_string(),
        "invalid PostId: missing the prefix `post_`"
    );
    let err = parse_err::<record_key::PostId>(&format!("{}_x", &head[..70]));
    assert_eq!(err.kind(), ErrorKind::Prefix);
    assert!(
        err.to_string()
            .ends_with("found `aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…`"),
        "{err}"
    );
    // Multi-byte characters around the end of that window are no trouble.
    for pad in 0..4 {
        let text = format!("{}{}_x", "a".repeat(68 + pad), "é".repeat(3));
        assert_eq!(
            parse_err::<record_key::PostId>(&text).kind(),
            ErrorKind::Prefix
        );
    }
}

#[test]
fn a_hundred_megabyte_text_is_refused_without_reading_it_all() {
    let mut text = String::with_capacity(100 << 20);
    text.push_str("post_");
    text.push_str(&"2".repeat((100 << 20) - 5));
    // With the prefix: the length, before the inner format.
    let err = parse_err::<tid::PostId>(&text);
    assert_eq!(err.kind(), ErrorKind::Length);
    assert_eq!(err.position(), None);
    assert_eq!(err.type_name(), Some("PostId"));
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected at most 18 bytes (`post_` and the atproto TID), \
         found 104857600 bytes"
    );
    // Every format: each checks the length before reading the text (what the typed length
    // error relies on).
    let errors = [
        parse_err::<time_id::PostId>(&text),
        parse_err::<uid11::PostId>(&text),
        parse_err::<xid::PostId>(&text),
        parse_err::<snowish::PostId>(&text),
        parse_err::<ts_seq_rand::PostId>(&text),
        parse_err::<full_rand::PostId>(&text),
        parse_err::<tbsl::PostId>(&text),
        parse_err::<record_key::PostId>(&text),
        parse_err::<rs_xid::PostId>(&text),
    ];
    for err in errors {
        assert_eq!(err.kind(), ErrorKind::Length, "{err}");
        assert!(
            err.to_string()
                .starts_with("invalid PostId: expected at most "),
            "{err}"
        );
    }
    // Without a separator anywhere (the prefix error once searched all of it for one).
    text.replace_range(..5, "user2");
    let err = parse_err::<tid::PostId>(&text);
    assert_eq!(err.kind(), ErrorKind::Prefix);
    assert_eq!(
        err.to_string(),
        "invalid PostId: missing the prefix `post_`"
    );
    // The prefix then a 100 MB near miss of a longer prefix.
    text.replace_range(..5, "posts");
    assert_eq!(parse_err::<tid::PostId>(&text).kind(), ErrorKind::Separator);
    // Without a prefix: the format's own length error.
    let err = parse_err::<tid::BareId>(&text);
    assert_eq!(
        err.to_string(),
        "invalid BareId: expected 13 bytes (the atproto TID), found 104857600 bytes"
    );
}

#[test]
fn a_non_ascii_wrong_prefix_is_shown_as_written() {
    let err = parse_err::<tid::PostId>("pöst_3jzfcijpj2z2a");
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected the prefix `post_`, found `pöst_`"
    );
}

#[test]
fn a_prefix_with_digits_after_the_expected_one_is_another_prefix() {
    let err = parse_err::<tid::PostId>("post2_3jzfcijpj2z2a");
    assert_eq!(err.kind(), ErrorKind::Prefix);
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected the prefix `post_`, found `post2_`"
    );
}

#[test]
fn text_after_the_prefix_without_the_separator_is_a_separator_error() {
    let err = parse_err::<tid::PostId>("post3jzfcijpj2z2a");
    assert_eq!(err.kind(), ErrorKind::Separator);
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected the separator `_` after `post` at byte 4, found '3'"
    );
}

#[test]
fn half_of_a_two_character_separator_is_a_separator_error() {
    let err = parse_err::<xid::EventId>("evt:113q8KFkAEs");
    assert_eq!(err.kind(), ErrorKind::Separator);
    assert_eq!(
        err.to_string(),
        "invalid EventId: expected the separator `::` after `evt` at byte 3, found ':'"
    );
}

#[test]
fn an_inner_error_without_a_position_keeps_none() {
    // The snowish top bit is reserved: the text is a valid uid11 but not a snowish id.
    let err = parse_err::<snowish::PostId>("post_jpXCZedGfVQ");
    assert_eq!(err.kind(), ErrorKind::Reserved);
    assert_eq!(err.position(), None);
    assert_eq!(
        err.to_string(),
        "invalid PostId: the reserved top bit must be 0 (in the snowish uid11)"
    );
    let err = parse_err::<full_rand::PostId>("post_jpXCZedGfVR");
    assert_eq!(err.kind(), ErrorKind::Overflow);
    assert_eq!(err.position(), None);
    assert_eq!(
        err.to_string(),
        "invalid PostId: the value is too large (in the fullrand uid11), the largest is \
         `jpXCZedGfVQ`"
    );
}

#[test]
fn an_inner_length_error_names_the_type() {
    // Too short counts the whole text, as too long does (`a_long_text_is_refused_...`).
    let err = parse_err::<tid::PostId>("post_3jzfcijpj2z2");
    assert_eq!(err.kind(), ErrorKind::Length);
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected 18 bytes (`post_` and the atproto TID), found 17 bytes"
    );
    let err = parse_err::<tid::PostId>(&format!("post_{}", "2".repeat(14)));
    assert_eq!(
        err.to_string(),
        "invalid PostId: expected at most 18 bytes (`post_` and the atproto TID), found 19 bytes"
    );
}

#[test]
fn a_time_id_reads_its_dashed_text_after_the_prefix() {
    let plain: time_id::PostId = "post_3kxnlhr3gxq23".parse().unwrap();
    let dashed: time_id::PostId = "post_3kxn-lhr-3gxq-23".parse().unwrap();
    assert_eq!(dashed, plain);
    assert_eq!(dashed.to_string(), "post_3kxnlhr3gxq23");
}

#[test]
fn the_alternate_form_of_a_time_id_is_the_prefixed_dashed_text() {
    let id: time_id::PostId = "post_3kxnlhr3gxq23".parse().unwrap();
    assert_eq!(format!("{id:#}"), "post_3kxn-lhr-3gxq-23");
}

#[test]
fn a_record_key_may_contain_the_separator() {
    let id: record_key::PostId = "post_my_key".parse().unwrap();
    assert_eq!(id.as_str(), "my_key");
    assert_eq!(id.to_string(), "post_my_key");
}

#[test]
fn a_reserved_record_key_after_the_prefix_is_the_inner_error() {
    let err = parse_err::<record_key::PostId>("post_..");
    assert_eq!(err.kind(), ErrorKind::Reserved);
    assert_eq!(err.type_name(), Some("PostId"));
}

#[test]
fn width_and_alignment_apply_to_the_whole_text() {
    let id: tid::PostId = "post_3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(format!("{id:>20}"), "  post_3jzfcijpj2z2a");
    assert_eq!(format!("{id:<20}|"), "post_3jzfcijpj2z2a  |");
    assert_eq!(format!("{id:.4}"), "post");
}

// ---------------------------------------------------------------------------------------------
// Properties

/// Text near the typed ids' shape: prefixes, separators and alphabet characters, with some
/// non-ASCII, so that the parser's later branches are reached.
const NEAR_TEXT: &str =
    "(post|posts|evt|user|pöst)?[-_:.~#/😀é]{0,3}[0-9A-Za-z_.:~é-]{0,24}(😀|é|\u{301})?";

/// Parses `text` as every typed id of the suites; none may panic.
fn parse_everything(text: &str) {
    macro_rules! parse_all {
        ($($module:ident),*) => {$(
            let _ = $module::PostId::parse(text);
            let _ = $module::EventId::parse(text);
            let _ = $module::BareId::parse(text);
        )*};
    }
    parse_all!(
        tid,
        time_id,
        uid11,
        xid,
        snowish,
        ts_seq_rand,
        full_rand,
        tbsl,
        record_key,
        rs_xid
    );
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn parsing_any_string_never_panics(text in any::<String>()) {
        parse_everything(&text);
        parse_everything(&format!("post_{text}"));
        parse_everything(&format!("evt{text}"));
    }

    #[test]
    fn parsing_near_miss_text_never_panics(text in NEAR_TEXT) {
        parse_everything(&text);
    }

    #[test]
    fn a_typed_tid_round_trips_its_text(value in any::<u64>()) {
        let id = tid::PostId::from_inner(Tid::from_u64(value));
        let text = id.to_string();
        prop_assert!(text.starts_with("post_"), "{}", text);
        prop_assert_eq!(&text[5..], Tid::from_u64(value).to_string());
        prop_assert_eq!(tid::PostId::parse(&text), Ok(id));

        let id = tid::EventId::from_inner(Tid::from_u64(value));
        let text = id.to_string();
        prop_assert!(text.starts_with("evt-"), "{}", text);
        prop_assert_eq!(tid::EventId::parse(&text), Ok(id));
    }

    #[test]
    fn a_typed_uid11_round_trips_its_text(value in any::<u64>()) {
        let id = uid11::PostId::from_inner(Uid11::from_u64(value));
        let text = id.to_string();
        prop_assert!(text.starts_with("post_"), "{}", text);
        prop_assert_eq!(&text[5..], Uid11::from_u64(value).to_string());
        prop_assert_eq!(uid11::PostId::parse(&text), Ok(id));

        let bare = uid11::BareId::from_inner(Uid11::from_u64(value));
        prop_assert_eq!(bare.to_string(), Uid11::from_u64(value).to_string());
        prop_assert_eq!(uid11::BareId::parse(&bare.to_string()), Ok(bare));
    }
}

// ---------------------------------------------------------------------------------------------
// `encode()`: the fixed-length formats' text on the stack

macro_rules! encode_is_display {
    ($($module:ident),*) => {$(
        mod $module {
            use idtypes::TypedId;

            #[test]
            fn encode_is_the_display_text_sized_exactly() {
                let id: super::super::$module::PostId = super::super::$module::PostId::parse(
                    &format!("post_{}", super::super::$module::EXAMPLE),
                )
                .unwrap();
                let text = id.encode();
                assert_eq!(text.as_str(), id.to_string());
                assert_eq!(text.len(), "post_".len() + super::super::$module::EXAMPLE.len());

                let event = super::super::$module::EventId::from_inner(*id.as_inner());
                assert_eq!(event.encode().as_str(), event.to_string());

                let bare = super::super::$module::BareId::from_inner(*id.as_inner());
                assert_eq!(bare.encode().as_str(), super::super::$module::EXAMPLE);
            }
        }
    )*};
}

mod encode {
    encode_is_display!(
        tid,
        time_id,
        uid11,
        xid,
        snowish,
        ts_seq_rand,
        full_rand,
        tbsl,
        rs_xid
    );
}

text_suite! {
    mod ksuid for Ksuid {
        example: "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
        format_name: "KSUID",
        longest: 27,
        separator: ":",
        bad: "0ujtsYcgvSTl8PAuAdqWYSMnLO:",
        bad_kind: Character,
        bad_at: 26,
        bad_message: "invalid PostId: unexpected character ':' at byte 31 (in the KSUID), \
                      expected one of \
                      `0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz`",
    }
}

text_suite! {
    mod sonyflake for Sonyflake {
        example: "578547906324398081",
        format_name: "Sonyflake",
        longest: 19,
        separator: ":",
        bad: "12a4",
        bad_kind: Character,
        bad_at: 2,
        bad_message: "invalid PostId: unexpected character 'a' at byte 7 (in the Sonyflake), expected \
                      one of `0123456789`",
    }
}
