//! The hyphenated text of a UUID (RFC 9562 §4: `8-4-4-4-12` hex digits), read strictly with
//! errors that say where: for tools that take UUIDs and TypeIDs side by side.

use core::fmt;

use uuid::Uuid;

use crate::{
    Error, IdText,
    codec::hex,
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
    typed::text_form::{OtherText, TextForm},
};

/// The name errors give the text.
const FORMAT: &str = "UUID";

/// The hex digits in either case, as errors write them.
const HEX_DIGITS: &str = crate::codec::hex::DIGITS_ANY_CASE;

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
#[inline(always)]
pub fn parse_hyphenated(text: &str) -> Result<Uuid, Error> {
    match decode(text.as_bytes()) {
        Some(uuid) => Ok(uuid),
        None => refuse(text),
    }
}

/// [`parse_hyphenated`]'s error for a text [`decode`] refused: the first problem, where.
#[cold]
#[inline(never)]
fn refuse(text: &str) -> Result<Uuid, Error> {
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

/// The UUID a hyphenated text spells, or `None` for anything [`parse_hyphenated`] refuses;
/// builds no error. By AVX2 where the processor has it (`codec::avx2`: a third of the time of
/// [`decode_scalar`]), else by `decode_scalar`.
#[inline(always)]
fn decode(text: &[u8]) -> Option<Uuid> {
    let text: &[u8; 36] = text.try_into().ok()?;
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    if crate::codec::avx2::available() {
        let mut bytes = [0; 16];
        // SAFETY: the processor has AVX2, checked just above.
        let valid = unsafe { crate::codec::avx2::hyphenated_decode(text, &mut bytes) };
        return valid.then(|| Uuid::from_bytes(bytes));
    }
    decode_scalar(text)
}

/// [`decode`] without SIMD: eight digits to a word (SWAR, as [`hex`] reads a TBSL). The 32
/// digits are read as four little-endian words, the middle two put together from the 4-digit
/// groups, and each word is checked and turned into four bytes with shifts and masks; the four
/// hyphens and the four words are then tested with one branch. (Two table lookups a digit, the
/// `uuid` crate's way and this function's before, took half as long again.) Out of line where
/// it is the fallback of the AVX2 path, so that a caller inlines only the choice.
#[cfg_attr(
    all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")),
    inline(never)
)]
#[cfg_attr(
    not(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2"))),
    inline
)]
pub(crate) fn decode_scalar(text: &[u8; 36]) -> Option<Uuid> {
    let hyphens = (text[8] ^ b'-') | (text[13] ^ b'-') | (text[18] ^ b'-') | (text[23] ^ b'-');
    let (a, a_ok) = hex::decode8_any_case(u64::from_le_bytes(chunk(text, 0)));
    let (b, b_ok) = hex::decode8_any_case(joined(text, 9, 14));
    let (c, c_ok) = hex::decode8_any_case(joined(text, 19, 24));
    let (d, d_ok) = hex::decode8_any_case(u64::from_le_bytes(chunk(text, 28)));
    // `&`, not `&&`: one branch for all of it.
    if !((hyphens == 0) & a_ok & b_ok & c_ok & d_ok) {
        return None;
    }
    // The bytes in text order are the little-endian bytes of this number.
    let value = a as u128 | (b as u128) << 32 | (c as u128) << 64 | (d as u128) << 96;
    Some(Uuid::from_bytes(value.to_le_bytes()))
}

/// The `N` bytes of `text` from `at`.
#[inline(always)]
fn chunk<const N: usize>(text: &[u8; 36], at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&text[at..at + N]);
    out
}

/// The 4 digits at `first` and the 4 at `second`, as one little-endian word.
#[inline(always)]
fn joined(text: &[u8; 36], first: usize, second: usize) -> u64 {
    u64::from(u32::from_le_bytes(chunk(text, first)))
        | u64::from(u32::from_le_bytes(chunk(text, second))) << 32
}

/// The UUID `text[start..]` spells in the hyphenated form, or `None` for anything
/// [`parse_hyphenated`] refuses; builds no error (a typed id's first try).
#[inline(never)]
fn parse_valid(text: &str, start: usize) -> Option<Uuid> {
    decode(text.as_bytes().get(start..)?)
}

