//! [`SnowishGenerator`]: snowish ids for one machine id, lock-free.

use core::fmt;

use super::{FORMAT, MAX_DELTA, Snowish};
use crate::{
    Clock, Error, LeaseTerm, RunAhead, SystemClock,
    error::Repr,
    generation::clock_guard::ClockGuard,
    generation::millis_sequence::{last_units, split},
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    generation::run_ahead::{Pace, Stop, Units},
    process::fork::PerProcess,
    uid11::profile::{MILLIS, millis_since_epoch, next_millis_and_sequence},
};

/// Makes snowish ids for one machine id: within a millisecond the sequence counts up, and
/// when it passes 4095 the ids move on to the next millisecond, up to the
/// [run-ahead bound](RunAhead) (1 ms unless chosen with
/// [`with_run_ahead`](SnowishGenerator::with_run_ahead): an id's millisecond is at most the
/// clock's next one), past which the generator waits for the clock, or refuses; at most
/// 4,096,000 ids a second. A clock stepped back never yields a repeat (ids continue from the
/// last one, at the rate time passes); a clock before the xid epoch reads as the epoch. Lock-free, from any number of threads. A forward jump of the clock further
/// than the time passed explains is held back until it has held for a second (see
/// [clocks](crate#clocks)): one wrong read costs at most 131 ms of run-ahead (plus 0.1% of
/// the time since the previous check).
///
/// The machine id belongs to the process that made the generator: in a process forked
/// from it, [`try_next`](SnowishGenerator::try_next) refuses with
/// [`ErrorKind::Forked`](crate::ErrorKind::Forked) rather than repeat the parent's ids (see
/// [processes and `fork()`](crate#processes-and-fork)). Make each worker's generator after
/// the fork, with that worker's machine id.
///
/// # Examples
///
/// ```
/// use idtypes::ManualClock;
/// use idtypes::uid11::SnowishGenerator;
///
/// let generator = SnowishGenerator::with_clock(ManualClock::new(1_700_000_000_000_000), 7)?;
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!((a.sequence(), b.sequence()), (0, 1));
/// assert_eq!(b.machine_id(), 7);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct SnowishGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    machine_id: PerProcess,
    /// `millis << 12 | sequence` of the next id, at least.
    state: Padded<Monotonic>,
    pace: Pace,
}

impl SnowishGenerator<SystemClock> {
    /// A generator on the system clock for `machine_id` (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(idtypes::uid11::SnowishGenerator::new(1024).is_err());
    /// ```
    pub fn new(machine_id: u16) -> Result<Self, Error> {
        SnowishGenerator::with_clock(SystemClock, machine_id)
    }

    /// How many values a lease namespace of snowish machine ids has: 1,024, every machine id
    /// (0..=1023). Take leases for [`with_lease_term`](SnowishGenerator::with_lease_term),
    /// whose leased value is the machine id as it is, with
    /// `leases.acquire("jobs-snowish", SnowishGenerator::LEASE_VALUES)` (see `idtypes::lease`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// // The last value of the space, as a lease store would hand it out; here, by hand.
    /// let last = LeaseTerm::new(SnowishGenerator::LEASE_VALUES - 1, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = SnowishGenerator::new(0)?.with_lease_term(last)?;
    /// assert_eq!(generator.next().machine_id(), 1023);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const LEASE_VALUES: u32 = Snowish::MAX_MACHINE_ID as u32 + 1;
}

