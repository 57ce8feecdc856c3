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
    /// over, or it was released.
    LeaseLost,
    /// The database refused or failed a lease operation; the message carries its reason.
    Database,
    /// A generator bound to a lease term refuses: the term's deadline passed (by this
    /// process's monotonic clock) or the term ended, or its ids reached the last timestamp the
    /// term allows. Renewing the lease in time prevents it.
    LeaseExpired,
}

/// What a failed parse, construction or generation reports.
///
/// The error is small and cheap to clone. The formats' own errors never allocate; only a typed
/// id's `validate` function's error is kept on the heap (with `alloc`), whole, as the error's
/// [`source`](core::error::Error::source). Its fields are private so
/// that details can grow without breaking changes; read them through [`kind`](Error::kind),
/// [`position`](Error::position) and [`format_name`](Error::format_name), or print it.
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
    /// The typed id (derive) being read, or `""`.
    type_name: &'static str,
    repr: Repr,
}

// Record-key errors (`Reserved`, `Syntax`, `Mismatch`) exist only with `alloc`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
enum Repr {
    Length {
        expected: Lengths,
        found: usize,
    },
    Character {
        position: usize,
        found: char,
        expected: &'static str,
    },
    Overflow {
        position: usize,
        found: char,
        expected: &'static str,
    },
    OutOfRange {
        part: &'static str,
        found: i128,
        min: i128,
        max: i128,
    },
    Exhausted {
        reason: &'static str,
    },
    Reserved {
        rule: &'static str,
    },
    Syntax {
        position: Option<usize>,
        rule: &'static str,
    },
    Mismatch {
        expected: Snippet,
        found: Snippet,
    },
    Prefix {
        prefix: &'static str,
        separator: &'static str,
        /// What stood where the prefix belongs; `None` when the text has no prefix at all.
        found: Option<Snippet>,
    },
    Separator {
        prefix: &'static str,
        separator: &'static str,
        /// `None` when the text ends after the prefix.
        found: Option<char>,
    },
    Validation {
        reason: ValidationReason,
    },
    TooLarge {
        largest: &'static str,
    },
    ClockBackwards {
        behind_micros: u64,
        waited: bool,
    },
    Forked {
        /// What the caller fixed ("clock id", "node id", "machine id").
        part: &'static str,
        value: u16,
    },
    LeasesExhausted {
        namespace: Snippet,
        size: u32,
    },
    LeaseLost {
        namespace: Snippet,
        value: u32,
    },
    Database {
        reason: Snippet<{ VALIDATION_CAPACITY }>,
    },
    LeaseExpired {
        part: &'static str,
        value: u16,
        /// The ceiling was reached (not the deadline).
        ceiling: bool,
    },
}

/// The lengths a text may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Lengths {
    Between(usize, usize),
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

/// The bytes kept of a reason given as text (a database's, a `validate` function's without
/// `alloc`).
const VALIDATION_CAPACITY: usize = 72;

/// A `validate` function's error, kept whole: [`Error::source`] returns it, so callers can
/// downcast it and reports show its own chain.
#[cfg(feature = "alloc")]
#[derive(Clone)]
struct ValidationReason(alloc::sync::Arc<dyn core::error::Error + Send + Sync>);

/// Without a heap, a `validate` function's error is kept as its text (cut visibly past 72
/// bytes), which [`Error::source`] returns as an error of its own.
#[cfg(not(feature = "alloc"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct ValidationReason(Snippet<{ VALIDATION_CAPACITY }>);

impl ValidationReason {
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
        alloc::sync::Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
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
struct Snippet<const N: usize = 32> {
    len: u8,
    cut: bool,
    bytes: [u8; N],
}

impl<const N: usize> Snippet<N> {
    const EMPTY: Self = Snippet {
        len: 0,
        cut: false,
        bytes: [0; N],
    };

    fn new(text: &str) -> Self {
        let mut snippet = Self::EMPTY;
        snippet.push(text);
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
    /// The input's length is `found` bytes where `min..=max` were expected.
    pub(crate) const fn length(format: &'static str, min: usize, max: usize, found: usize) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Length {
                expected: Lengths::Between(min, max),
                found,
            },
        }
    }