/// The hyphenated text of `uuid`, in lowercase, on the stack: what `Uuid`'s `Display` writes.
///
/// A `const fn`, so it reads a table a byte. At run time [`encode_hyphenated_fast`] writes
/// the same text in about a third of the time where the processor has AVX2 (as a typed id's
/// `Display` does).
///
/// # Examples
///
/// ```
/// use idtypes::uuids::encode_hyphenated;
///
/// let uuid = uuid::uuid!("01890A5D-AC96-774B-BCCE-B302099A8057");
/// assert_eq!(encode_hyphenated(uuid), "01890a5d-ac96-774b-bcce-b302099a8057");
/// const TEXT: idtypes::IdText<36> = encode_hyphenated(uuid::Uuid::max());
/// assert_eq!(TEXT, "ffffffff-ffff-ffff-ffff-ffffffffffff");
/// ```
#[inline]
pub const fn encode_hyphenated(uuid: Uuid) -> IdText<36> {
    let bytes = uuid.as_bytes();
    let mut text = [b'-'; 36];
    // One lookup a byte, written at positions the compiler knows (a loop over the positions
    // took a third longer; words put together from the lookups, or made without them, no less).
    macro_rules! pairs {
        ($($i:literal => $at:literal),*) => {$(
            let [high, low] = hex::PAIRS_LOWER[bytes[$i] as usize];
            text[$at] = high;
            text[$at + 1] = low;
        )*};
    }
    pairs!(0 => 0, 1 => 2, 2 => 4, 3 => 6, 4 => 9, 5 => 11, 6 => 14, 7 => 16, 8 => 19, 9 => 21,
        10 => 24, 11 => 26, 12 => 28, 13 => 30, 14 => 32, 15 => 34);
    IdText::from_ascii(text)
}

/// [`encode_hyphenated`] for run time: the same text, by AVX2 where the processor has it
/// (detected at run time, once; a register shuffle instead of a table lookup a byte), by the
/// same table as `encode_hyphenated` elsewhere (other processors, other architectures,
/// WebAssembly, `no_std` builds without AVX2 enabled at compile time).
///
/// What a typed id whose text is hyphenated (`#[idtype(text = "hyphenated")]`) writes for its
/// `Display`; its `encode()`, a `const fn`, uses [`encode_hyphenated`].
///
/// # Examples
///
/// ```
/// use idtypes::uuids::{encode_hyphenated, encode_hyphenated_fast};
///
/// let uuid = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
/// let text = encode_hyphenated_fast(uuid);
/// assert_eq!(text, "01890a5d-ac96-774b-bcce-b302099a8057");
/// assert_eq!(text, encode_hyphenated(uuid));
/// ```
#[inline]
pub fn encode_hyphenated_fast(uuid: Uuid) -> IdText<36> {
    #[cfg(all(target_arch = "x86_64", any(feature = "std", target_feature = "avx2")))]
    if crate::codec::avx2::available() {
        let value = u128::from_le_bytes(*uuid.as_bytes());
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { crate::codec::avx2::hyphenated_encode(value) };
    }
    encode_hyphenated(uuid)
}

/// The hyphenated text as schemas state it.
const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    min_len: 36,
    max_len: 36,
    description: "A UUID in its hyphenated form (RFC 9562): 32 hex digits in groups of 8, 4, \
                  4, 4 and 12 joined by `-`, written in lowercase and read in either case.",
    example: "01890a5d-ac96-774b-bcce-b302099a8057",
    words: "36 characters, the hyphenated form of a UUID",
    spec_url: Some("https://www.rfc-editor.org/rfc/rfc9562"),
};

/// Writes the lowercase hyphenated text (the alternate flag changes nothing).
fn write(uuid: &Uuid, _: bool, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(&encode_hyphenated_fast(*uuid))
}

