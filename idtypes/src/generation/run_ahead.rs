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
//! **A clock far behind.** A clock stepped back, or a lease floor ahead of the clock, puts the
//! last id ahead of the clock without any burst. Up to a second (past the bound) the
//! generator waits for it, as for a burst. Further, waiting would stall every caller for as
//! long as the clock is behind: ids go on from the last one instead (as they did before the
//! bound), at most at the rate time passes, by a timeline anchored at the last id when the
//! generator found the clock so far behind (see [`Pace`]).

use core::{
    sync::atomic::{AtomicI64, Ordering::Relaxed},
    time::Duration,
};

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
/// A clock that stepped back, or a lease term whose floor is ahead of the clock (a holder
/// whose clock is behind the last holder's), also leaves the last id ahead of the clock:
///
/// | the clock behind the last id, past the bound | [`RunAhead::wait`] | [`RunAhead::refuse`] |
/// |---|---|---|
/// | by up to a second (a burst, a small step back) | waits until it is within the bound | refuses |
/// | by more (a step back, a floor ahead) | goes on from the last id at the rate time passes (the monotonic clock's), bounded by that instead of the clock, until the clock catches up | refuses |
/// | by more, at a lease floor: from binding until the clock catches up | goes on from the floor at the rate time passes, without waiting | refuses |
///
/// Waiting longer than a second would stall every caller for as long as the clock is behind;
/// going on keeps the ids' order and their rate honest, and their time as close to the
/// clock's as their order allows.
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

/// The longest a waiting generator waits for its clock in one call, and the furthest behind
/// the last id a clock may be for a generator to wait for it at all (further, it went back:
/// see [`Pace::next_behind`]).
const MAX_WAIT: Duration = Duration::from_secs(1);

/// [`MAX_WAIT`] in microseconds.
const MAX_WAIT_MICROS: i64 = 1_000_000;

/// "No anchor" for [`Pace::anchor_until`].
const NONE: i64 = i64::MIN;

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

/// A generator's run-ahead: its policy, the bound in the generator's units, and the
/// timeline it keeps while its clock is far behind its last id (a clock stepped back, a lease
/// floor ahead of the clock).
///
/// That timeline is an anchor: the last id's time (Unix µs) less the clock's monotonic
/// reading when the generator found the clock more than [`MAX_WAIT`] behind it, valid until
/// the clock should have caught up. While it holds, ids go on from the last one (as they did
/// before the bound) at most at the rate time passes on the monotonic clock: never more than
/// the bound past the anchor's time. Two words written without a lock (a forked child must
/// never wait on a lock): two threads that anchor at once may mix their two anchors, both
/// taken within the same moment, which at worst moves the limit by the time between them.
#[derive(Debug)]
pub(crate) struct Pace {
    policy: RunAhead,
    /// How far (in the generator's units) a timestamp may be past the reading's: `u64::MAX`
    /// for no bound.
    ahead: u64,
    /// The anchor's time less the monotonic reading when it was taken (µs).
    anchor_offset: AtomicI64,
    /// The monotonic reading (µs) until which the anchor holds, or `NONE`.
    anchor_until: AtomicI64,
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
            anchor_offset: AtomicI64::new(0),
            anchor_until: AtomicI64::new(NONE),
        }
    }

    /// Takes `policy` instead, keeping the anchor.
    pub(crate) fn set_policy(&mut self, policy: RunAhead, units: &impl Units) {
        self.policy = policy;
        self.ahead = policy
            .bound_micros()
            .map_or(u64::MAX, |bound| units.ahead(bound));
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

    /// Anchors the timeline at a lease floor (Unix µs, the first id's time) that may be ahead
    /// of `clock`: for as long as the clock is behind it (and a second more), ids go on from
    /// the floor at the rate time passes rather than wait for the clock.
    pub(crate) fn start_at_floor(&mut self, clock: &(impl Clock + ?Sized), floor_micros: i64) {
        let (reading, monotonic) = (clock.now_micros(), monotonic_of(clock));
        self.anchor(monotonic, floor_micros, reading);
    }

    /// Anchors the timeline at `micros` (an id's time) for a clock reading `reading` behind
    /// it, at the monotonic reading `monotonic`; the anchored time.
    fn anchor(&self, monotonic: i64, micros: i64, reading: i64) -> i64 {
        let behind = micros.saturating_sub(reading).max(0);
        self.anchor_offset
            .store(micros.saturating_sub(monotonic), Relaxed);
        self.anchor_until.store(
            monotonic
                .saturating_add(behind)
                .saturating_add(MAX_WAIT_MICROS),
            Relaxed,
        );
        micros
    }

    /// The anchored time at the monotonic reading `monotonic`, while the anchor holds.
    fn anchored(&self, monotonic: i64) -> Option<i64> {
        let until = self.anchor_until.load(Relaxed);
        (until != NONE && monotonic <= until)
            .then(|| monotonic.saturating_add(self.anchor_offset.load(Relaxed)))
    }

    /// The next timestamp once the fast path found the last one more than the bound ahead of
    /// the clock's reading:
    ///
    /// - a refusing policy refuses;
    /// - a clock at most [`MAX_WAIT`] past the bound behind: sleep on the clock until it is
    ///   within the bound (a burst, or a small step back), or refuse once [`MAX_WAIT`] of real
    ///   time has passed without the clock catching up (a clock that stands still);
    /// - further behind: the clock went back, or the generator starts at a lease floor
    ///   ahead of it. Waiting would stall every caller for as long: ids go on from the last
    ///   one instead, bounded by the anchored timeline (see [`Pace`]) rather than by the
    ///   clock, on the clock's monotonic reading (the host's, for a clock without one).
    ///
    /// `Ok(Err(Stop::PastLast))` when the timestamp would pass `last()`, read anew on each try
    /// (a lease term's claimed mark).
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
            let now = units.units(reading);
            let last_units = last()?;
            let next_min = match state.next(now, last_units, self.ahead) {
                Err(Stop::Ahead { next_min }) => next_min,
                done => return Ok(done),
            };
            if self.policy.refuse {
                return Err(self.refuse(format, units, next_min, reading, false));
            }
            // Where the base must get to for the next timestamp to be within the bound.
            let target = units.reached(next_min.saturating_sub_unsigned(self.ahead));
            let monotonic = monotonic_of(clock);
            let base = match self.anchored(monotonic) {
                Some(anchored) => anchored.max(reading),
                None if target.saturating_sub(reading) > MAX_WAIT_MICROS => {
                    self.anchor(monotonic, units.reached(next_min), reading)
                }
                None => reading,
            };
            if base > reading {
                match state.next_within(now, units.units(base), last_units, self.ahead) {
                    Err(Stop::Ahead { .. }) => {}
                    done => return Ok(done),
                }
            }
            let wait = target.saturating_sub(base).clamp(1, MAX_WAIT_MICROS);
            let now_nanos = monotonic_nanos();
            let since = *waiting_since.get_or_insert(now_nanos);
            if u128::from(now_nanos.saturating_sub(since)) > MAX_WAIT.as_nanos()
                || now_nanos == u64::MAX
            {
                return Err(self.refuse(format, units, next_min, reading, true));
            }
            clock.sleep(Duration::from_micros(wait.unsigned_abs()));
        }
    }

    /// The error for an id at `next_min` (units) refused against a clock `reading`.
    fn refuse(
        &self,
        format: &'static str,
        units: &impl Units,
        next_min: i64,
        reading: i64,
        waited: bool,
    ) -> Error {
        Error::new(
            format,
            Repr::AheadOfClock {
                ahead_micros: units
                    .reached(next_min)
                    .saturating_sub(reading)
                    .max(0)
                    .unsigned_abs(),
                bound_micros: self.policy.bound_micros().unwrap_or(u64::MAX),
                waited,
            },
        )
    }
}

