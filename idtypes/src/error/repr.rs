//! What an [`Error`](super::Error) holds: the kind and its payload ([`Repr`]), inline within
//! the size budget or behind an `Arc` ([`OutOfLine`]), and the parts payloads are made of
//! (lengths, bounds, an `i128` in two halves, a typed id's name and prefix).

use core::fmt;

use super::*;

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
    /// A typed id's text is `found` bytes long, not `expected`: its format's length error
    /// counted in the whole text, the prefix and separator included (`Error::counted_whole`).
    WholeLength { expected: Lengths, found: usize },
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
    #[cfg_attr(not(all(feature = "std", idtypes_host)), allow(dead_code))]
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
    #[cfg_attr(not(all(feature = "std", idtypes_host)), allow(dead_code))]
    ClockBackwards { behind_micros: u64, waited: bool },
    /// A generator's next id would be `ahead_micros` ahead of its clock, past its run-ahead
    /// bound; it refused at once, or `waited` a second for the clock.
    #[cfg_attr(not(all(feature = "std", idtypes_host)), allow(dead_code))]
    AheadOfClock {
        ahead_micros: u64,
        bound_micros: u64,
        waited: bool,
    },
    /// A generator's `part`, fixed to `value` by the caller, was asked for an id in a forked
    /// child of the process that fixed it.
    #[cfg_attr(not(all(feature = "std", idtypes_host)), allow(dead_code))]
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
    #[cfg_attr(not(all(feature = "std", idtypes_host)), allow(dead_code))]
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
    /// A `LeasedGenerator` of `namespace` has had no live term for `without` (its last
    /// on `value`), because of `reason` (the loss, or the last failed attempt to lease again),
    /// or because it was `released`; the call waited `waited` for one, when it was a waiting
    /// call.
    #[cfg_attr(not(feature = "tokio"), allow(dead_code))]
    NoTerm {
        namespace: alloc::boxed::Box<str>,
        value: u32,
        without: core::time::Duration,
        waited: Option<core::time::Duration>,
        reason: Option<alloc::boxed::Box<str>>,
        /// It was released: it leases no more.
        released: bool,
    },
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
            OutOfLine::NoTerm { .. } => ErrorKind::LeaseExpired,
        }
    }

    /// Whether the message reads "invalid {name}: …" (see `Repr::is_about_input`).
    pub(super) fn is_about_input(&self) -> bool {
        matches!(
            self,
            OutOfLine::Mismatch { .. } | OutOfLine::Validation { .. }
        )
    }

    pub(super) fn fmt_message(
        &self,
        format: &str,
        typed: Option<&TypeInfo>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let name = typed.map_or(format, |typed| typed.name);
        match self {
            OutOfLine::OutOfRange { bounds, found } => bounds.fmt_message(format, *found, f),
            OutOfLine::Mismatch { expected, found } => {
                let inner = super::message::Inner {
                    format,
                    typed: typed.is_some(),
                };
                super::message::fmt_mismatch(name, inner, expected, found, f)
            }
            OutOfLine::Validation { reason } => write!(f, "invalid {name}: {reason}"),
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
                    TimeLimit::Store => " (the store's timeout, which its `with_timeout` sets)",
                    TimeLimit::Attempt => ", half the time left to the term's deadline",
                })
            }
            OutOfLine::NoTerm {
                namespace,
                value,
                released: true,
                ..
            } => write!(
                f,
                "lease `{namespace}`: released (the last term was on value {value}); this \
                 generator makes no more ids"
            ),
            OutOfLine::NoTerm {
                namespace,
                value,
                without,
                waited,
                reason,
                released: false,
            } => {
                write!(
                    f,
                    "lease `{namespace}`: no live term for {} ms (the last was on value \
                     {value}); leasing again",
                    without.as_millis()
                )?;
                if let Some(waited) = waited {
                    write!(f, "; waited {} ms for one", waited.as_millis())?;
                }
                match reason {
                    Some(reason) => write!(f, "; because: {reason}"),
                    None => Ok(()),
                }
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
    /// The same lengths, `offset` bytes longer (a typed id's prefix and separator added).
    pub(super) const fn plus(self, offset: usize) -> Lengths {
        match self {
            Lengths::Between(min, max) => Lengths::Between(min + offset, max + offset),
            Lengths::Either(a, b) => Lengths::Either(a + offset, b + offset),
        }
    }

    /// Whether "character" is singular: exactly one is expected.
    pub(super) fn is_one(self) -> bool {
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
    pub(super) fn fmt_message(
        &self,
        format: &str,
        found: Int,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
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

    pub(super) const fn get(self) -> i128 {
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
    pub(super) const NONE: TypeInfo = TypeInfo {
        name: "",
        prefix: "",
        separator: "",
    };
}
