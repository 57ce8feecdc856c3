//! The one error type shared by every format.
//!
//! An [`Error`] says which format was being read or built, what kind of mistake was found
//! ([`ErrorKind`]), where (a byte position, for text), what was expected and what was found.
//! Its [`Display`](core::fmt::Display) message is meant for a person:
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

use core::fmt;

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
// Adding a kind: add the variant to `Repr` (its payload within the budget: a `&'static`
// reference for constants; anything large, if the kind is rare, as a variant of `OutOfLine`
// made with `Repr::from`, never a second variant that owns memory), its `ErrorKind` if it is
// a new class of mistake (the enum is `#[non_exhaustive]`), its arms in `kind`, in `position`
// if it has one, and in `fmt_message`, and a test that pins the message. The size
// assertions say whether it fits.

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
    /// timeout (`Leases::with_timeout`, 10 s unless chosen). The message names the operation
    /// and the limit.
    Timeout,
    /// A generator bound to a lease term refuses: the term's deadline passed (by this
    /// process's monotonic clock) or the term ended, or its ids reached the last timestamp the
    /// term allows. Renewing the lease in time prevents it.
    LeaseExpired,
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
/// # Examples
///
/// ```
/// use idtypes::{ErrorKind, Tid};
///
/// let err = Tid::parse("3jzf-cij-pj2z-2a").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Length);
/// assert_eq!(err.format_name(), "atproto TID");
/// assert_eq!(err.to_string(), "invalid atproto TID: expected 13 characters, found 16 bytes");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Error {
    format: &'static str,
    /// The typed id (derive) being read, if any.
    typed: Option<&'static TypeInfo>,
    repr: Repr,
}

/// What was wrong, with what the message needs: at most 40 bytes (see the notes at the top).
/// Errors are made as `Error::new(format, Repr::...)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Repr {
    /// The input (text) is `found` bytes long.
    Length { expected: Lengths, found: usize },
    /// The input (raw bytes, not text) is `found` bytes long, not `expected`.
    ByteLength { expected: usize, found: usize },
    /// A typed id's text is `found` bytes long, more than the `max` its prefix, separator and
    /// format's longest text add up to.
    TypedLength { max: usize, found: usize },
    /// The character `found` (see [`char_at`]) at byte `position` is not one of `expected`.
    Character {
        position: usize,
        found: char,
        expected: &'static str,
    },
    /// The symbol `found` at byte `position` is in the alphabet, but puts the value out of
    /// range: only `expected` may stand there.
    Overflow {
        position: usize,
        found: char,
        expected: &'static str,
    },
    /// A constructor's part was `found`, outside `bounds`.
    OutOfRange { bounds: &'static Bounds, found: Int },
    /// A generator cannot continue, for `reason`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    Exhausted { reason: &'static str },
    /// The input is a value the format sets aside; `rule` says which ones.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Reserved { rule: &'static str },
    /// The input breaks the structural `rule`, at `position` when one byte is to blame.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    Syntax {
        position: Option<usize>,
        rule: &'static str,
    },
    /// The value `found` where the value `expected` was required, both whole in `bytes`
    /// (`expected` first, then `found`): short record keys, without allocating. Made by
    /// [`Repr::mismatch`].
    #[cfg(feature = "alloc")]
    Mismatch {
        expected_len: u8,
        found_len: u8,
        bytes: [u8; MISMATCH_INLINE],
    },
    /// A typed id's text lacks its prefix (`None`), or has `found` in its place.
    Prefix { found: Option<Snippet> },
    /// A typed id's prefix is followed by `found` (`None`: the end of the text) instead of
    /// its separator.
    Separator { found: Option<char> },
    /// A typed id's `validate` function refused the value, for `reason` (with `alloc`, see
    /// [`OutOfLine::Validation`]).
    #[cfg(not(feature = "alloc"))]
    Validation { reason: ValidationReason },
    /// The text is well formed but names a value above the format's `largest`.
    TooLarge { largest: &'static str },
    /// The clock read `behind_micros` before the last id; `waited` says whether the generator
    /// waited (and gave up) or refused at once.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    ClockBackwards { behind_micros: u64, waited: bool },
    /// A generator's `part`, fixed to `value` by the caller, was asked for an id in a forked
    /// child of the process that fixed it.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    Forked {
        /// What the caller fixed ("clock id", "node id", "machine id").
        part: &'static str,
        value: u16,
    },
    /// All `size` values of the lease space `namespace` are held.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    LeasesExhausted { namespace: Snippet, size: u32 },
    /// The lease on `value` of `namespace` is no longer this process's: the store says
    /// another holds it (`ended` false), or its term had ended before the call (`ended` true).
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    LeaseLost {
        namespace: Snippet,
        value: u32,
        ended: bool,
    },
    /// A generator's leased `part` (`value`) may not be used: its term's deadline passed or
    /// it ended (`ceiling` false), or the ids reached the term's ceiling (`ceiling` true).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    LeaseExpired {
        part: &'static str,
        value: u16,
        ceiling: bool,
    },
    /// The rare kinds whose payload does not fit: the only variant that owns heap memory, so
    /// that dropping an error is one test of the tag (more such variants made the drop glue
    /// an out-of-line call on every `Result` dropped, `Ok` included).
    /// `kind` is the payload's, kept beside it for `const fn kind` (which cannot read
    /// through an `Arc`). Made with `Repr::from(OutOfLine::...)`.
    #[cfg(feature = "alloc")]
    OutOfLine {
        kind: ErrorKind,
        payload: alloc::sync::Arc<OutOfLine>,
    },
}

