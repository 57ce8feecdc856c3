//! [`Spec`]: what the tool knows of one id format. `formats.rs` implements it once for each
//! format, and is the only file that names one; the commands see the formats through
//! [`Format`](crate::format::Format) and [`Id`](crate::format::Id), whatever they are.

use std::fmt::Display;
use std::ops::Bound;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use idtypes::{Error, FixedSizeFormat, IdFormat, IdRange, IdRanges};

use crate::describe::IdInfo;
use crate::error::Failure;
use crate::formats::{Form, Origin};

/// One id format, as the commands need it: its name is its `SLUG` (`tid`, `time-id`), on the
/// command line and in the JSON, and its place among `inspect`'s guesses is in
/// [`GUESS_ORDER`](crate::formats::GUESS_ORDER). Most items have a default that fits a format
/// without the feature (no time, no forms of its own, no options for `new`).
pub trait Spec: IdFormat {
    /// Other names the command line takes (not shown in `--help`).
    const ALIASES: &'static [&'static str] = &[];

    /// The line about the format in `--help`.
    const ABOUT: &'static str;

    /// The format whose text this one's is, and reads first (a uid11 profile's uid11): a text
    /// that format refuses is reported once, by it, in `inspect`.
    const TEXT_OF: Option<&'static str> = None;

    /// The integer form and the bytes, or why the format has neither (its ids are only text).
    const NUMBERS: Result<Numbers<Self>, &'static str>;

    /// The forms of `convert` the format has besides its text, integer and bytes.
    const FORMS: &'static [Form] = &[];

    /// How `range` finds ids of the format, or why their order answers no query.
    const RANGES: Result<Ranges<Self>, &'static str>;

    /// The options of `new` the format takes (`--clock-id`, `--node`, `--machine`).
    const OPTIONS: &'static [&'static str] = &[];

    /// Whether this id tells it was more likely made as this format than its text alone does
    /// (a small sequence number): then the reading takes the format's hinted place in
    /// [`GUESS_ORDER`](crate::formats::GUESS_ORDER), which must have one.
    fn hinted(&self) -> bool {
        false
    }

    /// Whether `text`, which the format read, is written as only this format writes ids: then
    /// the reading is as good as a plausible time.
    fn telltale(_text: &str) -> bool {
        false
    }

    /// The time an id holds, at the format's precision: [`Time::micros`], [`Time::millis`] or
    /// [`Time::seconds`] for a format whose time its ids hold (chrono's `From` the id), or the
    /// format's own reading; none by default.
    const TIME: fn(&Self) -> Option<Time> = |_| None;

    /// Fills in the parts of `info` the format has besides its text, integer, bytes and time.
    fn parts(&self, _info: &mut IdInfo) {}

    /// The id's canonical text, as `new`, `inspect` and `convert` print it: the format's text
    /// ([`IdFormat::encode`]), or a UUID's hyphenated form.
    fn show(&self) -> String {
        self.encode().to_string()
    }

    /// The id `text` spells (what `inspect` tries, and `convert` reads as `text`).
    fn read_text(text: &str) -> Result<Self, Error> {
        Self::parse_text(text)
    }

    /// The id in `form`, one of the format's [`FORMS`](Spec::FORMS).
    fn write(&self, _form: Form) -> Option<String> {
        None
    }

    /// Reads `text` written in `form`, one of the format's [`FORMS`](Spec::FORMS).
    fn read(_form: Form, text: &str) -> Result<Self, Failure> {
        Ok(Self::read_text(text)?)
    }

    /// Whether the ids' times can be read and made: what they need beyond the id (a
    /// Snowflake's epoch, `--epoch`), or why not. `range --from/--to` asks first.
    fn time_context() -> Result<(), Failure> {
        Ok(())
    }

    /// The generator of `new`, set up from its options (already checked against
    /// [`OPTIONS`](Spec::OPTIONS)), or why there is none.
    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure>;
}

/// Makes ids of one format, one a call.
pub type Generator<T> = Box<dyn Fn() -> Result<T, Error>>;

/// A span of time for `range`: either end may be open.
pub type Span = (Bound<DateTime<Utc>>, Bound<DateTime<Utc>>);

/// The time an id holds, at the precision the format stores.
#[derive(Debug, Clone, Copy)]
pub enum Time {
    /// A microsecond timestamp.
    Micros(DateTime<Utc>),
    /// A millisecond timestamp.
    Millis(DateTime<Utc>),
    /// A timestamp of whole seconds.
    Seconds(DateTime<Utc>),
}

impl Time {
    /// The time of an id of a format whose timestamps are microseconds.
    pub fn micros<T: Copy>(id: &T) -> Option<Time>
    where
        DateTime<Utc>: From<T>,
    {
        Some(Time::Micros(DateTime::from(*id)))
    }

    /// The time of an id of a format whose timestamps are milliseconds.
    pub fn millis<T: Copy>(id: &T) -> Option<Time>
    where
        DateTime<Utc>: From<T>,
    {
        Some(Time::Millis(DateTime::from(*id)))
    }

