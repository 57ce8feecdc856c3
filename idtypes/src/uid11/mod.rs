//! uid11 ([`Uid11`]): a `u64` as exactly 11 symbols of Base58, and its profiles, which give the
//! 64 bits a meaning: [`Uid11Xid`], [`Snowish`], [`TsSeqRand`] and [`FullRand`].
//!
//! The id types are also at the crate root; the profiles' generators ([`Uid11XidGenerator`],
//! [`SnowishGenerator`], [`TsSeqRandGenerator`]), [`Uid11XidMode`] and [`UID11_XID_EPOCH_MILLIS`] are here
//! (`idtypes::uid11::Uid11XidGenerator`).
//!
//! # References
//!
//! - uid11 specification 1.0 ("Fixed-length (11) Base58 identifier · Profile: xid"), with the
//!   figures corrected where it is wrong, each tested as a known answer (the last xid millisecond, prefix bucket sizes)
//! - `gurki/uid11`, `test-vectors.json`

pub(crate) mod full_rand;
mod profile;
pub(crate) mod snowish;
mod time_range;
pub(crate) mod ts_seq_rand;
mod typed;
pub(crate) mod xid;

pub use full_rand::FullRand;
pub use snowish::Snowish;
#[cfg(all(feature = "std", idtypes_host))]
pub use snowish::SnowishGenerator;
pub use ts_seq_rand::TsSeqRand;
#[cfg(all(feature = "std", idtypes_host))]
pub use ts_seq_rand::TsSeqRandGenerator;
pub use typed::{TypedFullRand, TypedSnowish, TypedTsSeqRand, TypedUid11, TypedUid11Xid};
pub use xid::Uid11Xid;
#[cfg(all(feature = "std", idtypes_host))]
pub use xid::{Uid11XidGenerator, Uid11XidMode};

/// The uid11 xid profile under its name of v0.1.0.
///
/// # Examples
///
/// ```
/// #[allow(deprecated)]
/// let id: idtypes::uid11::Xid = idtypes::Uid11Xid::from_u64(1);
/// assert_eq!(id, idtypes::Uid11Xid::from_u64(1));
/// ```
#[deprecated(
    note = "renamed Uid11Xid: the uid11 profile \"xid\" (11 Base58 characters); for rs/xid's 12-byte XID use RsXid"
)]
pub type Xid = Uid11Xid;

/// [`Uid11XidGenerator`] under its name of v0.1.0.
///
/// # Examples
///
/// ```
/// #[allow(deprecated)]
/// let generator = idtypes::uid11::XidGenerator::new();
/// assert!(generator.next() > idtypes::Uid11Xid::MIN);
/// ```
#[cfg(all(feature = "std", idtypes_host))]
#[deprecated(
    note = "renamed Uid11XidGenerator: the uid11 profile \"xid\"; for rs/xid's 12-byte XID use RsXidGenerator"
)]
pub type XidGenerator<C = crate::SystemClock> = Uid11XidGenerator<C>;

/// [`Uid11XidMode`] under its name of v0.1.0.
///
/// # Examples
///
/// ```
/// #[allow(deprecated)]
/// let mode = idtypes::uid11::XidMode::Random;
/// assert_eq!(mode, idtypes::uid11::Uid11XidMode::Random);
/// ```
#[cfg(all(feature = "std", idtypes_host))]
#[deprecated(
    note = "renamed Uid11XidMode: the uid11 profile \"xid\"; rs/xid's 12-byte XID (RsXid) has no modes"
)]
pub type XidMode = Uid11XidMode;

