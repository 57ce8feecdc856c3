//! [`TidGenerator`]: strictly increasing TIDs from a clock, lock-free.

use core::fmt;

use super::{FORMAT, Tid};
use crate::{
    Clock, Error, LeaseTerm, RunAhead, SystemClock,
    error::Repr,
    generation::clock_guard::ClockGuard,
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    generation::run_ahead::{Micros, Pace, Stop},
    process::fork::PerProcess,
};

/// A TID's timestamp is the clock's microsecond, 0 for a clock before 1970.
const MICROS: Micros = Micros { first: 0 };

/// Makes TIDs that strictly increase and never repeat, from any number of threads.
///
/// Each TID takes the clock's microsecond or, when that is not later than the last TID's,
/// the last microsecond plus one:
///
/// | the clock, against the last TID | the next TID's timestamp |
/// |---|---|
/// | later | the clock's microsecond |
/// | the same microsecond (a burst) | last + 1 µs, up to the [run-ahead bound](RunAhead) ahead of the clock (1 ms unless chosen); past it, after a wait for the clock |
/// | earlier, still behind a burst | last + 1 µs, as in a burst |
/// | earlier, stepped back by up to a second past the bound | last + 1 µs, after a wait for the clock to come within the bound |
/// | earlier, stepped back further (or a lease floor ahead of the clock) | last + 1 µs at once, at most as fast as time passes (see [`RunAhead`]): no wait as long as the step |
/// | over 131 ms later than the time passed explains (a jump) | held back: the last checked reading plus the time passed, or last + 1 µs |
///
/// The run-ahead is never larger than it must be, and never larger than the bound: as soon as
/// the clock passes the last TID, TIDs follow the clock again, and a generator asked for more
/// than one TID a microsecond waits (or refuses, as chosen with
/// [`with_run_ahead`](TidGenerator::with_run_ahead)) rather than move its TIDs into the
/// future. (The TypeScript reference keeps a counter that never resets and drifts into the
/// future; this one does not.) A clock before 1970 reads as 0. A forward jump
/// is followed once it has held for a second (see [clocks](crate#clocks)), so one wrong read
/// (an hour ahead, or in 2255) costs at most 131 ms of run-ahead (plus 0.1% of the time since
/// the previous check), never future TIDs for an hour nor used-up timestamps.
///
/// The clock id (10 bits) is fixed per generator: random unless chosen with
/// [`with_clock_id`](TidGenerator::with_clock_id). The state is one atomic `u64` updated by
/// compare-and-swap: no locks, `&self` methods, `Send + Sync`. Threads that share one take
/// turns on it; for ids that need only increase per thread, see
/// [lanes](TidGenerator::with_lanes) and [threads](crate#threads-one-generator-lanes-or-one-each).
///
/// After a `fork()` (see [processes and `fork()`](crate#processes-and-fork)):
///
/// | clock id | in the forked child |
/// |---|---|
/// | random (the default) | another clock id than the parent's, and than its siblings' (up to 1,023 children) |
/// | chosen with [`with_clock_id`](TidGenerator::with_clock_id) | [`try_next`](TidGenerator::try_next) refuses with [`ErrorKind::Forked`](crate::ErrorKind::Forked) |
///
/// # Examples
///
/// ```
/// use idtypes::tid::TidGenerator;
///
/// let generator = TidGenerator::new().with_clock_id(7)?;
/// let a = generator.next();
/// let b = generator.next();
/// assert!(a < b);
/// assert_eq!(b.clock_id(), 7);
/// # Ok::<(), idtypes::Error>(())
/// ```
///
/// Shared between threads:
///
/// ```
/// use idtypes::tid::TidGenerator;
///
/// let generator = TidGenerator::new();
/// std::thread::scope(|s| {
///     for _ in 0..4 {
///         s.spawn(|| {
///             let mut last = generator.next();
///             for _ in 0..1000 {
///                 let tid = generator.next();
///                 assert!(tid > last);
///                 last = tid;
///             }
///         });
///     }
/// });
/// ```
pub struct TidGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    clock_id: PerProcess,
    micros: Padded<Monotonic>,
    pace: Pace,
}

impl TidGenerator<SystemClock> {
    /// How many values a lease namespace of TID clock ids has: 1,024, every clock id
    /// (0..=1023). Take leases for [`with_lease_term`](TidGenerator::with_lease_term), whose
    /// leased value is the clock id as it is, with
    /// `leases.acquire("posts-tid", TidGenerator::LEASE_VALUES)` (see `idtypes::lease`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::tid::TidGenerator;
    ///
    /// // The last value of the space, as a lease store would hand it out; here, by hand.
    /// let last = LeaseTerm::new(TidGenerator::LEASE_VALUES - 1, Duration::from_secs(25), 0, i64::MAX);
    /// assert_eq!(TidGenerator::new().with_lease_term(last)?.next().clock_id(), 1023);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const LEASE_VALUES: u32 = Tid::MAX_CLOCK_ID as u32 + 1;
}

