//! [`kind_name`]: an [`ErrorKind`] as the integrations that answer a client name it (the axum
//! extractors' `kind` member, the GraphQL errors' `kind` extension), one list for both.

use super::ErrorKind;

/// An [`ErrorKind`] in snake case (`out_of_range`). Only the kinds about input come out of a
/// parse, but every kind has its name, so that the list cannot lag behind the enum.
pub(crate) const fn kind_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Length => "length",
        ErrorKind::Character => "character",
        ErrorKind::Overflow => "overflow",
        ErrorKind::OutOfRange => "out_of_range",
        ErrorKind::Exhausted => "exhausted",
        ErrorKind::Reserved => "reserved",
        ErrorKind::Syntax => "syntax",
        ErrorKind::Mismatch => "mismatch",
        ErrorKind::ClockBackwards => "clock_backwards",
        ErrorKind::AheadOfClock => "ahead_of_clock",
        ErrorKind::Prefix => "prefix",
        ErrorKind::Separator => "separator",
        ErrorKind::Validation => "validation",
        ErrorKind::Forked => "forked",
        ErrorKind::LeasesExhausted => "leases_exhausted",
        ErrorKind::LeaseLost => "lease_lost",
        ErrorKind::Database => "database",
        ErrorKind::Timeout => "timeout",
        ErrorKind::LeaseExpired => "lease_expired",
    }
}
