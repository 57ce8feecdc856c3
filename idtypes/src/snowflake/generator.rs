//! [`SnowflakeGenerator`]: Snowflakes of one epoch and worker id, lock-free.

use core::fmt;

use super::{FORMAT, Snowflake, SnowflakeEpoch, WORKER_ID};
use crate::{
    Clock, Error, LeaseTerm, RunAhead, SystemClock,
    error::Repr,
    generation::clock_guard::ClockGuard,
    generation::millis_sequence::{
        Millis, last_units, millis_since, next_millis_and_sequence, split,
    },
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    generation::run_ahead::{Pace, Stop, Units},
    process::fork::PerProcess,
};

/// Makes Snowflakes of one epoch and worker id: within a millisecond the sequence counts up,
/// and when it passes 4095 the ids move on to the next millisecond, up to the
/// [run-ahead bound](RunAhead) (1 ms unless chosen with
/// [`with_run_ahead`](SnowflakeGenerator::with_run_ahead): an id's millisecond is at most the
/// clock's next one), past which the generator waits for the clock, as Twitter's does, or
/// refuses; at most 4,096,000 ids a second. A clock stepped back never yields a repeat (ids
/// continue from the last one, at the rate time passes); a clock before the epoch reads as the
/// epoch. Lock-free, from any number of threads. A forward jump of the clock further than the
/// time passed explains is held back until it has held for a second (see
/// [clocks](crate#clocks)): one wrong read costs at most 131 ms of run-ahead (plus 0.1% of the
/// time since the previous check).
///
/// The worker id must be this generator's alone among all that make ids of the epoch, or two
/// of them make the same ids: take it from a lease ([`with_lease_term`](Self::with_lease_term),
/// see [`crate::lease`]) rather than from configuration. It belongs to the process that made
/// the generator: in a process forked from it, [`try_next`](SnowflakeGenerator::try_next)
/// refuses with [`ErrorKind::Forked`](crate::ErrorKind::Forked) rather than repeat the
/// parent's ids (see [processes and `fork()`](crate#processes-and-fork)). Make each worker's
/// generator after the fork, with that worker's id.
///
/// There is no process-wide generator (no `Snowflake::now()`): every Snowflake names its
/// epoch and worker, which only the application knows.
///
/// # Examples
///
/// ```
/// use idtypes::ManualClock;
/// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
///
/// let clock = ManualClock::new(1_700_000_000_000_000);
/// let generator = SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::TWITTER, 7)?;
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!((a.sequence(), b.sequence()), (0, 1));
/// assert_eq!(b.worker_id(), 7);
/// assert_eq!(b.timestamp_millis(SnowflakeEpoch::TWITTER), 1_700_000_000_000);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct SnowflakeGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    epoch: SnowflakeEpoch,
    worker_id: PerProcess,
    /// `millis << 12 | sequence` of the next id, at least.
    state: Padded<Monotonic>,
    pace: Pace,
}

impl SnowflakeGenerator<SystemClock> {
    /// A generator on the system clock for `epoch` and `worker_id` (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// assert!(SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 1023).is_ok());
    /// assert!(SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 1024).is_err());
    /// ```
    pub fn new(epoch: SnowflakeEpoch, worker_id: u16) -> Result<Self, Error> {
        SnowflakeGenerator::with_clock(SystemClock, epoch, worker_id)
    }

    /// How many values a lease namespace of Snowflake worker ids has: 1,024, every worker id
    /// (0..=1023), in one namespace per epoch in use. Take leases for
    /// [`with_lease_term`](SnowflakeGenerator::with_lease_term), whose leased value is the
    /// worker id as it is, with
    /// `leases.acquire("snowflake-workers", SnowflakeGenerator::LEASE_VALUES)` (see
    /// `idtypes::lease`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// // The last value of the space, as a lease store would hand it out; here, by hand.
    /// let last = LeaseTerm::new(SnowflakeGenerator::LEASE_VALUES - 1, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 0)?.with_lease_term(last)?;
    /// assert_eq!(generator.next().worker_id(), 1023);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const LEASE_VALUES: u32 = Snowflake::MAX_WORKER_ID as u32 + 1;
}