/// What a [`Repr::OutOfLine`] holds: kinds too large for the error's budget, made on paths
/// that are cold or allocate anyway. Behind an `Arc`, so that errors stay cheap to clone.
#[cfg(feature = "alloc")]
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) enum OutOfLine {
    /// [`Repr::OutOfRange`] for bounds known only at run time (a lease's least duration
    /// depends on its margin).
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    OutOfRange { bounds: Bounds, found: Int },
    /// [`Repr::Mismatch`] for values too long to sit inline together, each cut visibly past
    /// 32 bytes. Made by [`Repr::mismatch`].
    Mismatch { expected: Snippet, found: Snippet },
    /// A typed id's `validate` function refused the value, for `reason`, kept whole.
    Validation { reason: ValidationReason },
    /// The lease store's `call` failed in the database, for `reason` (whole, up to
    /// [`REASON_CAPACITY`] bytes).
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    Database {
        call: LeaseCall,
        reason: alloc::boxed::Box<str>,
    },
    /// The lease store's `call` did not finish within `limit`, of the kind `of`.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    Timeout {
        call: LeaseCall,
        limit: core::time::Duration,
        of: TimeLimit,
    },
}

/// A lease store operation, for the messages of its errors: what was done, on what.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct LeaseCall {
    pub(crate) op: LeaseOp,
    /// The namespace; for [`LeaseOp::Setup`], the table.
    pub(crate) subject: alloc::boxed::Box<str>,
    /// The leased value, once there is one.
    pub(crate) value: Option<u32>,
}

/// The lease store's operations.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) enum LeaseOp {
    Setup,
    Acquire,
    Renew,
    Release,
    KeepAlive,
}

/// Which time limit a lease call ran into.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) enum TimeLimit {
    /// A renewal's: its term's deadline (a reply after it is of no use: the term has ended).
    Deadline,
    /// The store's timeout, for an acquire or a release.
    Store,
    /// One attempt of a background renewal: half the time left to the deadline, so that a
    /// stuck connection leaves time for another attempt.
    Attempt,
}

#[cfg(feature = "alloc")]
impl fmt::Display for LeaseCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LeaseCall { op, subject, value } = self;
        match op {
            LeaseOp::Setup => return write!(f, "setup of the table `{subject}`"),
            LeaseOp::Acquire => write!(f, "acquire in `{subject}`")?,
            LeaseOp::Renew => write!(f, "renew of `{subject}`")?,
            LeaseOp::Release => write!(f, "release of `{subject}`")?,
            LeaseOp::KeepAlive => write!(f, "keep_alive of `{subject}`")?,
        }
        match value {
            Some(value) => write!(f, " value {value}"),
            None => Ok(()),
        }
    }
}

/// The text of `reason`, whole up to [`REASON_CAPACITY`] bytes, cut visibly (`…`) at a
/// character boundary past that: a database's message is a sentence or two, but nothing
/// stops a driver from putting a whole query or a megabyte in one.
#[cfg(feature = "alloc")]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) fn reason_text(reason: &dyn fmt::Display) -> alloc::boxed::Box<str> {
    struct Bounded {
        text: alloc::string::String,
        cut: bool,
    }
    impl fmt::Write for Bounded {
        fn write_str(&mut self, part: &str) -> fmt::Result {
            let room = REASON_CAPACITY - self.text.len();
            if part.len() <= room {
                self.text.push_str(part);
                return Ok(());
            }
            let mut len = room;
            while !part.is_char_boundary(len) {
                len -= 1;
            }
            self.text.push_str(&part[..len]);
            self.cut = true;
            // Stops the formatting: the rest is not kept.
            Err(fmt::Error)
        }
    }
    let mut bounded = Bounded {
        text: alloc::string::String::new(),
        cut: false,
    };
    let _ = fmt::Write::write_fmt(&mut bounded, format_args!("{reason}"));
    if bounded.cut {
        bounded.text.push('…');
    }
    bounded.text.into_boxed_str()
}

#[cfg(feature = "alloc")]
impl OutOfLine {
    const fn kind(&self) -> ErrorKind {
        match self {
            OutOfLine::OutOfRange { .. } => ErrorKind::OutOfRange,
            OutOfLine::Mismatch { .. } => ErrorKind::Mismatch,
            OutOfLine::Validation { .. } => ErrorKind::Validation,
            OutOfLine::Database { .. } => ErrorKind::Database,
            OutOfLine::Timeout { .. } => ErrorKind::Timeout,
        }
    }

