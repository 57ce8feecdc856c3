//! The clocks on Unix: `clock_gettime`, with `SystemTime` and `Instant` only should it ever
//! fail.

/// The wall clock, in µs since 1970: `CLOCK_REALTIME`.
#[inline]
pub(crate) fn wall_micros() -> i64 {
    match read_clock(libc::CLOCK_REALTIME) {
        Some((secs, nanos)) => secs.saturating_mul(1_000_000).saturating_add(nanos / 1000),
        None => super::micros_of(std::time::SystemTime::now()),
    }
}

/// The monotonic clock that explains the wall clock's moves, in µs from an arbitrary start:
/// `CLOCK_BOOTTIME` on Linux and Android (it counts time suspended, so a wall clock that moved
/// on over a suspend is explained), `CLOCK_MONOTONIC` on other Unix systems.
pub(crate) fn monotonic_micros() -> Option<i64> {
    Some(match read_clock(SINCE_BOOT) {
        Some((secs, nanos)) => secs.saturating_mul(1_000_000).saturating_add(nanos / 1000),
        None => i64::try_from(super::since_first_read().as_micros()).unwrap_or(i64::MAX),
    })
}

/// Nanoseconds on `CLOCK_MONOTONIC`, from an arbitrary start: lease deadlines and waits.
/// `u64::MAX` should it fail (it cannot, for this clock): every lease term then refuses.
pub(crate) fn monotonic_nanos() -> u64 {
    nanos(libc::CLOCK_MONOTONIC)
}

/// [`monotonic_nanos`] read cheaply: on Linux `CLOCK_MONOTONIC_COARSE`, which lags the
/// precise clock by less than one clock tick and never runs ahead of it.
#[inline]
pub(crate) fn coarse_monotonic_nanos() -> u64 {
    nanos(COARSE)
}

#[cfg(any(target_os = "linux", target_os = "android"))]
const SINCE_BOOT: libc::clockid_t = libc::CLOCK_BOOTTIME;
#[cfg(not(any(target_os = "linux", target_os = "android")))]
const SINCE_BOOT: libc::clockid_t = libc::CLOCK_MONOTONIC;

#[cfg(any(target_os = "linux", target_os = "android"))]
const COARSE: libc::clockid_t = libc::CLOCK_MONOTONIC_COARSE;
#[cfg(not(any(target_os = "linux", target_os = "android")))]
const COARSE: libc::clockid_t = libc::CLOCK_MONOTONIC;

#[inline]
fn nanos(clock: libc::clockid_t) -> u64 {
    match read_clock(clock) {
        // Monotonic clocks never read before their start.
        Some((secs, nanos)) => (secs as u64)
            .saturating_mul(1_000_000_000)
            .saturating_add(nanos as u64),
        None => u64::MAX,
    }
}

/// `clock_gettime(clock)` as seconds and nanoseconds, or `None` when it fails (never, for the
/// clocks every Unix has).
#[inline]
fn read_clock(clock: libc::clockid_t) -> Option<(i64, i64)> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec.
    if unsafe { libc::clock_gettime(clock, &mut now) } != 0 {
        return None;
    }
    // `time_t` and `c_long` are 32 bits on some targets: widen, never truncate.
    #[allow(clippy::useless_conversion)]
    Some((i64::from(now.tv_sec), i64::from(now.tv_nsec)))
}