impl<C: Clock> SnowflakeGenerator<C> {
    /// A generator on `clock` for `epoch` and `worker_id` (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// let clock = ManualClock::new(0);
    /// assert!(SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::TWITTER, 1023).is_ok());
    /// ```
    pub fn with_clock(clock: C, epoch: SnowflakeEpoch, worker_id: u16) -> Result<Self, Error> {
        if worker_id > Snowflake::MAX_WORKER_ID {
            return Err(WORKER_ID.refuse(FORMAT, worker_id as i128));
        }
        Ok(SnowflakeGenerator {
            clock,
            guard: ClockGuard::new(),
            epoch,
            worker_id: PerProcess::fixed(worker_id),
            state: Padded(Monotonic::starting_at(0)),
            pace: Pace::new(RunAhead::DEFAULT, &Millis { epoch_millis: 0 }),
        })
    }

    /// The same generator with another run-ahead policy: how far ahead of the clock its ids
    /// may run when asked for more than 4,096 a millisecond (in whole milliseconds), and
    /// whether it then waits (the default, 1 ms) or refuses. See [`RunAhead`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, ManualClock, RunAhead};
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// // Twitter's rule: ids in the clock's own millisecond only; here an error past its 4,096.
    /// let clock = ManualClock::new(1_700_000_000_000_000);
    /// let generator = SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::TWITTER, 1)?
    ///     .with_run_ahead(RunAhead::refuse(Duration::ZERO));
    /// for _ in 0..4096 {
    ///     generator.try_next()?;
    /// }
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::AheadOfClock);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_run_ahead(mut self, policy: RunAhead) -> Self {
        let units = self.units();
        self.pace.set_policy(policy, &units);
        self
    }

    /// The run-ahead policy (see [`with_run_ahead`](SnowflakeGenerator::with_run_ahead)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 1)?;
    /// assert_eq!(generator.run_ahead(), RunAhead::DEFAULT);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn run_ahead(&self) -> RunAhead {
        self.pace.policy()
    }

    /// The units of this generator's sequencer (`millis << 12 | sequence` since its epoch).
    fn units(&self) -> Millis {
        Millis {
            epoch_millis: self.epoch.unix_millis(),
        }
    }

    /// The same generator bound to a lease `term`: the leased value is its worker id, its
    /// ids come after every id earlier holders of that worker id may have made (the term's
    /// floor, to the millisecond), and it refuses
    /// ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term runs out
    /// or its ids reach the term's ceiling. See [`LeaseTerm`]; lease from a namespace of
    /// [`LEASE_VALUES`](SnowflakeGenerator::LEASE_VALUES) values
    /// (`leases.acquire("snowflake-workers", SnowflakeGenerator::LEASE_VALUES)`), one per
    /// epoch in use.
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
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let term = LeaseTerm::new(5, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 0)?.with_lease_term(term)?;
    /// assert_eq!(generator.next().worker_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        self.worker_id = PerProcess::leased(&term, &WORKER_ID, FORMAT)?;
        // The first millisecond after the floor's.
        let floor = self.millis(term.floor_micros()).saturating_add(1);
        let first = floor.saturating_mul(1 << 12);
        self.state.raise_to(first);
        let floor_micros = self.units().reached(first);
        self.pace.start_at_floor(&self.clock, floor_micros);
        Ok(self)
    }

    /// The epoch of this generator's ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 5)?;
    /// assert_eq!(generator.epoch(), SnowflakeEpoch::DISCORD);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn epoch(&self) -> SnowflakeEpoch {
        self.epoch
    }

    /// The worker id every id of this generator carries.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// assert_eq!(SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 5)?.worker_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn worker_id(&self) -> u16 {
        self.worker_id.value()
    }

    /// The next id, or an error when the epoch's milliseconds are used up or the worker id
    /// belongs to a parent process or to a lease that ran out.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) past the epoch's last
    ///   millisecond (2^41 - 1 ms after it);
    /// - [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked from the one
    ///   that made the generator;
    /// - [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired) when bound to a lease
    ///   term that ran out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// let clock = ManualClock::new(i64::MAX);
    /// let generator = SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::TWITTER, 0)?;
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Snowflake, Error> {
        let (worker_id, ceiling) = self.worker_id.get_or_refuse(FORMAT, "worker id")?;
        // The whole millisecond of the ceiling: the next holder starts after it.
        let last = self.last_millis(ceiling);
        let now = self.guard.read(&self.clock).micros;
        let epoch = self.epoch.unix_millis();
        match next_millis_and_sequence(&self.state, now, epoch, last, self.pace.ahead()) {
            Ok((millis, sequence)) => Ok(Snowflake::from_fields(millis, worker_id, sequence)),
            Err(Stop::PastLast) => self.try_next_past(ceiling),
            Err(Stop::Ahead { .. }) => self.try_next_behind(),
        }
    }

    /// [`try_next`](Self::try_next) once the next id is further ahead of the clock than the
    /// run-ahead bound: the next id after a wait, or the policy's refusal.
    #[cold]
    #[inline(never)]
    fn try_next_behind(&self) -> Result<Snowflake, Error> {
        let (mut worker_id, mut ceiling) = (0, 0);
        let next = self.pace.next_behind(
            FORMAT,
            &self.clock,
            &self.guard,
            &self.state,
            &self.units(),
            || {
                (worker_id, ceiling) = self.worker_id.get_or_refuse(FORMAT, "worker id")?;
                Ok(last_units(self.last_millis(ceiling)))
            },
        )?;
        match next {
            Ok(units) => {
                let (millis, sequence) = split(units);
                Ok(Snowflake::from_fields(millis, worker_id, sequence))
            }
            Err(_) => self.try_next_past(ceiling),
        }
    }

    /// Milliseconds since the epoch of a clock reading (0 before the epoch).
    #[inline]
    fn millis(&self, micros: i64) -> i64 {
        millis_since(self.epoch.unix_millis(), micros)
    }

    /// The last millisecond an id may have under `ceiling` (Unix microseconds).
    #[inline]
    fn last_millis(&self, ceiling: i64) -> u64 {
        if ceiling == i64::MAX {
            // No lease: the epoch's last millisecond (any epoch is far before the end of
            // `i64` microseconds), without the arithmetic on every id.
            return Snowflake::MAX_MILLIS_SINCE_EPOCH;
        }
        Snowflake::MAX_MILLIS_SINCE_EPOCH.min(self.millis(ceiling) as u64)
    }

    /// [`try_next`](Self::try_next) once the next id is past `ceiling`: past a lease term's
    /// claimed mark, it claims more of the term (a step is a millisecond, so each claim
    /// reaches a later millisecond) and tries again, checking the term anew as the term
    /// requires; past the term's ceiling or the epoch's last millisecond, it says so. Out of
    /// line, so that the fast path stays short.
    #[cold]
    #[inline(never)]
    fn try_next_past(&self, mut ceiling: i64) -> Result<Snowflake, Error> {
        loop {
            if self.last_millis(ceiling) == Snowflake::MAX_MILLIS_SINCE_EPOCH {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass the epoch's last millisecond \
                                 (2^41 - 1 ms after it)",
                    },
                ));
            }
            let now = self.guard.read(&self.clock).micros;
            if !self
                .worker_id
                .claim(ceiling, now.max(ceiling.saturating_add(1)))
            {
                return Err(self.worker_id.past_ceiling(FORMAT, "worker id"));
            }
            let (worker_id, claimed) = self.worker_id.get_or_refuse(FORMAT, "worker id")?;
            let last = self.last_millis(claimed);
            let now = self.guard.read(&self.clock).micros;
            let epoch = self.epoch.unix_millis();
            match next_millis_and_sequence(&self.state, now, epoch, last, self.pace.ahead()) {
                Ok((millis, sequence)) => {
                    return Ok(Snowflake::from_fields(millis, worker_id, sequence));
                }
                Err(Stop::PastLast) => ceiling = claimed,
                Err(Stop::Ahead { .. }) => return self.try_next_behind(),
            }
        }
    }
}