    /// The input's length is `found` bytes where either `a` or `b` was expected.
    pub(crate) const fn length_either(
        format: &'static str,
        a: usize,
        b: usize,
        found: usize,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Length {
                expected: Lengths::Either(a, b),
                found,
            },
        }
    }

    /// The byte at `position` of `input` starts a character that is not one of `expected`.
    pub(crate) const fn character(
        format: &'static str,
        input: &[u8],
        position: usize,
        expected: &'static str,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Character {
                position,
                found: char_at(input, position),
                expected,
            },
        }
    }

    /// The symbol at `position` is in the alphabet, but puts the value out of range.
    pub(crate) const fn overflow(
        format: &'static str,
        input: &[u8],
        position: usize,
        expected: &'static str,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Overflow {
                position,
                found: char_at(input, position),
                expected,
            },
        }
    }

    /// A constructor's `part` was `found`, outside `min..=max`.
    pub(crate) const fn out_of_range(
        format: &'static str,
        part: &'static str,
        found: i128,
        min: i128,
        max: i128,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::OutOfRange {
                part,
                found,
                min,
                max,
            },
        }
    }

    /// A generator cannot continue, for `reason`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const fn exhausted(format: &'static str, reason: &'static str) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Exhausted { reason },
        }
    }

    /// The input is a value the format sets aside; `rule` says which ones.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn reserved(format: &'static str, rule: &'static str) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Reserved { rule },
        }
    }

    /// The input breaks the structural `rule`, at `position` when one byte is to blame.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) const fn syntax(
        format: &'static str,
        position: Option<usize>,
        rule: &'static str,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Syntax { position, rule },
        }
    }

    /// The text is well formed but names a value above the format's `largest`.
    pub(crate) const fn too_large(format: &'static str, largest: &'static str) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::TooLarge { largest },
        }
    }

    /// The clock read `behind_micros` before the last id; `waited` says whether the generator
    /// waited (and gave up) or refused at once.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const fn clock_backwards(
        format: &'static str,
        behind_micros: u64,
        waited: bool,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::ClockBackwards {
                behind_micros,
                waited,
            },
        }
    }

    /// A generator's `part`, fixed to `value` by the caller, was asked for an id in a forked
    /// child of the process that fixed it.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const fn forked(format: &'static str, part: &'static str, value: u16) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Forked { part, value },
        }
    }

    /// A generator's leased `part` (`value`) may not be used: its term's deadline passed or
    /// it ended (`ceiling` false), or the ids reached the term's ceiling (`ceiling` true).
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const fn lease_expired(
        format: &'static str,
        part: &'static str,
        value: u16,
        ceiling: bool,
    ) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::LeaseExpired {
                part,
                value,
                ceiling,
            },
        }
    }

    /// All `size` values of the lease space `namespace` are held.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    pub(crate) fn leases_exhausted(namespace: &str, size: u32) -> Self {
        Error {
            format: "lease",
            type_name: "",
            repr: Repr::LeasesExhausted {
                namespace: Snippet::new(namespace),
                size,
            },
        }
    }

    /// The lease on `value` of `namespace` is no longer this process's.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    pub(crate) fn lease_lost(namespace: &str, value: u32) -> Self {
        Error {
            format: "lease",
            type_name: "",
            repr: Repr::LeaseLost {
                namespace: Snippet::new(namespace),
                value,
            },
        }
    }

    /// A database operation failed for `reason`.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    pub(crate) fn database(reason: &dyn fmt::Display) -> Self {
        let mut kept = Snippet::EMPTY;
        // `Snippet` never fails; a `Display` impl that does leaves what it wrote so far.
        let _ = fmt::Write::write_fmt(&mut kept, format_args!("{reason}"));
        Error {
            format: "lease",
            type_name: "",
            repr: Repr::Database { reason: kept },
        }
    }

    /// The value `found` where the value `expected` was required.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn mismatch(format: &'static str, expected: &str, found: &str) -> Self {
        Error {
            format,
            type_name: "",
            repr: Repr::Mismatch {
                expected: Snippet::new(expected),
                found: Snippet::new(found),
            },
        }
    }

    /// The text of the typed id `type_name` lacks the prefix `prefix` + `separator` (`found`
    /// is `None`), or has `found` in its place.
    pub(crate) fn prefix(
        format: &'static str,
        type_name: &'static str,
        prefix: &'static str,
        separator: &'static str,
        found: Option<&str>,
    ) -> Self {
        Error {
            format,
            type_name,
            repr: Repr::Prefix {
                prefix,
                separator,
                found: found.map(Snippet::new),
            },
        }
    }

    /// The prefix of the typed id `type_name` is followed by `found` (`None`: the end of the
    /// text) instead of `separator`.
    pub(crate) const fn separator(
        format: &'static str,
        type_name: &'static str,
        prefix: &'static str,
        separator: &'static str,
        found: Option<char>,
    ) -> Self {
        Error {
            format,
            type_name,
            repr: Repr::Separator {
                prefix,
                separator,
                found,
            },
        }
    }

    /// The `validate` function of the typed id `type_name` refused a value, for `reason`
    /// (kept whole).
    #[cfg(feature = "alloc")]
    pub(crate) fn validation(
        format: &'static str,
        type_name: &'static str,
        reason: alloc::boxed::Box<dyn core::error::Error + Send + Sync>,
    ) -> Self {
        Error {
            format,
            type_name,
            repr: Repr::Validation {
                reason: ValidationReason(reason.into()),
            },
        }
    }

    /// The `validate` function of the typed id `type_name` refused a value, for `reason`
    /// (kept inline, cut visibly past 72 bytes).
    #[cfg(not(feature = "alloc"))]
    pub(crate) fn validation(
        format: &'static str,
        type_name: &'static str,
        reason: &dyn fmt::Display,
    ) -> Self {
        let mut kept = Snippet::EMPTY;
        // `Snippet` never fails; a `Display` impl that does leaves what it wrote so far.
        let _ = fmt::Write::write_fmt(&mut kept, format_args!("{reason}"));
        Error {
            format,
            type_name,
            repr: Repr::Validation {
                reason: ValidationReason(kept),
            },
        }
    }

    /// The same error, met while reading the typed id `type_name` (its format's own error
    /// behind a prefix).
    pub(crate) const fn within(mut self, type_name: &'static str) -> Self {
        self.type_name = type_name;
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
        match self.repr {
            Repr::Length { .. } => ErrorKind::Length,
            Repr::Character { .. } => ErrorKind::Character,
            Repr::Overflow { .. } => ErrorKind::Overflow,
            Repr::OutOfRange { .. } => ErrorKind::OutOfRange,
            Repr::Exhausted { .. } => ErrorKind::Exhausted,
            Repr::Reserved { .. } => ErrorKind::Reserved,
            Repr::Syntax { .. } => ErrorKind::Syntax,
            Repr::Mismatch { .. } => ErrorKind::Mismatch,
            Repr::TooLarge { .. } => ErrorKind::Overflow,
            Repr::ClockBackwards { .. } => ErrorKind::ClockBackwards,
            Repr::Forked { .. } => ErrorKind::Forked,
            Repr::LeasesExhausted { .. } => ErrorKind::LeasesExhausted,
            Repr::LeaseLost { .. } => ErrorKind::LeaseLost,
            Repr::Database { .. } => ErrorKind::Database,
            Repr::LeaseExpired { .. } => ErrorKind::LeaseExpired,
            Repr::Prefix { .. } => ErrorKind::Prefix,
            Repr::Separator { .. } => ErrorKind::Separator,
            Repr::Validation { .. } => ErrorKind::Validation,
        }
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
            Repr::Separator { prefix, .. } => Some(prefix.len()),
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
        if self.type_name.is_empty() {
            None
        } else {
            Some(self.type_name)
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = self.format;
        let type_name = self.type_name;
        match self.repr {
            Repr::Prefix {
                prefix,
                separator,
                found: None,
            } => write!(
                f,
                "invalid {type_name}: missing the prefix `{prefix}{separator}`"
            ),
            Repr::Prefix {
                prefix,
                separator,
                found: Some(found),
            } => write!(
                f,
                "invalid {type_name}: expected the prefix `{prefix}{separator}`, found `{found}`"
            ),
            Repr::Separator {
                prefix,
                separator,
                found,
            } => {
                write!(
                    f,
                    "invalid {type_name}: expected the separator `{separator}` after `{prefix}` \
                     at byte {}, found ",
                    prefix.len()
                )?;
                match found {
                    Some(found) => write!(f, "{found:?}"),
                    None => f.write_str("the end of the text"),
                }
            }
            Repr::Validation { ref reason } => write!(f, "invalid {type_name}: {reason}"),
            _ if !type_name.is_empty() => {
                write!(f, "{type_name}: ")?;
                self.clone().within("").fmt(f)
            }
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
            Repr::OutOfRange {
                part,
                found,
                min,
                max,
            } => write!(
                f,
                "{format} {part} out of range: found {found}, expected {min}..={max}"
            ),
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
            Repr::LeaseLost { namespace, value } => write!(
                f,
                "lease `{namespace}` value {value}: no longer held by this process (it expired \
                 and was taken over, or was released)"
            ),
            Repr::Database { reason } => write!(f, "lease store: {reason}"),
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
            Repr::Mismatch { expected, found } => write!(
                f,
                "{format} does not match its type: expected `{expected}`, found `{found}`"
            ),
        }
    }
}

