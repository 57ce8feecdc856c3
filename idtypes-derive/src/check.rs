//! The rules for attribute values, checked at compile time.

use crate::attr::KeyType;

/// The longest prefix.
const MAX_PREFIX_LEN: usize = 63;

/// The longest separator.
const MAX_SEPARATOR_LEN: usize = 8;

/// The longest atproto record key.
const MAX_RECORD_KEY_LEN: usize = 512;

/// A prefix: lowercase ASCII letters, digits and `_`, starting with a letter, 1 to 63 bytes.
pub fn prefix(prefix: &str) -> Result<(), String> {
    let rules =
        "a prefix is 1 to 63 lowercase ASCII letters, digits and `_`, starting with a letter";
    if prefix.is_empty() {
        return Err(format!(
            "empty prefix: leave `prefix` out for the bare id text; {rules}"
        ));
    }
    if prefix.len() > MAX_PREFIX_LEN {
        return Err(format!(
            "prefix too long: {} bytes, the most is {MAX_PREFIX_LEN}; {rules}",
            prefix.len()
        ));
    }
    for (at, c) in prefix.char_indices() {
        let allowed = if at == 0 {
            c.is_ascii_lowercase()
        } else {
            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
        };
        if !allowed {
            let fix = if c.is_ascii_uppercase() {
                format!(" (did you mean `{}`?)", prefix.to_ascii_lowercase())
            } else {
                String::new()
            };
            let problem = if at == 0 {
                "a prefix must start with a lowercase ASCII letter"
            } else {
                "a prefix may hold only lowercase ASCII letters, digits and `_`"
            };
            return Err(format!(
                "invalid prefix `{prefix}`: {c:?} at byte {at}{fix}: {problem}; {rules}"
            ));
        }
    }
    Ok(())
}

/// A TypeID prefix, beyond [`prefix`]'s rules: `a`-`z` and `_` only, not ending with `_`.
pub fn typeid_prefix(prefix: &str) -> Result<(), String> {
    let rules = "a typed UUID's text is a TypeID (`user_01h455vb4pex5vsknk084sn02q`), whose \
                 prefix is 1 to 63 of `a`-`z` and `_`, starting and ending with a letter \
                 (or choose `text = \"hyphenated\"`, which takes any prefix)";
    if let Some((at, c)) = prefix
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_lowercase() || *c == '_'))
    {
        return Err(format!(
            "invalid TypeID prefix `{prefix}`: {c:?} at byte {at}; {rules}"
        ));
    }
    if prefix.ends_with('_') {
        return Err(format!(
            "invalid TypeID prefix `{prefix}`: it ends with `_`; {rules}"
        ));
    }
    Ok(())
}

/// A separator: 1 to 8 ASCII punctuation characters.
pub fn separator(separator: &str) -> Result<(), String> {
    let rules = "a separator is 1 to 8 ASCII punctuation characters, like `_`, `-`, `:` or `.`";
    if separator.is_empty() {
        return Err(format!("empty separator; {rules}"));
    }
    if separator.len() > MAX_SEPARATOR_LEN {
        return Err(format!(
            "separator too long: {} bytes; {rules}",
            separator.len()
        ));
    }
    match separator.chars().find(|c| !c.is_ascii_punctuation()) {
        Some(c) => Err(format!(
            "invalid separator `{separator}`: {c:?} is not ASCII punctuation; {rules}"
        )),
        None => Ok(()),
    }
}

/// A record key type: `tid`, `nsid`, `any` (`None`) or `literal:<a valid record key>`.
pub fn key_type(key_type: &str) -> Result<Option<KeyType>, String> {
    let rules = "expected `tid`, `nsid`, `any` or `literal:<record key>`";
    match key_type {
        "tid" => Ok(Some(KeyType::Tid)),
        "nsid" => Ok(Some(KeyType::Nsid)),
        "any" => Ok(None),
        _ => match key_type.strip_prefix("literal:") {
            Some(value) => match record_key(value) {
                Ok(()) => Ok(Some(KeyType::Literal(value.to_owned()))),
                Err(problem) => Err(format!(
                    "invalid key type `{key_type}`: the literal {problem}"
                )),
            },
            None => {
                let lower = key_type.to_ascii_lowercase();
                let fix = if ["tid", "nsid", "any"].contains(&lower.as_str()) {
                    format!(" (key types are lowercase: `{lower}`)")
                } else {
                    String::new()
                };
                Err(format!("unknown key type `{key_type}`{fix}; {rules}"))
            }
        },
    }
}