    fn fmt_message(
        &self,
        format: &str,
        typed: &TypeInfo,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        match self {
            OutOfLine::OutOfRange { bounds, found } => bounds.fmt_message(format, *found, f),
            OutOfLine::Mismatch { expected, found } => write!(
                f,
                "{format} does not match its type: expected `{expected}`, found `{found}`"
            ),
            OutOfLine::Validation { reason } => write!(f, "invalid {}: {reason}", typed.name),
            OutOfLine::Database { call, reason } => {
                write!(f, "lease store: {call} failed: {reason}")
            }
            OutOfLine::Timeout { call, limit, of } => {
                write!(
                    f,
                    "lease store: {call} timed out: no reply within {} ms",
                    limit.as_millis()
                )?;
                f.write_str(match of {
                    TimeLimit::Deadline => ", by its term's deadline; the term has ended",
                    TimeLimit::Store => " (the store's timeout, see `Leases::with_timeout`)",
                    TimeLimit::Attempt => ", half the time left to the term's deadline",
                })
            }
        }
    }
}

#[cfg(feature = "alloc")]
impl From<OutOfLine> for Repr {
    fn from(payload: OutOfLine) -> Repr {
        Repr::OutOfLine {
            kind: payload.kind(),
            payload: alloc::sync::Arc::new(payload),
        }
    }
}

/// The bytes of two values a [`Repr::Mismatch`] keeps inline, together.
#[cfg(feature = "alloc")]
const MISMATCH_INLINE: usize = 37;

#[cfg(feature = "alloc")]
impl Repr {
    /// The value `found` where the value `expected` was required: inline when both fit,
    /// whole, in [`MISMATCH_INLINE`] bytes, else out of line (see [`OutOfLine::Mismatch`]). The one
    /// kind whose representation is chosen by what it holds, so that short record keys (the
    /// usual ones, themselves inline) compare without allocating while the error stays within
    /// its size budget.
    pub(crate) fn mismatch(expected: &str, found: &str) -> Repr {
        let whole = |text: &str| text.len() <= Snippet::<32>::CAPACITY;
        if whole(expected) && whole(found) && expected.len() + found.len() <= MISMATCH_INLINE {
            let mut bytes = [0; MISMATCH_INLINE];
            let (head, tail) = bytes.split_at_mut(expected.len());
            head.copy_from_slice(expected.as_bytes());
            tail[..found.len()].copy_from_slice(found.as_bytes());
            Repr::Mismatch {
                expected_len: expected.len() as u8,
                found_len: found.len() as u8,
                bytes,
            }
        } else {
            Repr::from(OutOfLine::Mismatch {
                expected: Snippet::new(expected),
                found: Snippet::new(found),
            })
        }
    }
}

/// The lengths a text may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Lengths {
    /// From the first to the second, both included.
    Between(usize, usize),
    /// One or the other.
    Either(usize, usize),
}

impl Lengths {
    /// Whether "character" is singular: exactly one is expected.
    fn is_one(self) -> bool {
        matches!(self, Lengths::Between(1, 1))
    }
}

impl fmt::Display for Lengths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Lengths::Between(min, max) if min == max => write!(f, "{min}"),
            Lengths::Between(min, max) => write!(f, "{min} to {max}"),
            Lengths::Either(a, b) => write!(f, "{a} or {b}"),
        }
    }
}

/// The range of a constructor's part: format constants, so errors point at a `static` (or a
/// promoted constant, `&Bounds { ... }`) instead of carrying two `i128`s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Bounds {
    /// What the value is ("clock id", "timestamp (microseconds)", ...).
    pub(crate) part: &'static str,
    pub(crate) min: i128,
    pub(crate) max: i128,
}

impl Bounds {
    /// The error for `found`, a value outside these bounds, about `format`: the way every
    /// out-of-range error is made (`MACHINE_ID.refuse(FORMAT, machine_id as i128)`).
    pub(crate) const fn refuse(&'static self, format: &'static str, found: i128) -> Error {
        Error::new(
            format,
            Repr::OutOfRange {
                bounds: self,
                found: Int::new(found),
            },
        )
    }

    /// The message of a `found` outside these bounds, about `format`.
    fn fmt_message(&self, format: &str, found: Int, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Bounds { part, min, max } = self;
        let found = found.get();
        write!(
            f,
            "{format} {part} out of range: found {found}, expected {min}..={max}"
        )
    }
}

/// An `i128` kept as two 8-byte halves, so that it leaves the error 8-byte aligned.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Int {
    high: i64,
    low: u64,
}

impl Int {
    pub(crate) const fn new(value: i128) -> Self {
        Int {
            high: (value >> 64) as i64,
            low: value as u64,
        }
    }

    const fn get(self) -> i128 {
        ((self.high as i128) << 64) | self.low as i128
    }
}

impl fmt::Debug for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.get(), f)
    }
}

/// What errors say of a typed id: its name, prefix and separator. One `static` per typed id
/// (see `typed::support::type_info`), pointed at by its errors.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct TypeInfo {
    pub(crate) name: &'static str,
    pub(crate) prefix: &'static str,
    pub(crate) separator: &'static str,
}

impl TypeInfo {
    /// For messages of a typed id's kinds on an error that was never given its `TypeInfo`
    /// (this crate always gives it).
    const NONE: TypeInfo = TypeInfo {
        name: "",
        prefix: "",
        separator: "",
    };
}

/// The bytes kept of a database's reason: its message whole, as far as any real one goes.
#[cfg(feature = "alloc")]
const REASON_CAPACITY: usize = 1024;