impl core::error::Error for Error {
    /// A typed id's `validate` function's own error, for [`ErrorKind::Validation`]; `None`
    /// for every other kind, whose message says all there is.
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.repr {
            Repr::Validation { reason } => Some(reason.as_error()),
            _ => None,
        }
    }
}

// Only a validator's error (with `alloc`) owns heap memory; every error of the formats
// themselves is inline, which `split` relies on to forget them in `const` code.
#[cfg(not(feature = "alloc"))]
const _: () = assert!(!core::mem::needs_drop::<Error>());

// `Result<T, Error>` is returned by every parser: keep it within clippy's `result_large_err`.
const _: () = assert!(core::mem::size_of::<Error>() < 128);

/// A result whose error is set aside from drop glue, for `const` code: with `alloc` an
/// [`Error`] may own a validator's error, and `const` code may not drop such a type, not even
/// an `Ok` whose error type has drop glue.
///
/// Every error this crate's `const` functions return is inline (only typed ids' validators
/// box theirs, and they are not `const`), so forgetting one loses no memory.
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
/// use idtypes::{NodeId, Tid, TimeId, unwrap_const};
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

/// Decodes the character that starts at byte `i` of `bytes`, for error messages.
///
/// Text formats here are ASCII, so the first rejected byte always starts a character. Bytes
/// that are not valid UTF-8 (input given as raw bytes) give U+FFFD.
const fn char_at(bytes: &[u8], i: usize) -> char {
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
    use super::*;

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
    fn mismatch_shows_long_values_cut_visibly_at_a_character_boundary() {
        let long = "\u{e9}".repeat(20); // 40 bytes
        let err = Error::mismatch("atproto record key", "self", &long);
        assert_eq!(err.kind(), ErrorKind::Mismatch);
        let kept = "\u{e9}".repeat(16);
        assert_eq!(
            err.to_string(),
            format!("atproto record key does not match its type: expected `self`, found `{kept}…`")
        );
    }

    #[test]
    fn one_byte_is_singular() {
        let err = Error::length("TimeId node id", 2, 2, 1);
        assert_eq!(
            err.to_string(),
            "invalid TimeId node id: expected 2 characters, found 1 byte"
        );
    }

    #[test]
    fn length_message_names_both_bounds_when_they_differ() {
        let err = Error::length("atproto record key", 1, 512, 0);
        assert_eq!(
            err.to_string(),
            "invalid atproto record key: expected 1 to 512 characters, found 0 bytes"
        );
    }

    #[test]
    fn out_of_range_message_names_the_part_and_bounds() {
        let err = Error::out_of_range("atproto TID", "clock id", 1024, 0, 1023);
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            err.to_string(),
            "atproto TID clock id out of range: found 1024, expected 0..=1023"
        );
    }
}
