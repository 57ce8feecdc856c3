//! [`TimeIdGenerator`]: strictly increasing TimeIds from a clock, lock-free.

use core::fmt;

use super::{FORMAT, NodeId, TimeId};
use crate::{
    Clock, Error, LeaseTerm, RunAhead, SystemClock,
    error::{Bounds, Repr},
    generation::clock_guard::ClockGuard,
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    generation::run_ahead::{Micros, Pace, Stop, Units},
    process::fork::PerProcess,
};

/// A TimeId's timestamp is the clock's microsecond, from -2^53 µs.
const MICROS: Micros = Micros {
    first: TimeId::MIN_TIMESTAMP_MICROS,
};

/// Makes TimeIds that strictly increase in time and never repeat, from any number of threads.
///
/// The same rule and guarantees as [`TidGenerator`](crate::tid::TidGenerator): each id takes the
/// clock's microsecond or, when that is not later than the last id's, the last microsecond
/// plus one, and returns to the clock as soon as the clock passes it. Clocks before 1970 work
/// (down to -2^53 µs). The state is one atomic updated by compare-and-swap.
///
/// The node id is fixed per generator: a random best-effort node (0..=31) unless chosen with
/// [`with_node`](TimeIdGenerator::with_node).
///
/// After a `fork()` (see [processes and `fork()`](crate#processes-and-fork)):
///
/// | node id | in the forked child |
/// |---|---|
/// | random (the default) | another best-effort node than the parent's, and than its siblings' (up to 31 children) |
/// | chosen with [`with_node`](TimeIdGenerator::with_node) | [`try_next`](TimeIdGenerator::try_next) refuses with [`ErrorKind::Forked`](crate::ErrorKind::Forked) |
///
/// | the clock, against the last id | the next id's timestamp |
/// |---|---|
/// | later | the clock's microsecond |
/// | the same microsecond (a burst) | last + 1 µs, up to the [run-ahead bound](RunAhead) ahead of the clock (1 ms unless chosen); past it, after a wait for the clock |
/// | earlier, still behind a burst | last + 1 µs, as in a burst |
/// | earlier, stepped back by up to a second past the bound | last + 1 µs, after a wait for the clock to come within the bound |
/// | earlier, stepped back further (or a lease floor ahead of the clock) | last + 1 µs at once, at most as fast as time passes (see [`RunAhead`]) |
/// | over 131 ms later than the time passed explains (a jump) | held back: the last checked reading plus the time passed, or last + 1 µs |
///
/// A generator asked for more than one id a microsecond waits for the clock past the bound,
/// or refuses, as chosen with [`with_run_ahead`](TimeIdGenerator::with_run_ahead). As for TIDs, a forward jump is followed once it has held for a second (see
/// [clocks](crate#clocks)): one wrong read costs at most 131 ms of run-ahead (plus 0.1% of the
/// time since the previous check).
///
/// # Examples
///
/// ```
/// use idtypes::time_id::{NodeId, TimeIdGenerator};
///
/// let generator = TimeIdGenerator::new().with_node(NodeId::new(500)?);
/// let a = generator.next();
/// let b = generator.next();
/// assert!(a.cmp_chronological(&b).is_lt());
/// assert_eq!(b.node().get(), 500);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct TimeIdGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    node: PerProcess,
    micros: Padded<Monotonic>,
    pace: Pace,
}

impl TimeIdGenerator<SystemClock> {
    /// How many values a lease namespace of TimeId nodes has: 992, the nodes 0..=991 (the
    /// best-effort and context-dependent [classes](crate::time_id::NodeClass)). Take leases
    /// for [`with_lease_term`](TimeIdGenerator::with_lease_term), whose leased value is the
    /// node id as it is, with `leases.acquire("events-node", TimeIdGenerator::LEASE_VALUES)`
    /// (see `idtypes::lease`).
    ///
    /// The 32 globally registered nodes (992..=1023) are left out: such a node is registered
    /// to one party, which sets it with [`with_node`](TimeIdGenerator::with_node). A node
    /// drawn at random (`TimeId::now()`, [`TimeIdGenerator::new`]) is a best-effort one,
    /// 0..=31, which a lease may also hand out: in a fleet that leases its nodes, lease every
    /// generator's.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::time_id::{NodeClass, TimeIdGenerator};
    ///
    /// // The last value of the space, as a lease store would hand it out; here, by hand.
    /// let last = LeaseTerm::new(TimeIdGenerator::LEASE_VALUES - 1, Duration::from_secs(25), 0, i64::MAX);
    /// let node = TimeIdGenerator::new().with_lease_term(last)?.next().node();
    /// assert_eq!((node.get(), node.class()), (991, NodeClass::ContextDependent));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const LEASE_VALUES: u32 = 992;
}