/// A `serde` value: `"text"` (`true`: the text in every format) or `"raw"` (`false`: the inner
/// id's raw form in binary formats).
pub fn serde_form(value: &str) -> Result<bool, String> {
    let options = [
        ("text", "the prefixed text in every format"),
        (
            "raw",
            "the inner id's raw form in binary formats, the text in human-readable ones",
        ),
    ];
    one_of(value, "serde form", options)
}

/// A read policy: `check` (`false`) or `trust` (`true`).
pub fn policy(value: &str) -> Result<bool, String> {
    let options = [
        ("check", "run the type's checks, the default"),
        ("trust", "take the value as it is"),
    ];
    one_of(value, "policy", options).map(|first| !first)
}

/// Which of two lowercase values `value` is: `true` for the first. The error names `what` the
/// value is, says when only the case is wrong, and lists both with their meanings.
fn one_of(value: &str, what: &str, options: [(&str, &str); 2]) -> Result<bool, String> {
    let [(first, first_means), (second, second_means)] = options;
    if value == first || value == second {
        return Ok(value == first);
    }
    let lower = value.to_ascii_lowercase();
    let fix = if lower == first || lower == second {
        format!(" (the values are lowercase: `{lower}`)")
    } else {
        String::new()
    };
    Err(format!(
        "unknown {what} `{value}`{fix}; expected `\"{first}\"` ({first_means}) or \
         `\"{second}\"` ({second_means})"
    ))
}

/// The atproto record key syntax: 1 to 512 of `A-Za-z0-9.-_~:`, and not `.` or `..`.
fn record_key(key: &str) -> Result<(), String> {
    if key.is_empty() {
        return Err("is empty; a record key has 1 to 512 characters".to_owned());
    }
    if key.len() > MAX_RECORD_KEY_LEN {
        return Err(format!(
            "is {} bytes long; a record key has 1 to 512 characters",
            key.len()
        ));
    }
    if key == "." || key == ".." {
        return Err(format!("`{key}` is a reserved record key"));
    }
    match key
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || ".-_~:".contains(*c)))
    {
        Some((at, c)) => Err(format!(
            "has {c:?} at byte {at}; a record key is made of `A-Za-z0-9.-_~:`"
        )),
        None => Ok(()),
    }
}

/// The Levenshtein distance between two short ASCII names.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitute.min(previous + 1).min(row[j] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_follow_the_rules() {
        assert!(prefix("post").is_ok());
        assert!(prefix("a1_b").is_ok());
        assert!(prefix(&"a".repeat(63)).is_ok());
        assert!(prefix(&"a".repeat(64)).is_err());
        assert!(prefix("").is_err());
        assert!(prefix("1post").is_err());
        assert!(prefix("_post").is_err());
        assert!(prefix("Post").unwrap_err().contains("did you mean `post`?"));
        assert!(prefix("po-st").is_err());
        assert!(prefix("pöst").is_err());
    }

    #[test]
    fn typeid_prefixes_are_letters_and_inner_underscores() {
        assert!(typeid_prefix("user").is_ok());
        assert!(typeid_prefix("my_type").is_ok());
        assert!(
            typeid_prefix("user1")
                .unwrap_err()
                .contains("'1' at byte 4")
        );
        assert!(
            typeid_prefix("user_")
                .unwrap_err()
                .contains("ends with `_`")
        );
    }

    #[test]
    fn separators_are_short_punctuation() {
        assert!(separator("_").is_ok());
        assert!(separator("::").is_ok());
        assert!(separator("").is_err());
        assert!(separator(" ").is_err());
        assert!(separator("a").is_err());
        assert!(separator("---------").is_err());
    }

    #[test]
    fn key_types_are_the_lexicon_ones() {
        assert!(matches!(key_type("tid"), Ok(Some(KeyType::Tid))));
        assert!(matches!(key_type("nsid"), Ok(Some(KeyType::Nsid))));
        assert!(matches!(key_type("any"), Ok(None)));
        assert!(matches!(key_type("literal:self"), Ok(Some(KeyType::Literal(v))) if v == "self"));
        assert!(key_type("literal:").is_err());
        assert!(key_type("literal:..").is_err());
        assert!(key_type("literal:a/b").is_err());
        assert!(key_type("TID").unwrap_err().contains("`tid`"));
        assert!(key_type("record").is_err());
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("prefix", "prefix"), 0);
        assert_eq!(edit_distance("prefx", "prefix"), 1);
        assert_eq!(edit_distance("seperator", "separator"), 1);
        assert_eq!(edit_distance("", "crate"), 5);
        assert_eq!(edit_distance("keytype", "key_type"), 1);
    }
}
