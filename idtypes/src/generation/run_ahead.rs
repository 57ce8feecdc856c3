//! How far a generator's ids may run ahead of its clock: the public [`RunAhead`] policy, and
//! [`Pace`], what the generators that count ahead within a tick (TID, TimeId, Snowflake,
//! uid11 snowish and ts-seq-rand) keep of it.
//!
//! A generator that counts ahead (one TID per microsecond, 4,096 Snowflakes per millisecond)
//! and is asked for ids faster than that moves its timestamps faster than time. Unbounded,
//! one thread asking a TID generator for ids as fast as it can ran 16 s ahead of the clock in
//! 0.4 s. The bound keeps an id's time within [`RunAhead::bound`] of the generator's clock:
//! the fast path compares the lead with the bound (one comparison, only when the clock has
//! not moved past the last id), and the slow path here waits for the clock or refuses.
//!
//! **What "the clock" is when it went back.** The lead is measured from the latest of:
//! the clock's reading; the time the [clock guard](super::clock_guard) reckons from the
//! clock's last checked reading and the monotonic time since (so a wall clock stepped back
//! leaves the generator on the timeline it had, at the rate time passes, instead of stalling
//! it for the length of the step); and, for a generator bound to a lease term whose floor
//! is ahead of its clock, the floor plus the time passed since the generator was bound. Only
//! ids asked for faster than the format's ticks ever wait.

use core::time::Duration;

use crate::{Clock, Error, error::Repr};

use super::{clock_guard::ClockGuard, host_clock::monotonic_nanos, monotonic::Monotonic};

/// How far ahead of its clock a generator that counts within a tick may run, and what it does
/// past that: [`wait`](RunAhead::wait) for the clock (the default, 1 ms), or
/// [`refuse`](RunAhead::refuse).
///
/// A TID carries one id per microsecond, a Snowflake 4,096 per millisecond: a generator asked
/// for more counts ahead of its clock. Without a bound, one thread making TIDs as fast as it
/// can (40 million a second) moves their time 40 times faster than time, seconds into the
/// future within a second. An id whose time is ahead of the clock is wrong where users read
/// its time: "created at", time ranges (`ranges_for_time` misses it), the order beside ids
/// that other processes make a moment later, and the next holder of a leased value, whose
/// ids must come after it.
///
/// With a bound, an id's time is never more than the bound ahead of the clock: a burst within
/// the bound returns at once, and past it the generator sleeps until the clock catches up (as
/// the Twitter and Sonyflake designs do), or refuses. Either way a generator makes at most its
/// format's rate: 1,000,000 TIDs or TimeIds a second, 4,096,000 Snowflakes or uid11 snowish
/// and ts-seq-rand ids a second, from any number of threads. At that rate a bound of 1 ms
/// costs nothing measurable (see the performance notes), and a caller that asks for fewer
/// never waits.
///
/// | policy | past the bound |
/// |---|---|
/// | [`RunAhead::wait`] (default: 1 ms) | sleeps until the clock is within the bound (at most 1 s; then [`ErrorKind::AheadOfClock`](crate::ErrorKind::AheadOfClock)) |
/// | [`RunAhead::refuse`] | [`ErrorKind::AheadOfClock`](crate::ErrorKind::AheadOfClock) at once |
/// | [`RunAhead::UNBOUNDED`] | counts on: ids as fast as asked for, their time as far ahead as that takes |
///
/// For the millisecond formats (Snowflake, uid11 snowish and ts-seq-rand) the bound is in
/// whole milliseconds: an id's millisecond is at most `bound` (rounded down) after the clock's,
/// and a bound under 1 ms keeps ids in the clock's own millisecond, as Twitter's generator
/// does.
///
/// A clock that went back, or a lease term whose floor is ahead of the clock, is not a
/// run-ahead: the generator goes on from its last id at the rate time passes (see the
/// generators' tables), and only ids asked for faster than that wait. To tell a step back
/// from a burst the generator needs the clock's [monotonic
/// reading](crate::Clock::monotonic_micros), which [`SystemClock`](crate::SystemClock) and
/// [`ManualClock`](crate::ManualClock) have; with a clock of your own that has none, a
/// clock stepped back is waited out like a burst (for up to a second).
///
/// Waiting goes through the clock's [`sleep`](crate::Clock::sleep): a
/// [`ManualClock`](crate::ManualClock) advances itself, so a test that holds its clock still
/// sees the time its ids took pass on it.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use idtypes::{Clock, ManualClock, RunAhead};
/// use idtypes::tid::TidGenerator;
///
/// let clock = ManualClock::new(1_700_000_000_000_000);
/// let generator = TidGenerator::with_clock(&clock);
/// assert_eq!(generator.run_ahead(), RunAhead::wait(Duration::from_millis(1)));
/// // 1,001 TIDs in one microsecond: the last is 1,000 µs ahead, the bound.
/// for _ in 0..1_001 {
///     generator.next();
/// }
/// assert_eq!(clock.now_micros(), 1_700_000_000_000_000);
/// // The next one waits a microsecond for the clock (a manual clock advances itself).
/// let tid = generator.next();
/// assert_eq!(tid.timestamp_micros() as i64 - clock.now_micros(), 1_000);
/// ```
///
/// Refusing instead:
///
/// ```
/// use std::time::Duration;
/// use idtypes::{ErrorKind, ManualClock, RunAhead};
/// use idtypes::tid::TidGenerator;
///
/// let generator = TidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
///     .with_run_ahead(RunAhead::refuse(Duration::from_micros(2)));
/// for _ in 0..3 {
///     generator.try_next()?; // 0, 1 and 2 µs ahead
/// }
/// let err = generator.try_next().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::AheadOfClock);
/// assert_eq!(
///     err.to_string(),
///     "atproto TID generator: the next id would be 3 µs ahead of the clock, past the \
///      run-ahead bound of 2 µs, and the policy is to refuse"
/// );
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RunAhead {
    /// The bound, or `None` for no bound.
    bound: Option<Duration>,
    /// Refuse past the bound instead of waiting.
    refuse: bool,
}