impl<C: Clock> TimeIdGenerator<C> {
    /// A generator on `clock` with a random best-effort node id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// let generator = TimeIdGenerator::with_clock(ManualClock::new(-5));
    /// assert_eq!(generator.next().timestamp_micros(), -5);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        TimeIdGenerator {
            clock,
            guard: ClockGuard::new(),
            node: PerProcess::random(5),
            micros: Padded(Monotonic::starting_at(TimeId::MIN_TIMESTAMP_MICROS)),
            pace: Pace::new(RunAhead::DEFAULT, &MICROS),
        }
    }

    /// The same generator with another run-ahead policy: how far ahead of the clock its ids
    /// may run when asked for more than one a microsecond, and whether it then waits (the
    /// default, 1 ms) or refuses. See [`RunAhead`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, ManualClock, RunAhead};
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// let generator = TimeIdGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
    ///     .with_run_ahead(RunAhead::refuse(Duration::ZERO));
    /// generator.try_next()?;
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::AheadOfClock);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_run_ahead(mut self, policy: RunAhead) -> Self {
        self.pace.set_policy(policy, &MICROS);
        self
    }

    /// The run-ahead policy (see [`with_run_ahead`](TimeIdGenerator::with_run_ahead)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// assert_eq!(TimeIdGenerator::new().run_ahead(), RunAhead::DEFAULT);
    /// ```
    pub fn run_ahead(&self) -> RunAhead {
        self.pace.policy()
    }

    /// The same generator with a chosen node id (context-dependent or registered ones, or a
    /// fixed best-effort one).
    ///
    /// The node id belongs to this process: in a process forked from it, the generator refuses
    /// to make ids ([`ErrorKind::Forked`](crate::ErrorKind::Forked)) rather than repeat the
    /// parent's. Choose the node after the fork, in each worker.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::{NodeId, TimeIdGenerator};
    ///
    /// let generator = TimeIdGenerator::new().with_node(NodeId::new(992)?);
    /// assert_eq!(generator.next().node().get(), 992);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_node(mut self, node: NodeId) -> Self {
        self.node = PerProcess::fixed(node.get());
        self
    }

    /// The same generator bound to a lease `term`: the leased value is its node id, its ids
    /// come after every id earlier holders of that node may have made (the term's floor), and
    /// it refuses ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term
    /// runs out or its ids reach the term's ceiling. See [`LeaseTerm`]; lease from a
    /// namespace of [`LEASE_VALUES`](TimeIdGenerator::LEASE_VALUES) values
    /// (`leases.acquire("events-node", TimeIdGenerator::LEASE_VALUES)`: the nodes that are
    /// not globally registered).
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
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let term = LeaseTerm::new(1000, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = TimeIdGenerator::new().with_lease_term(term)?;
    /// assert_eq!(generator.next().node().get(), 1000);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        self.node = PerProcess::leased(
            &term,
            const {
                &Bounds {
                    part: "node id",
                    min: 0,
                    max: NodeId::MAX.get() as i128,
                }
            },
            FORMAT,
        )?;
        let first = term.floor_micros().saturating_add(1);
        self.micros.raise_to(first);
        self.pace.start_at_floor(&self.clock, first);
        Ok(self)
    }

    /// The node id every TimeId of this generator carries in this process (a random one moves
    /// on in a forked child).
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::time_id::TimeIdGenerator::new();
    /// assert_eq!(generator.next().node(), generator.node());
    /// ```
    pub fn node(&self) -> NodeId {
        NodeId::from_low_bits(self.node.value() as u64)
    }

    /// The clock this generator reads.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Clock, ManualClock};
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// assert_eq!(TimeIdGenerator::with_clock(ManualClock::new(7)).clock().now_micros(), 7);
    /// ```
    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// The next TimeId, or an error when the timestamps are used up or the generator's chosen
    /// node belongs to a parent process.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked after
    /// [`with_node`](TimeIdGenerator::with_node); the generator makes no id there.
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) when the next timestamp would be
    /// above 2^53 - 1 µs. The generator stays usable if the clock comes back into range.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// let generator = TimeIdGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<TimeId, Error> {
        let (node, ceiling) = self.node.get_or_refuse(FORMAT, "node id")?;
        let last = TimeId::MAX_TIMESTAMP_MICROS.min(ceiling);
        let now = MICROS.units(self.guard.read(&self.clock).micros);
        match self.micros.next(now, last, self.pace.ahead()) {
            // The sequence starts at the smallest timestamp and stops at the largest.
            Ok(micros) => Ok(TimeId::from_parts_unchecked(
                micros,
                NodeId::from_low_bits(node as u64),
            )),
            Err(Stop::PastLast) => self.try_next_past(ceiling),
            Err(Stop::Ahead { .. }) => self.try_next_behind(),
        }
    }

    /// [`try_next`](Self::try_next) once the next timestamp is further ahead of the clock
    /// than the run-ahead bound: the next timestamp after a wait, or the policy's refusal.
    #[cold]
    #[inline(never)]
    fn try_next_behind(&self) -> Result<TimeId, Error> {
        let (mut node, mut ceiling) = (0, 0);
        let next = self.pace.next_behind(
            FORMAT,
            &self.clock,
            &self.guard,
            &self.micros,
            &MICROS,
            || {
                (node, ceiling) = self.node.get_or_refuse(FORMAT, "node id")?;
                Ok(TimeId::MAX_TIMESTAMP_MICROS.min(ceiling))
            },
        )?;
        match next {
            Ok(micros) => Ok(TimeId::from_parts_unchecked(
                micros,
                NodeId::from_low_bits(node as u64),
            )),
            Err(_) => self.try_next_past(ceiling),
        }
    }

    /// [`try_next`](Self::try_next) once the next timestamp is past `ceiling`: past a lease
    /// term's claimed mark, it claims more of the term and tries again (checking the term
    /// anew, as the term requires); past the term's ceiling or the last TimeId timestamp, it
    /// says so. Out of line, so that the fast path stays as short as it was before claims.
    #[cold]
    #[inline(never)]
    fn try_next_past(&self, mut ceiling: i64) -> Result<TimeId, Error> {
        loop {
            if ceiling > TimeId::MAX_TIMESTAMP_MICROS {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2255-06-05T23:47:34.740991Z",
                    },
                ));
            }
            let now = self.guard.read(&self.clock).micros;
            if !self.node.claim(ceiling, now.max(self.micros.next_min())) {
                return Err(self.node.past_ceiling(FORMAT, "node id"));
            }
            let (node, claimed) = self.node.get_or_refuse(FORMAT, "node id")?;
            let last = TimeId::MAX_TIMESTAMP_MICROS.min(claimed);
            let now = MICROS.units(self.guard.read(&self.clock).micros);
            match self.micros.next(now, last, self.pace.ahead()) {
                Ok(micros) => {
                    return Ok(TimeId::from_parts_unchecked(
                        micros,
                        NodeId::from_low_bits(node as u64),
                    ));
                }
                Err(Stop::PastLast) => ceiling = claimed,
                Err(Stop::Ahead { .. }) => return self.try_next_behind(),
            }
        }
    }
}

