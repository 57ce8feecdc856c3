//! [`Format`] and [`Id`]: a format and an id of any format, as trait objects, so that every
//! command is written once for all of them. Both are implemented here for every [`Spec`];
//! the formats themselves are in `formats.rs`.

use std::fmt;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::describe::IdInfo;
use crate::error::Failure;
use crate::formats::{AMBIGUOUS, FORMATS, Form, GUESS_ORDER, Origin};
use crate::spec::{IntegerError, Ranges, Span, Spec, Time};

/// An id of some format, already valid.
pub type AnyId = Box<dyn Id>;

/// Makes ids of some format, one a call.
pub type AnyGenerator = Box<dyn Fn() -> Result<AnyId, idtypes::Error>>;

/// The first and last id of an inclusive range.
pub type Bounds = (AnyId, AnyId);

/// One of the formats the tool knows (see [`Spec`] for what each item means).
pub trait Format: Sync {
    /// The name on the command line and in the JSON.
    fn name(&self) -> &'static str;
    /// Other names the command line takes.
    fn aliases(&self) -> &'static [&'static str];
    /// The line about the format in `--help`.
    fn about(&self) -> &'static str;
    /// Where its readings go among readings as plausible, smaller first: its place in
    /// [`GUESS_ORDER`].
    fn guess(&self) -> u8;
    /// The format whose text this one reads first, if any.
    fn text_of(&self) -> Option<&'static str>;
    /// Whether `text`, which this format read, is written as only this format writes ids.
    fn telltale(&self, text: &str) -> bool;
    /// Why the format has no integer or bytes, if it has none: its ids are only text.
    fn text_only(&self) -> Option<&'static str>;
    /// The forms the format has besides its text, integer and bytes.
    fn forms(&self) -> &'static [Form];
    /// The options of `new` the format takes.
    fn options(&self) -> &'static [&'static str];

    /// Reads the canonical text.
    fn parse(&self, text: &str) -> Result<AnyId, idtypes::Error>;
    /// Reads `text` written in `form`, one of [`forms`](Format::forms).
    fn read(&self, form: Form, text: &str) -> Result<AnyId, Failure>;
    /// Reads the integer form, in decimal.
    fn read_integer(&self, text: &str) -> Result<AnyId, IntegerError>;
    /// The length of the bytes, if the ids have bytes.
    fn byte_len(&self) -> Option<usize>;
    /// Reads the bytes; `None` for a slice of the wrong length or a format without bytes.
    fn read_bytes(&self, bytes: &[u8]) -> Option<Result<AnyId, idtypes::Error>>;

    /// Why `range` has nothing for this format, if so.
    fn no_ranges(&self) -> Option<&'static str>;
    /// Whether the ids hold a time (and so have ranges by time).
    fn has_time(&self) -> bool;
    /// Whether its text has prefix ranges (every ranged format's but the Snowflake's).
    fn has_prefix(&self) -> bool;
    /// What reading or making its times needs beyond the id ([`Spec::time_context`]).
    fn time_context(&self) -> Result<(), Failure>;
    /// The range of the ids whose text starts with `prefix`, if any.
    fn prefix_range(&self, prefix: &str) -> Result<Option<Bounds>, idtypes::Error>;
    /// The ranges of the ids made within `span` (none for ids that hold no time).
    fn time_ranges(&self, span: Span) -> Vec<Bounds>;

    /// The generator of `new`, set up from its options.
    fn generator(&self, origin: &Origin) -> Result<AnyGenerator, Failure>;
}

