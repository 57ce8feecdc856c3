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
        Arc, Mutex,
        atomic::{AtomicI64, Ordering},
    },
    time::SystemTime,
};

use super::host_clock::{self, micros_of};

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

    /// Microseconds on a clock that only moves forwards, at the rate time passes, from any
    /// origin: how generators tell time that passed from a wall clock that jumped (see
    /// [clocks](crate#clocks)). `None`, the default, when this clock has none: generators
    /// then follow every forward jump of [`now_micros`](Clock::now_micros), as they must
    /// for a replayed or simulated clock.
    ///
    /// [`SystemClock`] reads the operating system's monotonic clock (on Linux the one that
    /// also counts suspended time); [`ManualClock`] keeps one that
    /// [`advance`](ManualClock::advance) moves and [`step_forward`](ManualClock::step_forward)
    /// and [`step_back`](ManualClock::step_back) leave alone. A clock of your own that reads
    /// the real time (a coarser or cached wall clock) should return
    /// `SystemClock.monotonic_micros()`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, SystemClock};
    ///
    /// struct CachedClock;
    ///
    /// impl Clock for CachedClock {
    ///     fn now_micros(&self) -> i64 {
    ///         SystemClock.now_micros() / 1000 * 1000 // a millisecond clock
    ///     }
    ///
    ///     fn monotonic_micros(&self) -> Option<i64> {
    ///         SystemClock.monotonic_micros() // real time: guard against jumps
    ///     }
    /// }
    ///
    /// let (a, b) = (CachedClock.monotonic_micros(), CachedClock.monotonic_micros());
    /// assert!(a <= b);
    /// ```
    #[inline]
    fn monotonic_micros(&self) -> Option<i64> {
        None
    }

    /// Lets about `duration` pass on this clock: what a generator does when its next id would
    /// be further ahead of this clock than its [`RunAhead`](crate::RunAhead) bound. It may
    /// return sooner (the generator reads the clock again, and waits again if it must).
    ///
    /// The default sleeps the thread ([`std::thread::sleep`]), right for every clock that
    /// follows real time; in a JavaScript host (wasm32-unknown-unknown), whose thread cannot
    /// sleep, it returns at once and the generator spins on the clock.
    /// [`ManualClock`] advances itself by `duration`: in a test or a simulation, the time a
    /// generator waits passes on the clock it waits for. A clock of your own that only moves
    /// when told should do the same (a generator gives up on a clock that has not caught up
    /// after a second of real time).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, SystemClock};
    ///
    /// let before = SystemClock.now_micros();
    /// SystemClock.sleep(Duration::from_millis(2));
    /// assert!(SystemClock.now_micros() >= before + 2_000);
    /// ```
    #[inline]
    fn sleep(&self, duration: Duration) {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        std::thread::sleep(duration);
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        {
            let _ = duration;
            core::hint::spin_loop();
        }
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    #[inline]
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }

    #[inline]
    fn monotonic_micros(&self) -> Option<i64> {
        (**self).monotonic_micros()
    }

    #[inline]
    fn sleep(&self, duration: Duration) {
        (**self).sleep(duration)
    }
}

impl<C: Clock + ?Sized> Clock for Arc<C> {
    #[inline]
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }

    #[inline]
    fn monotonic_micros(&self) -> Option<i64> {
        (**self).monotonic_micros()
    }

    #[inline]
    fn sleep(&self, duration: Duration) {
        (**self).sleep(duration)
    }
}

impl<C: Clock + ?Sized> Clock for Box<C> {
    #[inline]
    fn now_micros(&self) -> i64 {
        (**self).now_micros()
    }

    #[inline]
    fn monotonic_micros(&self) -> Option<i64> {
        (**self).monotonic_micros()
    }

    #[inline]
    fn sleep(&self, duration: Duration) {
        (**self).sleep(duration)
    }
}

/// The operating system's real-time clock.
///
/// On Unix it calls `clock_gettime(CLOCK_REALTIME)` directly (no `SystemTime` arithmetic on
/// the hot path); on wasm32-unknown-unknown (with the `js` feature) it reads the JavaScript
/// host's `Date.now()`, whole milliseconds, within which the generators pad; elsewhere it
/// reads [`SystemTime::now`].
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
        host_clock::wall_micros()
    }

    /// The operating system's monotonic clock: `CLOCK_BOOTTIME` on Linux and Android (it
    /// counts time suspended, so a wall clock that moved on over a suspend is explained),
    /// `CLOCK_MONOTONIC` on other Unix systems, [`Instant`](std::time::Instant) elsewhere, and
    /// `performance.now()` in a JavaScript host (`None` should the host have none).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, SystemClock};
    ///
    /// let a = SystemClock.monotonic_micros().unwrap();
    /// std::thread::sleep(std::time::Duration::from_millis(2));
    /// assert!(SystemClock.monotonic_micros().unwrap() >= a + 2_000);
    /// ```
    #[inline]
    fn monotonic_micros(&self) -> Option<i64> {
        host_clock::monotonic_micros()
    }
}