crate::generation::generator_shell::lanes! {
    TimeIdGenerator.micros,
    use "idtypes::time_id::TimeIdGenerator",
    make "TimeIdGenerator::new()",
    unit "timestamp in microseconds",
    rate "a TimeId generator makes at most one TimeId a microsecond, and in 4 lanes each lane one every 4 µs",
}

crate::generation::generator_shell::generator_shell! {
    TimeIdGenerator => TimeId;
    /// A generator on the system clock with a random best-effort node id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::{NodeClass, TimeIdGenerator};
    ///
    /// assert_eq!(TimeIdGenerator::new().node().class(), NodeClass::BestEffort);
    /// ```
    fn new;

    /// The next TimeId.
    ///
    /// # Panics
    ///
    /// When the timestamps are used up: the clock reads after 2255-06-05T23:47:34Z, or the
    /// generator has run ahead to that point; and in a forked child when the node was chosen
    /// with [`with_node`](TimeIdGenerator::with_node). [`try_next`](TimeIdGenerator::try_next)
    /// returns an error instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, TimeId};
    /// use idtypes::time_id::{NodeId, TimeIdGenerator};
    ///
    /// let generator = TimeIdGenerator::with_clock(ManualClock::new(-1)).with_node(NodeId::MIN);
    /// assert_eq!(generator.next(), TimeId::from_parts(-1, NodeId::MIN)?);
    /// assert_eq!(generator.next(), TimeId::from_parts(0, NodeId::MIN)?);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn next;
    fn global;
}