impl<C: Clock> TidGenerator<C> {
    /// A generator on `clock` with a random clock id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::tid::TidGenerator;
    ///
    /// let generator = TidGenerator::with_clock(ManualClock::new(1_000_000));
    /// assert_eq!(generator.next().timestamp_micros(), 1_000_000);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        TidGenerator {
            clock,
            guard: ClockGuard::new(),
            clock_id: PerProcess::random(10),
            micros: Padded(Monotonic::starting_at(0)),
            pace: Pace::new(RunAhead::DEFAULT, &MICROS),
        }
    }

    /// The same generator with another run-ahead policy: how far ahead of the clock its TIDs
    /// may run when asked for more than one a microsecond, and whether it then waits (the
    /// default, 1 ms) or refuses. See [`RunAhead`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, ManualClock, RunAhead};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let generator = TidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
    ///     .with_run_ahead(RunAhead::refuse(Duration::ZERO));
    /// generator.try_next()?;
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::AheadOfClock);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_run_ahead(mut self, policy: RunAhead) -> Self {
        self.pace.set_policy(policy, &MICROS);
        self
    }

    /// The run-ahead policy (see [`with_run_ahead`](TidGenerator::with_run_ahead)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    /// use idtypes::tid::TidGenerator;
    ///
    /// assert_eq!(TidGenerator::new().run_ahead(), RunAhead::DEFAULT);
    /// ```
    pub fn run_ahead(&self) -> RunAhead {
        self.pace.policy()
    }

    /// The same generator with a chosen clock id, 0..=1023 (for example a worker's index, so
    /// that workers of one service never collide).
    ///
    /// The clock id belongs to this process: in a process forked from it, the generator
    /// refuses to make TIDs ([`ErrorKind::Forked`](crate::ErrorKind::Forked)) rather than
    /// repeat the parent's. Choose the clock id after the fork, in each worker.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tid::TidGenerator;
    ///
    /// assert_eq!(TidGenerator::new().with_clock_id(1023)?.next().clock_id(), 1023);
    /// assert!(TidGenerator::new().with_clock_id(1024).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_clock_id(mut self, clock_id: u16) -> Result<Self, Error> {
        if clock_id > Tid::MAX_CLOCK_ID {
            return Err(super::CLOCK_ID.refuse(FORMAT, clock_id as i128));
        }
        self.clock_id = PerProcess::fixed(clock_id);
        Ok(self)
    }

    /// The same generator bound to a lease `term`: the leased value is its clock id, its
    /// TIDs come after every TID earlier holders of that clock id may have made (the term's
    /// floor), and it refuses ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired))
    /// once the term runs out or its TIDs reach the term's ceiling. See [`LeaseTerm`]; lease
    /// from a namespace of [`LEASE_VALUES`](TidGenerator::LEASE_VALUES) values
    /// (`leases.acquire("posts-tid", TidGenerator::LEASE_VALUES)`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a value above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::tid::TidGenerator;
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let term = LeaseTerm::new(5, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = TidGenerator::new().with_lease_term(term)?;
    /// assert_eq!(generator.next().clock_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        self.clock_id = PerProcess::leased(&term, &super::CLOCK_ID, FORMAT)?;
        let first = term.floor_micros().saturating_add(1);
        self.micros.raise_to(first);
        self.pace.start_at_floor(&self.clock, first);
        Ok(self)
    }

    /// The clock id every TID of this generator carries in this process (a random one moves
    /// on in a forked child).
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::tid::TidGenerator::new();
    /// assert_eq!(generator.next().clock_id(), generator.clock_id());
    /// ```
    pub fn clock_id(&self) -> u16 {
        self.clock_id.value()
    }

    /// The clock this generator reads.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let generator = TidGenerator::with_clock(ManualClock::new(5));
    /// assert_eq!(generator.clock().now_micros(), 5);
    /// ```
    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// The next TID, or an error when the TID timestamps are used up or the generator's
    /// chosen clock id belongs to a parent process.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked after
    /// [`with_clock_id`](TidGenerator::with_clock_id); the generator makes no TID there.
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) when the next timestamp would be
    /// above [`Tid::MAX_TIMESTAMP_MICROS`] (a clock after 2255). The generator stays usable: if
    /// the clock comes back into range and the generator had not run ahead past the end, the
    /// next call succeeds.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock, Tid};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let clock = ManualClock::new(Tid::MAX_TIMESTAMP_MICROS as i64);
    /// let generator = TidGenerator::with_clock(&clock);
    /// assert!(generator.try_next().is_ok());
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Tid, Error> {
        let (clock_id, ceiling) = self.clock_id.get_or_refuse(FORMAT, "clock id")?;
        let last = (Tid::MAX_TIMESTAMP_MICROS as i64).min(ceiling);
        let now = self.guard.read(&self.clock).micros.max(0);
        match self.micros.next(now, last, self.pace.ahead()) {
            // `0 <= micros <= 2^53 - 1`: the sequence starts at 0 and stops at `last`.
            Ok(micros) => Ok(Tid::from_parts_unchecked(micros as u64, clock_id)),
            Err(Stop::PastLast) => self.try_next_past(ceiling),
            Err(Stop::Ahead { .. }) => self.try_next_behind(),
        }
    }

    /// [`try_next`](Self::try_next) once the next timestamp is further ahead of the clock
    /// than the run-ahead bound: the next timestamp after a wait, or the policy's refusal.
    #[cold]
    #[inline(never)]
    fn try_next_behind(&self) -> Result<Tid, Error> {
        let (mut clock_id, mut ceiling) = (0, 0);
        let next = self.pace.next_behind(
            FORMAT,
            &self.clock,
            &self.guard,
            &self.micros,
            &MICROS,
            || {
                (clock_id, ceiling) = self.clock_id.get_or_refuse(FORMAT, "clock id")?;
                Ok((Tid::MAX_TIMESTAMP_MICROS as i64).min(ceiling))
            },
        )?;
        match next {
            Ok(micros) => Ok(Tid::from_parts_unchecked(micros as u64, clock_id)),
            Err(_) => self.try_next_past(ceiling),
        }
    }

    /// [`try_next`](Self::try_next) once the next timestamp is past `ceiling`: past a lease
    /// term's claimed mark, it claims more of the term and tries again (checking the term
    /// anew, as the term requires); past the term's ceiling or the last TID timestamp, it says
    /// so. Out of line, so that the fast path stays as short as it was before claims.
    #[cold]
    #[inline(never)]
    fn try_next_past(&self, mut ceiling: i64) -> Result<Tid, Error> {
        loop {
            if ceiling > Tid::MAX_TIMESTAMP_MICROS as i64 {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2255-06-05T23:47:34.740991Z",
                    },
                ));
            }
            let now = self.guard.read(&self.clock).micros;
            if !self
                .clock_id
                .claim(ceiling, now.max(self.micros.next_min()))
            {
                return Err(self.clock_id.past_ceiling(FORMAT, "clock id"));
            }
            let (clock_id, claimed) = self.clock_id.get_or_refuse(FORMAT, "clock id")?;
            let last = (Tid::MAX_TIMESTAMP_MICROS as i64).min(claimed);
            let now = self.guard.read(&self.clock).micros.max(0);
            match self.micros.next(now, last, self.pace.ahead()) {
                Ok(micros) => return Ok(Tid::from_parts_unchecked(micros as u64, clock_id)),
                Err(Stop::PastLast) => ceiling = claimed,
                Err(Stop::Ahead { .. }) => return self.try_next_behind(),
            }
        }
    }
}