impl<C: Clock> SnowishGenerator<C> {
    /// A generator on `clock` for `machine_id` (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// assert!(SnowishGenerator::with_clock(ManualClock::new(0), 1023).is_ok());
    /// ```
    pub fn with_clock(clock: C, machine_id: u16) -> Result<Self, Error> {
        if machine_id > Snowish::MAX_MACHINE_ID {
            return Err(super::MACHINE_ID.refuse(FORMAT, machine_id as i128));
        }
        Ok(SnowishGenerator {
            clock,
            guard: ClockGuard::new(),
            machine_id: PerProcess::fixed(machine_id),
            state: Padded(Monotonic::starting_at(0)),
            pace: Pace::new(RunAhead::DEFAULT, &MILLIS),
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
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// // Ids in the clock's own millisecond only, and an error past its 4,096.
    /// let generator = SnowishGenerator::with_clock(ManualClock::new(1_700_000_000_000_000), 1)?
    ///     .with_run_ahead(RunAhead::refuse(Duration::ZERO));
    /// for _ in 0..4096 {
    ///     generator.try_next()?;
    /// }
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::AheadOfClock);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_run_ahead(mut self, policy: RunAhead) -> Self {
        self.pace.set_policy(policy, &MILLIS);
        self
    }

    /// The run-ahead policy (see [`with_run_ahead`](SnowishGenerator::with_run_ahead)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// assert_eq!(SnowishGenerator::new(1)?.run_ahead(), RunAhead::DEFAULT);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn run_ahead(&self) -> RunAhead {
        self.pace.policy()
    }

    /// The same generator bound to a lease `term`: the leased value is its machine id,
    /// its ids come after every id earlier holders of that machine id may have made (the
    /// term's floor, to the millisecond), and it refuses
    /// ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term runs
    /// out or its ids reach the term's ceiling. See [`LeaseTerm`]; lease from a namespace of
    /// [`LEASE_VALUES`](SnowishGenerator::LEASE_VALUES) values
    /// (`leases.acquire("jobs-snowish", SnowishGenerator::LEASE_VALUES)`).
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
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let term = LeaseTerm::new(5, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = SnowishGenerator::new(0)?.with_lease_term(term)?;
    /// assert_eq!(generator.next().machine_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        self.machine_id = PerProcess::leased(&term, &super::MACHINE_ID, FORMAT)?;
        // The first millisecond after the floor's.
        let floor = millis_since_epoch(term.floor_micros()).saturating_add(1);
        let first = floor.saturating_mul(1 << 12);
        self.state.raise_to(first);
        self.pace.start_at_floor(&self.clock, MILLIS.reached(first));
        Ok(self)
    }

    /// The machine id every id of this generator carries.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::uid11::SnowishGenerator::new(5)?.machine_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn machine_id(&self) -> u16 {
        self.machine_id.value()
    }

    /// The next id, or an error when the milliseconds are used up or the machine id
    /// belongs to a parent process.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) past the last millisecond;
    /// - [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked from the one
    ///   that made the generator.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::uid11::SnowishGenerator;
    ///
    /// let generator = SnowishGenerator::with_clock(ManualClock::new(i64::MAX), 0)?;
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Snowish, Error> {
        let (machine_id, ceiling) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
        // The whole millisecond of the ceiling: the next holder starts after it.
        let last = MAX_DELTA.min(millis_since_epoch(ceiling) as u64);
        let now = self.guard.read(&self.clock).micros;
        match next_millis_and_sequence(&self.state, now, last, self.pace.ahead()) {
            Ok((millis, sequence)) => Ok(Snowish::from_fields(millis, machine_id, sequence)),
            Err(Stop::PastLast) => self.try_next_past(ceiling),
            Err(Stop::Ahead { .. }) => self.try_next_behind(),
        }
    }

    /// [`try_next`](Self::try_next) once the next id is further ahead of the clock than the
    /// run-ahead bound: the next id after a wait, or the policy's refusal.
    #[cold]
    #[inline(never)]
    fn try_next_behind(&self) -> Result<Snowish, Error> {
        let (mut machine_id, mut ceiling) = (0, 0);
        let next = self.pace.next_behind(
            FORMAT,
            &self.clock,
            &self.guard,
            &self.state,
            &MILLIS,
            || {
                (machine_id, ceiling) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
                Ok(last_units(
                    MAX_DELTA.min(millis_since_epoch(ceiling) as u64),
                ))
            },
        )?;
        match next {
            Ok(units) => {
                let (millis, sequence) = split(units);
                Ok(Snowish::from_fields(millis, machine_id, sequence))
            }
            Err(_) => self.try_next_past(ceiling),
        }
    }

