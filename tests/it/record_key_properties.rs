//! Property tests for record keys: no input panics, and a string is accepted exactly when the
//! rules (length 1..=512, not `.`/`..`, characters `A-Za-z0-9.-_~:`) say so.

use std::{collections::HashSet, sync::LazyLock};

use idtypes::{ErrorKind, RecordKey};

use idtypes::record_key::RecordKeyType;
use proptest::prelude::*;
use regex::Regex;

fn rules_accept(text: &str) -> bool {
    static CHARSET: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^[A-Za-z0-9.\-_~:]{1,512}$").unwrap());
    CHARSET.is_match(text) && text != "." && text != ".."
}

/// Strings near the rules: mostly allowed characters, some foreign ones (including NUL and
/// non-ASCII), 0 to 600 characters.
fn near_keys() -> impl Strategy<Value = String> {
    let allowed = prop::sample::select("ABCxyz0189.-_~:".chars().collect::<Vec<_>>());
    let foreign = prop::sample::select(vec![
        '\0',
        ' ',
        '/',
        '#',
        '%',
        '\u{e9}',
        '\u{1f600}',
        '\u{7f}',
    ]);
    let ch = prop_oneof![20 => allowed, 1 => foreign];
    prop::collection::vec(ch, 0..600).prop_map(|chars| chars.into_iter().collect())
}

fn check_against_rules(text: &str) {
    let accepted = RecordKey::parse(text);
    assert_eq!(accepted.is_ok(), rules_accept(text), "{text:?}");
    match accepted {
        Ok(key) => {
            assert_eq!(key.as_str(), text);
            assert_eq!(RecordKey::try_from(text.to_owned()).unwrap(), key);
            assert!(RecordKeyType::Any.matches(&key));
        }
        Err(err) => {
            if let Some(position) = err.position() {
                assert!(position < text.len());
                assert!(text.is_char_boundary(position));
                assert_eq!(err.kind(), ErrorKind::Character);
            }
            assert!(RecordKey::try_from(text.to_owned()).is_err());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_strings_never_panic_and_follow_the_rules(text in any::<String>()) {
        check_against_rules(&text);
    }

    #[test]
    fn near_keys_are_accepted_exactly_by_the_rules(text in near_keys()) {
        check_against_rules(&text);
    }

    #[test]
    fn long_allowed_strings_cross_the_length_limit_exactly(len in 500usize..530) {
        let text = "a".repeat(len);
        prop_assert_eq!(RecordKey::parse(&text).is_ok(), len <= 512);
    }

    #[test]
    fn the_first_foreign_character_is_the_one_reported(
        prefix in "[A-Za-z0-9._~:-]{0,40}",
        bad in "[^A-Za-z0-9._~:-]",
        suffix in ".{0,10}",
    ) {
        let text = format!("{prefix}{bad}{suffix}");
        let err = RecordKey::parse(&text).unwrap_err();
        prop_assert_eq!(err.kind(), ErrorKind::Character);
        prop_assert_eq!(err.position(), Some(prefix.len()));
    }

    #[test]
    fn order_equality_and_hash_follow_the_text(a in near_keys(), b in near_keys()) {
        if let (Ok(ka), Ok(kb)) = (RecordKey::parse(&a), RecordKey::parse(&b)) {
            prop_assert_eq!(ka.cmp(&kb), a.cmp(&b));
            prop_assert_eq!(ka == kb, a == b);
            let set: HashSet<RecordKey> = [ka].into();
            prop_assert!(set.contains(a.as_str()));
        }
    }

    #[test]
    fn record_key_type_strings_never_panic(text in any::<String>()) {
        if let Ok(ty) = RecordKeyType::parse(&text) {
            prop_assert_eq!(ty.to_string(), text);
        }
    }
}
