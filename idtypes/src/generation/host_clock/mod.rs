//! The host's clocks, on each target: what [`SystemClock`](crate::SystemClock), lease terms
//! and a waiting TBSL generator read.
//!
//! | target | wall clock | monotonic, for the clock guard | monotonic, for deadlines and waits |
//! |---|---|---|---|
//! | Linux, Android | `clock_gettime(CLOCK_REALTIME)` | `CLOCK_BOOTTIME` (counts time suspended) | `CLOCK_MONOTONIC`, and `CLOCK_MONOTONIC_COARSE` where each id checks a lease |
//! | other Unix (macOS, the BSDs) | `CLOCK_REALTIME` | `CLOCK_MONOTONIC` | `CLOCK_MONOTONIC` |
//! | Windows, WASI | `SystemTime::now` | `Instant` | `Instant` |
//! | wasm32-unknown-unknown with `js` | `Date.now()`, whole milliseconds | `performance.now()` | `performance.now()` |
//!
//! On Unix the clocks are read with `clock_gettime` itself: no `SystemTime` arithmetic on the
//! hot path. wasm32-unknown-unknown has no clock of its own (`SystemTime::now` and
//! `Instant::now` panic there): this module is built there only with the `js` feature, and
//! reads the JavaScript host's clocks.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod js;
#[cfg(not(any(unix, all(target_arch = "wasm32", target_os = "unknown"))))]
mod portable;
#[cfg(unix)]
mod unix;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use js::{coarse_monotonic_nanos, monotonic_micros, monotonic_nanos, wall_micros};
#[cfg(not(any(unix, all(target_arch = "wasm32", target_os = "unknown"))))]
pub(crate) use portable::{coarse_monotonic_nanos, monotonic_micros, monotonic_nanos, wall_micros};
#[cfg(unix)]
pub(crate) use unix::{coarse_monotonic_nanos, monotonic_micros, monotonic_nanos, wall_micros};

/// The time since the first call, on [`Instant`](std::time::Instant): the monotonic clock
/// where the platform's own is not read directly.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn since_first_read() -> std::time::Duration {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// Microseconds since the epoch, rounded down, saturating at the ends of `i64`.
pub(crate) fn micros_of(time: std::time::SystemTime) -> i64 {
    let (micros, _) = crate::range::time::floor_micros(time);
    micros.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_monotonic_clocks_count_the_time_that_passes() {
        let (micros, nanos) = (monotonic_micros().unwrap(), monotonic_nanos());
        std::thread::sleep(Duration::from_millis(5));
        assert!(monotonic_micros().unwrap() >= micros + 5_000);
        assert!(monotonic_nanos() >= nanos + 5_000_000);
        assert_ne!(monotonic_nanos(), 0, "0 means a term has ended");
    }

    #[test]
    fn the_coarse_clock_never_runs_ahead_of_the_precise_one() {
        for _ in 0..1000 {
            let coarse = coarse_monotonic_nanos();
            assert!(coarse <= monotonic_nanos());
        }
    }
}
