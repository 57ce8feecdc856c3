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
    pub(super) fn fmt_message(
        &self,
        format: &str,
        typed: &TypeInfo,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        match *self {
            Repr::WholeLength { expected, found } => write!(
                f,
                "invalid {}: expected {expected} characters (`{}{}` and the {format} text), \
                 found {found} {}",
                typed.name,
                typed.prefix,
                typed.separator,
                if found == 1 { "byte" } else { "bytes" }
            ),
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
