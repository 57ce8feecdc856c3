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
