//! The one error type shared by every format, split by concern: this file has the public
//! type, its kinds and accessors and the design notes; `repr` what an error holds (its
//! variants and their parts), `message` what it says, `reason` the texts it keeps (snippets
//! of the input, a validator's reason), `lease` the lease store's calls and reasons, and
//! `in_const` what `const` code needs to build and read errors.
//!
//! An [`Error`] says which format was being read or built, what kind of mistake was found
//! ([`ErrorKind`]), where (a byte offset from 0, for text), what was expected and what was
//! found. Its [`Display`](core::fmt::Display) message is meant for a person, and has one
//! shape: "invalid atproto TID: …", or for a typed id "invalid PostId: …", lengths and
//! positions in bytes, positions from 0 ("at byte 12" is the 13th byte):
//!
//! ```
//! let err = "3jzfcijpj2z21".parse::<idtypes::Tid>().unwrap_err();
//! assert_eq!(err.kind(), idtypes::ErrorKind::Character);
//! assert_eq!(err.position(), Some(12));
//! assert_eq!(
//!     err.to_string(),
//!     "invalid atproto TID: unexpected character '1' at byte 12, \
//!      expected one of `234567abcdefghijklmnopqrstuvwxyz`"
//! );
//! ```

mod in_const;
#[cfg(any(feature = "axum", feature = "async-graphql"))]
mod kind_name;
#[cfg(feature = "alloc")]
mod lease;
mod message;
mod reason;
mod repr;
#[cfg(test)]
mod tests;

use core::fmt::{self, Write as _};

pub use in_const::unwrap_const;
pub(crate) use in_const::{char_at, split};
#[cfg(any(feature = "axum", feature = "async-graphql"))]
pub(crate) use kind_name::kind_name;
#[cfg(feature = "alloc")]
pub(crate) use lease::{LeaseCall, TimeLimit};
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "etcd"
))]
pub(crate) use lease::{LeaseOp, reason_text};
pub(crate) use reason::{Snippet, ValidationReason};
#[cfg(feature = "alloc")]
pub(crate) use repr::OutOfLine;
pub(crate) use repr::{Bounds, Int, Lengths, Repr, TypeInfo};

