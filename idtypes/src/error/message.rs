//! What an error says: each kind's message, and its kind and position as the accessors read
//! them.

use core::fmt;

use super::*;

impl Repr {
    pub(super) const fn kind(&self) -> ErrorKind {
        match self {
            Repr::Length { .. }
            | Repr::ByteLength { .. }
            | Repr::TypedLength { .. }
            | Repr::WholeLength { .. } => ErrorKind::Length,
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
            Repr::AheadOfClock { .. } => ErrorKind::AheadOfClock,
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

    /// Whether the message reads "invalid {name}: …", the name being the typed id's when
    /// there is one: every error about a text or value that was read (a typed id's own kinds
    /// and its format's). The others (a constructor's part out of range, a generator's or a
    /// lease's refusal) are about an operation, and a typed id's name goes before them.
    pub(super) fn is_about_input(&self) -> bool {
        match self {
            Repr::Length { .. }
            | Repr::ByteLength { .. }
            | Repr::TypedLength { .. }
            | Repr::WholeLength { .. }
            | Repr::Character { .. }
            | Repr::Overflow { .. }
            | Repr::Reserved { .. }
            | Repr::Syntax { .. }
            | Repr::TooLarge { .. }
            | Repr::Prefix { .. }
            | Repr::Separator { .. } => true,
            #[cfg(feature = "alloc")]
            Repr::Mismatch { .. } => true,
            #[cfg(not(feature = "alloc"))]
            Repr::Validation { .. } => true,
            #[cfg(feature = "alloc")]
            Repr::OutOfLine { payload, .. } => payload.is_about_input(),
            Repr::OutOfRange { .. }
            | Repr::Exhausted { .. }
            | Repr::ClockBackwards { .. }
            | Repr::AheadOfClock { .. }
            | Repr::Forked { .. }
            | Repr::LeasesExhausted { .. }
            | Repr::LeaseLost { .. }
            | Repr::LeaseExpired { .. } => false,
        }
    }

    /// The message, about `format` and, when one was being read, the typed id `typed`: the
    /// errors about input say "invalid {the typed id's name, else the format's}: …", and a
    /// typed id's message names its format where the mistake was found in it ([`Inner`]).
    /// Lengths and positions are in bytes, as [`Error::position`] is (see the module notes).
    pub(super) fn fmt_message(
        &self,
        format: &str,
        typed: Option<&TypeInfo>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let name = typed.map_or(format, |typed| typed.name);
        let inner = Inner {
            format,
            typed: typed.is_some(),
        };
        let info = typed.unwrap_or(&TypeInfo::NONE);
        match *self {
            Repr::WholeLength { expected, found } => write!(
                f,
                "invalid {name}: expected {} (`{}{}` and the {format}), found {}",
                Bytes(expected),
                info.prefix,
                info.separator,
                Bytes(found)
            ),
            Repr::Length { expected, found } => {
                write!(f, "invalid {name}: expected {}", Bytes(expected))?;
                if typed.is_some() {
                    write!(f, " (the {format})")?;
                }
                write!(f, ", found {}", Bytes(found))
            }
            Repr::ByteLength { expected, found } => {
                write!(f, "invalid {name}: expected {}", Bytes(expected))?;
                if typed.is_some() {
                    write!(f, " (the {format})")?;
                }
                write!(f, ", found {}", Bytes(found))
            }
            Repr::TypedLength { max, found } => write!(
                f,
                "invalid {name}: expected at most {} (`{}{}` and the {format}), found {}",
                Bytes(max),
                info.prefix,
                info.separator,
                Bytes(found)
            ),
            Repr::Character {
                position,
                found,
                expected,
            } => write!(
                f,
                "invalid {name}: unexpected character {found:?} at byte {position}{inner}, \
                 expected one of `{expected}`"
            ),
            Repr::Overflow {
                position,
                found,
                expected,
            } => write!(
                f,
                "invalid {name}: character {found:?} at byte {position}{inner} puts the value \
                 out of range, expected one of `{expected}` there"
            ),
            Repr::OutOfRange { bounds, found } => bounds.fmt_message(format, found, f),
            Repr::Exhausted { reason } => write!(f, "{format} generator exhausted: {reason}"),
            Repr::Reserved { rule } => write!(f, "invalid {name}: {rule}{inner}"),
            Repr::Syntax {
                position: Some(position),
                rule,
            } => match typed {
                Some(_) => write!(
                    f,
                    "invalid {name}: {rule} (at byte {position}, in the {format})"
                ),
                None => write!(f, "invalid {name}: {rule} (at byte {position})"),
            },
            Repr::Syntax {
                position: None,
                rule,
            } => write!(f, "invalid {name}: {rule}{inner}"),
            Repr::AheadOfClock {
                ahead_micros,
                bound_micros,
                waited,
            } => write!(
                f,
                "{format} generator: the next id would be {ahead_micros} µs ahead of the clock, \
                 past the run-ahead bound of {bound_micros} µs, and {}",
                if waited {
                    "the clock did not catch up within a second"
                } else {
                    "the policy is to refuse"
                }
            ),
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
                "invalid {name}: the value is too large{inner}, the largest is `{largest}`"
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
                fmt_mismatch(name, inner, &expected, &found, f)
            }
            Repr::Prefix { found: None } => write!(
                f,
                "invalid {name}: missing the prefix `{}{}`",
                info.prefix, info.separator
            ),
            Repr::Prefix {
                found: Some(ref found),
            } => write!(
                f,
                "invalid {name}: expected the prefix `{}{}`, found `{found}`",
                info.prefix, info.separator
            ),
            Repr::Separator { found } => {
                write!(
                    f,
                    "invalid {name}: expected the separator `{}` after `{}` at byte {}, found ",
                    info.separator,
                    info.prefix,
                    info.prefix.len()
                )?;
                match found {
                    Some(found) => write!(f, "{found:?}"),
                    None => f.write_str("the end of the text"),
                }
            }
            #[cfg(not(feature = "alloc"))]
            Repr::Validation { ref reason } => write!(f, "invalid {name}: {reason}"),
            #[cfg(feature = "alloc")]
            Repr::OutOfLine { ref payload, .. } => payload.fmt_message(format, typed, f),
        }
    }
}

/// Where in a typed id's text its format found the mistake: " (in the atproto TID)" after
/// the position, so that a message names the typed id first and its format second; nothing
/// for a format's own text, whose name the message starts with.
#[derive(Clone, Copy)]
pub(super) struct Inner<'a> {
    pub(super) format: &'a str,
    pub(super) typed: bool,
}

impl fmt::Display for Inner<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.typed {
            write!(f, " (in the {})", self.format)?;
        }
        Ok(())
    }
}

/// A count of bytes, "1 byte", "13 bytes", "1 to 512 bytes": the one unit of every length
/// in a message, as positions are byte offsets.
struct Bytes<T>(T);

impl fmt::Display for Bytes<usize> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.0 == 1 { "byte" } else { "bytes" };
        write!(f, "{} {unit}", self.0)
    }
}

impl fmt::Display for Bytes<Lengths> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.0.is_one() { "byte" } else { "bytes" };
        write!(f, "{} {unit}", self.0)
    }
}

/// The message of a value that is not the one its type requires (a record key of a
/// `literal:` type): a typed id names its format before the value.
#[cfg(feature = "alloc")]
pub(super) fn fmt_mismatch(
    name: &str,
    inner: Inner<'_>,
    expected: &dyn fmt::Display,
    found: &dyn fmt::Display,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "invalid {name}: expected ")?;
    if inner.typed {
        write!(f, "the {} ", inner.format)?;
    }
    write!(
        f,
        "`{expected}`, the only one its type allows, found `{found}`"
    )
}