/// The text of a typed UUID with `#[idtype(text = "hyphenated")]`: the prefix, then the
/// hyphenated form (`user_01890a5d-ac96-774b-bcce-b302099a8057`), or that form alone.
#[doc(hidden)]
pub const HYPHENATED_TEXT: TextForm<Uuid> = TextForm::other(OtherText {
    max_parse_len: 36,
    max_text_len: 36,
    schema: TEXT_SCHEMA,
    parse: parse_hyphenated,
    parse_valid,
    write,
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, codec::scalar_only};
    use std::prelude::rust_2024::*;

    #[test]
    fn reads_what_the_uuid_crate_writes_in_either_case() {
        for value in [0, 1, u128::MAX, 0x0189_0a5d_ac96_774b_bcce_b302_099a_8057] {
            let uuid = Uuid::from_u128(value);
            assert_eq!(parse_hyphenated(&uuid.to_string()), Ok(uuid));
            assert_eq!(parse_hyphenated(&uuid.to_string().to_uppercase()), Ok(uuid));
        }
    }

    /// Runs `check` twice: as the processor allows (AVX2 on most x86-64), then on the scalar
    /// forms alone, as on a processor without AVX2.
    fn both_paths(check: impl Fn()) {
        check();
        scalar_only(check);
    }

    #[test]
    fn the_quick_parse_and_the_encoder_agree_with_the_uuid_crate() {
        both_paths(|| {
            for value in [0, 1, u128::MAX, 0x0189_0a5d_ac96_774b_bcce_b302_099a_8057] {
                let uuid = Uuid::from_u128(value);
                let text = uuid.to_string();
                assert_eq!(encode_hyphenated(uuid), text.as_str());
                assert_eq!(encode_hyphenated_fast(uuid), text.as_str());
                assert_eq!(parse_valid(&format!("user_{text}"), 5), Some(uuid));
                assert_eq!(parse_valid(&text.to_uppercase(), 0), Some(uuid));
            }
            let good = "01890a5d-ac96-774b-bcce-b302099a8057";
            // Every byte at every place: the quick parse accepts exactly what the checker that
            // finds the errors, byte by byte, does, and `parse_hyphenated` gives its answer.
            for position in 0..good.len() {
                for byte in 0..=255u8 {
                    let mut bytes = good.as_bytes().to_vec();
                    bytes[position] = byte;
                    let Ok(text) = String::from_utf8(bytes) else {
                        continue;
                    };
                    assert_eq!(parse_valid(&text, 0), refuse(&text).ok(), "{text:?}");
                    assert_eq!(parse_hyphenated(&text), refuse(&text), "{text:?}");
                }
            }
            assert_eq!(parse_valid(good, 1), None);
            assert_eq!(parse_valid(good, 40), None);
        });
    }

    #[test]
    fn every_byte_in_every_place_encodes_as_the_const_table_does() {
        both_paths(|| {
            let example = Uuid::from_u128(0x0189_0a5d_ac96_774b_bcce_b302_099a_8057);
            for place in 0..16 {
                for byte in 0..=255u8 {
                    let mut bytes = *example.as_bytes();
                    bytes[place] = byte;
                    let uuid = Uuid::from_bytes(bytes);
                    assert_eq!(encode_hyphenated_fast(uuid), encode_hyphenated(uuid));
                }
            }
        });
    }

    proptest::proptest! {
        #[test]
        fn the_fast_encoder_and_parse_agree_with_the_scalar_ones(
            value in proptest::prelude::any::<u128>(),
            upper in proptest::prelude::any::<bool>(),
        ) {
            let uuid = Uuid::from_u128(value);
            let fast = encode_hyphenated_fast(uuid);
            proptest::prop_assert_eq!(fast, encode_hyphenated(uuid));
            proptest::prop_assert_eq!(fast.as_str(), uuid.to_string());
            proptest::prop_assert_eq!(scalar_only(|| encode_hyphenated_fast(uuid)), fast);
            let mut text = fast.as_str().to_owned();
            if upper {
                text.make_ascii_uppercase();
            }
            proptest::prop_assert_eq!(parse_hyphenated(&text), Ok(uuid));
            proptest::prop_assert_eq!(scalar_only(|| parse_hyphenated(&text)), Ok(uuid));
        }

        #[test]
        fn any_text_parses_alike_on_both_paths(text in "[0-9a-fA-F-]{30,40}|.{0,40}") {
            let fast = parse_hyphenated(&text);
            proptest::prop_assert_eq!(&fast, &refuse(&text));
            proptest::prop_assert_eq!(scalar_only(|| parse_hyphenated(&text)), fast);
        }
    }

    #[cfg(feature = "schemars")]
    #[test]
    fn the_schema_pattern_matches_what_parses() {
        let pattern = regex::Regex::new(&format!("^{}$", TEXT_SCHEMA.pattern)).unwrap();
        assert!(parse_hyphenated(TEXT_SCHEMA.example).is_ok());
        let good = TEXT_SCHEMA.example;
        for position in 0..good.len() {
            for byte in 0..=127u8 {
                let mut bytes = good.as_bytes().to_vec();
                bytes[position] = byte;
                let text = String::from_utf8(bytes).unwrap();
                assert_eq!(
                    pattern.is_match(&text),
                    parse_hyphenated(&text).is_ok(),
                    "{text:?}"
                );
            }
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