/// The monotonic reading (µs) of `clock`, or the host's for a clock without one: what the
/// anchored timeline advances by.
fn monotonic_of(clock: &(impl Clock + ?Sized)) -> i64 {
    clock
        .monotonic_micros()
        .unwrap_or_else(|| (monotonic_nanos() / 1000) as i64)
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
    fn a_clock_stepped_back_a_little_is_waited_for() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let pace = Pace::new(
            RunAhead::wait(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_000);
        clock.step_back(Duration::from_millis(500));
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_001);
        // The wait let the time pass: the id is within the bound of the clock.
        assert_eq!(clock.now_micros(), 1_000_001 - 10);
    }

    #[test]
    fn a_clock_stepped_back_far_goes_on_at_the_rate_of_time_without_waiting() {
        let clock = ManualClock::new(1_000_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let pace = Pace::new(
            RunAhead::wait(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_000_000);
        clock.step_back(Duration::from_secs(5));
        // Five seconds behind the last id: no wait, the ids go on from it...
        let made: Vec<i64> = (0..11)
            .map(|_| next(&pace, &clock, &guard, &state))
            .collect();
        assert_eq!(made, (1_000_000_001..1_000_000_012).collect::<Vec<_>>());
        assert_eq!(clock.now_micros(), 995_000_000);
        // ...but no faster than time passes: past the bound, the 12th waits a microsecond.
        assert_eq!(next(&pace, &clock, &guard, &state), 1_000_000_012);
        assert_eq!(clock.now_micros(), 995_000_001);
        // Once the clock is back, ids follow it again.
        clock.advance(Duration::from_secs(6));
        assert_eq!(next(&pace, &clock, &guard, &state), 1_001_000_001);
    }

    #[test]
    fn a_floor_far_ahead_of_the_clock_is_a_timeline_not_a_wait() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let mut pace = Pace::new(
            RunAhead::wait(Duration::from_micros(10)),
            &Micros { first: 0 },
        );
        state.raise_to(3_000_001);
        pace.start_at_floor(&clock, 3_000_001);
        assert_eq!(next(&pace, &clock, &guard, &state), 3_000_001);
        assert_eq!(clock.now_micros(), 1_000_000);
        clock.advance(Duration::from_millis(1));
        let made: Vec<i64> = (0..3)
            .map(|_| next(&pace, &clock, &guard, &state))
            .collect();
        assert_eq!(made, [3_000_002, 3_000_003, 3_000_004]);
        assert_eq!(clock.now_micros(), 1_001_000);
    }

    #[test]
    fn a_refusing_policy_refuses_a_clock_gone_back() {
        let clock = ManualClock::new(1_000_000);
        let guard = ClockGuard::new();
        let state = Monotonic::starting_at(0);
        let units = Micros { first: 0 };
        let pace = Pace::new(RunAhead::refuse(Duration::from_micros(10)), &units);
        assert_eq!(state.next(1_000_000, i64::MAX, pace.ahead()), Ok(1_000_000));
        clock.step_back(Duration::from_secs(5));
        let err = pace
            .next_behind(FORMAT, &clock, &guard, &state, &units, || Ok(i64::MAX))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "atproto TID generator: the next id would be 5000001 µs ahead of the clock, past \
             the run-ahead bound of 10 µs, and the policy is to refuse"
        );
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