/// The bytes kept of a `validate` function's reason without `alloc`: what fits in the
/// error's 40 bytes of payload beside the tag and the snippet's length and cut flag.
#[cfg(not(feature = "alloc"))]
const INLINE_REASON_CAPACITY: usize = 37;

/// A `validate` function's error, kept whole: [`Error::source`] returns it, so callers can
/// downcast it and reports show its own chain.
#[cfg(feature = "alloc")]
pub(crate) struct ValidationReason(alloc::boxed::Box<dyn core::error::Error + Send + Sync>);

/// Without a heap, a `validate` function's error is kept as its text (cut visibly past
/// [`INLINE_REASON_CAPACITY`] bytes), which [`Error::source`] returns as an error of its own.
#[cfg(not(feature = "alloc"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ValidationReason(Snippet<{ INLINE_REASON_CAPACITY }>);

impl ValidationReason {
    /// Keeps `reason` whole.
    #[cfg(feature = "alloc")]
    pub(crate) fn new(reason: alloc::boxed::Box<dyn core::error::Error + Send + Sync>) -> Self {
        ValidationReason(reason)
    }

    /// Keeps `reason`'s text, as much as fits.
    #[cfg(not(feature = "alloc"))]
    pub(crate) fn new(reason: &dyn fmt::Display) -> Self {
        ValidationReason(Snippet::of(reason))
    }

    fn as_error(&self) -> &(dyn core::error::Error + 'static) {
        #[cfg(feature = "alloc")]
        return &*self.0;
        #[cfg(not(feature = "alloc"))]
        return self;
    }
}

#[cfg(not(feature = "alloc"))]
impl core::error::Error for ValidationReason {}

impl fmt::Debug for ValidationReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        return fmt::Debug::fmt(&*self.0, f);
        #[cfg(not(feature = "alloc"))]
        return fmt::Debug::fmt(&self.0, f);
    }
}

impl fmt::Display for ValidationReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        return fmt::Display::fmt(&*self.0, f);
        #[cfg(not(feature = "alloc"))]
        return fmt::Display::fmt(&self.0, f);
    }
}

// Two reasons are equal when they say the same: errors compare by what they report, and a
// validator's error type need not be `PartialEq`.
#[cfg(feature = "alloc")]
impl PartialEq for ValidationReason {
    fn eq(&self, other: &Self) -> bool {
        use alloc::string::ToString;
        self.0.to_string() == other.0.to_string()
    }
}

#[cfg(feature = "alloc")]
impl Eq for ValidationReason {}

#[cfg(feature = "alloc")]
impl core::hash::Hash for ValidationReason {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        use alloc::string::ToString;
        self.0.to_string().hash(state);
    }
}

/// Up to `N` (32 unless said otherwise) bytes of a value, for messages, kept inline so that
/// the formats' errors own no heap memory. Longer values are cut at a
/// character boundary and shown with a trailing `…`, never silently.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Snippet<const N: usize = 32> {
    len: u8,
    cut: bool,
    bytes: [u8; N],
}

impl<const N: usize> Snippet<N> {
    /// The bytes kept.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    const CAPACITY: usize = N;

    const EMPTY: Self = Snippet {
        len: 0,
        cut: false,
        bytes: [0; N],
    };

    /// As much of `text` as fits.
    pub(crate) fn new(text: &str) -> Self {
        let mut snippet = Self::EMPTY;
        snippet.push(text);
        snippet
    }

    /// As much of `value`'s text as fits (a `validate` function's reason, without `alloc`).
    #[cfg(not(feature = "alloc"))]
    pub(crate) fn of(value: &dyn fmt::Display) -> Self {
        let mut snippet = Self::EMPTY;
        // `Snippet` never fails; a `Display` impl that does leaves what it wrote so far.
        let _ = fmt::Write::write_fmt(&mut snippet, format_args!("{value}"));
        snippet
    }

    /// Appends as much of `text` as fits, cutting at a character boundary.
    fn push(&mut self, text: &str) {
        if self.cut {
            return;
        }
        let start = self.len as usize;
        let mut len = text.len().min(N - start);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        self.bytes[start..start + len].copy_from_slice(&text.as_bytes()[..len]);
        self.len = (start + len) as u8;
        self.cut = len < text.len();
    }

    fn as_str(&self) -> &str {
        // Cut at a character boundary of a `str`, so always valid.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl<const N: usize> fmt::Write for Snippet<N> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push(text);
        Ok(())
    }
}

impl<const N: usize> fmt::Debug for Snippet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const N: usize> fmt::Display for Snippet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
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

    /// The byte offset in the input of the offending character, for text errors that have one.
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
        let typed = self.typed.unwrap_or(&TypeInfo::NONE);
        // A typed id's own kinds name it in their message; its format's errors are prefixed.
        let typed_kind = matches!(
            self.kind(),
            ErrorKind::Prefix | ErrorKind::Separator | ErrorKind::Validation
        ) || matches!(self.repr, Repr::TypedLength { .. });
        if self.typed.is_some() && !typed_kind {
            write!(f, "{}: ", typed.name)?;
        }
        self.repr.fmt_message(self.format, typed, f)
    }
}