crate::generation::generator_shell::lanes! {
    TidGenerator.micros,
    use "idtypes::tid::TidGenerator",
    make "TidGenerator::new()",
    unit "timestamp in microseconds",
    rate "a TID generator makes at most one TID a microsecond, and in 4 lanes each lane one every 4 µs",
}

crate::generation::generator_shell::generator_shell! {
    TidGenerator => Tid;
    /// A generator on the system clock with a random clock id.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::tid::TidGenerator::new();
    /// assert!(generator.clock_id() <= 1023);
    /// ```
    fn new;

    /// The next TID.
    ///
    /// # Panics
    ///
    /// When the TID timestamps are used up: the clock reads after 2255-06-05T23:47:34Z for
    /// more than a second (one such read is held back, see [clocks](crate#clocks)), or the
    /// generator has run ahead to that point; and in a forked child when the clock id was
    /// chosen with [`with_clock_id`](TidGenerator::with_clock_id). Use
    /// [`try_next`](TidGenerator::try_next) to get an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::tid::TidGenerator;
    ///
    /// let generator = TidGenerator::with_clock(ManualClock::new(100)).with_clock_id(1)?;
    /// assert_eq!(generator.next(), idtypes::Tid::from_parts(100, 1)?);
    /// assert_eq!(generator.next(), idtypes::Tid::from_parts(101, 1)?); // same microsecond
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn next;
    fn global;
}

