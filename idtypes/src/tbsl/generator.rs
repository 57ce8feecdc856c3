//! [`TbslGenerator`]: TBSL ids for one machine, with a pluggable [`SequenceProvider`] and a
//! [`ClockPolicy`] for clocks that go back.

use core::{
    fmt,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};
use std::sync::Mutex;

use super::{FORMAT, Tbsl};
use crate::generation::lanes::Lanes;
use crate::{
    Clock, Error, LeaseTerm, SystemClock, error::Repr, generation::clock_guard::ClockGuard,
    generation::host_clock::monotonic_nanos, generation::padded::Padded, process::fork::PerProcess,
};

/// Hands out suffixes for `(machine id, microsecond)`: 0, 1, 2, ... up to 0xFFFFF.
///
/// Implementations must never return the same suffix twice for the same machine id and
/// microsecond, and should return `None` when they cannot promise that (the microsecond's
/// suffixes are used up, or it is older than one they have moved past); the generator then
/// waits for a later microsecond. The reference implementation ships in-memory, file and
/// cache-backed providers; [`MemorySequence`] is the in-memory one.
///
/// # Examples
///
/// A provider that allows one id per microsecond:
///
/// ```
/// use std::sync::Mutex;
/// use idtypes::tbsl::SequenceProvider;
///
/// struct OnePerMicrosecond(Mutex<u64>);
///
/// impl SequenceProvider for OnePerMicrosecond {
///     fn next_suffix(&self, _machine_id: u8, timestamp_micros: u64) -> Option<u32> {
///         let mut last = self.0.lock().ok()?;
///         (timestamp_micros > *last).then(|| {
///             *last = timestamp_micros;
///             0
///         })
///     }
/// }
/// ```
pub trait SequenceProvider: Send + Sync {
    /// The next unused suffix (0..=0xFFFFF) for `machine_id` at `timestamp_micros`, or `None`.
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32>;
}

impl<P: SequenceProvider + ?Sized> SequenceProvider for &P {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        (**self).next_suffix(machine_id, timestamp_micros)
    }
}

impl<P: SequenceProvider + ?Sized> SequenceProvider for std::sync::Arc<P> {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        (**self).next_suffix(machine_id, timestamp_micros)
    }
}

impl<P: SequenceProvider + ?Sized> SequenceProvider for Box<P> {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        (**self).next_suffix(machine_id, timestamp_micros)
    }
}

/// The in-memory [`SequenceProvider`]: for each machine id, a counter for its latest
/// microsecond. Thread-safe; share one between generators of the same process.
///
/// A microsecond older than the latest one seen for that machine gets `None` (its suffixes
/// are no longer tracked).
///
/// # Examples
///
/// ```
/// use idtypes::tbsl::{MemorySequence, SequenceProvider};
///
/// let sequence = MemorySequence::new();
/// assert_eq!(sequence.next_suffix(7, 100), Some(0));
/// assert_eq!(sequence.next_suffix(7, 100), Some(1));
/// assert_eq!(sequence.next_suffix(7, 101), Some(0));
/// assert_eq!(sequence.next_suffix(7, 100), None); // moved past it
/// ```
pub struct MemorySequence {
    /// Per machine id: the latest microsecond and the next suffix for it, each behind its
    /// own lock; per lane (see [`with_lanes`](MemorySequence::with_lanes)).
    slots: Lanes<[Slot; 100]>,
}

/// One machine id's counter, with its lock in the same 32 bytes (never across two cache
/// lines): an id takes, writes and releases one line. Behind one lock for all 100, every id
/// took the lock's line and its slot's (three lines for the one machine id in four whose
/// slot sat across a line boundary), and generators of different machine ids waited for
/// each other.
#[repr(align(32))]
struct Slot(Mutex<(u64, u32)>);

impl MemorySequence {
    /// An empty sequence.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::{MemorySequence, SequenceProvider};
    ///
    /// assert_eq!(MemorySequence::new().next_suffix(0, 0), Some(0));
    /// ```
    pub const fn new() -> Self {
        MemorySequence {
            slots: Lanes::one(empty()),
        }
    }