use crate::{
    Error, IdRange, IdText,
    codec::base58::{self, DecodeError},
    error::{Lengths, Repr, char_at},
    text::schema::TextSchema,
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "uid11";

/// The uid11 specification, which defines the text and the four profiles.
pub(crate) const SPEC_URL: &str = "https://github.com/gurki/uid11/blob/master/SPECIFICATION.md";

/// The text of `u64::MAX`, the largest uid11.
const LARGEST: &str = "jpXCZedGfVQ";

/// The Base58 symbols as a character class, for patterns.
macro_rules! base58_class {
    () => {
        "[1-9A-HJ-NP-Za-km-z]"
    };
}
pub(crate) use base58_class;

/// The 11-symbol texts up to `jpXCZedGfVQ` (`u64::MAX`), as a pattern: one alternative per
/// symbol of the largest text, where that symbol is smaller and the rest is free (symbols
/// compare like ASCII). `pattern_is_the_texts_up_to_the_largest` derives it.
pub(crate) const U64_PATTERN: &str = concat!(
    "(?:[1-9A-HJ-NP-Za-i]",
    base58_class!(),
    "{10}|j[1-9A-HJ-NP-Za-km-o]",
    base58_class!(),
    "{9}|jp[1-9A-HJ-NP-W]",
    base58_class!(),
    "{8}|jpX[1-9AB]",
    base58_class!(),
    "{7}|jpXC[1-9A-HJ-NP-Y]",
    base58_class!(),
    "{6}|jpXCZ[1-9A-HJ-NP-Za-d]",
    base58_class!(),
    "{5}|jpXCZe[1-9A-HJ-NP-Za-c]",
    base58_class!(),
    "{4}|jpXCZed[1-9A-F]",
    base58_class!(),
    "{3}|jpXCZedG[1-9A-HJ-NP-Za-e]",
    base58_class!(),
    "{2}|jpXCZedGf[1-9A-HJ-NP-U]",
    base58_class!(),
    "|jpXCZedGfV[1-9A-HJ-NPQ])"
);

/// The text as schemas state it.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: U64_PATTERN,
    min_len: Uid11::TEXT_LEN,
    max_len: Uid11::TEXT_LEN,
    description: "A uid11: a 64-bit number as 11 characters of Base58 (the Bitcoin alphabet \
                  `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`), left-padded \
                  with `1`, at most `jpXCZedGfVQ`.",
    example: "TdnXpY7jPAz",
    words: "11 Base58 characters",
    spec_url: Some(SPEC_URL),
};

/// The xid epoch, 2011-11-11T11:11:11.111Z, in Unix milliseconds: the zero of every
/// timestamped profile (the specification gives snowish and ts-seq-rand no epoch; idtypes uses
/// this one for all three).
pub const UID11_XID_EPOCH_MILLIS: u64 = 1_321_009_871_111;

/// [`UID11_XID_EPOCH_MILLIS`] under its name of v0.1.0.
///
/// # Examples
///
/// ```
/// #[allow(deprecated)]
/// let epoch = idtypes::uid11::XID_EPOCH_MILLIS;
/// assert_eq!(epoch, idtypes::uid11::UID11_XID_EPOCH_MILLIS);
/// ```
#[deprecated(
    note = "renamed UID11_XID_EPOCH_MILLIS: the uid11 xid profile's epoch; rs/xid's XID counts Unix seconds"
)]
pub const XID_EPOCH_MILLIS: u64 = UID11_XID_EPOCH_MILLIS;

/// A uid11: a `u64` written as exactly 11 symbols of Base58 (Bitcoin alphabet), most
/// significant first, left-padded with `1`.
///
/// - Every `u64` has a text, and text order is numeric order (`Ord`).
/// - Decoding is strict: exactly 11 symbols of
///   `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`, and not above `u64::MAX`
///   (`jpXCZedGfVQ`): 58^11 is larger than 2^64, so `jpXCZedGfVR` and every text from `k` on
///   are refused.
/// - A prefix of 0 to 11 symbols names a range ([`range_for_prefix`](Uid11::range_for_prefix)).
/// - Profiles read the 64 bits: [`Uid11Xid`] (timestamp + random), [`Snowish`], [`TsSeqRand`],
///   [`FullRand`]; they share this text.
///
/// # Examples
///
/// ```
/// use idtypes::Uid11;
///
/// let id: Uid11 = "1111111NVpb".parse()?;
/// assert_eq!(id.to_u64(), 4194304);
/// assert_eq!(Uid11::MAX.to_string(), "jpXCZedGfVQ");
/// assert!("jpXCZedGfVR".parse::<Uid11>().is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Uid11(u64);

impl Uid11 {
    /// `11111111111` (0).
    pub const MIN: Uid11 = Uid11(0);

    /// `jpXCZedGfVQ` (`u64::MAX`).
    pub const MAX: Uid11 = Uid11(u64::MAX);