impl fmt::Debug for dyn Format + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for dyn Format + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One id, of any format (see [`Spec`] for what each item means).
pub trait Id {
    /// Its format.
    fn format(&self) -> &'static dyn Format;
    /// The canonical text.
    fn text(&self) -> String;
    /// The integer form, in decimal, if the format has one.
    fn integer(&self) -> Option<String>;
    /// The big-endian bytes, if the format has them.
    fn bytes(&self) -> Option<Vec<u8>>;
    /// The database column of its format, if the format has bytes.
    fn column(&self) -> Option<idtypes::Column>;
    /// The id in `form`, one of its format's [`forms`](Format::forms).
    fn write(&self, form: Form) -> Option<String>;
    /// Where this reading goes among readings as plausible, smaller first: its format's place in
    /// [`GUESS_ORDER`], or its hinted place ([`Spec::hinted`]).
    fn guess(&self) -> u8;
    /// The time the id holds.
    fn time(&self) -> Option<Time>;
    /// Fills in the parts of `info` besides the text, integer, bytes and time.
    fn parts(&self, info: &mut IdInfo);
}

/// The [`Format`] of the ids of type `T`.
struct Of<T>(PhantomData<fn() -> T>);

/// The format of the ids of type `T`, for the table in `formats.rs`.
pub const fn of<T: Spec>() -> &'static dyn Format {
    &Of::<T>(PhantomData)
}

/// `id` as an [`AnyId`].
fn any<T: Spec>(id: T) -> AnyId {
    Box::new(id)
}

impl<T: Spec> Format for Of<T> {
    fn name(&self) -> &'static str {
        T::SLUG
    }

    fn aliases(&self) -> &'static [&'static str] {
        T::ALIASES
    }

    fn about(&self) -> &'static str {
        T::ABOUT
    }

    fn guess(&self) -> u8 {
        guess_place(self, false)
    }

    fn text_of(&self) -> Option<&'static str> {
        T::TEXT_OF
    }

    fn telltale(&self, text: &str) -> bool {
        T::telltale(text)
    }

    fn text_only(&self) -> Option<&'static str> {
        T::NUMBERS.err()
    }

    fn forms(&self) -> &'static [Form] {
        T::FORMS
    }

    fn options(&self) -> &'static [&'static str] {
        T::OPTIONS
    }

    fn parse(&self, text: &str) -> Result<AnyId, idtypes::Error> {
        T::read_text(text).map(any)
    }

    fn read(&self, form: Form, text: &str) -> Result<AnyId, Failure> {
        T::read(form, text).map(any)
    }

    fn read_integer(&self, text: &str) -> Result<AnyId, IntegerError> {
        match &T::NUMBERS {
            Ok(numbers) => (numbers.from_integer)(text).map(any),
            Err(why) => Err(IntegerError::NotANumber((*why).to_owned())),
        }
    }

    fn byte_len(&self) -> Option<usize> {
        T::NUMBERS.as_ref().ok().map(|numbers| numbers.len)
    }

    fn read_bytes(&self, bytes: &[u8]) -> Option<Result<AnyId, idtypes::Error>> {
        let numbers = T::NUMBERS.as_ref().ok()?;
        Some((numbers.from_bytes)(bytes)?.map(any))
    }

    fn no_ranges(&self) -> Option<&'static str> {
        T::RANGES.as_ref().err().copied()
    }

    fn has_time(&self) -> bool {
        T::RANGES
            .as_ref()
            .is_ok_and(|ranges| ranges.by_time.is_some())
    }

    fn has_prefix(&self) -> bool {
        T::RANGES
            .as_ref()
            .is_ok_and(|ranges| ranges.by_prefix.is_some())
    }

    fn time_context(&self) -> Result<(), Failure> {
        T::time_context()
    }

    fn prefix_range(&self, prefix: &str) -> Result<Option<Bounds>, idtypes::Error> {
        let Ok(Ranges {
            by_prefix: Some(by_prefix),
            bounds,
            ..
        }) = &T::RANGES
        else {
            return Ok(None);
        };
        let range = by_prefix(prefix)?;
        Ok(range.map(|range| {
            let (start, end) = bounds(range);
            (any(start), any(end))
        }))
    }

    fn time_ranges(&self, span: Span) -> Vec<Bounds> {
        let Ok(Ranges {
            by_time: Some(by_time),
            all_bounds,
            ..
        }) = T::RANGES
        else {
            return Vec::new();
        };
        let bounds = all_bounds(by_time(span)).into_iter();
        bounds.map(|(start, end)| (any(start), any(end))).collect()
    }

    fn generator(&self, origin: &Origin) -> Result<AnyGenerator, Failure> {
        let generator = T::generator(origin)?;
        Ok(Box::new(move || generator().map(any)))
    }
}