    /// The same sequence in `lanes` lanes (1..=64, rounded up to a power of two), so that
    /// that many threads take suffixes side by side instead of taking turns at one lock per
    /// machine id. One lane, the default, is that shared state; the lanes go on from where
    /// it is.
    ///
    /// Lane `k` of `n` hands out only the suffixes that are `k` modulo `n`, and each thread
    /// takes its suffixes from one lane (see
    /// [threads](crate#threads-one-generator-lanes-or-one-each)): a machine id's suffixes of
    /// one microsecond never repeat, and each thread's strictly increase, but two threads'
    /// are no longer in the order they were taken. Each lane has `1/n` of a microsecond's
    /// suffixes.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::{MemorySequence, SequenceProvider};
    ///
    /// let sequence = MemorySequence::new().with_lanes(2)?;
    /// let mine = [sequence.next_suffix(7, 100), sequence.next_suffix(7, 100)];
    /// let theirs = std::thread::scope(|s| {
    ///     s.spawn(|| [sequence.next_suffix(7, 100), sequence.next_suffix(7, 100)]).join().unwrap()
    /// });
    /// assert_eq!(mine[1], mine[0].map(|suffix| suffix + 2));
    /// assert!(mine.iter().all(|suffix| !theirs.contains(suffix)));
    /// assert!(MemorySequence::new().with_lanes(65).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lanes(mut self, lanes: usize) -> Result<Self, Error> {
        // Each lane goes on from the latest microsecond and suffix handed out so far.
        let mut latest = [(0, 0); 100];
        for slots in self.slots.all() {
            for (latest, slot) in latest.iter_mut().zip(slots) {
                *latest = (*latest).max(*slot.0.lock().unwrap_or_else(|p| p.into_inner()));
            }
        }
        self.slots
            .set(lanes, FORMAT, || latest.map(|slot| Slot(Mutex::new(slot))))?;
        Ok(self)
    }

    /// How many lanes (see [`with_lanes`](Self::with_lanes)): 1 unless set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::MemorySequence;
    ///
    /// assert_eq!(MemorySequence::new().lanes(), 1);
    /// assert_eq!(MemorySequence::new().with_lanes(3)?.lanes(), 4);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn lanes(&self) -> usize {
        self.slots.count()
    }
}

/// The slots of a lane that has handed out nothing.
const fn empty() -> [Slot; 100] {
    [const { Slot(Mutex::new((0, 0))) }; 100]
}

impl Default for MemorySequence {
    fn default() -> Self {
        MemorySequence::new()
    }
}

impl SequenceProvider for MemorySequence {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        let (slots, mask, lane) = self.slots.mine();
        // In lanes, each lane's suffixes start at its number and step by the lane count.
        let (step, lane) = (mask as u32 + 1, lane as u32);
        // A poisoned lock only means another thread panicked mid-update of plain integers.
        let mut slot = slots
            .get(machine_id as usize)?
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if timestamp_micros > slot.0 || (slot.0 == 0 && slot.1 == 0) {
            *slot = (timestamp_micros, lane + step);
            return Some(lane);
        }
        // The lane's first suffix at or after the next one (`step` divides 2^32).
        let suffix = slot
            .1
            .checked_add(lane.wrapping_sub(slot.1) & mask as u32)?;
        if timestamp_micros < slot.0 || suffix > Tbsl::MAX_SUFFIX {
            return None;
        }
        slot.1 = suffix + step;
        Some(suffix)
    }
}

impl fmt::Debug for MemorySequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MemorySequence").finish_non_exhaustive()
    }
}

/// How a [`TbslGenerator`] fills the suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TbslMode {
    /// From the [`SequenceProvider`]: 0, 1, 2, ... within each microsecond; when a microsecond
    /// is used up (1,048,576 ids), wait for the next one.
    #[default]
    Sequenced,
    /// 20 random bits. Ids of one microsecond can repeat.
    Random,
}