crate::generation::generator_shell::lanes! {
    SnowflakeGenerator.state,
    use "idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator}",
    make "SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 7)?",
    unit "`millis << 12 | sequence`",
    rate "in 4 lanes each lane makes 1,024 of the 4,096 Snowflakes of a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    SnowflakeGenerator => Snowflake;
    /// The next id.
    ///
    /// # Panics
    ///
    /// When the clock reads past the epoch's last millisecond (or the generator has run
    /// ahead to it), in a process forked from the one that made the generator, and when
    /// bound to a lease term that ran out. [`try_next`](SnowflakeGenerator::try_next)
    /// returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    ///
    /// let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 1)?;
    /// assert!(generator.next() < generator.next());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn next;
}

/// Worker ids from a lease of [`LEASE_VALUES`](SnowflakeGenerator::LEASE_VALUES) (one
/// namespace per epoch): a generator on a clone of the clock, with the same epoch and
/// run-ahead policy, bound to each term.
impl<C: Clock + Clone + 'static> crate::Leasable for SnowflakeGenerator<C> {
    fn lease_values(&self) -> u32 {
        SnowflakeGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        SnowflakeGenerator::with_clock(self.clock.clone(), self.epoch, 0)?
            .with_run_ahead(self.run_ahead())
            .with_lease_term(term)
    }
}

