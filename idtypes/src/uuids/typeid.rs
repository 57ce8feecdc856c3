//! The TypeID text, by the [TypeID specification] v0.3.0: the rules of a prefix
//! ([`check_prefix`]), the 26-character suffix of a UUID ([`encode_suffix`],
//! [`parse_suffix`]) and the whole `prefix_suffix` text ([`parse_valid`], [`parse_error`]),
//! every one `const`, for [`DynTypeId`](super::DynTypeId) and for typed ids over a UUID.
//!
//! | part | rule |
//! |---|---|
//! | prefix | 0 to 63 characters of `a`-`z` and `_`, starting and ending with a letter (`^([a-z]([a-z_]{0,61}[a-z])?)?$`) |
//! | separator | `_`, left out when the prefix is empty |
//! | suffix | the UUID's 128 bits, big-endian, after two zero bits: 26 symbols of `0123456789abcdefghjkmnpqrstvwxyz`, the first `0`-`7` |
//!
//! A text is split at its *last* `_`: everything before it is the prefix (which may hold
//! `_` itself), everything after it the suffix. So `a_b_01h455vb4pex5vsknk084sn02q` has the
//! prefix `a_b`, and `prefix__01h455vb4pex5vsknk084sn02q` the prefix `prefix_`, which ends
//! with `_` and is refused.
//!
//! [TypeID specification]: https://github.com/jetify-com/typeid/blob/main/spec/README.md

use core::mem::ManuallyDrop;

use crate::{
    Error, IdText,
    codec::{crockford, first_invalid},
    error::{Lengths, Repr, char_at, split},
    text::schema::TextSchema,
};

/// The format errors about a whole text name.
pub(crate) const FORMAT: &str = "TypeID";

/// The [TypeID specification]: the whole text, prefix and separator included.
pub(crate) const SPEC_URL: &str = "https://github.com/jetify-com/typeid/blob/main/spec/README.md";

/// The format errors about a prefix name (its positions are the same in the whole text).
pub(crate) const PREFIX_FORMAT: &str = "TypeID prefix";

/// The format errors about a suffix name.
pub(crate) const SUFFIX_FORMAT: &str = "TypeID suffix";

/// The longest prefix, in bytes.
pub(crate) const MAX_PREFIX_LEN: usize = 63;

/// The length of a suffix, in bytes.
pub(crate) const SUFFIX_LEN: usize = 26;

/// The longest text: a prefix of 63, the separator and the suffix.
pub(crate) const MAX_TEXT_LEN: usize = MAX_PREFIX_LEN + 1 + SUFFIX_LEN;

/// Between the prefix and the suffix.
pub(crate) const SEPARATOR: u8 = b'_';

/// What a prefix may hold, for messages.
const PREFIX_CHARS: &str = "abcdefghijklmnopqrstuvwxyz_";

/// The text of a UUID (in a typed id, after the prefix: a TypeID's suffix) as schemas state
/// it, for the format row of `Uuid`.
#[cfg_attr(
    not(test),
    allow(dead_code, reason = "read by the format row of `Uuid`")
)]
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[0-7][0-9a-hjkmnp-tv-z]{25}",
    min_len: SUFFIX_LEN,
    max_len: SUFFIX_LEN,
    description: "A UUID as the suffix of a TypeID: 26 characters of lowercase Crockford base32 \
                  (`0123456789abcdefghjkmnpqrstvwxyz`), the first one `0` to `7`. Time-ordered \
                  UUIDs (version 7) sort in the order they were made.",
    example: "01h455vb4pex5vsknk084sn02q",
    words: "26 lowercase Crockford base32 characters",
    spec_url: Some(SPEC_URL),
};

/// Whether `prefix` is a TypeID prefix: 0 to 63 characters of `a`-`z` and `_`, not starting
/// or ending with `_`.
///
/// # Errors
///
/// The first problem, left to right, named [`PREFIX_FORMAT`]:
///
/// - [`ErrorKind::Length`](crate::ErrorKind::Length) past 63 bytes (before anything else);
/// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a `_` at byte 0 or at the end;
/// - [`ErrorKind::Character`](crate::ErrorKind::Character) for anything but `a`-`z` and `_`,
///   with its position.
pub(crate) const fn check_prefix(prefix: &str) -> Result<(), Error> {
    check_prefix_ascii(prefix.as_bytes())
}

