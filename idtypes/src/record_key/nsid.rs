//! The atproto NSID syntax (namespaced identifier: a reversed domain name, then a name),
//! for the `nsid` record-key type.
//!
//! Follows the current reference validator (`@atproto/syntax`, `validateNsid`), in its order:
//! at most 317 characters; only `A-Za-z0-9.-`; at least three segments; every segment 1 to 63
//! characters without a leading or trailing hyphen; the first segment not starting with a
//! digit; the last segment (the name) letters and digits only, not starting with a digit.

use crate::{
    Error,
    error::{Lengths, Repr, char_at},
};

const FORMAT: &str = "NSID";
const MAX_LEN: usize = 253 + 1 + 63;
const MAX_SEGMENT: usize = 63;

/// The syntax as schemas state it (an `nsid` record key's): the first segment starts with a
/// letter, the middle ones with a letter or digit, each ends with one and holds at most 63
/// characters; the name is a letter then letters and digits. The total length is the
/// schema's `maxLength`.
#[cfg(any(
    feature = "schemars",
    feature = "utoipa",
    feature = "utoipa6",
    feature = "async-graphql"
))]
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: concat!(
        "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?",
        "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+",
        "\\.[A-Za-z][A-Za-z0-9]{0,62}"
    ),
    min_len: 5,
    max_len: MAX_LEN,
    description: "an NSID (namespaced identifier, a reversed domain name then a name): at most \
                  317 characters, three or more segments of `A-Za-z0-9-` separated by `.`, \
                  each 1 to 63 characters without a hyphen at either end, the first not \
                  starting with a digit, the last (the name) letters and digits not starting \
                  with a digit",
    example: "app.bsky.feed.post",
    words: "dot-separated segments (an NSID)",
    spec_url: Some("https://atproto.com/specs/nsid"),
};

/// Checks `text` against the NSID syntax.
pub(crate) const fn validate(text: &[u8]) -> Result<(), Error> {
    let len = text.len();
    if len > MAX_LEN {
        return Err(Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(5, MAX_LEN),
                found: len,
            },
        ));
    }
    let mut i = 0;
    let mut dots = 0;
    while i < len {
        match text[i] {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' => {}
            b'.' => dots += 1,
            _ => {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(text, i),
                        expected: "A-Za-z0-9.-",
                    },
                ));
            }
        }
        i += 1;
    }
    if dots < 2 {
        return Err(Error::new(
            FORMAT,
            Repr::Syntax {
                position: None,
                rule: "expected at least three segments separated by `.`",
            },
        ));
    }
    // Walk the segments: `start..end` is the current one.
    let mut start = 0;
    let mut last_start = 0;
    while start <= len {
        let mut end = start;
        while end < len && text[end] != b'.' {
            end += 1;
        }
        if end == start {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(start),
                    rule: "a segment is empty",
                },
            ));
        }
        if end - start > MAX_SEGMENT {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(start),
                    rule: "a segment is longer than 63 characters",
                },
            ));
        }
        if text[start] == b'-' {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(start),
                    rule: "a segment starts with a hyphen",
                },
            ));
        }
        if text[end - 1] == b'-' {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(end - 1),
                    rule: "a segment ends with a hyphen",
                },
            ));
        }
        last_start = start;
        start = end + 1;
    }
    if text[0].is_ascii_digit() {
        return Err(Error::new(
            FORMAT,
            Repr::Syntax {
                position: Some(0),
                rule: "the first segment starts with a digit",
            },
        ));
    }
    if text[last_start].is_ascii_digit() {
        return Err(Error::new(
            FORMAT,
            Repr::Syntax {
                position: Some(last_start),
                rule: "the name (last segment) starts with a digit",
            },
        ));
    }
    let mut k = last_start;
    while k < len {
        if text[k] == b'-' {
            return Err(Error::new(
                FORMAT,
                Repr::Syntax {
                    position: Some(k),
                    rule: "the name (last segment) may hold only letters and digits",
                },
            ));
        }
        k += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    fn rule(text: &str) -> (ErrorKind, Option<usize>) {
        let err = validate(text.as_bytes()).unwrap_err();
        (err.kind(), err.position())
    }

    #[test]
    fn reference_examples_are_valid() {
        for nsid in [
            "com.example.fooBar",
            "a.b.c",
            "one.2.three",
            "org.4chan.lex.getThing",
            "com.example.f00",
            "m.xn--masekowski-d0b.pl",
        ] {
            assert_eq!(validate(nsid.as_bytes()), Ok(()), "{nsid}");
        }
    }

    #[test]
    fn each_rule_reports_where_it_failed() {
        assert_eq!(rule("com.exa mple.foo"), (ErrorKind::Character, Some(7)));
        assert_eq!(rule("com.example"), (ErrorKind::Syntax, None));
        assert_eq!(rule("one.two..three"), (ErrorKind::Syntax, Some(8)));
        assert_eq!(rule("a."), (ErrorKind::Syntax, None));
        assert_eq!(rule("com.example-.foo"), (ErrorKind::Syntax, Some(11)));
        assert_eq!(rule("com.-example.foo"), (ErrorKind::Syntax, Some(4)));
        assert_eq!(rule("0two.example.foo"), (ErrorKind::Syntax, Some(0)));
        assert_eq!(rule("com.example.fooBar.2"), (ErrorKind::Syntax, Some(19)));
        assert_eq!(rule("a-0.b-1.c-o"), (ErrorKind::Syntax, Some(9)));
    }

    #[test]
    fn a_missing_name_is_an_empty_segment() {
        assert_eq!(rule("com.example."), (ErrorKind::Syntax, Some(12)));
        assert_eq!(
            validate(b"com.example.").unwrap_err().to_string(),
            "invalid NSID: a segment is empty (at byte 12)"
        );
    }
}