impl RunAhead {
    /// The default: [`wait`](RunAhead::wait) past 1 ms ahead of the clock.
    ///
    /// One millisecond is a thousand TIDs or 8,192 Snowflakes (the clock's millisecond and the
    /// next) at full speed before anything waits; under the millisecond that "created at" and
    /// time ranges are read to; and far over the 50-100 µs a sleeping thread oversleeps, so
    /// a generator kept at its bound still makes its format's full rate (measured: see the
    /// performance notes).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::RunAhead;
    ///
    /// assert_eq!(RunAhead::DEFAULT, RunAhead::default());
    /// assert_eq!(RunAhead::DEFAULT.bound(), Some(Duration::from_millis(1)));
    /// ```
    pub const DEFAULT: RunAhead = RunAhead::wait(Duration::from_millis(1));

    /// No bound: ids as fast as they are asked for, their time as far ahead of the clock as
    /// that takes (what every generator here did before the bound). For replays and loads
    /// that make a batch of ids whose time does not matter.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock, RunAhead};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let clock = ManualClock::new(0);
    /// let generator = TidGenerator::with_clock(&clock).with_run_ahead(RunAhead::UNBOUNDED);
    /// let last = (0..5_000).map(|_| generator.next()).last().unwrap();
    /// assert_eq!(last.timestamp_micros(), 4_999); // 5 ms ahead; the clock never moved
    /// assert_eq!(clock.now_micros(), 0);
    /// ```
    pub const UNBOUNDED: RunAhead = RunAhead {
        bound: None,
        refuse: false,
    };

    /// Past `bound` ahead of the clock, sleep until the clock catches up; a clock that does
    /// not come within the bound in a second (one that stands still, or has no monotonic
    /// reading and went back) gets an error,
    /// [`ErrorKind::AheadOfClock`](crate::ErrorKind::AheadOfClock), rather than a caller
    /// stuck for good.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::RunAhead;
    ///
    /// let policy = RunAhead::wait(Duration::from_millis(10));
    /// assert_eq!(policy.bound(), Some(Duration::from_millis(10)));
    /// assert!(!policy.refuses());
    /// ```
    pub const fn wait(bound: Duration) -> RunAhead {
        RunAhead {
            bound: Some(bound),
            refuse: false,
        }
    }

    /// Past `bound` ahead of the clock, refuse at once with
    /// [`ErrorKind::AheadOfClock`](crate::ErrorKind::AheadOfClock): for callers that would
    /// rather shed load than wait.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::RunAhead;
    ///
    /// assert!(RunAhead::refuse(Duration::from_millis(1)).refuses());
    /// ```
    pub const fn refuse(bound: Duration) -> RunAhead {
        RunAhead {
            bound: Some(bound),
            refuse: true,
        }
    }

    /// The bound, or `None` for [`UNBOUNDED`](RunAhead::UNBOUNDED).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    ///
    /// assert_eq!(RunAhead::UNBOUNDED.bound(), None);
    /// ```
    pub const fn bound(self) -> Option<Duration> {
        self.bound
    }

    /// Whether the policy refuses past the bound (rather than waits).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    ///
    /// assert!(!RunAhead::DEFAULT.refuses());
    /// ```
    pub const fn refuses(self) -> bool {
        self.refuse
    }