/// [`check_prefix`] for bytes.
pub(crate) const fn check_prefix_ascii(prefix: &[u8]) -> Result<(), Error> {
    if prefix.len() > MAX_PREFIX_LEN {
        return Err(Error::new(
            PREFIX_FORMAT,
            Repr::Length {
                expected: Lengths::Between(0, MAX_PREFIX_LEN),
                found: prefix.len(),
            },
        ));
    }
    let mut i = 0;
    while i < prefix.len() {
        let byte = prefix[i];
        if byte == SEPARATOR && i == 0 {
            return Err(Error::new(
                PREFIX_FORMAT,
                Repr::Syntax {
                    position: Some(0),
                    rule: "a prefix must start with a letter `a`-`z`, not `_`",
                },
            ));
        }
        if !byte.is_ascii_lowercase() && byte != SEPARATOR {
            return Err(Error::new(
                PREFIX_FORMAT,
                Repr::Character {
                    position: i,
                    found: char_at(prefix, i),
                    expected: PREFIX_CHARS,
                },
            ));
        }
        i += 1;
    }
    if let [.., SEPARATOR] = prefix {
        return Err(Error::new(
            PREFIX_FORMAT,
            Repr::Syntax {
                position: Some(prefix.len() - 1),
                rule: "a prefix must end with a letter `a`-`z`, not `_`",
            },
        ));
    }
    Ok(())
}

/// Whether `prefix` is a TypeID prefix, without building an error.
#[inline]
pub(crate) const fn is_prefix(prefix: &[u8]) -> bool {
    if prefix.len() > MAX_PREFIX_LEN {
        return false;
    }
    if let [SEPARATOR, ..] | [.., SEPARATOR] = prefix {
        return false;
    }
    let mut i = 0;
    while i < prefix.len() {
        if !prefix[i].is_ascii_lowercase() && prefix[i] != SEPARATOR {
            return false;
        }
        i += 1;
    }
    true
}

/// The 26-character suffix of `uuid` (its 128 bits, big-endian).
#[inline]
pub(crate) const fn encode_suffix(uuid: u128) -> IdText<SUFFIX_LEN> {
    IdText::from_ascii(crockford::encode26(uuid, true))
}

/// The 128 bits a 26-character suffix spells.
///
/// # Errors
///
/// Named [`SUFFIX_FORMAT`], with positions counted in `text`:
///
/// - [`ErrorKind::Length`](crate::ErrorKind::Length) unless `text` is 26 bytes;
/// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when the first symbol is `8`..`z`
///   (the value would need more than 128 bits);
/// - [`ErrorKind::Character`](crate::ErrorKind::Character) for the first byte outside the
///   lowercase alphabet (uppercase too: the specification decodes lowercase only).
#[inline]
pub(crate) const fn parse_suffix(text: &[u8]) -> Result<u128, Error> {
    parse_suffix_as(text, SUFFIX_FORMAT)
}

/// [`parse_suffix`], its errors named `format` (a `Uuid`'s text as a format: "UUID").
#[inline]
pub(crate) const fn parse_suffix_as(text: &[u8], format: &'static str) -> Result<u128, Error> {
    match decode_suffix(text) {
        Some(value) => Ok(value),
        None => Err(suffix_error(text, format)),
    }
}

/// The 128 bits of a valid suffix, or `None`.
#[inline]
const fn decode_suffix(text: &[u8]) -> Option<u128> {
    crockford::decode(text, &crockford::DECODE_LOWER)
}

/// Why `text` is not a suffix (it is not): its length, else an overflowing first symbol,
/// else the first byte outside the alphabet.
#[cold]
#[inline(never)]
const fn suffix_error(text: &[u8], format: &'static str) -> Error {
    if text.len() != SUFFIX_LEN {
        return Error::new(
            format,
            Repr::Length {
                expected: Lengths::Between(SUFFIX_LEN, SUFFIX_LEN),
                found: text.len(),
            },
        );
    }
    let first = crockford::DECODE_LOWER[text[0] as usize];
    if first != crockford::INVALID && first > 7 {
        return Error::new(
            format,
            Repr::Overflow {
                position: 0,
                found: char_at(text, 0),
                expected: crockford::FIRST_STR,
            },
        );
    }
    let position = first_invalid(text, &crockford::DECODE_LOWER, crockford::INVALID);
    Error::new(
        format,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: crockford::LOWER_STR,
        },
    )
}