/// What a [`TbslGenerator`] does when the clock reads earlier than its last id. Equal time is
/// not going back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockPolicy {
    /// Wait until the clock is back, for at most `timeout`, then fail
    /// ([`ErrorKind::ClockBackwards`](crate::ErrorKind::ClockBackwards)). The same bound
    /// applies to waiting for a new microsecond when one is used up.
    Wait {
        /// The longest wait.
        timeout: Duration,
    },
    /// Fail at once with [`ErrorKind::ClockBackwards`](crate::ErrorKind::ClockBackwards).
    Error,
}

impl Default for ClockPolicy {
    /// `Wait` for at most one second, as the reference does.
    fn default() -> Self {
        ClockPolicy::Wait {
            timeout: Duration::from_secs(1),
        }
    }
}

/// Makes TBSL ids for one machine id (0..=99), from any number of threads.
///
/// | situation | [`ClockPolicy::Wait`] (default, 1 s) | [`ClockPolicy::Error`] |
/// |---|---|---|
/// | clock later or equal | id at the clock's microsecond | same |
/// | clock earlier than the last id | wait until it is back (bounded) | error at once |
/// | microsecond used up (sequenced) | wait for the next microsecond (bounded) | same wait |
/// | clock over 131 ms later than the time passed explains (a jump) | id at the last checked reading plus the time passed (or the last id's microsecond, if later) | same |
///
/// A jump is followed once it has held for a second (see [clocks](crate#clocks)). Held back,
/// one wrong read an hour ahead neither moves the ids an hour on nor leaves the clock
/// "behind" them (and the sequence provider past it) for an hour: it costs at most 131 ms of
/// run-ahead (plus 0.1% of the time since the previous check), which the policy then waits
/// out or reports like any small step back.
///
/// A clock before 1970 reads as 0 (TBSL has no earlier time). Waiting yields, then sleeps in
/// 50 µs steps after the first millisecond (in a JavaScript host, whose thread cannot sleep,
/// it spins).
///
/// The machine id belongs to the process that made the generator: in a process forked from
/// it, [`try_next`](TbslGenerator::try_next) refuses with [`ErrorKind::Forked`](crate::ErrorKind::Forked)
/// rather than repeat the parent's ids (see [processes and `fork()`](crate#processes-and-fork)).
/// Make each worker's generator after the fork, with that worker's machine id.
///
/// # Examples
///
/// ```
/// use idtypes::ManualClock;
/// use idtypes::tbsl::TbslGenerator;
///
/// let generator = TbslGenerator::with_clock(ManualClock::new(1_700_000_000_123_456), 7)?;
/// let ids: Vec<_> = (0..3).map(|_| generator.try_next()).collect::<Result<_, _>>()?;
/// assert_eq!(ids[0].to_string(), "25BF6196C8D610700000");
/// assert_eq!(ids.iter().map(|id| id.suffix()).collect::<Vec<_>>(), [0, 1, 2]);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct TbslGenerator<C = SystemClock, P = MemorySequence> {
    clock: C,
    guard: ClockGuard,
    /// Written on every id (its lock, its counters): away from what every id only reads.
    provider: Padded<P>,
    machine_id: PerProcess,
    mode: TbslMode,
    policy: ClockPolicy,
    /// The latest microsecond handed out, per lane (see `with_lanes`).
    last_micros: Lanes<AtomicU64>,
}

impl TbslGenerator<SystemClock, MemorySequence> {
    /// A sequenced generator for `machine_id` on the system clock and an in-memory sequence.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 99.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::tbsl::TbslGenerator::new(3)?;
    /// assert_eq!(generator.try_next()?.machine_id(), 3);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn new(machine_id: u8) -> Result<Self, Error> {
        TbslGenerator::with_clock(SystemClock, machine_id)
    }

    /// How many values a lease namespace of TBSL machine ids has: 100, every machine id
    /// (0..=99). Take leases for [`with_lease_term`](TbslGenerator::with_lease_term), whose
    /// leased value is the machine id as it is, with
    /// `leases.acquire("txns-tbsl", TbslGenerator::LEASE_VALUES)` (see `idtypes::lease`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::tbsl::TbslGenerator;
    ///
    /// // The last value of the space, as a lease store would hand it out; here, by hand.
    /// let last = LeaseTerm::new(TbslGenerator::LEASE_VALUES - 1, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = TbslGenerator::new(0)?.with_lease_term(last)?;
    /// assert_eq!(generator.try_next()?.machine_id(), 99);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const LEASE_VALUES: u32 = Tbsl::MAX_MACHINE_ID as u32 + 1;
}