// Design notes, for maintainers
// =============================
//
// One error type. Every parse, constructor, generator and lease operation returns `Error`,
// with an `ErrorKind` to match on and a message for people. A typed id forwards its format's
// errors and adds its own (prefix, separator, validation); a profile reports its base
// format's text errors under its own name; a record key type's check returns a TID's or an
// NSID's error. One type composes through all of that without conversions or generics, and
// callers need one `match`.
//
// Size budget: 64 bytes, alignment 8 (it was 112, alignment 16). `Result<T, Error>` is what
// every parser returns: its size is what a caller's frame reserves and what moves on the
// error path (a 128-byte `Result` through a typed id's parse once cost a typed TBSL parse
// 15 ns). The assertions after `impl core::error::Error` enforce it for `Error` and for
// `Result<Tid, Error>`, which fits in the same 64 bytes (`Ok` takes one of the tag values
// `Repr` leaves unused). They fail the build, in every feature set CI builds, when a kind
// grows past it. The 64 bytes are:
//
// - `format` (16): the format's name, a `&'static str` (call sites pass it on as a variable
//   and profiles rename an error with `in_format`, so it stays a plain string);
// - `typed` (8): `None`, or a pointer to the name, prefix and separator of the typed id
//   being read (`TypeInfo`, one `static` per typed id, made by `typed::support`);
// - `repr` (40): the kind and its payload, one byte of tag and 39 bytes of fields (fields
//   of 8 bytes and more start at byte 8, so they get 32).
//
// Inline or out of line. The formats' own errors (length, character, overflow, out of
// range, syntax, reserved, too large, the generators', a typed id's prefix and separator)
// own no heap memory: they are made in `const fn`s, which may not drop a type that owns
// memory (see `split`), in builds without a heap (without `alloc`, `Error` has no drop glue,
// asserted below), and on paths that must not allocate (`tests/no_alloc.rs`). To fit them:
//
// - out-of-range bounds are format constants, so a `&'static Bounds` (part, min, max;
//   `&Bounds { ... }` of constants is promoted to a `static`) stands for them and only the
//   value found is stored, as an `Int` (an `i128` in two 8-byte halves: an `i128` field
//   aligns the whole error to 16). The one bound that varies, a TBSL timestamp's limit for a
//   machine id, takes two values, each a constant (`TIMESTAMP_FOR_LOW_MACHINE_IDS` in `tbsl`);
// - positions and lengths stay `usize`: they fit, so there is nothing to truncate, and
//   `shifted` (a typed id's prefix, a `literal:` tag) moves them exactly;
// - texts found in the input are `Snippet`s, up to 32 bytes kept inline and cut visibly;
// - a typed id's prefix and separator are in its `TypeInfo`, not in the error;
// - a record key type mismatch keeps both keys whole inline when they fit together in 37
//   bytes (short keys, themselves inline in `RecordKey`: the check does not allocate).
//
// Out of line, with `alloc`, are only payloads too large for the budget, of kinds that are
// rare and sit on paths that are cold or allocate anyway: a validator's error (kept whole as
// the `source`), a lease store's failures (the call, its namespace and value, and the
// database's reason whole, up to 1 KiB, or the time limit it ran into), a lease's duration bounds (they
// depend on the margin asked for) and a mismatch of longer record keys (two 32-byte
// snippets; such keys are on the heap already). They share one variant, `Repr::OutOfLine`,
// an `Arc<OutOfLine>` (cheap to clone): with one variant that owns memory, dropping an error
// or a `Result` is one test of the tag, inlined; with four, the drop glue became a call on
// every `Result` dropped, `Ok` included, which made a TID parse slower. Without `alloc` the
// database kind does not exist and a validator's reason is kept as text, as much as fits
// inline (`INLINE_REASON_CAPACITY`, 37 bytes; 72 before the budget).
//
// One constructor. Every error is `Error::new(format, Repr::Kind { ... })`, built where it
// is found, in `const fn`s too; `within` (a typed id's `TypeInfo`), `shifted` (an offset into
// a longer text) and `in_format` (a profile's name) adjust one afterwards. A typed id's own
// kinds (`Prefix`, `Separator`, `Validation`) are given their `TypeInfo` with `within` too;
// their messages and `position` read it. Fields that need work have helpers of their own
// types, not of `Error`: `Bounds::refuse` makes the out-of-range error of its bounds (a
// format names the bounds it checks in two places once: `MACHINE_ID`, `CLOCK_ID`), `char_at`
// decodes the character at a position, `Int::new` splits a number, `Snippet::new`/`Snippet::of` cut and format text, `ValidationReason::new` keeps a
// validator's error, `Repr::from(OutOfLine::...)` puts a payload behind the `Arc`; and
// `Repr::mismatch` chooses between the two mismatch representations (the one kind whose
// layout depends on what it holds). The text-formatting helpers of
// before (`database`, `leases_exhausted`, ...) were thin wrappers around these and are gone.
//
// Messages. Every error about input reads "invalid {what}: …", `what` being the typed id's
// name when one was read ("invalid PostId: …"), else the format's ("invalid atproto TID:
// …"); a typed id's message names its format where the mistake was found in it ("… at byte
// 17 (in the atproto TID), …"). So a service can show any parse error as it is, whichever
// layer found it. Errors about an operation (a constructor's part out of range, a generator,
// a lease) read "{format} …", after "PostId: " for a typed id.
//
// One unit: lengths and positions are bytes. The checks count bytes (a `str`'s `len`, and a
// format's alphabet is ASCII, so a valid text has as many bytes as characters), and
// `Error::position` is a byte offset one can slice the input at. Counting characters in the
// message would contradict the checks on non-ASCII input: a 13-character text with an `é`
// is 14 bytes, refused for its length ("expected 13 characters, found 13 characters"). A
// typed id's positions and lengths count its whole text, prefix and separator included.
// The SQL functions of PostgreSQL and MySQL (`integrations/db/sql/*.sql`) count characters
// from 1 instead, as SQL's own string functions do; their docs and `Error::position`'s say so.
//
// Adding a kind: add the variant to `Repr` (its payload within the budget: a `&'static`
// reference for constants; anything large, if the kind is rare, as a variant of `OutOfLine`
// made with `Repr::from`, never a second variant that owns memory), its `ErrorKind` if it is
// a new class of mistake (the enum is `#[non_exhaustive]`), its arms in `kind`, in `position`
// if it has one, in `is_about_input` and in `fmt_message`, and a test that pins the message.
// The size assertions say whether it fits.