/// Node ids from a lease of [`LEASE_VALUES`](TimeIdGenerator::LEASE_VALUES): a generator on a
/// clone of the clock, with the same run-ahead policy, bound to each term.
impl<C: Clock + Clone + 'static> crate::Leasable for TimeIdGenerator<C> {
    fn lease_values(&self) -> u32 {
        TimeIdGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        TimeIdGenerator::with_clock(self.clock.clone())
            .with_run_ahead(self.run_ahead())
            .with_lease_term(term)
    }
}

impl<C> fmt::Debug for TimeIdGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TimeIdGenerator")
            .field("node", &NodeId::from_low_bits(self.node.value() as u64))
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

    #[test]
    fn a_burst_inside_one_microsecond_counts_up_before_1970_too() {
        let clock = ManualClock::new(-1_000);
        let generator = TimeIdGenerator::with_clock(&clock);
        let micros: Vec<i64> = (0..2000)
            .map(|_| generator.next().timestamp_micros())
            .collect();
        let expected: Vec<i64> = (-1_000..1_000).collect();
        assert_eq!(micros, expected);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat_or_a_decrease() {
        let clock = ManualClock::new(1_700_000_000_000_000);
        let generator = TimeIdGenerator::with_clock(&clock);
        let steps = (Duration::from_millis(50), Duration::from_micros(7));
        assert_steps_back_never_repeat(
            &clock,
            steps,
            200,
            || generator.next(),
            |a, b| a.cmp_chronological(b).is_gt(),
        );
    }

    #[test]
    fn the_run_ahead_returns_to_the_clock_once_it_passes() {
        let clock = ManualClock::new(0);
        let generator = TimeIdGenerator::with_clock(&clock);
        for _ in 0..100 {
            generator.next();
        }
        clock.advance(Duration::from_micros(50));
        assert_eq!(generator.next().timestamp_micros(), 100);
        clock.advance(Duration::from_micros(100));
        assert_eq!(generator.next().timestamp_micros(), 150);
    }

    #[test]
    fn a_clock_before_the_range_starts_at_its_first_microsecond() {
        let generator = TimeIdGenerator::with_clock(ManualClock::new(i64::MIN));
        assert_eq!(
            generator.next().timestamp_micros(),
            TimeId::MIN_TIMESTAMP_MICROS
        );
    }

    #[test]
    fn exhaustion_is_an_error_and_recoverable() {
        let clock = ManualClock::new(i64::MAX);
        let generator = TimeIdGenerator::with_clock(&clock);
        assert_eq!(
            generator.try_next().unwrap_err().kind(),
            ErrorKind::Exhausted
        );
        clock.set_micros(0);
        assert_eq!(generator.next().timestamp_micros(), 0);
    }

    #[test]
    fn best_effort_nodes_are_drawn_from_0_to_31() {
        let nodes: HashSet<u16> = (0..200)
            .map(|_| TimeIdGenerator::new().node().get())
            .collect();
        assert!(nodes.iter().all(|&n| n <= 31));
        assert!(
            nodes.len() > 16,
            "{} distinct nodes of 200 draws",
            nodes.len()
        );
    }
}
