//! [`ClockGuard`]: what keeps one wrong forward read of the wall clock from poisoning a
//! generator (see [clocks](crate#clocks)).
//!
//! A generator that followed a reading an hour ahead would have to keep every later id after
//! that one, an hour in the future (or fail until the clock catches up). The guard checks a
//! reading that moves past the time it last checked against the clock's
//! [monotonic](crate::Clock::monotonic_micros) reading, and holds back a jump that the time
//! passed does not explain:
//!
//! - a reading no later than the end of the 2^17 µs (131 ms) window of the latest checked
//!   one is taken as it is: one relaxed load and a compare, the fast path;
//! - a later one is checked: it is taken if it is at most [`SLACK`] plus 1/1024 of the time
//!   passed ahead of the last checked reading plus the time passed (the monotonic clock),
//!   and held back otherwise: the guard then answers that last checked reading plus the time
//!   passed (less 1/1024 of it, so as not to run ahead of a clock slewed slower);
//! - a jump held back for [`CONFIRM`] or more, by readings that agree with each other (within
//!   [`SLACK`]), is a real step of the clock: the guard takes it.
//!
//! One wrong reading thus moves a generator at most 131 ms plus 1/1024 of the time since its
//! previous check ahead of the real time. A clock without a monotonic reading is not guarded.
//!
//! The state is a few atomics, updated without a lock (a forked child must never wait for a
//! lock another thread held at the fork). Two threads that check at once can tear the
//! anchor's two words: the worst that does is take or hold back one reading wrongly by at
//! most 1/1024 of the time between two checks. Nothing here decides uniqueness or order: the
//! generators keep those whatever the guard answers.

use core::sync::atomic::{
    AtomicI64,
    Ordering::{Acquire, Relaxed, Release},
};

use crate::Clock;

/// Readings within this many low bits of the last checked one's window are not checked.
const WINDOW_SHIFT: u32 = 17;

/// How far ahead of the time passed a reading may be and still be taken: 2^17 µs (131 ms).
pub(crate) const SLACK: i64 = 1 << WINDOW_SHIFT;

/// How long a jump must hold (on the monotonic clock) before it is taken as a step: 1 s.
pub(crate) const CONFIRM: i64 = 1_000_000;

/// "None yet" for the anchor and the suspect.
const NONE: i64 = i64::MIN;

/// A wall-clock reading as the guard answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reading {
    /// The reading, or the time the guard reckons when it held the reading back.
    pub(crate) micros: i64,
    /// Whether the clock's own reading was held back.
    pub(crate) held_back: bool,
}

/// Checks a clock's forward jumps against its monotonic reading (see the module docs).
#[derive(Debug)]
pub(crate) struct ClockGuard {
    /// The window (`micros >> WINDOW_SHIFT`) of the latest reading taken after a check.
    window: AtomicI64,
    /// The wall clock less the monotonic clock at the last check that took a reading.
    offset: AtomicI64,
    /// The monotonic reading at that check, or `NONE` before the first (stored after
    /// `offset`, with release: a thread that sees it sees an offset at least as new).
    checked_at: AtomicI64,
    /// The monotonic reading when a run of held-back readings began, or `NONE`.
    suspect_since: AtomicI64,
    /// How far ahead of the reckoned time that run's readings are.
    suspect_ahead: AtomicI64,
}

impl ClockGuard {
    /// A guard that has checked nothing yet: it takes the first reading as it is.
    pub(crate) const fn new() -> Self {
        ClockGuard {
            window: AtomicI64::new(NONE),
            offset: AtomicI64::new(0),
            checked_at: AtomicI64::new(NONE),
            suspect_since: AtomicI64::new(NONE),
            suspect_ahead: AtomicI64::new(0),
        }
    }

    /// Reads `clock`, holding back a forward jump the time passed does not explain.
    #[inline]
    pub(crate) fn read<C: Clock + ?Sized>(&self, clock: &C) -> Reading {
        // Loaded first, so that the load overlaps the clock read (a window a read older only
        // means one more check).
        let window = self.window.load(Relaxed);
        let now = clock.now_micros();
        if now >> WINDOW_SHIFT <= window {
            return Reading {
                micros: now,
                held_back: false,
            };
        }
        self.check(clock, now)
    }

    /// The reading `now` has left the last checked window: check it.
    #[cold]
    #[inline(never)]
    fn check<C: Clock + ?Sized>(&self, clock: &C, now: i64) -> Reading {
        let Some(monotonic) = clock.monotonic_micros() else {
            self.window.fetch_max(now >> WINDOW_SHIFT, Relaxed);
            return Reading {
                micros: now,
                held_back: false,
            };
        };
        let checked_at = self.checked_at.load(Acquire);
        if checked_at == NONE {
            return self.take(now, monotonic);
        }
        let offset = self.offset.load(Relaxed);
        // A monotonic clock never goes back; a torn or raced read may look so: no time passed.
        let passed = monotonic.saturating_sub(checked_at).max(0);
        let reckoned = monotonic.saturating_add(offset);
        let ahead = now.saturating_sub(reckoned);
        if ahead <= SLACK.saturating_add(passed / 1024) {
            return self.take(now, monotonic);
        }
        // Unexplained: the start of a step, or a glitch. A step holds; a glitch does not.
        let since = self.suspect_since.load(Relaxed);
        let agrees = ahead
            .saturating_sub(self.suspect_ahead.load(Relaxed))
            .unsigned_abs()
            <= SLACK as u64;
        if since != NONE && agrees {
            if monotonic.saturating_sub(since) >= CONFIRM {
                return self.take(now, monotonic);
            }
        } else {
            self.suspect_ahead.store(ahead, Relaxed);
            self.suspect_since.store(monotonic, Relaxed);
        }
        Reading {
            micros: reckoned.saturating_sub(passed / 1024),
            held_back: true,
        }
    }