impl<C: Clock> TbslGenerator<C, MemorySequence> {
    /// A sequenced generator for `machine_id` on `clock` and an in-memory sequence.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 99.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::tbsl::TbslGenerator;
    ///
    /// assert!(TbslGenerator::with_clock(ManualClock::new(0), 100).is_err());
    /// ```
    pub fn with_clock(clock: C, machine_id: u8) -> Result<Self, Error> {
        TbslGenerator::with_provider(clock, MemorySequence::new(), machine_id)
    }

    /// The same generator with its in-memory sequence in `lanes` lanes (see
    /// [`MemorySequence::with_lanes`]), so that that many threads make ids side by side:
    /// each thread's ids strictly increase and none repeat, but two threads' ids of one
    /// microsecond are no longer in the order they were made, and each lane has `1/n` of a
    /// microsecond's suffixes.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::TbslGenerator;
    ///
    /// let generator = TbslGenerator::new(7)?.with_lanes(2)?;
    /// let two = || generator.try_next().and_then(|a| Ok([a, generator.try_next()?]));
    /// let (mine, theirs) = std::thread::scope(|s| {
    ///     let theirs = s.spawn(two);
    ///     (two(), theirs.join().unwrap())
    /// });
    /// let (mine, theirs) = (mine?, theirs?);
    /// assert!(mine[0] < mine[1] && theirs[0] < theirs[1]);
    /// assert!(mine.iter().all(|id| !theirs.contains(id)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lanes(mut self, lanes: usize) -> Result<Self, Error> {
        self.provider.0 = core::mem::take(&mut self.provider.0).with_lanes(lanes)?;
        // The latest microsecond per lane too, each going on from the latest so far.
        let latest = self.last_micros_of_all();
        self.last_micros
            .set(lanes, FORMAT, || AtomicU64::new(latest))?;
        Ok(self)
    }

    /// How many lanes its in-memory sequence has (see
    /// [`with_lanes`](TbslGenerator::with_lanes)): 1 unless set.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::tbsl::TbslGenerator::new(7)?.lanes(), 1);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn lanes(&self) -> usize {
        self.provider.lanes()
    }
}