/// A clock that reads what it was set to: for tests, simulations and replays.
///
/// It can be shared between threads and generators (behind `&` or [`Arc`]), and moved
/// forwards or backwards at any time, which is how tests check what generators do when the
/// wall clock is stepped back or jumps ahead.
///
/// Beside the wall-clock reading it keeps a [monotonic](Clock::monotonic_micros) one, which
/// starts at 0 and counts the time that passed: [`advance`](ManualClock::advance) (and
/// [`set_micros`](ManualClock::set_micros) to a later time) moves both, as time passing
/// does; [`step_forward`](ManualClock::step_forward) and
/// [`step_back`](ManualClock::step_back) move the wall clock alone, as an NTP step, a bad
/// VM clock or a single wrong read does. A step forward followed by a step back by the
/// same amount is a spike: see [clocks](crate#clocks) for what generators make of one.
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
    /// The time that passed: moved before `micros` when both move, so that a reader that
    /// sees the new wall-clock reading also sees the time that explains it.
    monotonic: AtomicI64,
    /// Serialises the moves (readers never take it).
    moving: Mutex<()>,
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
            monotonic: AtomicI64::new(0),
            moving: Mutex::new(()),
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

    /// Sets the reading, forwards or backwards. Forwards counts as time passing (the
    /// monotonic reading moves by as much, as with [`advance`](ManualClock::advance));
    /// backwards is a step (as with [`step_back`](ManualClock::step_back)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(0);
    /// clock.set_micros(1_000_000);
    /// assert_eq!(clock.now_micros(), 1_000_000);
    /// assert_eq!(clock.monotonic_micros(), Some(1_000_000));
    /// clock.set_micros(5);
    /// assert_eq!(clock.monotonic_micros(), Some(1_000_000));
    /// ```
    pub fn set_micros(&self, micros: i64) {
        let _moving = self.lock();
        let passed = micros.saturating_sub(self.micros.load(Ordering::SeqCst));
        if passed > 0 {
            self.monotonic.fetch_add(passed, Ordering::SeqCst);
        }
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
        let _moving = self.lock();
        let monotonic = self.monotonic.load(Ordering::SeqCst);
        self.monotonic
            .store(monotonic.saturating_add(by), Ordering::SeqCst);
        self.shift(by);
    }

    /// Moves the wall-clock reading forwards while no time passes on the monotonic one:
    /// an NTP step forward, a bad VM clock, or (followed by a
    /// [`step_back`](ManualClock::step_back) by the same amount) one wrong read.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(0);
    /// clock.step_forward(Duration::from_secs(3600));
    /// assert_eq!(clock.now_micros(), 3_600_000_000);
    /// assert_eq!(clock.monotonic_micros(), Some(0));
    /// ```
    pub fn step_forward(&self, by: Duration) {
        let by = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        let _moving = self.lock();
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
        let _moving = self.lock();
        self.shift(by.saturating_neg());
    }

    /// Moves the wall-clock reading (with the lock held).
    fn shift(&self, delta: i64) {
        let micros = self.micros.load(Ordering::SeqCst);
        self.micros
            .store(micros.saturating_add(delta), Ordering::SeqCst);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ()> {
        // The lock guards no data: a panic while it was held left nothing half-done.
        self.moving
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Clock for ManualClock {
    fn now_micros(&self) -> i64 {
        self.micros.load(Ordering::SeqCst)
    }

    /// The time that passed on this clock since it was made (see [`ManualClock`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(1_000);
    /// clock.advance(Duration::from_micros(5));
    /// clock.step_back(Duration::from_micros(100));
    /// assert_eq!(clock.monotonic_micros(), Some(5));
    /// ```
    fn monotonic_micros(&self) -> Option<i64> {
        Some(self.monotonic.load(Ordering::SeqCst))
    }

    /// Advances the clock by `duration` ([`advance`](ManualClock::advance)): a generator
    /// that waits for this clock makes the time it waits pass on it, at once.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{Clock, ManualClock};
    ///
    /// let clock = ManualClock::new(1_000);
    /// clock.sleep(Duration::from_micros(5));
    /// assert_eq!(clock.now_micros(), 1_005);
    /// assert_eq!(clock.monotonic_micros(), Some(5));
    /// ```
    fn sleep(&self, duration: Duration) {
        self.advance(duration);
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