/// Clock ids from a lease of [`LEASE_VALUES`](TidGenerator::LEASE_VALUES): a generator on a
/// clone of the clock, with the same run-ahead policy, bound to each term.
impl<C: Clock + Clone + 'static> crate::Leasable for TidGenerator<C> {
    fn lease_values(&self) -> u32 {
        TidGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        TidGenerator::with_clock(self.clock.clone())
            .with_run_ahead(self.run_ahead())
            .with_lease_term(term)
    }
}

impl<C> fmt::Debug for TidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TidGenerator")
            .field("clock_id", &self.clock_id.value())
            .field("next_min_micros", &self.micros.next_min())
            .field("run_ahead", &self.pace.policy())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, time::Duration};

    const START: i64 = 1_700_000_000_000_000;

    #[test]
    fn follows_the_clock_when_it_moves_forward() {
        let clock = ManualClock::new(START);
        let generator = TidGenerator::with_clock(&clock).with_clock_id(3).unwrap();
        assert_eq!(generator.next().timestamp_micros(), START as u64);
        clock.advance(Duration::from_micros(10));
        assert_eq!(generator.next().timestamp_micros(), START as u64 + 10);
    }

    #[test]
    fn a_burst_inside_one_microsecond_counts_up() {
        let clock = ManualClock::new(START);
        let generator = TidGenerator::with_clock(&clock);
        let micros: Vec<u64> = (0..1000)
            .map(|_| generator.next().timestamp_micros())
            .collect();
        let expected: Vec<u64> = (0..1000).map(|i| START as u64 + i).collect();
        assert_eq!(micros, expected);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat_or_a_decrease() {
        let clock = ManualClock::new(START);
        let generator = TidGenerator::with_clock(&clock);
        let steps = (Duration::from_millis(50), Duration::from_micros(7));
        assert_steps_back_never_repeat(&clock, steps, 200, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn the_run_ahead_returns_to_the_clock_once_it_passes() {
        let clock = ManualClock::new(START);
        let generator = TidGenerator::with_clock(&clock);
        for _ in 0..100 {
            generator.next();
        }
        // 100 TIDs in one microsecond ran 99 µs ahead; a clock 50 µs later is still behind.
        clock.advance(Duration::from_micros(50));
        assert_eq!(generator.next().timestamp_micros(), START as u64 + 100);
        // Once the clock is past the run-ahead, TIDs take the clock's time again.
        clock.advance(Duration::from_micros(100));
        assert_eq!(generator.next().timestamp_micros(), START as u64 + 150);
    }

    #[test]
    fn a_millisecond_clock_is_padded_within_the_millisecond() {
        let clock = ManualClock::new(1_700_000_000_123 * 1000);
        let generator = TidGenerator::with_clock(&clock);
        let a = generator.next();
        let b = generator.next();
        assert_eq!(a.timestamp_micros(), 1_700_000_000_123_000);
        assert_eq!(b.timestamp_micros(), 1_700_000_000_123_001);
        clock.advance(Duration::from_millis(1));
        assert_eq!(generator.next().timestamp_micros(), 1_700_000_000_124_000);
    }

    #[test]
    fn a_clock_before_1970_reads_as_zero() {
        let generator = TidGenerator::with_clock(ManualClock::new(-5_000_000));
        assert_eq!(generator.next().timestamp_micros(), 0);
        assert_eq!(generator.next().timestamp_micros(), 1);
    }

    #[test]
    fn exhaustion_is_an_error_and_recoverable() {
        let clock = ManualClock::new(i64::MAX);
        let generator = TidGenerator::with_clock(&clock);
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert_eq!(
            err.to_string(),
            "atproto TID generator exhausted: the timestamp would pass 2255-06-05T23:47:34.740991Z"
        );
        clock.set_micros(START);
        assert_eq!(generator.next().timestamp_micros(), START as u64);
    }

    #[test]
    fn random_clock_ids_vary_between_generators() {
        let ids: HashSet<u16> = (0..64).map(|_| TidGenerator::new().clock_id()).collect();
        assert!(ids.len() > 32, "{} distinct clock ids of 64", ids.len());
    }

    #[test]
    fn the_global_generator_keeps_one_clock_id() {
        let a = Tid::now();
        let b = Tid::now();
        assert!(b > a);
        assert_eq!(a.clock_id(), b.clock_id());
    }
}