    /// The bound in whole microseconds (saturating), `None` when unbounded.
    pub(crate) fn bound_micros(self) -> Option<u64> {
        self.bound
            .map(|bound| u64::try_from(bound.as_micros()).unwrap_or(u64::MAX))
    }
}

impl Default for RunAhead {
    /// [`RunAhead::DEFAULT`]: wait past 1 ms.
    fn default() -> Self {
        RunAhead::DEFAULT
    }
}

/// The longest a waiting generator waits for its clock in one call.
const MAX_WAIT: Duration = Duration::from_secs(1);

/// What `Monotonic::next` stopped at, when it gave no timestamp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The next timestamp would pass the last one allowed.
    PastLast,
    /// The next timestamp, `next_min`, is further ahead of the reading than allowed.
    Ahead {
        /// The smallest timestamp the next call may return.
        next_min: i64,
    },
}

/// A generator's run-ahead: its policy, the bound in the generator's units, and the timeline
/// of the lease floor it was bound to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pace {
    policy: RunAhead,
    /// How far (in the generator's units) a timestamp may be past the reading's: `u64::MAX`
    /// for no bound.
    ahead: u64,
    /// A lease floor's timeline: the floor (Unix µs) less the clock's monotonic reading when
    /// the generator was bound to it; `i64::MIN` for none.
    floor_offset: i64,
}

/// How a generator maps clock time to its units: `units(micros)` is the generator's
/// timestamp for a clock reading, `reached(units)` the earliest reading (Unix µs) at which
/// `units(reading) >= units`, and `ahead(bound_micros)` the bound in units.
pub(crate) trait Units {
    /// The timestamp (in units) of a clock reading of `micros`.
    fn units(&self, micros: i64) -> i64;
    /// The earliest clock reading whose timestamp is at least `units`.
    fn reached(&self, units: i64) -> i64;
    /// How far past a reading's timestamp the bound `bound_micros` lets a timestamp be.
    fn ahead(&self, bound_micros: u64) -> u64;
}

impl Pace {
    /// The pace of `policy` in the units of `units`.
    pub(crate) fn new(policy: RunAhead, units: &impl Units) -> Pace {
        Pace {
            policy,
            ahead: policy
                .bound_micros()
                .map_or(u64::MAX, |bound| units.ahead(bound)),
            floor_offset: i64::MIN,
        }
    }

    /// Takes `policy` instead, keeping the floor's timeline.
    pub(crate) fn set_policy(&mut self, policy: RunAhead, units: &impl Units) {
        *self = Pace {
            floor_offset: self.floor_offset,
            ..Pace::new(policy, units)
        };
    }

    /// The policy.
    pub(crate) fn policy(&self) -> RunAhead {
        self.policy
    }

    /// How far past the reading a timestamp may be, in the generator's units (the fast
    /// path's bound).
    #[inline]
    pub(crate) fn ahead(&self) -> u64 {
        self.ahead
    }

    /// Counts the time from a lease floor (Unix µs) that is ahead of `clock`: ids then go on
    /// from the floor at the rate time passes, not wait for the clock to reach it.
    pub(crate) fn start_at_floor(&mut self, clock: &(impl Clock + ?Sized), floor_micros: i64) {
        if let Some(monotonic) = clock.monotonic_micros() {
            self.floor_offset = floor_micros.saturating_sub(monotonic);
        }
    }

    /// The time (Unix µs) the lead is measured from, for a guarded `reading`: the latest of
    /// the reading, the guard's reckoning and the floor's timeline.
    fn reference(&self, clock: &(impl Clock + ?Sized), guard: &ClockGuard, reading: i64) -> i64 {
        let Some(monotonic) = clock.monotonic_micros() else {
            return reading;
        };
        let floor = if self.floor_offset == i64::MIN {
            i64::MIN
        } else {
            monotonic.saturating_add(self.floor_offset)
        };
        reading
            .max(guard.reckoned(monotonic).unwrap_or(i64::MIN))
            .max(floor)
    }