    /// The length of the text, in bytes.
    pub const TEXT_LEN: usize = 11;

    /// Wraps a `u64`. Every value is a uid11.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11::from_u64(57).to_string(), "1111111111z");
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Uid11 {
        Uid11(value)
    }

    /// The `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11::MAX.to_u64(), u64::MAX);
    /// ```
    #[inline]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// Reads the big-endian bytes of the `u64`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Uid11;
    ///
    /// assert_eq!(Uid11::from_bytes([0, 0, 0, 0, 0, 0, 0, 58]).to_string(), "11111111121");
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 8]) -> Uid11 {
        Uid11(u64::from_be_bytes(bytes))
    }

    /// The big-endian bytes of the `u64`; they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11::from_u64(1).to_bytes(), [0, 0, 0, 0, 0, 0, 0, 1]);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// Parses exactly 11 symbols (strict canonical decoding).
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) unless 11 bytes long;
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
    ///   alphabet (`0`, `O`, `I`, `l`, anything non-Base58), with the first one's position;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) above `jpXCZedGfVQ` (`u64::MAX`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Uid11};
    ///
    /// assert_eq!(Uid11::parse("11111111112")?, Uid11::from_u64(1));
    /// assert_eq!(Uid11::parse("1111111111").unwrap_err().kind(), ErrorKind::Length);
    /// let err = Uid11::parse("111111111O1").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(9)));
    /// assert_eq!(Uid11::parse("k1111111111").unwrap_err().kind(), ErrorKind::Overflow);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse(text: &str) -> Result<Uid11, Error> {
        Uid11::parse_ascii(text.as_bytes())
    }

    /// [`parse`](Uid11::parse) for text given as bytes.
    ///
    /// # Errors
    ///
    /// As [`parse`](Uid11::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11::parse_ascii(b"11111111112")?.to_u64(), 1);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse_ascii(text: &[u8]) -> Result<Uid11, Error> {
        if let (Some(symbols), 11) = (text.first_chunk::<11>(), text.len()) {
            if let Ok(value) = base58::decode11(symbols) {
                return Ok(Uid11(value));
            }
        }
        Err(parse_error(text))
    }

    /// The 11-symbol text, on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Uid11::from_u64(4194304).encode(), "1111111NVpb");
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<11> {
        IdText::from_ascii(base58::encode11(self.0))
    }

    /// The uid11s whose text starts with `prefix` (0 to 11 symbols), as an inclusive range;
    /// `None` when no `u64` has such a text (the range starts above `u64::MAX`, as for `k` or
    /// `jq`).
    ///
    /// The range is `[v * 58^(11-N), v * 58^(11-N) + 58^(11-N) - 1]`, clamped to `u64::MAX`; the
    /// empty prefix is every uid11.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) over 11 symbols,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside the
    /// alphabet.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Uid11;
    ///
    /// let range = Uid11::range_for_prefix("1111111NV")?.unwrap();
    /// assert_eq!(range.start().to_string(), "1111111NV11");
    /// assert_eq!(range.end().to_string(), "1111111NVzz");
    ///
    /// let clamped = Uid11::range_for_prefix("jpX")?.unwrap();
    /// assert_eq!(clamped.end(), Uid11::MAX);
    /// assert_eq!(Uid11::range_for_prefix("k")?, None);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Uid11>>, Error> {
        let bytes = prefix.as_bytes();
        let len = bytes.len();
        if len > 11 {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, 11),
                    found: len,
                },
            ));
        }
        let mut value = 0u128;
        let mut scale = 1u128;
        let mut i = 0;
        while i < len {
            let digit = base58::DECODE[bytes[i] as usize];
            if digit == base58::INVALID {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(bytes, i),
                        expected: base58::ALPHABET_STR,
                    },
                ));
            }
            value = value * 58 + digit as u128;
            i += 1;
        }
        let mut k = len;
        while k < 11 {
            scale *= 58;
            k += 1;
        }
        let start = value * scale;
        if start > u64::MAX as u128 {
            return Ok(None);
        }
        let end = start + scale - 1;
        let end = if end > u64::MAX as u128 {
            u64::MAX
        } else {
            end as u64
        };
        Ok(Some(IdRange::new_unchecked(
            Uid11(start as u64),
            Uid11(end),
        )))
    }
}