/// The broad class of an [`Error`]: match on this, show the error's message to people.
///
/// New kinds may be added as formats arrive, so matches need a wildcard arm.
///
/// # Examples
///
/// ```
/// use idtypes::{ErrorKind, Tid};
///
/// assert_eq!(Tid::parse("3jzf").unwrap_err().kind(), ErrorKind::Length);
/// assert_eq!(Tid::parse("kjzfcijpj2z2a").unwrap_err().kind(), ErrorKind::Overflow);
/// assert_eq!(Tid::from_parts(0, 1024).unwrap_err().kind(), ErrorKind::OutOfRange);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is too short or too long.
    Length,
    /// A character outside the format's alphabet (see [`Error::position`]).
    Character,
    /// The text is well formed but names a value outside the format's range (a TID starting
    /// with `k`, a TimeId starting with `c`..`r`).
    Overflow,
    /// A part given to a constructor (timestamp, clock id, ...) is outside its range.
    OutOfRange,
    /// A generator cannot produce another id: its clock reads past the last timestamp the
    /// format can represent.
    Exhausted,
    /// A value the format sets aside (the record keys `.` and `..`).
    Reserved,
    /// The input breaks a structural rule of the format, named in the message (an NSID with
    /// fewer than three segments, a segment that ends with a hyphen, an unknown key type, ...).
    Syntax,
    /// A valid value that is not the one required (a record key that differs from the key its
    /// `literal:` type names).
    Mismatch,
    /// The clock went back, and the generator's policy refused to wait, or waited longer than
    /// it allows.
    ClockBackwards,
    /// A typed id's text lacks its prefix, or has another one (see [`Error::type_name`]).
    Prefix,
    /// A typed id's prefix is followed by something other than its separator.
    Separator,
    /// The value is well formed, but the typed id's own `validate` function refused it; the
    /// message carries the function's reason.
    Validation,
    /// A generator whose clock, node or machine id the caller fixed was asked for an id in a
    /// process forked after that id was fixed: going on would repeat the parent's ids, so it
    /// refuses (see [processes and `fork()`](crate#processes-and-fork)).
    Forked,
    /// Every value of a leased id space is held by another process (see [`crate::lease`]).
    LeasesExhausted,
    /// A lease is no longer this process's: it expired and another process took the value
    /// over, or it was released, or its term had already ended (by its deadline) when it was
    /// to be renewed.
    LeaseLost,
    /// The database refused or failed a lease operation; the message names the operation,
    /// the namespace and value, and carries the database's reason whole.
    Database,
    /// A lease operation did not finish within its time limit: a renewal by its term's
    /// deadline (the term has then ended), an acquire or a release within the lease store's
    /// timeout (`with_timeout` of `Leases` or `EtcdLeases`, 10 s unless chosen). The message
    /// names the operation and the limit.
    Timeout,
    /// A generator bound to a lease term refuses: the term's deadline passed (by this
    /// process's monotonic clock) or the term ended, or its ids reached the last timestamp the
    /// term allows. Renewing the lease in time prevents it. A
    /// [`LeasedGenerator`](crate::lease::LeasedGenerator) refuses so while it has no live
    /// term and leases again (the message says for how long, and why): a service answers
    /// 503, or waits with `next_within`.
    LeaseExpired,
    /// A generator's next id would be further ahead of its clock than its
    /// [`RunAhead`](crate::RunAhead) bound allows (ids asked for faster than the format's
    /// ticks), and its policy refuses, or it waited a second and the clock did not catch up
    /// (a clock that stands still). The message gives the lead and the bound.
    AheadOfClock,
}

/// What a failed parse, construction or generation reports.
///
/// The error is small (64 bytes) and cheap to clone. The formats' own errors never allocate;
/// with `alloc`, only a few rare kinds keep something on the heap: a typed id's `validate`
/// function's error, whole, as the error's [`source`](core::error::Error::source), a lease
/// store's reason or a lease's duration bounds, and a type mismatch of long record keys. Its
/// fields are private so that details can grow without breaking changes; read them through
/// [`kind`](Error::kind), [`position`](Error::position) and
/// [`format_name`](Error::format_name), or print it.
///
/// Its message gives lengths in bytes and positions as byte offsets from 0 ("at byte 12": the
/// 13th byte), as [`position`](Error::position) does. (The errors of the PostgreSQL and
/// MySQL functions of [`sql`](crate::sql) are the database's, not this type, and count
/// characters from 1, as SQL does; the SQLite functions give this type's messages.)
///
/// # Examples
///
/// ```
/// use idtypes::{ErrorKind, Tid};
///
/// let err = Tid::parse("3jzf-cij-pj2z-2a").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Length);
/// assert_eq!(err.format_name(), "atproto TID");
/// assert_eq!(err.to_string(), "invalid atproto TID: expected 13 bytes, found 16 bytes");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Error {
    format: &'static str,
    /// The typed id (derive) being read, if any.
    typed: Option<&'static TypeInfo>,
    repr: Repr,
}

