//! The hyphenated text of a UUID (RFC 9562 §4: `8-4-4-4-12` hex digits), read strictly with
//! errors that say where: for tools that take UUIDs and TypeIDs side by side.

use uuid::Uuid;

use crate::{
    Error,
    error::{Lengths, Repr, char_at},
};

/// The name errors give the text.
const FORMAT: &str = "UUID";

/// The hex digits in either case, as errors write them.
const HEX_DIGITS: &str = "0123456789abcdefABCDEF";

/// Where the hyphens stand.
const HYPHENS: [usize; 4] = [8, 13, 18, 23];

/// Parses a UUID's hyphenated text (`01890a5d-ac96-774b-bcce-b302099a8057`), in either case
/// (RFC 9562 reads both), and nothing else: not the 32 digits alone, not braces or `urn:uuid:`
/// (which the `uuid` crate's `parse_str` also takes).
///
/// # Errors
///
/// [`ErrorKind::Length`](crate::ErrorKind::Length) unless the text is 36 bytes,
/// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a missing hyphen and
/// [`ErrorKind::Character`](crate::ErrorKind::Character) for a byte that is not a hex digit,
/// each with its position.
///
/// # Examples
///
/// ```
/// use idtypes::uuids::parse_hyphenated;
///
/// let uuid = parse_hyphenated("01890A5D-AC96-774B-BCCE-B302099A8057")?;
/// assert_eq!(uuid.to_string(), "01890a5d-ac96-774b-bcce-b302099a8057");
/// assert_eq!(parse_hyphenated("01890a5dac96774bbcceb302099a8057").unwrap_err().kind(),
///     idtypes::ErrorKind::Length);
/// assert_eq!(parse_hyphenated("01890a5d-ac96-774b-bcce-b302099a805g").unwrap_err().position(),
///     Some(35));
/// # Ok::<(), idtypes::Error>(())
/// ```
pub fn parse_hyphenated(text: &str) -> Result<Uuid, Error> {
    let bytes = text.as_bytes();
    if bytes.len() != 36 {
        return Err(Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(36, 36),
                found: bytes.len(),
            },
        ));
    }
    let mut value = 0u128;
    for (i, &byte) in bytes.iter().enumerate() {
        if HYPHENS.contains(&i) {
            if byte != b'-' {
                return Err(Error::new(
                    FORMAT,
                    Repr::Syntax {
                        position: Some(i),
                        rule: "expected `-` after 8, 12, 16 and 20 hex digits",
                    },
                ));
            }
            continue;
        }
        let digit = match byte {
            b'0'..=b'9' => byte - b'0',
            b'a'..=b'f' => byte - b'a' + 10,
            b'A'..=b'F' => byte - b'A' + 10,
            _ => {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(bytes, i),
                        expected: HEX_DIGITS,
                    },
                ));
            }
        };
        value = (value << 4) | u128::from(digit);
    }
    Ok(Uuid::from_u128(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn reads_what_the_uuid_crate_writes_in_either_case() {
        for value in [0, 1, u128::MAX, 0x0189_0a5d_ac96_774b_bcce_b302_099a_8057] {
            let uuid = Uuid::from_u128(value);
            assert_eq!(parse_hyphenated(&uuid.to_string()), Ok(uuid));
            assert_eq!(parse_hyphenated(&uuid.to_string().to_uppercase()), Ok(uuid));
        }
    }

    #[test]
    fn refuses_the_other_forms_saying_where() {
        let cases: [(&str, ErrorKind, Option<usize>); 4] = [
            (
                "{01890a5d-ac96-774b-bcce-b302099a8057}",
                ErrorKind::Length,
                None,
            ),
            (
                "01890a5d_ac96-774b-bcce-b302099a8057",
                ErrorKind::Syntax,
                Some(8),
            ),
            (
                "01890a5d-ac96-774b-bcce-b302099a805-",
                ErrorKind::Character,
                Some(35),
            ),
            (
                "01890a5d-ac9-6774b-bcce-b302099a8057",
                ErrorKind::Character,
                Some(12),
            ),
        ];
        for (text, kind, position) in cases {
            let err = parse_hyphenated(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text}: {err}"
            );
        }
    }
}