impl<C: Clock, P: SequenceProvider> TbslGenerator<C, P> {
    /// A sequenced generator for `machine_id` on `clock` and `provider`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 99.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use idtypes::SystemClock;
    /// use idtypes::tbsl::{MemorySequence, TbslGenerator};
    ///
    /// let shared = Arc::new(MemorySequence::new());
    /// let a = TbslGenerator::with_provider(SystemClock, Arc::clone(&shared), 1)?;
    /// let b = TbslGenerator::with_provider(SystemClock, shared, 1)?;
    /// assert_ne!(a.try_next()?, b.try_next()?);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_provider(clock: C, provider: P, machine_id: u8) -> Result<Self, Error> {
        if machine_id > Tbsl::MAX_MACHINE_ID {
            return Err(super::MACHINE_ID.refuse(FORMAT, machine_id as i128));
        }
        Ok(TbslGenerator {
            clock,
            guard: ClockGuard::new(),
            provider: Padded(provider),
            machine_id: PerProcess::fixed(machine_id as u16),
            mode: TbslMode::Sequenced,
            policy: ClockPolicy::default(),
            last_micros: Lanes::one(AtomicU64::new(0)),
        })
    }

    /// The same generator in another mode.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::{TbslGenerator, TbslMode};
    ///
    /// let generator = TbslGenerator::new(0)?.with_mode(TbslMode::Random);
    /// assert!(generator.try_next()?.suffix() <= 0xFFFFF);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_mode(mut self, mode: TbslMode) -> Self {
        self.mode = mode;
        self
    }

    /// The same generator with another clock policy.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::{ClockPolicy, TbslGenerator};
    ///
    /// let generator = TbslGenerator::new(0)?.with_policy(ClockPolicy::Error);
    /// assert_eq!(generator.policy(), ClockPolicy::Error);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_policy(mut self, policy: ClockPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// The clock policy.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::tbsl::{ClockPolicy, TbslGenerator};
    ///
    /// assert_eq!(TbslGenerator::new(0)?.policy(), ClockPolicy::default());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn policy(&self) -> ClockPolicy {
        self.policy
    }

    /// The same generator bound to a lease `term` (from a namespace of
    /// [`LEASE_VALUES`](TbslGenerator::LEASE_VALUES), 100, values:
    /// `leases.acquire("txns-tbsl", TbslGenerator::LEASE_VALUES)`): the
    /// leased value is its machine id, its ids come after every id earlier holders of that
    /// machine id may have made (the term's floor: until this process's clock passes it, the
    /// clock counts as behind, see [`ClockPolicy`]), and it refuses
    /// ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term runs out
    /// or the clock passes the term's ceiling. See [`LeaseTerm`].
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a value above 99.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::tbsl::TbslGenerator;
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let term = LeaseTerm::new(5, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = TbslGenerator::new(0)?.with_lease_term(term)?;
    /// assert_eq!(generator.try_next()?.machine_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        self.machine_id = PerProcess::leased(&term, &super::MACHINE_ID, FORMAT)?;
        let floor = u64::try_from(term.floor_micros().saturating_add(1)).unwrap_or(0);
        for lane in self.last_micros.all() {
            lane.fetch_max(floor, Ordering::AcqRel);
        }
        Ok(self)
    }

    /// The machine id of every id this generator makes.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::tbsl::TbslGenerator::new(42)?.machine_id(), 42);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn machine_id(&self) -> u8 {
        self.machine_id.value() as u8
    }

    /// The next id.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::ClockBackwards`](crate::ErrorKind::ClockBackwards): the clock reads before
    ///   the last id and the policy is `Error`, or stays behind longer than `Wait`'s timeout;
    /// - [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted): no new microsecond came within
    ///   the timeout while the current one was used up, or the clock is past 2335;
    /// - [`ErrorKind::Forked`](crate::ErrorKind::Forked): this process was forked from the one
    ///   that made the generator.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::tbsl::{ClockPolicy, TbslGenerator};
    ///
    /// let clock = ManualClock::new(1_000_000);
    /// let generator = TbslGenerator::with_clock(&clock, 1)?.with_policy(ClockPolicy::Error);
    /// generator.try_next()?;
    /// clock.step_back(Duration::from_micros(5));
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::ClockBackwards);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn try_next(&self) -> Result<Tbsl, Error> {
        let (machine_id, mut ceiling) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
        let machine_id = machine_id as u8;
        let limit = (Tbsl::MAX_TIMESTAMP_MICROS * 100 + 99).min((1 << 60) - 1);
        // Started on the first wait only: the fast path reads one clock, not two.
        let mut waiting_since: Option<u64> = None;
        // The caller's lane's (see `with_lanes`; one lane unless set).
        let (last_micros, _, _) = self.last_micros.mine();
        loop {
            // `last` before the clock: another thread may issue a later id in between, but then
            // its clock read came first, so ours is not earlier unless the clock went back.
            let last = last_micros.load(Ordering::Acquire);
            let reading = self.guard.read(&self.clock);
            let now = u64::try_from(reading.micros).unwrap_or(0);
            // A jump held back reads as the time that passed, which may fall a little short of
            // the last id: its microsecond is then the one to use, not a clock gone back.
            let now = if reading.held_back {
                now.max(last)
            } else {
                now
            };
            if now < last {
                match self.policy {
                    ClockPolicy::Error => {
                        return Err(Error::new(
                            FORMAT,
                            Repr::ClockBackwards {
                                behind_micros: last - now,
                                waited: false,
                            },
                        ));
                    }
                    ClockPolicy::Wait { timeout } => {
                        if waited_longer_than(&mut waiting_since, timeout) {
                            return Err(Error::new(
                                FORMAT,
                                Repr::ClockBackwards {
                                    behind_micros: last - now,
                                    waited: true,
                                },
                            ));
                        }
                        pause(waiting_since);
                        continue;
                    }
                }
            }
            if i128::from(now) > i128::from(ceiling) {
                // Past the lease term's claimed mark: claim up to `now`, check the term again
                // (after the claim, as the term requires) and start over.
                let wanted = i64::try_from(now).unwrap_or(i64::MAX);
                if !self.machine_id.claim(ceiling, wanted) {
                    return Err(self.machine_id.past_ceiling(FORMAT, "machine id"));
                }
                ceiling = self.machine_id.get_or_refuse(FORMAT, "machine id")?.1;
                continue;
            }
            if now.saturating_mul(100).saturating_add(machine_id as u64) > limit {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2335-05-07T23:44:06.068469Z",
                    },
                ));
            }
            let suffix = match self.mode {
                TbslMode::Random => {
                    (crate::process::random::fast_u64() & Tbsl::MAX_SUFFIX as u64) as u32
                }
                TbslMode::Sequenced => match self.provider.next_suffix(machine_id, now) {
                    Some(suffix) if suffix <= Tbsl::MAX_SUFFIX => suffix,
                    // Used up (or refused): wait for a later microsecond, within the bound.
                    _ => {
                        if waited_longer_than(&mut waiting_since, self.wait_bound()) {
                            return Err(Error::new(
                                FORMAT,
                                Repr::Exhausted {
                                    reason: "no new microsecond came while the current one was used up",
                                },
                            ));
                        }
                        pause(waiting_since);
                        continue;
                    }
                },
            };
            // `now` is at least `last`: equal (a burst within one microsecond), there is
            // nothing to raise, and no need to take the line for writing.
            if now > last {
                last_micros.fetch_max(now, Ordering::AcqRel);
            }
            return Ok(Tbsl::from_fields(now * 100 + machine_id as u64, suffix));
        }
    }

    /// How long to wait for a new microsecond: `Wait`'s timeout, or one second.
    fn wait_bound(&self) -> Duration {
        match self.policy {
            ClockPolicy::Wait { timeout } => timeout,
            ClockPolicy::Error => Duration::from_secs(1),
        }
    }
}