impl Error {
    /// The error `repr`, met while reading or building `format`: the one constructor.
    #[inline]
    pub(crate) const fn new(format: &'static str, repr: Repr) -> Self {
        Error {
            format,
            typed: None,
            repr,
        }
    }

    /// The same error, met while reading the typed id `typed` (its format's own error behind
    /// a prefix, or one of the typed id's own kinds).
    pub(crate) const fn within(mut self, typed: &'static TypeInfo) -> Self {
        self.typed = Some(typed);
        self
    }

    /// The same error for input that sat `offset` bytes into a larger text (a value after a
    /// `literal:` tag, an id after a prefix).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn shifted(mut self, offset: usize) -> Self {
        match &mut self.repr {
            Repr::Character { position, .. } | Repr::Overflow { position, .. } => {
                *position += offset;
            }
            Repr::Syntax {
                position: Some(position),
                ..
            } => *position += offset,
            _ => {}
        }
        self
    }

    /// The same error counted in a typed id's whole text: a length error's lengths, like
    /// positions (`shifted`), include the `offset` bytes of the prefix and separator, so that
    /// a typed id's errors count one way, too short or too long.
    pub(crate) fn counted_whole(mut self, offset: usize) -> Self {
        if offset == 0 {
            // No prefix: the text is the format's, and so is its length error.
            return self;
        }
        if let Repr::Length { expected, found } = self.repr {
            self.repr = Repr::WholeLength {
                expected: expected.plus(offset),
                found: found + offset,
            };
        }
        self.shifted(offset)
    }

    /// The length of the text a [`Repr::Length`] error refused.
    pub(crate) const fn text_length(&self) -> Option<usize> {
        match self.repr {
            Repr::Length { found, .. } => Some(found),
            _ => None,
        }
    }

    /// The same error, about `format` (a profile reporting its base format's text error).
    pub(crate) const fn in_format(mut self, format: &'static str) -> Self {
        self.format = format;
        self
    }

    /// The class of mistake.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = idtypes::Tid::parse("3JZFCIJPJ2Z2A").unwrap_err();
    /// assert_eq!(err.kind(), idtypes::ErrorKind::Character);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.repr.kind()
    }

    /// The byte offset from 0 in the input of the offending character, for text errors that
    /// have one: the position the message gives ("at byte 12", the 13th byte). For a typed id
    /// it counts the whole text, prefix and separator included.
    ///
    /// Every other place that reports a position counts as this does: the messages, axum's
    /// problems (`position`), the SQLite functions, the command line. Only the SQL functions of
    /// PostgreSQL and MySQL ([`sql`](crate::sql)) count characters from 1 instead, as SQL
    /// does.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = idtypes::Tid::parse("3jzfcijpj2z2_").unwrap_err();
    /// assert_eq!(err.position(), Some(12));
    /// assert_eq!(idtypes::Tid::parse("").unwrap_err().position(), None);
    /// ```
    pub const fn position(&self) -> Option<usize> {
        match self.repr {
            Repr::Character { position, .. } | Repr::Overflow { position, .. } => Some(position),
            Repr::Syntax { position, .. } => position,
            Repr::Prefix { .. } => Some(0),
            Repr::Separator { .. } => match self.typed {
                Some(typed) => Some(typed.prefix.len()),
                None => Some(0),
            },
            _ => None,
        }
    }

    /// The name of the format that was being read or built, as used in the message
    /// (`"atproto TID"`, ...).
    ///
    /// # Examples
    ///
    /// ```
    /// let err = idtypes::Tid::parse("").unwrap_err();
    /// assert_eq!(err.format_name(), "atproto TID");
    /// ```
    pub const fn format_name(&self) -> &'static str {
        self.format
    }

    /// The typed id (a type made with one of the derive macros) that was being read or built,
    /// when there was one. Its format's own errors keep their [`format_name`](Error::format_name)
    /// and positions count from the start of the whole text, prefix included.
    ///
    /// # Examples
    ///
    /// ```
    /// let err = idtypes::Tid::parse("").unwrap_err();
    /// assert_eq!(err.type_name(), None);
    /// ```
    #[cfg_attr(feature = "derive", doc = "")]
    #[cfg_attr(feature = "derive", doc = "```")]
    #[cfg_attr(feature = "derive", doc = "#[derive(idtypes::Tid)]")]
    #[cfg_attr(feature = "derive", doc = "#[idtype(prefix = \"post\")]")]
    #[cfg_attr(feature = "derive", doc = "struct PostId(idtypes::Tid);")]
    #[cfg_attr(feature = "derive", doc = "")]
    #[cfg_attr(
        feature = "derive",
        doc = "let err = \"post_3jzfcijpj2z2\".parse::<PostId>().unwrap_err();"
    )]
    #[cfg_attr(
        feature = "derive",
        doc = "assert_eq!(err.type_name(), Some(\"PostId\"));"
    )]
    #[cfg_attr(
        feature = "derive",
        doc = "assert_eq!(err.format_name(), \"atproto TID\");"
    )]
    #[cfg_attr(
        feature = "derive",
        doc = "assert_eq!(err.kind(), idtypes::ErrorKind::Length);"
    )]
    #[cfg_attr(feature = "derive", doc = "```")]
    pub const fn type_name(&self) -> Option<&'static str> {
        match self.typed {
            Some(typed) => Some(typed.name),
            None => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // An error about the input reads "invalid PostId: …"; one about an operation (a
        // constructor's part, a generator) is the format's message after the typed id's name.
        if let Some(typed) = self.typed {
            if !self.repr.is_about_input() {
                write!(f, "{}: ", typed.name)?;
            }
        }
        self.repr.fmt_message(self.format, self.typed, f)
    }
}