/// Why `text` is not a uid11 (it is not): the length, else the first foreign character, else
/// the overflow. Kept out of line, off the path of valid input.
#[cold]
#[inline(never)]
const fn parse_error(text: &[u8]) -> Error {
    let Some(symbols) = text.first_chunk::<11>() else {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(11, 11),
                found: text.len(),
            },
        );
    };
    if text.len() != 11 {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(11, 11),
                found: text.len(),
            },
        );
    }
    match base58::decode11(symbols) {
        Err(DecodeError::Symbol(position)) => Error::new(
            FORMAT,
            Repr::Character {
                position,
                found: char_at(text, position),
                expected: base58::ALPHABET_STR,
            },
        ),
        // `Ok` cannot happen for text that failed to parse; report the overflow either way.
        Err(DecodeError::Overflow) | Ok(_) => {
            Error::new(FORMAT, Repr::TooLarge { largest: LARGEST })
        }
    }
}

crate::text::traits::convert!(Uid11, u64, to_u64, from_u64);
crate::text::traits::text_traits!(Uid11, encode);

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    /// The pattern of the 11-symbol texts up to `largest`, derived from the alphabet: for each
    /// position, the texts equal to `largest` before it, smaller at it and free after it
    /// (the last position takes `largest`'s own symbol too).
    #[cfg(feature = "alloc")]
    fn texts_up_to(largest: &str) -> alloc::string::String {
        use alloc::{format, string::String, vec::Vec};
        let alphabet = base58::ALPHABET_STR.as_bytes();
        // The symbols below `limit` (or up to it, `inclusive`) as a class of ASCII ranges.
        let class = |limit: u8, inclusive: bool| -> String {
            let symbols: Vec<u8> = alphabet
                .iter()
                .copied()
                .filter(|&s| s < limit || (inclusive && s == limit))
                .collect();
            let mut out = String::from("[");
            let mut i = 0;
            while i < symbols.len() {
                let mut j = i;
                while j + 1 < symbols.len() && symbols[j + 1] == symbols[j] + 1 {
                    j += 1;
                }
                out.push(symbols[i] as char);
                if j > i + 1 {
                    out.push('-');
                }
                if j > i {
                    out.push(symbols[j] as char);
                }
                i = j + 1;
            }
            out + "]"
        };
        let free = base58_class!();
        let bytes = largest.as_bytes();
        let alternatives: Vec<String> = (0..bytes.len())
            .map(|at| {
                let last = at + 1 == bytes.len();
                let rest = match bytes.len() - at - 1 {
                    0 => String::new(),
                    1 => free.into(),
                    n => format!("{free}{{{n}}}"),
                };
                format!("{}{}{rest}", &largest[..at], class(bytes[at], last))
            })
            .filter(|alternative| !alternative.contains("[]"))
            .collect();
        format!("(?:{})", alternatives.join("|"))
    }

    #[test]
    #[cfg(feature = "alloc")]
    fn pattern_is_the_texts_up_to_the_largest() {
        assert_eq!(U64_PATTERN, texts_up_to(LARGEST));
        assert_eq!(Uid11::MAX.encode(), LARGEST);
        assert_eq!(
            snowish::TEXT_SCHEMA.pattern,
            texts_up_to(&snowish::Snowish::MAX.encode())
        );
    }

    #[test]
    fn overflow_names_the_largest_text() {
        let err = Uid11::parse("jpXCZedGfVR").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Overflow);
        assert_eq!(err.position(), None);
        assert_eq!(
            err.to_string(),
            "invalid uid11: the value is too large, the largest is `jpXCZedGfVQ`"
        );
    }

    #[test]
    fn the_first_foreign_character_is_reported_before_overflow() {
        let err = Uid11::parse("zzzzz0zzzzz").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(5))
        );
    }

    #[test]
    fn prefix_ranges_at_the_edges() {
        let all = Uid11::range_for_prefix("").unwrap().unwrap();
        assert_eq!(all.into_bounds(), (Uid11::MIN, Uid11::MAX));
        assert_eq!(Uid11::range_for_prefix("jq").unwrap(), None);
        let full = Uid11::range_for_prefix("jpXCZedGfVQ").unwrap().unwrap();
        assert_eq!(full.into_bounds(), (Uid11::MAX, Uid11::MAX));
        assert_eq!(Uid11::range_for_prefix("jpXCZedGfVR").unwrap(), None);
        let j = Uid11::range_for_prefix("j").unwrap().unwrap();
        assert_eq!(j.end(), Uid11::MAX);
        assert_eq!(j.start().to_u64(), 42 * 58u64.pow(10));
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use super::UID11_XID_EPOCH_MILLIS;
    use crate::{ErrorKind, Snowish, TsSeqRand, Uid11Xid};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    /// The Unix millisecond `millis`, and the last nanosecond of it.
    fn millisecond(millis: u64) -> (SystemTime, SystemTime) {
        let start = UNIX_EPOCH + Duration::from_millis(millis);
        (start, start + Duration::from_nanos(999_999))
    }

    #[test]
    fn each_profile_takes_every_millisecond_from_the_epoch_to_its_last() {
        let (first, _) = millisecond(UID11_XID_EPOCH_MILLIS);
        let before = first - Duration::from_nanos(1);
        let (_, xid_last) = millisecond(Uid11Xid::MAX_TIMESTAMP_MILLIS);
        assert_eq!(Uid11Xid::at(first).unwrap().millis_since_epoch(), 0);
        let xid = Uid11Xid::at(xid_last).unwrap();
        assert_eq!(xid.timestamp_millis(), Uid11Xid::MAX_TIMESTAMP_MILLIS);
        let (_, snowish_last) = millisecond(Snowish::MAX_TIMESTAMP_MILLIS);
        assert_eq!(Snowish::at(first).unwrap().millis_since_epoch(), 0);
        let snowish = Snowish::at(snowish_last).unwrap();
        assert_eq!(snowish.timestamp_millis(), Snowish::MAX_TIMESTAMP_MILLIS);
        let (_, ts_last) = millisecond(TsSeqRand::MAX_TIMESTAMP_MILLIS);
        assert_eq!(TsSeqRand::at(first).unwrap().millis_since_epoch(), 0);
        let ts = TsSeqRand::at(ts_last).unwrap();
        assert_eq!(ts.timestamp_millis(), TsSeqRand::MAX_TIMESTAMP_MILLIS);

        for err in [
            Uid11Xid::at(before).unwrap_err(),
            Snowish::at(before).unwrap_err(),
            TsSeqRand::at(before).unwrap_err(),
        ] {
            assert_eq!(err.kind(), ErrorKind::OutOfRange);
            // The millisecond found, before the epoch's.
            assert!(err.to_string().contains("1321009871110"), "{err}");
        }
        let after = |last: SystemTime| last + Duration::from_nanos(1);
        for err in [
            Uid11Xid::at(after(xid_last)).unwrap_err(),
            Snowish::at(after(snowish_last)).unwrap_err(),
            TsSeqRand::at(after(ts_last)).unwrap_err(),
        ] {
            assert_eq!(err.kind(), ErrorKind::OutOfRange);
        }
    }

    #[test]
    fn the_parts_that_are_not_time_are_drawn_for_each_id() {
        let (time, _) = millisecond(1_700_000_000_000);
        let xids: Vec<u32> = (0..3)
            .map(|_| Uid11Xid::at(time).unwrap().random())
            .collect();
        let snowish: Vec<(u16, u16)> = (0..3)
            .map(|_| Snowish::at(time).unwrap())
            .map(|id| (id.machine_id(), id.sequence()))
            .collect();
        let ts: Vec<(u16, u16)> = (0..3)
            .map(|_| TsSeqRand::at(time).unwrap())
            .map(|id| (id.sequence(), id.random()))
            .collect();
        // Three draws of 22 bits that are all the same: odds of 1 in 2^44, for each.
        assert!(xids[0] != xids[1] || xids[1] != xids[2]);
        assert!(snowish[0] != snowish[1] || snowish[1] != snowish[2]);
        assert!(ts[0] != ts[1] || ts[1] != ts[2]);
    }
}
