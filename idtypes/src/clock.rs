//! Where generators read the time: the [`Clock`] trait, the [`SystemClock`], and a
//! [`ManualClock`] that tests set, step forwards and step backwards.
//!
//! # Examples
//!
//! Drive a generator through a clock that goes back:
//!
//! ```
//! use std::{sync::Arc, time::Duration};
//! use idtypes::ManualClock;
//! use idtypes::tid::TidGenerator;
//!
//! let clock = Arc::new(ManualClock::new(1_700_000_000_000_000));
//! let generator = TidGenerator::with_clock(Arc::clone(&clock));
//! let first = generator.next();
//! clock.step_back(Duration::from_secs(5));
//! let second = generator.next();
//! assert!(second > first); // never a repeat, never a decrease
//! ```

use core::time::Duration;
use std::{
    sync::{
        Arc,
        atomic::{AtomicI64, Ordering},
    },
    time::SystemTime,
};

/// A source of wall-clock time for generators.
///
/// Implementations return microseconds since the Unix epoch (negative before 1970). A clock
/// with only millisecond precision returns `millis * 1000`: the generators then pad within the
/// millisecond themselves, as the atproto specification asks.
///
/// Clocks are shared by generators across threads, hence `Send + Sync`.
///
/// # Examples
///
/// A clock of your own, here one that only has milliseconds:
///
/// ```
/// use idtypes::Clock;
/// use idtypes::tid::TidGenerator;
///
/// struct CoarseClock;
///
/// impl Clock for CoarseClock {
///     fn now_micros(&self) -> i64 {
///         let millis = 1_700_000_000_123; // from a millisecond-only source
///         millis * 1000
///     }
/// }
///
/// let generator = TidGenerator::with_clock(CoarseClock);
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!(a.timestamp_micros(), 1_700_000_000_123_000);
/// assert_eq!(b.timestamp_micros(), 1_700_000_000_123_001);
/// ```
pub trait Clock: Send + Sync {
    /// Microseconds since 1970-01-01T00:00:00Z, negative before.
    fn now_micros(&self) -> i64;
}

impl<C: Clock + ?Sized> Clock for &C {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
}

impl<C: Clock + ?Sized> Clock for Arc<C> {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
}

impl<C: Clock + ?Sized> Clock for Box<C> {
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }
}

/// The operating system's real-time clock.
///
/// On Unix it calls `clock_gettime(CLOCK_REALTIME)` directly (no `SystemTime` arithmetic on
/// the hot path); elsewhere it reads [`SystemTime::now`].
///
/// # Examples
///
/// ```
/// use idtypes::{Clock, SystemClock};
///
/// let micros = SystemClock.now_micros();
/// assert!(micros > 1_700_000_000_000_000); // after November 2023
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SystemClock;

impl Clock for SystemClock {
    #[inline]
    fn now_micros(&self) -> i64 {
        system_micros()
    }
}

#[cfg(unix)]
#[inline]
fn system_micros() -> i64 {
    match read_clock(libc::CLOCK_REALTIME) {
        Some((secs, nanos)) => secs.saturating_mul(1_000_000).saturating_add(nanos / 1000),
        None => micros_of(SystemTime::now()),
    }
}

/// `clock_gettime(clock)` as seconds and nanoseconds, or `None` when it fails (never, for the
/// clocks every Unix has).
#[cfg(unix)]
#[inline]
pub(crate) fn read_clock(clock: libc::clockid_t) -> Option<(i64, i64)> {
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

#[cfg(not(unix))]
#[inline]
fn system_micros() -> i64 {
    micros_of(SystemTime::now())
}

/// Microseconds since the epoch, rounded down, saturating at the ends of `i64`.
fn micros_of(time: SystemTime) -> i64 {
    let (micros, _) = crate::time::floor_micros(time);
    micros.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// A clock that reads what it was set to: for tests, simulations and replays.
///
/// It can be shared between threads and generators (behind `&` or [`Arc`]), and moved
/// forwards or backwards at any time, which is how tests check what generators do when the
/// wall clock is stepped back.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use idtypes::{Clock, ManualClock};
///
/// let clock = ManualClock::new(1_000);
/// clock.advance(Duration::from_micros(500));
/// assert_eq!(clock.now_micros(), 1_500);
/// clock.step_back(Duration::from_millis(1));
/// assert_eq!(clock.now_micros(), 500);
/// clock.set_micros(-7);
/// assert_eq!(clock.now_micros(), -7);
/// ```
#[derive(Debug, Default)]
pub struct ManualClock {
    micros: AtomicI64,
}

impl ManualClock {
    /// A clock that reads `micros` microseconds since the Unix epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock};
    ///
    /// assert_eq!(ManualClock::new(42).now_micros(), 42);
    /// ```
    pub const fn new(micros: i64) -> Self {
        ManualClock {
            micros: AtomicI64::new(micros),
        }
    }

    /// A clock that reads `time` (to the microsecond, rounded down).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::at(UNIX_EPOCH + Duration::from_millis(3));
    /// assert_eq!(clock.now_micros(), 3_000);
    /// ```
    pub fn at(time: SystemTime) -> Self {
        ManualClock::new(micros_of(time))
    }

    /// Sets the reading, forwards or backwards.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(0);
    /// clock.set_micros(1_000_000);
    /// assert_eq!(clock.now_micros(), 1_000_000);
    /// ```
    pub fn set_micros(&self, micros: i64) {
        self.micros.store(micros, Ordering::SeqCst);
    }

    /// Moves the reading forwards (saturating at the end of `i64`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(0);
    /// clock.advance(Duration::from_millis(2));
    /// assert_eq!(clock.now_micros(), 2_000);
    /// ```
    pub fn advance(&self, by: Duration) {
        let by = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        self.shift(by);
    }

    /// Moves the reading backwards, as an NTP correction or a VM migration can.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(10_000);
    /// clock.step_back(Duration::from_millis(4));
    /// assert_eq!(clock.now_micros(), 6_000);
    /// ```
    pub fn step_back(&self, by: Duration) {
        let by = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        self.shift(by.saturating_neg());
    }

    fn shift(&self, delta: i64) {
        // `fetch_update` with a closure that always returns `Some` cannot fail.
        let _ = self
            .micros
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |now| {
                Some(now.saturating_add(delta))
            });
    }
}

impl Clock for ManualClock {
    fn now_micros(&self) -> i64 {
        self.micros.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_clock_agrees_with_system_time() {
        let before = micros_of(SystemTime::now());
        let read = SystemClock.now_micros();
        let after = micros_of(SystemTime::now());
        assert!(
            before <= read && read <= after,
            "{before} <= {read} <= {after}"
        );
    }

    #[test]
    fn manual_clock_saturates_instead_of_overflowing() {
        let clock = ManualClock::new(i64::MAX - 1);
        clock.advance(Duration::from_secs(1));
        assert_eq!(clock.now_micros(), i64::MAX);
        clock.set_micros(i64::MIN + 1);
        clock.step_back(Duration::MAX);
        assert_eq!(clock.now_micros(), i64::MIN);
    }

    #[test]
    fn manual_clock_reads_times_before_1970() {
        let clock = ManualClock::at(std::time::UNIX_EPOCH - Duration::from_micros(5));
        assert_eq!(clock.now_micros(), -5);
    }
}