impl Repr {
    const fn kind(&self) -> ErrorKind {
        match self {
            Repr::Length { .. } | Repr::ByteLength { .. } | Repr::TypedLength { .. } => {
                ErrorKind::Length
            }
            Repr::Character { .. } => ErrorKind::Character,
            Repr::Overflow { .. } => ErrorKind::Overflow,
            Repr::OutOfRange { .. } => ErrorKind::OutOfRange,
            Repr::Exhausted { .. } => ErrorKind::Exhausted,
            Repr::Reserved { .. } => ErrorKind::Reserved,
            Repr::Syntax { .. } => ErrorKind::Syntax,
            #[cfg(feature = "alloc")]
            Repr::Mismatch { .. } => ErrorKind::Mismatch,
            Repr::TooLarge { .. } => ErrorKind::Overflow,
            Repr::ClockBackwards { .. } => ErrorKind::ClockBackwards,
            Repr::Forked { .. } => ErrorKind::Forked,
            Repr::LeasesExhausted { .. } => ErrorKind::LeasesExhausted,
            Repr::LeaseLost { .. } => ErrorKind::LeaseLost,
            Repr::LeaseExpired { .. } => ErrorKind::LeaseExpired,
            Repr::Prefix { .. } => ErrorKind::Prefix,
            Repr::Separator { .. } => ErrorKind::Separator,
            #[cfg(not(feature = "alloc"))]
            Repr::Validation { .. } => ErrorKind::Validation,
            #[cfg(feature = "alloc")]
            Repr::OutOfLine { kind, .. } => *kind,
        }
    }