/// A whole TypeID text: the length of its prefix (the prefix is `text[..len]`, without the
/// separator) and its UUID's 128 bits; `None` for every text [`parse_error`] tells why it
/// refuses (no error is built on the way of a valid text).
#[inline]
pub(crate) const fn parse_valid(text: &[u8]) -> Option<(usize, u128)> {
    let len = text.len();
    if len == SUFFIX_LEN {
        return match decode_suffix(text) {
            Some(value) => Some((0, value)),
            None => None,
        };
    }
    // A prefix of at least one byte, the separator and the suffix. The suffix holds no `_`,
    // so a valid text's last `_` is the byte before it.
    if len < SUFFIX_LEN + 2 || len > MAX_TEXT_LEN || text[len - SUFFIX_LEN - 1] != SEPARATOR {
        return None;
    }
    let (head, suffix) = text.split_at(len - SUFFIX_LEN);
    let prefix_len = head.len() - 1;
    let (prefix, _) = head.split_at(prefix_len);
    if !is_prefix(prefix) {
        return None;
    }
    match decode_suffix(suffix) {
        Some(value) => Some((prefix_len, value)),
        None => None,
    }
}

/// [`parse_valid`] for run time: the same answer for every text, the suffix read by AVX2
/// where the processor has it ([`crockford::decode_fast`]), else by the same table.
#[inline]
pub(crate) fn parse_valid_fast(text: &[u8]) -> Option<(usize, u128)> {
    let len = text.len();
    if len == SUFFIX_LEN {
        return crockford::decode_fast::<false>(text).map(|value| (0, value));
    }
    if !(SUFFIX_LEN + 2..=MAX_TEXT_LEN).contains(&len) || text[len - SUFFIX_LEN - 1] != SEPARATOR {
        return None;
    }
    let (head, suffix) = text.split_at(len - SUFFIX_LEN);
    let prefix_len = head.len() - 1;
    if !is_prefix(&head[..prefix_len]) {
        return None;
    }
    crockford::decode_fast::<false>(suffix).map(|value| (prefix_len, value))
}

/// Why `text` is not a TypeID (it is not: [`parse_valid`] refused it), the text split at its
/// last `_` as the specification says. Reads at most the last 27 bytes of a text past 90, so
/// that any text is refused in time that does not grow with it.
///
/// The first problem found, with its position in `text`:
///
/// - [`ErrorKind::Length`](crate::ErrorKind::Length): an empty text or one past 90 bytes
///   ([`FORMAT`]), a prefix past 63 ([`PREFIX_FORMAT`]), a suffix of another length than 26
///   ([`SUFFIX_FORMAT`]);
/// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax): a `_` at byte 0 (an empty prefix has no
///   separator), a prefix starting or ending with `_`;
/// - [`ErrorKind::Character`](crate::ErrorKind::Character),
///   [`ErrorKind::Overflow`](crate::ErrorKind::Overflow): as [`check_prefix`] and
///   [`parse_suffix`] say, the suffix's positions moved past the prefix and separator.
#[cold]
#[inline(never)]
pub(crate) const fn parse_error(text: &[u8]) -> Error {
    let len = text.len();
    if len == 0 {
        return whole_length(len);
    }
    if len > MAX_TEXT_LEN {
        // Too long either way; when its last `_` is where a suffix would start, the prefix
        // is what is too long, and saying so helps more.
        let (prefix, tail) = text.split_at(len - SUFFIX_LEN - 1);
        return match last_separator(tail) {
            Some(0) => match split(check_prefix_ascii(prefix)) {
                Err(err) => ManuallyDrop::into_inner(err),
                Ok(()) => whole_length(len),
            },
            _ => whole_length(len),
        };
    }
    let (prefix, suffix, offset) = match last_separator(text) {
        None => (&[] as &[u8], text, 0),
        Some(0) => {
            return Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(0),
                    rule: "a text that starts with `_` has an empty prefix, and an empty prefix \
                           has no separator: such a TypeID is its 26-character suffix alone",
                },
            );
        }
        Some(at) => {
            let (prefix, rest) = text.split_at(at);
            (prefix, rest.split_at(1).1, at + 1)
        }
    };
    if let Err(err) = split(check_prefix_ascii(prefix)) {
        return ManuallyDrop::into_inner(err);
    }
    match split(parse_suffix(suffix)) {
        Err(err) => ManuallyDrop::into_inner(err).shifted(offset),
        // `parse_valid` accepts every text whose prefix and suffix are valid.
        Ok(_) => whole_length(len),
    }
}

/// A text of `len` bytes, which no TypeID has.
const fn whole_length(len: usize) -> Error {
    Error::new(
        FORMAT,
        Repr::Length {
            expected: Lengths::Between(SUFFIX_LEN, MAX_TEXT_LEN),
            found: len,
        },
    )
}