    /// The next timestamp once the fast path found the last one more than the bound ahead of
    /// the reading: from the reference time (see the module docs) if that is within the
    /// bound, else after waiting for the clock, or an error (the policy refuses, or the clock
    /// did not catch up within [`MAX_WAIT`]). `Ok(Err(Stop::PastLast))` when the timestamp
    /// would pass `last()`, read anew on each try (a lease term's claimed mark).
    #[cold]
    #[inline(never)]
    pub(crate) fn next_behind<C: Clock + ?Sized>(
        &self,
        format: &'static str,
        clock: &C,
        guard: &ClockGuard,
        state: &Monotonic,
        units: &impl Units,
        mut last: impl FnMut() -> Result<i64, Error>,
    ) -> Result<Result<i64, Stop>, Error> {
        let mut waiting_since = None;
        loop {
            let reading = guard.read(clock).micros;
            let reference = self.reference(clock, guard, reading);
            let now = units.units(reference);
            let next_min = match state.next(now, last()?, self.ahead) {
                Err(Stop::Ahead { next_min }) => next_min,
                done => return Ok(done),
            };
            // Where the reference must get to: the timestamp `next_min - ahead`, reached.
            let target = units.reached(next_min.saturating_sub_unsigned(self.ahead));
            let behind = target.saturating_sub(reference).max(1);
            let refuse = |waited| {
                Error::new(
                    format,
                    Repr::AheadOfClock {
                        ahead_micros: units
                            .reached(next_min)
                            .saturating_sub(reference)
                            .max(0)
                            .unsigned_abs(),
                        bound_micros: self.policy.bound_micros().unwrap_or(u64::MAX),
                        waited,
                    },
                )
            };
            if self.policy.refuse {
                return Err(refuse(false));
            }
            let now_nanos = monotonic_nanos();
            let since = *waiting_since.get_or_insert(now_nanos);
            if u128::from(now_nanos.saturating_sub(since)) > MAX_WAIT.as_nanos()
                || now_nanos == u64::MAX
            {
                return Err(refuse(true));
            }
            clock.sleep(Duration::from_micros(behind.unsigned_abs()));
        }
    }
}

/// The units of the microsecond formats (TID, TimeId): a timestamp is a reading, no earlier
/// than `first`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Micros {
    /// The format's first timestamp: an earlier reading counts as it.
    pub(crate) first: i64,
}

impl Units for Micros {
    #[inline]
    fn units(&self, micros: i64) -> i64 {
        micros.max(self.first)
    }

    fn reached(&self, units: i64) -> i64 {
        units
    }

    fn ahead(&self, bound_micros: u64) -> u64 {
        bound_micros
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ManualClock;

    const FORMAT: &str = crate::tid::FORMAT;

    fn next(pace: &Pace, clock: &ManualClock, guard: &ClockGuard, state: &Monotonic) -> i64 {
        let units = Micros { first: 0 };
        let reading = units.units(guard.read(clock).micros);
        match state.next(reading, i64::MAX, pace.ahead()) {
            Ok(micros) => micros,
            Err(_) => pace
                .next_behind(FORMAT, clock, guard, state, &units, || Ok(i64::MAX))
                .unwrap()
                .unwrap(),
        }
    }

    #[test]
    fn a_burst_waits_for_the_clock_past_the_bound() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let pace = Pace::new(
            RunAhead::wait(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        let made: Vec<i64> = (0..20)
            .map(|_| next(&pace, &clock, &guard, &state))
            .collect();
        assert_eq!(made, (1_000_000..1_000_020).collect::<Vec<_>>());
        // 11 within the bound (0..=10 µs ahead), then one microsecond of waiting each.
        assert_eq!(clock.now_micros(), 1_000_009);
    }

    #[test]
    fn a_clock_stepped_back_goes_on_at_the_rate_of_time_without_waiting() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let pace = Pace::new(
            RunAhead::refuse(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_000);
        clock.step_back(Duration::from_secs(5));
        // Five seconds behind the last id, by the clock; not by the time that passed.
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_001);
        clock.advance(Duration::from_millis(3));
        assert_eq!(next(&pace, &clock, &guard, &state), 1_003_000);
    }

    #[test]
    fn a_floor_ahead_of_the_clock_is_a_timeline_not_a_wait() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let mut pace = Pace::new(
            RunAhead::refuse(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        state.raise_to(3_000_001);
        pace.start_at_floor(&clock, 3_000_000);
        assert_eq!(next(&pace, &clock, &guard, &state), 3_000_001);
        clock.advance(Duration::from_millis(1));
        assert_eq!(next(&pace, &clock, &guard, &state), 3_001_000);
    }

    #[test]
    fn a_clock_that_stands_still_ends_the_wait_with_an_error() {
        struct Frozen;
        impl Clock for Frozen {
            fn now_micros(&self) -> i64 {
                1_000_000
            }
            fn sleep(&self, _: Duration) {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let units = Micros { first: 0 };
        let pace = Pace::new(RunAhead::wait(Duration::ZERO), &units);
        assert_eq!(state.next(1_000_000, i64::MAX, pace.ahead()), Ok(1_000_000));
        let err = pace
            .next_behind(FORMAT, &Frozen, &guard, &state, &units, || Ok(i64::MAX))
            .unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::AheadOfClock);
        assert_eq!(
            err.to_string(),
            "atproto TID generator: the next id would be 1 µs ahead of the clock, past the \
             run-ahead bound of 0 µs, and the clock did not catch up within a second"
        );
    }
}