    /// The message, about `format` and, for a typed id's own kinds, `typed`.
    fn fmt_message(
        &self,
        format: &str,
        typed: &TypeInfo,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        match *self {
            Repr::Length { expected, found } => write!(
                f,
                "invalid {format}: expected {expected} {}, found {found} {}",
                if expected.is_one() {
                    "character"
                } else {
                    "characters"
                },
                if found == 1 { "byte" } else { "bytes" }
            ),
            Repr::ByteLength { expected, found } => write!(
                f,
                "invalid {format}: expected {expected} bytes, found {found} {}",
                if found == 1 { "byte" } else { "bytes" }
            ),
            Repr::TypedLength { max, found } => write!(
                f,
                "invalid {}: expected at most {max} characters (`{}{}` and the {format} text), \
                 found {found} {}",
                typed.name,
                typed.prefix,
                typed.separator,
                if found == 1 { "byte" } else { "bytes" }
            ),
            Repr::Character {
                position,
                found,
                expected,
            } => write!(
                f,
                "invalid {format}: unexpected character {found:?} at byte {position}, \
                 expected one of `{expected}`"
            ),
            Repr::Overflow {
                position,
                found,
                expected,
            } => write!(
                f,
                "invalid {format}: character {found:?} at byte {position} puts the value out of \
                 range, expected one of `{expected}` there"
            ),
            Repr::OutOfRange { bounds, found } => bounds.fmt_message(format, found, f),
            Repr::Exhausted { reason } => write!(f, "{format} generator exhausted: {reason}"),
            Repr::Reserved { rule } => write!(f, "invalid {format}: {rule}"),
            Repr::Syntax {
                position: Some(position),
                rule,
            } => write!(f, "invalid {format}: {rule} (at byte {position})"),
            Repr::Syntax {
                position: None,
                rule,
            } => write!(f, "invalid {format}: {rule}"),
            Repr::ClockBackwards {
                behind_micros,
                waited: false,
            } => write!(
                f,
                "{format} generator: the clock went back {behind_micros} µs and the policy is to fail"
            ),
            Repr::ClockBackwards {
                behind_micros,
                waited: true,
            } => write!(
                f,
                "{format} generator: the clock stayed {behind_micros} µs behind the last id \
                 longer than the policy waits"
            ),
            Repr::Forked { part, value } => write!(
                f,
                "{format} generator: its {part} {value} was fixed in a parent process and this \
                 process is a fork of it; going on would repeat the parent's ids, so make a new \
                 generator in this process"
            ),
            Repr::LeasesExhausted { namespace, size } => write!(
                f,
                "lease `{namespace}`: all {size} values are held by other processes"
            ),
            Repr::LeaseLost {
                namespace,
                value,
                ended: false,
            } => write!(
                f,
                "lease `{namespace}` value {value}: no longer held by this process (it expired \
                 and was taken over, or was released)"
            ),
            Repr::LeaseLost {
                namespace,
                value,
                ended: true,
            } => write!(
                f,
                "lease `{namespace}` value {value}: its term had ended (its deadline passed, or \
                 it was released or lost) before this call; acquire a new lease"
            ),
            Repr::LeaseExpired {
                part,
                value,
                ceiling: false,
            } => write!(
                f,
                "{format} generator: the lease on its {part} {value} has run out or was lost; \
                 renew it before its deadline"
            ),
            Repr::LeaseExpired {
                part,
                value,
                ceiling: true,
            } => write!(
                f,
                "{format} generator: its ids reached the last timestamp the lease on its {part} \
                 {value} allows; renew the lease"
            ),
            Repr::TooLarge { largest } => write!(
                f,
                "invalid {format}: the value is too large, the largest is `{largest}`"
            ),
            #[cfg(feature = "alloc")]
            Repr::Mismatch {
                expected_len,
                found_len,
                ref bytes,
            } => {
                let (expected, rest) = bytes.split_at(usize::from(expected_len));
                let found = &rest[..usize::from(found_len)];
                // Copied whole from `str`s, so always valid.
                let (expected, found) = (
                    core::str::from_utf8(expected).unwrap_or_default(),
                    core::str::from_utf8(found).unwrap_or_default(),
                );
                write!(
                    f,
                    "{format} does not match its type: expected `{expected}`, found `{found}`"
                )
            }
            Repr::Prefix { found: None } => write!(
                f,
                "invalid {}: missing the prefix `{}{}`",
                typed.name, typed.prefix, typed.separator
            ),
            Repr::Prefix {
                found: Some(ref found),
            } => write!(
                f,
                "invalid {}: expected the prefix `{}{}`, found `{found}`",
                typed.name, typed.prefix, typed.separator
            ),
            Repr::Separator { found } => {
                write!(
                    f,
                    "invalid {}: expected the separator `{}` after `{}` at byte {}, found ",
                    typed.name,
                    typed.separator,
                    typed.prefix,
                    typed.prefix.len()
                )?;
                match found {
                    Some(found) => write!(f, "{found:?}"),
                    None => f.write_str("the end of the text"),
                }
            }
            #[cfg(not(feature = "alloc"))]
            Repr::Validation { ref reason } => write!(f, "invalid {}: {reason}", typed.name),
            #[cfg(feature = "alloc")]
            Repr::OutOfLine { ref payload, .. } => payload.fmt_message(format, typed, f),
        }
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

/// A result whose error is set aside from drop glue, for `const` code: with `alloc` an
/// [`Error`] may own heap memory (`Repr::OutOfLine`), and `const` code may not drop such a
/// type, not even an `Ok` whose error type has drop glue.
///
/// Every error this crate's `const` functions return is inline (the out-of-line kinds are
/// made by functions that are not `const`), so forgetting one loses no memory.
pub(crate) const fn split<T>(
    result: Result<T, Error>,
) -> Result<T, core::mem::ManuallyDrop<Error>> {
    let result = core::mem::ManuallyDrop::new(result);
    let place =
        &result as *const core::mem::ManuallyDrop<Result<T, Error>> as *const Result<T, Error>;
    // SAFETY: `ManuallyDrop<X>` has the layout of `X`, so `place` points at the initialised
    // result; exactly one of its fields is read out, once, and `result` is never used or
    // dropped again, so nothing is duplicated.
    unsafe {
        match &*place {
            Ok(value) => Ok(core::ptr::read(value)),
            Err(err) => Err(core::mem::ManuallyDrop::new(core::ptr::read(err))),
        }
    }
}

/// The value of a `Result` of this crate's `const` functions, or a compile error naming the
/// kind of mistake: what `unwrap_const!` runs.
#[doc(hidden)]
pub const fn unwrap_const<T: Copy>(result: Result<T, Error>) -> T {
    match split(result) {
        Ok(value) => value,
        Err(err) => match core::mem::ManuallyDrop::into_inner(err).kind() {
            ErrorKind::Length => panic!("invalid id: the text has the wrong length"),
            ErrorKind::Character => panic!("invalid id: a character outside the format's alphabet"),
            ErrorKind::Overflow => panic!("invalid id: the value is out of the format's range"),
            ErrorKind::OutOfRange => panic!("invalid id: a part is out of its range"),
            ErrorKind::Reserved => panic!("invalid id: the value is reserved"),
            ErrorKind::Syntax => panic!("invalid id: the text breaks the format's syntax"),
            _ => panic!("invalid id"),
        },
    }
}

/// The value of a `Result<T, idtypes::Error>` from one of this crate's `const` functions,
/// evaluated at compile time: an invalid value is a compile error.
///
/// `const` code cannot `match` such a result itself: with `alloc`, an [`Error`] may own a
/// typed id validator's error, and `const` code may not drop a type that can own memory. This
/// macro does the match where it is allowed. For TIDs, `tid!` reads a literal directly.
///
/// # Examples
///
/// ```
/// use idtypes::{Tid, TimeId, unwrap_const};
/// use idtypes::time_id::NodeId;
///
/// const KNOWN: Tid = unwrap_const!(Tid::parse_const("3jzfcijpj2z2a"));
/// const NODE: NodeId = unwrap_const!(NodeId::new(42));
/// const EPOCH: TimeId = unwrap_const!(TimeId::from_parts(0, NODE));
/// assert_eq!(KNOWN.clock_id(), 6);
/// assert_eq!(EPOCH.node(), NODE);
/// ```
///
/// An invalid value does not compile:
///
/// ```compile_fail
/// const BAD: idtypes::Tid = idtypes::unwrap_const!(idtypes::Tid::parse_const("3jzf"));
/// ```
#[macro_export]
macro_rules! unwrap_const {
    ($result:expr $(,)?) => {
        const { $crate::__private::unwrap_const($result) }
    };
}

/// Decodes the character that starts at byte `i` of `bytes`, for error messages (the `found`
/// of [`Repr::Character`] and [`Repr::Overflow`]).
///
/// Text formats here are ASCII, so the first rejected byte always starts a character. Bytes
/// that are not valid UTF-8 (input given as raw bytes) give U+FFFD.
pub(crate) const fn char_at(bytes: &[u8], i: usize) -> char {
    if i >= bytes.len() {
        return char::REPLACEMENT_CHARACTER;
    }
    let b0 = bytes[i];
    let (len, init) = match b0 {
        0x00..=0x7F => return b0 as char,
        0xC2..=0xDF => (2, (b0 & 0x1F) as u32),
        0xE0..=0xEF => (3, (b0 & 0x0F) as u32),
        0xF0..=0xF4 => (4, (b0 & 0x07) as u32),
        _ => return char::REPLACEMENT_CHARACTER,
    };
    if i + len > bytes.len() {
        return char::REPLACEMENT_CHARACTER;
    }
    let mut code = init;
    let mut k = 1;
    while k < len {
        let b = bytes[i + k];
        if b & 0xC0 != 0x80 {
            return char::REPLACEMENT_CHARACTER;
        }
        code = (code << 6) | (b & 0x3F) as u32;
        k += 1;
    }
    match char::from_u32(code) {
        Some(c) => c,
        None => char::REPLACEMENT_CHARACTER,
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn char_at_decodes_multibyte_characters() {
        let s = "ab\u{e9}\u{20ac}\u{1f600}";
        assert_eq!(char_at(s.as_bytes(), 0), 'a');
        assert_eq!(char_at(s.as_bytes(), 2), '\u{e9}');
        assert_eq!(char_at(s.as_bytes(), 4), '\u{20ac}');
        assert_eq!(char_at(s.as_bytes(), 7), '\u{1f600}');
    }

    #[test]
    fn char_at_never_panics_on_broken_bytes() {
        assert_eq!(char_at(&[0xFF], 0), char::REPLACEMENT_CHARACTER);
        assert_eq!(char_at(&[0xE2, 0x82], 0), char::REPLACEMENT_CHARACTER);
        assert_eq!(char_at(&[0xC3, 0x41], 0), char::REPLACEMENT_CHARACTER);
        assert_eq!(char_at(&[], 3), char::REPLACEMENT_CHARACTER);
    }

    #[test]
    fn an_int_keeps_every_i128() {
        for value in [
            i128::MIN,
            i128::MIN + 1,
            -(1 << 64),
            i64::MIN as i128,
            -1,
            0,
            1,
            u64::MAX as i128,
            1 << 64,
            (1 << 80) - 1,
            i128::MAX,
        ] {
            assert_eq!(Int::new(value).get(), value);
        }
    }

    #[test]
    fn out_of_range_shows_numbers_past_64_bits_whole() {
        let err = Error::new(
            "TBSL",
            Repr::OutOfRange {
                bounds: &Bounds {
                    part: "value",
                    min: i128::MIN,
                    max: (1 << 80) - 1,
                },
                found: Int::new(i128::MAX),
            },
        );
        assert_eq!(
            err.to_string(),
            "TBSL value out of range: found 170141183460469231731687303715884105727, \
             expected -170141183460469231731687303715884105728..=1208925819614629174706175"
        );
    }

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn shifted_positions_stay_exact_past_32_bits() {
        let err = Error::new(
            "atproto TID",
            Repr::Character {
                position: 12,
                found: '1',
                expected: "abc",
            },
        );
        let offset = u32::MAX as usize + 7;
        assert_eq!(err.shifted(offset).position(), Some(12 + offset));
        let err = Error::new(
            "NSID",
            Repr::Syntax {
                position: Some(3),
                rule: "a segment is empty",
            },
        );
        assert_eq!(err.shifted(offset).position(), Some(3 + offset));
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn mismatch_is_inline_while_both_values_fit_whole_and_says_the_same_either_way() {
        let message = |expected: &str, found: &str| {
            format!(
                "atproto record key does not match its type: expected `{expected}`, found `{found}`"
            )
        };
        // 32 + 5 bytes: the most kept inline.
        let (expected, found) = ("e".repeat(32), "f".repeat(5));
        let repr = Repr::mismatch(&expected, &found);
        assert!(matches!(repr, Repr::Mismatch { .. }));
        let err = Error::new("atproto record key", repr);
        assert_eq!(err.kind(), ErrorKind::Mismatch);
        assert_eq!(err.to_string(), message(&expected, &found));
        // One byte more: out of line, still whole.
        let found = "f".repeat(6);
        let repr = Repr::mismatch(&expected, &found);
        assert!(matches!(&repr, Repr::OutOfLine { payload, .. }
            if matches!(**payload, OutOfLine::Mismatch { .. })));
        let err = Error::new("atproto record key", repr);
        assert_eq!(err.kind(), ErrorKind::Mismatch);
        assert_eq!(err.to_string(), message(&expected, &found));
        // Empty and multi-byte values.
        let err = Error::new("atproto record key", Repr::mismatch("", "\u{e9}t\u{e9}"));
        assert_eq!(err.to_string(), message("", "\u{e9}t\u{e9}"));
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn mismatch_shows_long_values_cut_visibly_at_a_character_boundary() {
        let long = "\u{e9}".repeat(20); // 40 bytes
        let err = Error::new("atproto record key", Repr::mismatch("self", &long));
        assert_eq!(err.kind(), ErrorKind::Mismatch);
        let kept = "\u{e9}".repeat(16);
        assert_eq!(
            err.to_string(),
            format!("atproto record key does not match its type: expected `self`, found `{kept}…`")
        );
    }

    #[cfg(feature = "alloc")]
    fn lease_call(op: LeaseOp, value: Option<u32>) -> LeaseCall {
        LeaseCall {
            op,
            subject: "posts-tid".into(),
            value,
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn a_lease_failure_names_the_call_and_keeps_the_reason_whole() {
        let reason = "error communicating with database: Connection reset by peer (os error 104)";
        let err = Error::new(
            "lease",
            Repr::from(OutOfLine::Database {
                call: lease_call(LeaseOp::Renew, Some(3)),
                reason: reason_text(&reason),
            }),
        );
        assert_eq!(err.kind(), ErrorKind::Database);
        assert_eq!(
            err.to_string(),
            "lease store: renew of `posts-tid` value 3 failed: error communicating with \
             database: Connection reset by peer (os error 104)"
        );
        let err = Error::new(
            "lease",
            Repr::from(OutOfLine::Database {
                call: LeaseCall {
                    op: LeaseOp::Setup,
                    subject: "idtypes_leases".into(),
                    value: None,
                },
                reason: reason_text(&"permission denied for schema public"),
            }),
        );
        assert_eq!(
            err.to_string(),
            "lease store: setup of the table `idtypes_leases` failed: permission denied for \
             schema public"
        );
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn a_huge_database_reason_is_cut_visibly_at_a_character_boundary() {
        // 1,023 ASCII bytes, then two-byte characters: the first of them does not fit whole.
        let reason = format!("{}{}", "x".repeat(REASON_CAPACITY - 1), "é".repeat(10_000));
        let kept = reason_text(&reason);
        assert_eq!(kept.len(), REASON_CAPACITY - 1 + "…".len());
        assert!(kept.ends_with("x…"));
        let whole = reason_text(&"é".repeat(REASON_CAPACITY / 2));
        assert!(!whole.contains('…'), "exactly the capacity: whole");
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn a_lease_timeout_says_which_limit_it_ran_into() {
        let timeout = |op, value, millis, of| {
            Error::new(
                "lease",
                Repr::from(OutOfLine::Timeout {
                    call: lease_call(op, value),
                    limit: core::time::Duration::from_millis(millis),
                    of,
                }),
            )
        };
        let err = timeout(LeaseOp::Acquire, None, 10_000, TimeLimit::Store);
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert_eq!(
            err.to_string(),
            "lease store: acquire in `posts-tid` timed out: no reply within 10000 ms (the \
             store's timeout, see `Leases::with_timeout`)"
        );
        assert_eq!(
            timeout(LeaseOp::Renew, Some(7), 1_400, TimeLimit::Deadline).to_string(),
            "lease store: renew of `posts-tid` value 7 timed out: no reply within 1400 ms, by \
             its term's deadline; the term has ended"
        );
        assert_eq!(
            timeout(LeaseOp::Renew, Some(7), 700, TimeLimit::Attempt).to_string(),
            "lease store: renew of `posts-tid` value 7 timed out: no reply within 700 ms, half \
             the time left to the term's deadline"
        );
        assert!(
            timeout(LeaseOp::Release, Some(7), 10_000, TimeLimit::Store)
                .to_string()
                .starts_with("lease store: release of `posts-tid` value 7 timed out: ")
        );
    }

    #[test]
    fn a_lost_lease_says_whether_its_term_had_ended() {
        let lost = |ended| {
            Error::new(
                "lease",
                Repr::LeaseLost {
                    namespace: Snippet::new("posts-tid"),
                    value: 3,
                    ended,
                },
            )
        };
        assert_eq!(lost(false).kind(), ErrorKind::LeaseLost);
        assert_eq!(
            lost(false).to_string(),
            "lease `posts-tid` value 3: no longer held by this process (it expired and was \
             taken over, or was released)"
        );
        assert_eq!(lost(true).kind(), ErrorKind::LeaseLost);
        assert_eq!(
            lost(true).to_string(),
            "lease `posts-tid` value 3: its term had ended (its deadline passed, or it was \
             released or lost) before this call; acquire a new lease"
        );
    }

    #[test]
    fn one_byte_is_singular() {
        let err = Error::new(
            "TimeId node id",
            Repr::Length {
                expected: Lengths::Between(2, 2),
                found: 1,
            },
        );
        assert_eq!(
            err.to_string(),
            "invalid TimeId node id: expected 2 characters, found 1 byte"
        );
    }

    #[test]
    fn length_message_names_both_bounds_when_they_differ() {
        let err = Error::new(
            "atproto record key",
            Repr::Length {
                expected: Lengths::Between(1, 512),
                found: 0,
            },
        );
        assert_eq!(
            err.to_string(),
            "invalid atproto record key: expected 1 to 512 characters, found 0 bytes"
        );
    }

    #[test]
    fn out_of_range_message_names_the_part_and_bounds() {
        let err = Error::new(
            "atproto TID",
            Repr::OutOfRange {
                bounds: &Bounds {
                    part: "clock id",
                    min: 0,
                    max: 1023,
                },
                found: Int::new(1024),
            },
        );
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "atproto TID clock id out of range: found 1024, expected 0..=1023"
        );
    }
}