    /// The time of an id of a format whose timestamps are whole seconds.
    pub fn seconds<T: Copy>(id: &T) -> Option<Time>
    where
        DateTime<Utc>: From<T>,
    {
        Some(Time::Seconds(DateTime::from(*id)))
    }
}

/// Why a decimal integer is not an id of a format.
#[derive(Debug)]
pub enum IntegerError {
    /// Not a decimal number of the format's integer type; the integers it takes.
    NotANumber(String),
    /// A number, but the format refuses it.
    Refused(Error),
}

impl From<Error> for IntegerError {
    fn from(err: Error) -> IntegerError {
        IntegerError::Refused(err)
    }
}

/// Reads a decimal integer of type `N`; `range` is what the error says the format takes. A
/// number of `N` out of `range` is the format's to refuse, with its own message.
pub fn decimal<N: FromStr>(text: &str, range: impl Display) -> Result<N, IntegerError> {
    text.parse()
        .map_err(|_| IntegerError::NotANumber(range.to_string()))
}

/// A fixed-size format's integer form (in decimal) and big-endian bytes.
pub struct Numbers<T> {
    pub(crate) integer: fn(&T) -> String,
    pub(crate) from_integer: fn(&str) -> Result<T, IntegerError>,
    pub(crate) bytes: fn(&T) -> Vec<u8>,
    /// `None` for a slice of the wrong length.
    pub(crate) from_bytes: fn(&[u8]) -> Option<Result<T, Error>>,
    /// The length of the bytes.
    pub(crate) len: usize,
    /// The database column of the ids.
    pub(crate) column: idtypes::Column,
}

impl<T: FixedSizeFormat> Numbers<T> {
    /// The integer `integer` writes and `from_integer` reads, and the format's bytes.
    pub const fn new(
        integer: fn(&T) -> String,
        from_integer: fn(&str) -> Result<T, IntegerError>,
    ) -> Numbers<T> {
        Numbers {
            integer,
            from_integer,
            bytes: |id| id.to_bytes().as_ref().to_vec(),
            from_bytes: |bytes| {
                let bytes = <T::Bytes as TryFrom<&[u8]>>::try_from(bytes).ok()?;
                Some(T::try_from_bytes(bytes))
            },
            len: size_of::<T::Bytes>(),
            column: T::COLUMN,
        }
    }
}

impl<T: FixedSizeFormat<Raw: RawInteger>> Numbers<T> {
    /// The integer is the raw form (`u64`, `i64`): any number of its type is read as one,
    /// which the format's `try_from_raw` may still refuse (a reserved bit).
    pub const RAW: Numbers<T> = Numbers::new(
        |id| id.to_raw().to_string(),
        |text| {
            let range = format!("{}..={}", T::Raw::MIN, T::Raw::MAX);
            Ok(T::try_from_raw(decimal(text, range)?)?)
        },
    );
}

impl<T: FixedSizeFormat> Numbers<T> {
    /// The integer is the big-endian bytes read as one number: the formats whose raw form is
    /// their bytes (a ULID's or a UUID's 128 bits, a KSUID's 160).
    pub const BYTES: Numbers<T> = Numbers::new(
        |id| decimal_of_bytes(id.to_bytes().as_ref()),
        |text| {
            let len = size_of::<T::Bytes>();
            let not_a_number =
                || IntegerError::NotANumber(format!("0..={}", decimal_of_bytes(&vec![0xFF; len])));
            let bytes = bytes_of_decimal(text, len).ok_or_else(not_a_number)?;
            let Ok(bytes) = <T::Bytes as TryFrom<&[u8]>>::try_from(&bytes) else {
                return Err(not_a_number());
            };
            Ok(T::try_from_bytes(bytes)?)
        },
    );
}

/// Big-endian bytes as a decimal number (of any width).
fn decimal_of_bytes(bytes: &[u8]) -> String {
    // Base 10^19 limbs, least significant first.
    let mut limbs: Vec<u64> = Vec::new();
    for &byte in bytes {
        let mut carry = u128::from(byte);
        for limb in &mut limbs {
            let value = u128::from(*limb) * 256 + carry;
            *limb = (value % 10_000_000_000_000_000_000) as u64;
            carry = value / 10_000_000_000_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry as u64);
        }
    }
    let mut text = limbs.last().map_or_else(|| "0".to_owned(), u64::to_string);
    for limb in limbs.iter().rev().skip(1) {
        text.push_str(&format!("{limb:019}"));
    }
    text
}