    /// Takes `now` (read when the monotonic clock read `monotonic`) as the new anchor.
    fn take(&self, now: i64, monotonic: i64) -> Reading {
        self.offset.store(now.saturating_sub(monotonic), Relaxed);
        self.checked_at.store(monotonic.max(NONE + 1), Release);
        self.suspect_since.store(NONE, Relaxed);
        self.window.fetch_max(now >> WINDOW_SHIFT, Relaxed);
        Reading {
            micros: now,
            held_back: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ManualClock;
    use core::time::Duration;

    const START: i64 = 1_700_000_000_000_000;
    const HOUR: Duration = Duration::from_secs(3600);

    fn taken(micros: i64) -> Reading {
        Reading {
            micros,
            held_back: false,
        }
    }

    #[test]
    fn takes_the_first_reading_and_time_that_passed() {
        let clock = ManualClock::new(START);
        let guard = ClockGuard::new();
        assert_eq!(guard.read(&clock), taken(START));
        clock.advance(HOUR);
        assert_eq!(guard.read(&clock), taken(START + 3_600_000_000));
    }

    #[test]
    fn holds_back_one_read_an_hour_ahead() {
        let clock = ManualClock::new(START);
        let guard = ClockGuard::new();
        guard.read(&clock);
        clock.advance(Duration::from_millis(10));
        clock.step_forward(HOUR);
        let spike = guard.read(&clock);
        assert!(spike.held_back);
        // The time that passed (10 ms), less 1/1024 of it.
        assert_eq!(spike.micros, START + 10_000 - 10_000 / 1024);
        clock.step_back(HOUR);
        assert_eq!(guard.read(&clock), taken(START + 10_000));
    }

    #[test]
    fn takes_a_small_step_and_a_step_that_holds() {
        let clock = ManualClock::new(START);
        let guard = ClockGuard::new();
        guard.read(&clock);
        clock.step_forward(Duration::from_millis(100));
        assert!(!guard.read(&clock).held_back, "within the slack");
        clock.step_forward(HOUR);
        assert!(guard.read(&clock).held_back);
        clock.advance(Duration::from_millis(500));
        assert!(guard.read(&clock).held_back, "not held long enough yet");
        clock.advance(Duration::from_millis(500));
        assert!(!guard.read(&clock).held_back, "held for a second: a step");
        clock.advance(Duration::from_millis(500));
        assert!(!guard.read(&clock).held_back);
    }

    #[test]
    fn glitches_that_disagree_are_never_taken() {
        let clock = ManualClock::new(START);
        let guard = ClockGuard::new();
        guard.read(&clock);
        for hours in 1..20u32 {
            clock.advance(Duration::from_millis(400));
            clock.step_forward(HOUR * hours);
            assert!(guard.read(&clock).held_back, "{hours} h");
            clock.step_back(HOUR * hours);
        }
    }

    #[test]
    fn a_good_read_between_two_glitches_forgets_the_first() {
        let clock = ManualClock::new(START);
        let guard = ClockGuard::new();
        guard.read(&clock);
        clock.step_forward(HOUR);
        assert!(guard.read(&clock).held_back);
        clock.step_back(HOUR);
        clock.advance(Duration::from_millis(600));
        assert!(!guard.read(&clock).held_back);
        clock.advance(Duration::from_millis(600));
        clock.step_forward(HOUR);
        assert!(guard.read(&clock).held_back, "the same jump, but not held");
    }

    #[test]
    fn a_clock_without_a_monotonic_reading_is_not_guarded() {
        struct Wall(ManualClock);
        impl Clock for Wall {
            fn now_micros(&self) -> i64 {
                self.0.now_micros()
            }
        }
        let clock = Wall(ManualClock::new(START));
        let guard = ClockGuard::new();
        guard.read(&clock);
        clock.0.step_forward(HOUR);
        assert_eq!(guard.read(&clock), taken(START + 3_600_000_000));
    }

    #[test]
    fn extreme_readings_saturate() {
        let clock = ManualClock::new(i64::MIN);
        let guard = ClockGuard::new();
        assert_eq!(guard.read(&clock), taken(i64::MIN));
        clock.step_forward(Duration::MAX);
        let read = guard.read(&clock);
        assert!(read.held_back);
        assert_eq!(read.micros, i64::MIN);
        clock.advance(Duration::MAX);
        clock.step_back(Duration::MAX);
        guard.read(&clock);
    }
}