impl<C> fmt::Debug for SnowflakeGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnowflakeGenerator")
            .field("epoch", &self.epoch)
            .field("worker_id", &self.worker_id.value())
            .field("run_ahead", &self.pace.policy())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ManualClock;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use std::collections::HashSet;
    use std::time::Duration;

    const NOW: i64 = 1_700_000_000_000_000;

    #[test]
    fn ids_carry_the_clocks_time_since_the_epoch_and_the_worker_id() {
        for epoch in [SnowflakeEpoch::TWITTER, SnowflakeEpoch::DISCORD] {
            let generator =
                SnowflakeGenerator::with_clock(ManualClock::new(NOW), epoch, 9).unwrap();
            let id = generator.next();
            assert_eq!(id.timestamp_millis(epoch), 1_700_000_000_000);
            assert_eq!((id.worker_id(), id.sequence()), (9, 0));
        }
    }

    #[test]
    fn the_sequence_counts_up_and_overflows_into_the_next_millisecond() {
        let clock = ManualClock::new(NOW);
        let generator = SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::DISCORD, 3).unwrap();
        let first = generator.next();
        assert_eq!(first.sequence(), 0);
        let mut last = first;
        for _ in 0..4096 {
            let next = generator.next();
            assert!(next > last);
            last = next;
        }
        assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
        assert_eq!((last.sequence(), last.worker_id()), (0, 3));
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(NOW);
        let generator = SnowflakeGenerator::with_clock(&clock, SnowflakeEpoch::TWITTER, 1).unwrap();
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn a_clock_before_the_epoch_reads_as_the_epoch() {
        let clock = ManualClock::new(0);
        let generator = SnowflakeGenerator::with_clock(clock, SnowflakeEpoch::DISCORD, 0).unwrap();
        assert_eq!(generator.next(), Snowflake::MIN);
        assert_eq!(generator.next().sequence(), 1);
    }

    #[test]
    fn eight_threads_share_one_generator_without_a_repeat() {
        let generator = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 100).unwrap();
        let ids: Vec<Vec<Snowflake>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        let ids: Vec<Snowflake> = (0..20_000).map(|_| generator.next()).collect();
                        assert!(
                            ids.windows(2).all(|w| w[0] < w[1]),
                            "each thread's ids increase"
                        );
                        ids
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let unique: HashSet<Snowflake> = ids.iter().flatten().copied().collect();
        assert_eq!(unique.len(), 8 * 20_000);
        assert!(unique.iter().all(|id| id.worker_id() == 100));
    }

    #[test]
    fn the_last_millisecond_of_the_epoch_is_the_end() {
        let epoch = SnowflakeEpoch::DISCORD;
        let last_micros = epoch.last_unix_millis() as i64 * 1000;
        let clock = ManualClock::new(last_micros);
        let generator = SnowflakeGenerator::with_clock(&clock, epoch, 1).unwrap();
        let id = generator.next();
        assert_eq!(id.millis_since_epoch(), Snowflake::MAX_MILLIS_SINCE_EPOCH);
        // The last millisecond's sequence runs to 4095; after it, nothing.
        for _ in 0..4095 {
            generator.try_next().unwrap();
        }
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Exhausted);
        assert_eq!(
            err.to_string(),
            "Snowflake generator exhausted: the timestamp would pass the epoch's last \
             millisecond (2^41 - 1 ms after it)"
        );
    }

    #[test]
    fn a_lease_terms_value_is_the_worker_id_and_its_floor_comes_first() {
        let epoch = SnowflakeEpoch::TWITTER;
        let term = LeaseTerm::new(77, Duration::from_secs(30), NOW + 5_000_000, i64::MAX);
        let generator = SnowflakeGenerator::with_clock(ManualClock::new(NOW), epoch, 0)
            .unwrap()
            .with_lease_term(term)
            .unwrap();
        let id = generator.next();
        assert_eq!(id.worker_id(), 77);
        assert_eq!(id.timestamp_millis(epoch), 1_700_000_005_001);
        let too_big = LeaseTerm::new(1024, Duration::from_secs(30), 0, i64::MAX);
        let err = SnowflakeGenerator::new(epoch, 0)
            .unwrap()
            .with_lease_term(too_big)
            .unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::OutOfRange);
    }
}