/// The kind and the message, as `std::io::Error`'s `Debug` shows its kind and message: what
/// `fn main() -> Result<(), Box<dyn std::error::Error>>` and `unwrap` print.
///
/// ```
/// let err = idtypes::Tid::parse("3jzf").unwrap_err();
/// assert_eq!(
///     format!("{err:?}"),
///     r#"Error { kind: Length, message: "invalid atproto TID: expected 13 bytes, found 4 bytes" }"#
/// );
/// ```
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.kind())
            .field("message", &Quoted(self))
            .finish()
    }
}

/// A `Display` value as `Debug` shows a string: in double quotes, escaped as `str`'s `Debug`
/// escapes, written as it is formatted (no allocation, so without `alloc` too).
struct Quoted<'a, T: fmt::Display>(&'a T);

impl<T: fmt::Display> fmt::Debug for Quoted<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Escaped<'a, 'b>(&'a mut fmt::Formatter<'b>);
        impl fmt::Write for Escaped<'_, '_> {
            fn write_str(&mut self, part: &str) -> fmt::Result {
                for c in part.chars() {
                    // `escape_debug` escapes `'` too, which `str`'s `Debug` leaves as it is.
                    if c == '\'' {
                        self.0.write_char(c)?;
                    } else {
                        for escaped in c.escape_debug() {
                            self.0.write_char(escaped)?;
                        }
                    }
                }
                Ok(())
            }
        }
        f.write_char('"')?;
        fmt::Write::write_fmt(&mut Escaped(f), format_args!("{}", self.0))?;
        f.write_char('"')
    }
}

impl core::error::Error for Error {
    /// A typed id's `validate` function's own error, for [`ErrorKind::Validation`]; `None`
    /// for every other kind, whose message says all there is.
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.repr {
            #[cfg(not(feature = "alloc"))]
            Repr::Validation { reason } => Some(reason.as_error()),
            #[cfg(feature = "alloc")]
            Repr::OutOfLine { payload, .. } => match &**payload {
                OutOfLine::Validation { reason } => Some(reason.as_error()),
                _ => None,
            },
            _ => None,
        }
    }
}

// Only `Repr::OutOfLine` (with `alloc`) owns heap memory; every error of the formats
// themselves is inline, which `split` relies on to forget them in `const` code.
#[cfg(not(feature = "alloc"))]
const _: () = assert!(!core::mem::needs_drop::<Error>());

// The size budget (see the notes at the top): `Result<T, Error>` is returned by every parser,
// so an error that grows costs every caller. A kind too large for it fails the build here.
const _: () = assert!(core::mem::size_of::<Error>() <= 64);
const _: () = assert!(core::mem::align_of::<Error>() <= 8);
const _: () = assert!(core::mem::size_of::<Result<crate::Tid, Error>>() <= 64);