/// Lets time pass while waiting for the clock: yield at first (a new microsecond is usually
/// under a microsecond away), then sleep briefly rather than keep a core busy.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn pause(since: Option<u64>) {
    match since {
        Some(start) if monotonic_nanos().saturating_sub(start) > 1_000_000 => {
            std::thread::sleep(Duration::from_micros(50));
        }
        _ => std::thread::yield_now(),
    }
}

/// Lets time pass while waiting for the clock, in a JavaScript host (wasm32-unknown-unknown),
/// whose thread can neither sleep nor yield: by spinning.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn pause(_since: Option<u64>) {
    core::hint::spin_loop();
}

/// Whether the wait that began at `*since` (monotonic nanoseconds; now, on the first call) has
/// lasted over `bound`. A monotonic clock that cannot be read (`u64::MAX`) ends the wait at
/// once rather than never.
fn waited_longer_than(since: &mut Option<u64>, bound: Duration) -> bool {
    let now = monotonic_nanos();
    let waited = now.saturating_sub(*since.get_or_insert(now));
    now == u64::MAX || u128::from(waited) > bound.as_nanos()
}

impl<C: Clock, P: SequenceProvider> crate::IdGenerator for TbslGenerator<C, P> {
    type Id = Tbsl;

    #[inline]
    fn try_next(&self) -> Result<Tbsl, Error> {
        TbslGenerator::try_next(self)
    }
}

/// Machine ids from a lease of [`LEASE_VALUES`](TbslGenerator::LEASE_VALUES): a generator on
/// a clone of the clock, with the same mode and clock policy and a new [`MemorySequence`],
/// bound to each term (whose floor puts its ids after the last term's).
impl<C: Clock + Clone + 'static> crate::Leasable for TbslGenerator<C, MemorySequence> {
    fn lease_values(&self) -> u32 {
        TbslGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        TbslGenerator::with_clock(self.clock.clone(), 0)?
            .with_mode(self.mode)
            .with_policy(self.policy)
            .with_lease_term(term)
    }
}