/// The `len` big-endian bytes of the decimal number `text`, or `None` when it is no number or
/// does not fit. Up to 16 bytes, it is read as a `u128` is (a leading `+` too); wider, digits
/// only.
fn bytes_of_decimal(text: &str, len: usize) -> Option<Vec<u8>> {
    if len <= 16 {
        let value: u128 = text.parse().ok()?;
        let bytes = value.to_be_bytes();
        let (high, low) = bytes.split_at(16 - len);
        return high.iter().all(|&byte| byte == 0).then(|| low.to_vec());
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut bytes = vec![0u8; len];
    for digit in text.bytes() {
        let mut carry = u16::from(digit - b'0');
        for byte in bytes.iter_mut().rev() {
            let value = u16::from(*byte) * 10 + carry;
            *byte = value as u8;
            carry = value >> 8;
        }
        if carry > 0 {
            return None;
        }
    }
    Some(bytes)
}

/// A raw form that is an integer.
pub trait RawInteger: FromStr + Display {
    /// The smallest value.
    const MIN: Self;
    /// The largest value.
    const MAX: Self;
}

impl RawInteger for u64 {
    const MIN: u64 = u64::MIN;
    const MAX: u64 = u64::MAX;
}

impl RawInteger for i64 {
    const MIN: i64 = i64::MIN;
    const MAX: i64 = i64::MAX;
}

/// A format's `range_for_prefix`.
pub type PrefixRange<T> = fn(&str) -> Result<Option<IdRange<T>>, Error>;

/// How `range` finds a format's ids: by the prefix of their text, and by the time they were
/// made when they hold one (the format's `range_for_prefix` and `ranges_for_time`).
pub struct Ranges<T> {
    /// `None` for a format whose text does not sort like its ids (a Snowflake's decimal).
    pub(crate) by_prefix: Option<PrefixRange<T>>,
    pub(crate) by_time: Option<fn(Span) -> IdRanges<T>>,
    /// The bounds of the ranges: `IdRange` and `IdRanges` hand them out for `Copy` ids only,
    /// and the formats without ranges are not `Copy`, so the constructors, which know `T`,
    /// take them.
    pub(crate) bounds: fn(IdRange<T>) -> (T, T),
    pub(crate) all_bounds: fn(IdRanges<T>) -> Vec<(T, T)>,
}

impl<T: Copy> Ranges<T> {
    /// Ranges by prefix only: the ids hold no time.
    pub const fn by_prefix(by_prefix: fn(&str) -> Result<Option<IdRange<T>>, Error>) -> Self {
        Ranges {
            by_prefix: Some(by_prefix),
            by_time: None,
            bounds: IdRange::into_bounds,
            all_bounds: |ranges| ranges.iter().map(|range| range.into_bounds()).collect(),
        }
    }

    /// Ranges by prefix and by time.
    pub const fn by_prefix_and_time(
        by_prefix: fn(&str) -> Result<Option<IdRange<T>>, Error>,
        by_time: fn(Span) -> IdRanges<T>,
    ) -> Self {
        Ranges {
            by_time: Some(by_time),
            ..Ranges::by_prefix(by_prefix)
        }
    }

    /// Ranges by time only: the ids' text does not sort like them (a Snowflake's decimal).
    pub const fn by_time(by_time: fn(Span) -> IdRanges<T>) -> Self {
        Ranges {
            by_prefix: None,
            by_time: Some(by_time),
            bounds: IdRange::into_bounds,
            all_bounds: |ranges| ranges.iter().map(|range| range.into_bounds()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{bytes_of_decimal, decimal_of_bytes};

    #[test]
    fn wide_integers_round_trip_through_decimal() {
        assert_eq!(decimal_of_bytes(&[0; 20]), "0");
        assert_eq!(
            decimal_of_bytes(&[0xFF; 20]),
            "1461501637330902918203684832716283019655932542975"
        );
        let mut one = [0u8; 20];
        one[19] = 1;
        assert_eq!(decimal_of_bytes(&one), "1");
        for bytes in [[0u8; 20], [0xFF; 20], one, [0x80; 20]] {
            assert_eq!(
                bytes_of_decimal(&decimal_of_bytes(&bytes), 20).as_deref(),
                Some(&bytes[..])
            );
        }
        assert_eq!(
            bytes_of_decimal("1461501637330902918203684832716283019655932542976", 20),
            None
        );
        assert_eq!(bytes_of_decimal("", 20), None);
        assert_eq!(bytes_of_decimal("-1", 20), None);
        assert_eq!(bytes_of_decimal("1e3", 20), None);
    }

    #[test]
    fn narrow_integers_are_read_as_u128() {
        assert_eq!(decimal_of_bytes(&[0xFF; 16]), u128::MAX.to_string());
        assert_eq!(bytes_of_decimal("+258", 12).unwrap()[10..], [1, 2]);
        let max_96 = ((1u128 << 96) - 1).to_string();
        assert_eq!(bytes_of_decimal(&max_96, 12), Some(vec![0xFF; 12]));
        assert_eq!(bytes_of_decimal(&(1u128 << 96).to_string(), 12), None);
        assert_eq!(
            bytes_of_decimal(&u128::MAX.to_string(), 16),
            Some(vec![0xFF; 16])
        );
    }
}