    /// [`try_next`](Self::try_next) once the next id is past `ceiling`: past a lease term's
    /// claimed mark, it claims more of the term (a step is a millisecond, so each claim
    /// reaches a later millisecond) and tries again, checking the term anew as the term
    /// requires; past the term's ceiling or the last snowish millisecond, it says so. Out of
    /// line, so that the fast path stays as short as it was before claims.
    #[cold]
    #[inline(never)]
    fn try_next_past(&self, mut ceiling: i64) -> Result<Snowish, Error> {
        loop {
            if MAX_DELTA.min(millis_since_epoch(ceiling) as u64) == MAX_DELTA {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2081-07-18T02:58:46.662Z",
                    },
                ));
            }
            let now = self.guard.read(&self.clock).micros;
            if !self
                .machine_id
                .claim(ceiling, now.max(ceiling.saturating_add(1)))
            {
                return Err(self.machine_id.past_ceiling(FORMAT, "machine id"));
            }
            let (machine_id, claimed) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
            let last = MAX_DELTA.min(millis_since_epoch(claimed) as u64);
            let now = self.guard.read(&self.clock).micros;
            match next_millis_and_sequence(&self.state, now, last, self.pace.ahead()) {
                Ok((millis, sequence)) => {
                    return Ok(Snowish::from_fields(millis, machine_id, sequence));
                }
                Err(Stop::PastLast) => ceiling = claimed,
                Err(Stop::Ahead { .. }) => return self.try_next_behind(),
            }
        }
    }
}

crate::generation::generator_shell::lanes! {
    SnowishGenerator.state,
    use "idtypes::uid11::SnowishGenerator",
    make "SnowishGenerator::new(7)?",
    unit "`millis << 12 | sequence`",
    rate "in 4 lanes each lane makes 1,024 of the 4,096 ids of a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    SnowishGenerator => Snowish;
    /// The next id.
    ///
    /// # Panics
    ///
    /// When the clock reads after 2081-07-18T02:58:46.662Z (or the generator has run
    /// ahead to it), and in a process forked from the one that made the generator.
    /// [`try_next`](SnowishGenerator::try_next) returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::uid11::SnowishGenerator::new(1)?;
    /// assert!(generator.next() < generator.next());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn next;
}

/// Machine ids from a lease of [`LEASE_VALUES`](SnowishGenerator::LEASE_VALUES): a generator
/// on a clone of the clock, with the same run-ahead policy, bound to each term.
impl<C: Clock + Clone + 'static> crate::Leasable for SnowishGenerator<C> {
    fn lease_values(&self) -> u32 {
        SnowishGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        SnowishGenerator::with_clock(self.clock.clone(), 0)?
            .with_run_ahead(self.run_ahead())
            .with_lease_term(term)
    }
}

impl<C> fmt::Debug for SnowishGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnowishGenerator")
            .field("machine_id", &self.machine_id.value())
            .field("run_ahead", &self.pace.policy())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ManualClock;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use std::time::Duration;

    #[test]
    fn the_sequence_counts_up_and_overflows_into_the_next_millisecond() {
        let generator =
            SnowishGenerator::with_clock(ManualClock::new(1_700_000_000_000_000), 3).unwrap();
        let first = generator.next();
        assert_eq!(first.sequence(), 0);
        let mut last = first;
        for _ in 0..4096 {
            last = generator.next();
        }
        assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
        assert_eq!((last.sequence(), last.machine_id()), (0, 3));
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(1_700_000_000_000_000);
        let generator = SnowishGenerator::with_clock(&clock, 1).unwrap();
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }
}