/// The position of the last `_` in `text`.
const fn last_separator(text: &[u8]) -> Option<usize> {
    let mut i = text.len();
    while i > 0 {
        i -= 1;
        if text[i] == SEPARATOR {
            return Some(i);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    const SUFFIX: &str = "01h455vb4pex5vsknk084sn02q";
    const UUID: u128 = 0x0189_0a5d_ac96_774b_bcce_b302_099a_8057;

    fn parse(text: &[u8]) -> Result<(usize, u128), Error> {
        parse_valid(text).ok_or_else(|| parse_error(text))
    }

    fn refusal(text: &str) -> Error {
        parse(text.as_bytes()).unwrap_err()
    }

    #[test]
    fn the_spec_example_round_trips() {
        assert_eq!(parse_suffix(SUFFIX.as_bytes()), Ok(UUID));
        assert_eq!(encode_suffix(UUID), SUFFIX);
        assert_eq!(parse(SUFFIX.as_bytes()), Ok((0, UUID)));
        let text = format!("user_{SUFFIX}");
        assert_eq!(parse(text.as_bytes()), Ok((4, UUID)));
    }

    #[test]
    fn the_suffix_spans_every_uuid() {
        assert_eq!(encode_suffix(0), "00000000000000000000000000");
        assert_eq!(encode_suffix(u128::MAX), "7zzzzzzzzzzzzzzzzzzzzzzzzz");
        assert_eq!(parse_suffix(b"7zzzzzzzzzzzzzzzzzzzzzzzzz"), Ok(u128::MAX));
    }

    #[test]
    fn prefixes_follow_the_v0_3_rules() {
        for good in [
            "",
            "a",
            "user",
            "my_type",
            "my__type",
            "a_b_c",
            &"z".repeat(63),
        ] {
            assert_eq!(check_prefix(good), Ok(()), "{good:?}");
            assert!(is_prefix(good.as_bytes()), "{good:?}");
        }
        for bad in [
            "_",
            "_a",
            "a_",
            "A",
            "a1",
            "user-id",
            "pré",
            &"z".repeat(64),
        ] {
            assert!(check_prefix(bad).is_err(), "{bad:?}");
            assert!(!is_prefix(bad.as_bytes()), "{bad:?}");
        }
    }

    #[test]
    fn a_prefix_error_says_which_character_where_and_why() {
        let err = check_prefix("user_Id").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Character);
        assert_eq!(err.position(), Some(5));
        assert_eq!(
            err.to_string(),
            "invalid TypeID prefix: unexpected character 'I' at byte 5, expected one of \
             `abcdefghijklmnopqrstuvwxyz_`"
        );
        let err = check_prefix("_user").unwrap_err();
        assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(0)));
        assert_eq!(
            err.to_string(),
            "invalid TypeID prefix: a prefix must start with a letter `a`-`z`, not `_` (at byte 0)"
        );
        let err = check_prefix("user_").unwrap_err();
        assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(4)));
        let err = check_prefix("pré").unwrap_err();
        assert_eq!(err.position(), Some(2));
        assert!(err.to_string().contains("'é' at byte 2"), "{err}");
        let err = check_prefix(&"a".repeat(64)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(
            err.to_string(),
            "invalid TypeID prefix: expected 0 to 63 bytes, found 64 bytes"
        );
    }

    #[test]
    fn a_suffix_error_names_its_position_in_the_whole_text() {
        let err = refusal("user_01h455vb4pex5vsknk084sN02q");
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(27))
        );
        assert_eq!(
            err.to_string(),
            "invalid TypeID suffix: unexpected character 'N' at byte 27, expected one of \
             `0123456789abcdefghjkmnpqrstvwxyz`"
        );
        let err = refusal("user_81h455vb4pex5vsknk084sn02q");
        assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, Some(5)));
        assert_eq!(
            err.to_string(),
            "invalid TypeID suffix: character '8' at byte 5 puts the value out of range, \
             expected one of `01234567` there"
        );
        let err = refusal("user_01h455vb4pex5vsknk084sn02");
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(
            err.to_string(),
            "invalid TypeID suffix: expected 26 bytes, found 25 bytes"
        );
    }

    #[test]
    fn the_text_is_split_at_its_last_separator() {
        let err = refusal(&format!("prefix__{SUFFIX}"));
        assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(6)));
        let err = refusal(&format!("_{SUFFIX}"));
        assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(0)));
        assert_eq!(refusal("_").kind(), ErrorKind::Syntax);
        // A `_` inside the suffix makes what comes before it the prefix...
        let err = refusal("user_01h455vb4pex5v_knk084sn02q");
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(5))
        );
        assert_eq!(err.format_name(), PREFIX_FORMAT);
        // ...and leaves a suffix too short after it.
        let err = refusal("user_abc_knk084sn02q");
        assert_eq!(
            (err.kind(), err.format_name()),
            (ErrorKind::Length, SUFFIX_FORMAT)
        );
        assert_eq!(refusal("prefix_").kind(), ErrorKind::Length);
    }

    #[test]
    fn empty_and_overlong_texts_are_length_errors() {
        assert_eq!(
            refusal("").to_string(),
            "invalid TypeID: expected 26 to 90 bytes, found 0 bytes"
        );
        let long = format!("{}_{SUFFIX}", "a".repeat(64));
        let err = refusal(&long);
        assert_eq!(
            (err.kind(), err.format_name()),
            (ErrorKind::Length, PREFIX_FORMAT)
        );
        let huge = "a".repeat(1 << 20);
        let err = refusal(&huge);
        assert_eq!((err.kind(), err.format_name()), (ErrorKind::Length, FORMAT));
    }

    #[test]
    fn the_fast_path_and_the_errors_agree_on_every_byte_in_every_position() {
        let valid = format!("ab_{SUFFIX}");
        for position in 0..valid.len() {
            for byte in 0..=255u8 {
                let mut text = valid.clone().into_bytes();
                text[position] = byte;
                let ok = parse_valid(&text).is_some();
                let by_parts = match last_separator(&text) {
                    None => decode_suffix(&text).is_some(),
                    Some(0) => false,
                    Some(at) => {
                        check_prefix_ascii(&text[..at]).is_ok()
                            && parse_suffix(&text[at + 1..]).is_ok()
                    }
                };
                assert_eq!(ok, by_parts, "{text:?}");
                assert_eq!(parse(&text).is_ok(), ok, "{text:?}");
                // The run-time path, with AVX2 where the processor has it and without.
                assert_eq!(parse_valid_fast(&text), parse_valid(&text), "{text:?}");
                let scalar = crate::codec::scalar_only(|| parse_valid_fast(&text));
                assert_eq!(scalar, parse_valid(&text), "{text:?}");
            }
        }
        // The suffix alone, every byte in every position.
        for position in 0..SUFFIX_LEN {
            for byte in 0..=255u8 {
                let mut text = SUFFIX.as_bytes().to_vec();
                text[position] = byte;
                assert_eq!(parse_valid_fast(&text), parse_valid(&text), "{text:?}");
                let scalar = crate::codec::scalar_only(|| parse_valid_fast(&text));
                assert_eq!(scalar, parse_valid(&text), "{text:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn the_run_time_parse_agrees_with_the_const_one(
            prefix in "[a-z_]{0,64}",
            suffix in "[0-9a-z]{25,27}|[0-7][0-9a-hjkmnp-tv-z]{25}",
            separator in proptest::prelude::any::<bool>(),
        ) {
            let text = match (prefix.is_empty(), separator) {
                (true, _) => suffix,
                (false, true) => format!("{prefix}_{suffix}"),
                (false, false) => format!("{prefix}{suffix}"),
            };
            let expected = parse_valid(text.as_bytes());
            proptest::prop_assert_eq!(parse_valid_fast(text.as_bytes()), expected);
            let scalar = crate::codec::scalar_only(|| parse_valid_fast(text.as_bytes()));
            proptest::prop_assert_eq!(scalar, expected);
        }
    }

    #[test]
    fn the_suffix_schema_pattern_matches_exactly_the_suffixes() {
        let pattern = regex::Regex::new(&format!("^{}$", TEXT_SCHEMA.pattern)).unwrap();
        assert!(pattern.is_match(TEXT_SCHEMA.example));
        assert!(parse_suffix(TEXT_SCHEMA.example.as_bytes()).is_ok());
        for position in 0..SUFFIX_LEN {
            for byte in 0..=127u8 {
                let mut text = SUFFIX.as_bytes().to_vec();
                text[position] = byte;
                let text = String::from_utf8(text).unwrap();
                assert_eq!(
                    pattern.is_match(&text),
                    parse_suffix(text.as_bytes()).is_ok(),
                    "{text:?}"
                );
            }
        }
    }
}
