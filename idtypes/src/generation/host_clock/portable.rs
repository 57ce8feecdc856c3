//! The clocks elsewhere (Windows, WASI, ...): the standard library's [`SystemTime`] and
//! [`Instant`](std::time::Instant).

use std::time::SystemTime;

/// The wall clock, in µs since 1970: [`SystemTime::now`].
#[inline]
pub(crate) fn wall_micros() -> i64 {
    super::micros_of(SystemTime::now())
}

/// The monotonic clock, in µs since its first read: [`Instant`](std::time::Instant).
pub(crate) fn monotonic_micros() -> Option<i64> {
    Some(i64::try_from(super::since_first_read().as_micros()).unwrap_or(i64::MAX))
}

/// Nanoseconds on [`Instant`](std::time::Instant) since its first read, plus one (so that 0
/// keeps meaning "ended" for a lease term).
pub(crate) fn monotonic_nanos() -> u64 {
    u64::try_from(super::since_first_read().as_nanos())
        .unwrap_or(u64::MAX - 1)
        .saturating_add(1)
}

/// [`monotonic_nanos`]: there is no cheaper reading of it here.
#[inline]
pub(crate) fn coarse_monotonic_nanos() -> u64 {
    monotonic_nanos()
}
