//! The record-key syntax, checked in the order the atproto reference checks it.

use crate::{
    Error,
    error::{Lengths, Repr, char_at},
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "atproto record key";

/// The characters a record key may hold, as written in error messages.
pub(crate) const CHARSET: &str = "A-Za-z0-9.-_~:";

/// The longest record key, in bytes (all characters are ASCII).
pub(crate) const MAX_LEN: usize = 512;

/// The record keys as a pattern, a literal for `concat!`: 1 to 512 characters of the set,
/// except `.` and `..`, said without lookaround as three cases: a first character other than
/// `.`; `.` then another; `..` then at least one more.
macro_rules! pattern {
    () => {
        concat!(
            "(?:[A-Za-z0-9_~:-][A-Za-z0-9._~:-]{0,511}",
            "|\\.[A-Za-z0-9_~:-][A-Za-z0-9._~:-]{0,510}",
            "|\\.\\.[A-Za-z0-9._~:-]{1,510})"
        )
    };
}
#[cfg(any(feature = "schemars", feature = "utoipa", feature = "utoipa6"))]
pub(crate) use pattern;

/// The text as schemas state it.
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: pattern!(),
    min_len: 1,
    max_len: MAX_LEN,
    description: "An atproto record key: 1 to 512 characters of `A-Za-z0-9.-_~:`, other than \
                  `.` and `..`; case-sensitive.",
    example: "3jzfcijpj2z2a",
    words: "1 to 512 characters of A-Za-z0-9.-_~:",
    spec_url: Some("https://atproto.com/specs/record-key"),
};

/// Whether each byte may appear in a record key.
pub(super) const ALLOWED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(
            b as u8,
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' | b'~' | b':'
        );
        b += 1;
    }
    table
};

/// Checks `text` against the rules: length 1..=512, not `.` or `..`, then the character set
/// (reporting the first bad character's position).
pub(crate) const fn validate(text: &[u8]) -> Result<(), Error> {
    if let Err(err) = crate::error::split(check_shape(text)) {
        return Err(core::mem::ManuallyDrop::into_inner(err));
    }
    let len = text.len();
    let mut i = 0;
    // Eight bytes at a time while they are all allowed; the table finds the culprit.
    while i + 8 <= len {
        let chunk = u64::from_le_bytes([
            text[i],
            text[i + 1],
            text[i + 2],
            text[i + 3],
            text[i + 4],
            text[i + 5],
            text[i + 6],
            text[i + 7],
        ]);
        if !chunk_allowed(chunk) {
            break;
        }
        i += 8;
    }
    while i < len {
        if !ALLOWED[text[i] as usize] {
            return Err(Error::new(
                FORMAT,
                Repr::Character {
                    position: i,
                    found: char_at(text, i),
                    expected: CHARSET,
                },
            ));
        }
        i += 1;
    }
    Ok(())
}

/// The rules before the character set: the length, then the reserved keys.
#[inline(always)]
const fn check_shape(text: &[u8]) -> Result<(), Error> {
    let len = text.len();
    if len == 0 || len > MAX_LEN {
        return Err(Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(1, MAX_LEN),
                found: len,
            },
        ));
    }
    if matches!(text, b"." | b"..") {
        return Err(Error::new(
            FORMAT,
            Repr::Reserved {
                rule: "the keys `.` and `..` are not allowed",
            },
        ));
    }
    Ok(())
}

/// [`validate`] at run time: the same rules in the same order, the character set checked 16
/// or 32 bytes per step ([`super::scan`]). `parse` checks short keys its own way, on the words
/// it stores (`scan::first_invalid_short`), and calls this for the others.
#[inline(always)]
pub(crate) fn validate_fast(text: &[u8]) -> Result<(), Error> {
    check_shape(text)?;
    match super::scan::first_invalid(text) {
        None => Ok(()),
        Some(i) => Err(Error::new(
            FORMAT,
            Repr::Character {
                position: i,
                found: char_at(text, i),
                expected: CHARSET,
            },
        )),
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Whether all eight bytes of `x` are allowed, computed for the eight at once.
const fn chunk_allowed(x: u64) -> bool {
    let low7 = x & !HIGH;
    let allowed = within(low7, b'-', b'.')
        | within(low7, b'0', b':')
        | within(low7, b'A', b'Z')
        | within(low7, b'a', b'z')
        | equal(low7, b'_')
        | equal(low7, b'~');
    allowed & !x & HIGH == HIGH
}

/// Top bit of each byte of `low7` (bytes below 0x80) set where `lo <= byte <= hi`.
const fn within(low7: u64, lo: u8, hi: u8) -> u64 {
    // `byte + (0x80 - lo)` reaches 0x80 exactly when `byte >= lo`, `byte + (0x7F - hi)` when
    // `byte > hi`; neither carries into the next byte.
    (low7 + (0x80 - lo as u64) * ONES) & !(low7 + (0x7F - hi as u64) * ONES)
}

/// Top bit of each byte of `low7` (bytes below 0x80) set where the byte is `c`.
const fn equal(low7: u64, c: u8) -> u64 {
    let y = low7 ^ (c as u64 * ONES);
    !((y + 0x7F * ONES) | y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn the_chunk_check_agrees_with_the_table_for_every_byte_in_every_lane() {
        for lane in 0..8 {
            for byte in 0..=255u8 {
                let mut bytes = *b"aaaaaaaa";
                bytes[lane] = byte;
                assert_eq!(
                    chunk_allowed(u64::from_le_bytes(bytes)),
                    ALLOWED[byte as usize],
                    "byte {byte:#x} in lane {lane}"
                );
            }
        }
    }

    #[test]
    fn rules_apply_in_the_reference_order() {
        assert_eq!(validate(b"").unwrap_err().kind(), ErrorKind::Length);
        assert_eq!(
            validate(&[b'/'; 513]).unwrap_err().kind(),
            ErrorKind::Length
        );
        assert_eq!(validate(b"..").unwrap_err().kind(), ErrorKind::Reserved);
        let err = validate(b"alpha/beta").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(5))
        );
    }

    #[test]
    fn the_first_bad_character_is_found_past_the_fast_path() {
        let mut key = [b'a'; 40];
        key[37] = b' ';
        key[39] = b'#';
        assert_eq!(validate(&key).unwrap_err().position(), Some(37));
    }

    #[test]
    fn dots_are_only_reserved_alone() {
        assert!(validate(b"...").is_ok());
        assert!(validate(b"self.").is_ok());
        assert!(validate(b".self").is_ok());
    }
}