impl<T: Spec> Id for T {
    fn format(&self) -> &'static dyn Format {
        of::<T>()
    }

    fn text(&self) -> String {
        self.show()
    }

    fn integer(&self) -> Option<String> {
        T::NUMBERS
            .as_ref()
            .ok()
            .map(|numbers| (numbers.integer)(self))
    }

    fn bytes(&self) -> Option<Vec<u8>> {
        T::NUMBERS
            .as_ref()
            .ok()
            .map(|numbers| (numbers.bytes)(self))
    }

    fn column(&self) -> Option<idtypes::Column> {
        T::NUMBERS.as_ref().ok().map(|numbers| numbers.column)
    }

    fn write(&self, form: Form) -> Option<String> {
        Spec::write(self, form)
    }

    fn guess(&self) -> u8 {
        guess_place(self.format(), self.hinted())
    }

    fn time(&self) -> Option<Time> {
        (T::TIME)(self)
    }

    fn parts(&self, info: &mut IdInfo) {
        Spec::parts(self, info);
    }
}

/// A place in [`GUESS_ORDER`]: `formats.rs` lists them.
#[derive(Clone, Copy)]
pub enum Place {
    /// The readings of a format.
    Of(&'static dyn Format),
    /// The readings of a format whose id is [hinted](Spec::hinted).
    Hinted(&'static dyn Format),
}

impl Place {
    /// The format whose readings these are.
    pub fn format(self) -> &'static dyn Format {
        match self {
            Place::Of(format) | Place::Hinted(format) => format,
        }
    }

    /// Whether the place is of the hinted readings.
    pub fn is_hinted(self) -> bool {
        matches!(self, Place::Hinted(_))
    }
}

/// The place of `format`'s readings in [`GUESS_ORDER`], or of those of its ids that are
/// `hinted` ([`Spec::hinted`]).
fn guess_place(format: &dyn Format, hinted: bool) -> u8 {
    let place = GUESS_ORDER
        .iter()
        .position(|place| place.format().name() == format.name() && place.is_hinted() == hinted);
    let place = place.unwrap_or_else(|| panic!("{format} has no place in GUESS_ORDER"));
    place as u8
}

/// The format named `name` (or one of its aliases).
fn find(name: &str) -> Option<&'static dyn Format> {
    FORMATS
        .iter()
        .copied()
        .find(|format| format.name() == name || format.aliases().contains(&name))
}

/// The command-line argument naming a format: its possible values, with their help, are the
/// formats' names; an [ambiguous name](AMBIGUOUS) is refused with its own message.
pub fn parser() -> impl TypedValueParser<Value = &'static dyn Format> {
    let names = FORMATS.iter().map(|format| {
        PossibleValue::new(format.name())
            .help(format.about())
            .aliases(format.aliases())
    });
    FormatParser(
        PossibleValuesParser::new(names).try_map(|name| find(&name).ok_or("no such format")),
    )
}

/// The formats' parser, which first refuses the [ambiguous names](AMBIGUOUS) saying which
/// formats they could mean.
#[derive(Clone)]
struct FormatParser<P>(P);

impl<P: TypedValueParser<Value = &'static dyn Format>> TypedValueParser for FormatParser<P> {
    type Value = &'static dyn Format;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        if let Some((_, message)) = AMBIGUOUS.iter().find(|(name, _)| value == *name) {
            let mut cmd = cmd.clone();
            return Err(cmd.error(clap::error::ErrorKind::InvalidValue, message));
        }
        self.0.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        self.0.possible_values()
    }
}