/// Machine ids from a lease of [`LEASE_VALUES`](TbslGenerator::LEASE_VALUES): a generator on
/// a clone of the clock, with the same mode and clock policy and the same shared provider,
/// bound to each term.
impl<C: Clock + Clone + 'static, P: SequenceProvider + ?Sized + 'static> crate::Leasable
    for TbslGenerator<C, std::sync::Arc<P>>
{
    fn lease_values(&self) -> u32 {
        TbslGenerator::LEASE_VALUES
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        TbslGenerator::with_provider(
            self.clock.clone(),
            std::sync::Arc::clone(&self.provider.0),
            0,
        )?
        .with_mode(self.mode)
        .with_policy(self.policy)
        .with_lease_term(term)
    }
}

impl<C, P> TbslGenerator<C, P> {
    /// The latest microsecond of an id so far, from any lane.
    fn last_micros_of_all(&self) -> u64 {
        let lanes = self.last_micros.all();
        lanes
            .map(|lane| lane.load(Ordering::Relaxed))
            .max()
            .unwrap_or(0)
    }
}

impl<C, P> fmt::Debug for TbslGenerator<C, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TbslGenerator")
            .field("machine_id", &self.machine_id.value())
            .field("mode", &self.mode)
            .field("policy", &self.policy)
            .field("last_micros", &self.last_micros_of_all())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, sync::Arc, thread, time::Duration};

    const NOW: i64 = 1_700_000_000_123_456;

    #[test]
    fn a_memory_sequence_slot_is_half_a_cache_line() {
        assert_eq!(core::mem::size_of::<Slot>(), 32);
    }

    #[test]
    fn a_burst_in_one_microsecond_has_suffixes_0_1_2() {
        let generator = TbslGenerator::with_clock(ManualClock::new(NOW), 7).unwrap();
        let suffixes: Vec<u32> = (0..3)
            .map(|_| generator.try_next().unwrap().suffix())
            .collect();
        assert_eq!(suffixes, [0, 1, 2]);
    }

    #[test]
    fn lanes_go_on_from_the_suffixes_handed_out_and_keep_to_their_residue() {
        let sequence = MemorySequence::new();
        assert_eq!(sequence.next_suffix(7, 100), Some(0));
        assert_eq!(sequence.next_suffix(7, 100), Some(1));
        let sequence = sequence.with_lanes(4).unwrap();
        let lane = (crate::generation::lanes::thread_number() & 3) as u32;
        // Never 0 or 1 again in microsecond 100: the lane's first suffix from 2 on.
        let first = sequence.next_suffix(7, 100).unwrap();
        assert_eq!((first >= 2, first % 4), (true, lane));
        assert_eq!(sequence.next_suffix(7, 100), Some(first + 4));
        assert_eq!(sequence.next_suffix(7, 101), Some(lane));
        assert_eq!(sequence.next_suffix(7, 100), None);
        assert_eq!(sequence.next_suffix(8, 5), Some(lane));
    }

    #[test]
    fn threads_on_lanes_never_repeat_and_each_sees_its_own_increase() {
        let clock = ManualClock::new(1_700_000_000_000_000);
        let generator = TbslGenerator::with_clock(&clock, 7)
            .unwrap()
            .with_lanes(2)
            .unwrap();
        assert_eq!(generator.lanes(), 2);
        crate::generation::lanes::assert_threads_never_repeat(4, 3_000, |i| {
            if i % 500 == 0 {
                clock.advance(Duration::from_micros(1));
            }
            generator.try_next().unwrap()
        });
    }

    #[test]
    fn a_clock_stepped_back_is_an_error_under_error() {
        let clock = ManualClock::new(NOW);
        let generator = TbslGenerator::with_clock(&clock, 7)
            .unwrap()
            .with_policy(ClockPolicy::Error);
        generator.try_next().unwrap();
        clock.step_back(Duration::from_micros(10));
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ClockBackwards);
        assert_eq!(
            err.to_string(),
            "TBSL generator: the clock went back 10 µs and the policy is to fail"
        );
    }

    #[test]
    fn equal_time_is_not_going_back() {
        let generator = TbslGenerator::with_clock(ManualClock::new(NOW), 7)
            .unwrap()
            .with_policy(ClockPolicy::Error);
        assert!(generator.try_next().is_ok());
        assert!(generator.try_next().is_ok());
    }

    #[test]
    fn a_clock_stepped_back_gives_a_later_id_under_wait() {
        let clock = Arc::new(ManualClock::new(NOW));
        let generator = TbslGenerator::with_clock(Arc::clone(&clock), 7).unwrap();
        let first = generator.try_next().unwrap();
        clock.step_back(Duration::from_micros(10));
        let stepper = {
            let clock = Arc::clone(&clock);
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(20));
                clock.set_micros(NOW + 5);
            })
        };
        let second = generator.try_next().unwrap();
        stepper.join().unwrap();
        assert!(second > first);
        assert_eq!(second.timestamp_micros(), NOW as u64 + 5);
    }

    #[test]
    fn waiting_gives_up_after_the_timeout() {
        let clock = ManualClock::new(NOW);
        let generator =
            TbslGenerator::with_clock(&clock, 7)
                .unwrap()
                .with_policy(ClockPolicy::Wait {
                    timeout: Duration::from_millis(20),
                });
        generator.try_next().unwrap();
        clock.step_back(Duration::from_secs(1));
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ClockBackwards);
    }

    /// Refuses one microsecond as if its suffixes were used up.
    struct UsedUp(u64, MemorySequence);

    impl SequenceProvider for UsedUp {
        fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
            if timestamp_micros == self.0 {
                None
            } else {
                self.1.next_suffix(machine_id, timestamp_micros)
            }
        }
    }

    #[test]
    fn exhaustion_moves_to_the_next_microsecond() {
        let clock = Arc::new(ManualClock::new(NOW));
        let provider = UsedUp(NOW as u64, MemorySequence::new());
        let generator = TbslGenerator::with_provider(Arc::clone(&clock), provider, 7).unwrap();
        let stepper = {
            let clock = Arc::clone(&clock);
            thread::spawn(move || {
                thread::sleep(Duration::from_millis(20));
                clock.advance(Duration::from_micros(1));
            })
        };
        let id = generator.try_next().unwrap();
        stepper.join().unwrap();
        assert_eq!((id.timestamp_micros(), id.suffix()), (NOW as u64 + 1, 0));
    }

    #[test]
    fn the_in_memory_sequence_runs_out_after_0xfffff() {
        let sequence = MemorySequence::new();
        for expected in 0..=Tbsl::MAX_SUFFIX {
            assert_eq!(sequence.next_suffix(3, 5), Some(expected));
        }
        assert_eq!(sequence.next_suffix(3, 5), None);
        assert_eq!(sequence.next_suffix(4, 5), Some(0)); // per machine
        assert_eq!(sequence.next_suffix(3, 6), Some(0));
    }

    /// A clock that never goes back: each read is one microsecond later.
    struct Ticking(core::sync::atomic::AtomicI64);

    impl Clock for Ticking {
        fn now_micros(&self) -> i64 {
            self.0.fetch_add(1, Ordering::SeqCst)
        }
    }

    #[test]
    fn threads_never_see_the_clock_go_back_when_it_does_not() {
        let clock = Ticking(core::sync::atomic::AtomicI64::new(NOW));
        let generator = TbslGenerator::with_clock(clock, 1)
            .unwrap()
            .with_policy(ClockPolicy::Error);
        thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..20_000 {
                        generator.try_next().unwrap();
                    }
                });
            }
        });
    }

    #[test]
    fn threads_sharing_a_generator_never_repeat() {
        let generator = TbslGenerator::new(9).unwrap();
        let ids: Vec<Tbsl> = thread::scope(|s| {
            let workers: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        (0..5000)
                            .map(|_| generator.try_next().unwrap())
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect()
        });
        let distinct: HashSet<Tbsl> = ids.iter().copied().collect();
        assert_eq!(distinct.len(), ids.len());
    }
}
