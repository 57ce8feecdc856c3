//! [`SonyflakeGenerator`]: Sonyflakes of one layout and machine id, lock-free, waiting as
//! the reference does when a unit's sequence is spent.

use core::{
    fmt,
    sync::atomic::{AtomicI64, Ordering::Relaxed},
    time::Duration,
};

use super::{FORMAT, MACHINE_ID, Sonyflake, SonyflakeLayout};
use crate::{
    Clock, Error, LeaseTerm, SystemClock,
    error::{Bounds, Repr},
    generation::clock_guard::ClockGuard,
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    process::fork::PerProcess,
};

/// The machine id widths a generator takes: up to 16 bits (v1's, v2's default).
const GENERATOR_MACHINE_ID_BITS: Bounds = Bounds {
    part: "machine id bit length (of a generator)",
    min: 1,
    max: 16,
};

/// Makes Sonyflakes of one layout and machine id, as sony/sonyflake's `NextID` does: within
/// a time unit the sequence counts up; when it is spent, the generator **waits** (sleeps,
/// without spinning) until the clock reaches the next unit, and it never returns an id of a
/// unit the clock has not reached. So one generator makes at most 2^bits_sequence ids a unit
/// (25,600 a second in v1's layout). Lock-free, from any number of threads: each call takes
/// the next `(unit, sequence)` with one atomic step, then sleeps if that unit has not begun.
///
/// | the clock | what happens |
/// |---|---|
/// | moves into a new unit | the sequence starts at 0 in it |
/// | stays in a unit | the sequence counts up; past its last value, the next unit's ids wait for it |
/// | goes back | ids continue from the last one (never a repeat): the rest of that unit's sequence at once, then each later unit waits for the clock to reach it, as the reference (which keeps its last time and sleeps the difference) |
/// | reads before the layout's start | it reads as the start (unit 0) |
/// | jumps forward further than the time passed explains | held back until it has held for a second (see [clocks](crate#clocks)) |
///
/// A wait sleeps (in a JavaScript host, whose thread cannot sleep, it spins) until the clock
/// should read the unit's start, then reads it again; it
/// sleeps again while the clock moves but has not arrived, and gives up waiting (as the
/// reference, which sleeps once) when the clock did not move at all during a sleep (a
/// [`ManualClock`](crate::ManualClock) a test holds still) or went back.
///
/// The machine id must be this generator's alone among all that make ids of the layout, or
/// two of them make the same ids: take it from a lease ([`with_lease_term`](Self::with_lease_term),
/// see [`crate::lease`]) rather than from the private IP address the reference defaults to.
/// It belongs to the process that made the generator: in a process forked from it,
/// [`try_next`](SonyflakeGenerator::try_next) refuses with
/// [`ErrorKind::Forked`](crate::ErrorKind::Forked) rather than repeat the parent's ids (see
/// [processes and `fork()`](crate#processes-and-fork)). Generators take layouts whose
/// machine ids have up to 16 bits; v2's wider ones can be read but not made here.
///
/// # Examples
///
/// ```
/// use idtypes::ManualClock;
/// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
///
/// let layout = SonyflakeLayout::V1;
/// let clock = ManualClock::new(1_700_000_000_000_000);
/// let generator = SonyflakeGenerator::with_clock(clock, layout, 7)?;
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!((a.sequence(layout), b.sequence(layout)), (0, 1));
/// assert_eq!(b.machine_id(layout), 7);
/// assert_eq!(b.timestamp_millis(layout), 1_700_000_000_000);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct SonyflakeGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    layout: SonyflakeLayout,
    machine_id: PerProcess,
    /// `units << bits_sequence | sequence` of the next id, at least.
    state: Padded<Monotonic>,
    /// The latest unit the clock has read (or a wait has reached): ids of later units wait.
    reached: AtomicI64,
}

impl SonyflakeGenerator<SystemClock> {
    /// A generator on the system clock for `layout` and `machine_id`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a machine id above the
    /// layout's largest, or a layout whose machine ids have more than 16 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// assert!(SonyflakeGenerator::new(SonyflakeLayout::V1, 65_535).is_ok());
    /// assert!(SonyflakeGenerator::new(SonyflakeLayout::V1, 65_535).is_ok());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn new(layout: SonyflakeLayout, machine_id: u16) -> Result<Self, Error> {
        SonyflakeGenerator::with_clock(SystemClock, layout, machine_id)
    }
}

impl<C: Clock> SonyflakeGenerator<C> {
    /// A generator on `clock` for `layout` and `machine_id`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a machine id above the
    /// layout's largest, or a layout whose machine ids have more than 16 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::ManualClock;
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// let small = SonyflakeLayout::new(0, Duration::from_millis(1), 12, 4)?;
    /// assert!(SonyflakeGenerator::with_clock(ManualClock::new(0), small, 15).is_ok());
    /// let err = SonyflakeGenerator::with_clock(ManualClock::new(0), small, 16).unwrap_err();
    /// assert_eq!(err.to_string(), "Sonyflake machine id out of range: found 16, expected 0..=15");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_clock(clock: C, layout: SonyflakeLayout, machine_id: u16) -> Result<Self, Error> {
        let bits = layout.bits_machine_id();
        if bits > 16 {
            return Err(GENERATOR_MACHINE_ID_BITS.refuse(FORMAT, bits as i128));
        }
        if u32::from(machine_id) > layout.max_machine_id() {
            return Err(MACHINE_ID[bits as usize].refuse(FORMAT, machine_id as i128));
        }
        Ok(SonyflakeGenerator {
            clock,
            guard: ClockGuard::new(),
            layout,
            machine_id: PerProcess::fixed(machine_id),
            state: Padded(Monotonic::starting_at(0)),
            reached: AtomicI64::new(0),
        })
    }

    /// The same generator bound to a lease `term`: the leased value is its machine id, its
    /// ids come after every id earlier holders of that machine id may have made (the term's
    /// floor, to the unit), and it refuses
    /// ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term runs out
    /// or its ids reach the term's ceiling. See [`LeaseTerm`]; lease from a namespace of
    /// [`layout.lease_values()`](SonyflakeLayout::lease_values) values
    /// (`leases.acquire("sonyflake-machines", layout.lease_values())`, 65,536 for v1's
    /// layout), one per layout in use.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a value above the
    /// layout's largest machine id.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
    /// let layout = SonyflakeLayout::V1;
    /// let term = LeaseTerm::new(layout.lease_values() - 1, Duration::from_secs(25), 0, i64::MAX);
    /// let generator = SonyflakeGenerator::new(layout, 0)?.with_lease_term(term)?;
    /// assert_eq!(generator.next().machine_id(layout), 65_535);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
        let bounds = &MACHINE_ID[self.layout.bits_machine_id() as usize];
        self.machine_id = PerProcess::leased(&term, bounds, FORMAT)?;
        // The first unit after the floor's.
        let floor = self.units(term.floor_micros()).saturating_add(1);
        let floor = floor.min(self.layout.max_time_units() as i64 + 1);
        self.state.raise_to(floor << self.layout.bits_sequence());
        Ok(self)
    }

    /// The layout of this generator's ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// let generator = SonyflakeGenerator::new(SonyflakeLayout::V2, 5)?;
    /// assert_eq!(generator.layout(), SonyflakeLayout::V2);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn layout(&self) -> SonyflakeLayout {
        self.layout
    }

    /// The machine id every id of this generator carries.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// assert_eq!(SonyflakeGenerator::new(SonyflakeLayout::V1, 5)?.machine_id(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn machine_id(&self) -> u16 {
        self.machine_id.value()
    }

    /// The next id, waiting for the next unit when this one's sequence is spent; or an error
    /// when the layout's units are used up or the machine id belongs to a parent process or
    /// to a lease that ran out.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) past the layout's last unit
    ///   (the reference's `ErrOverTimeLimit`);
    /// - [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked from the one
    ///   that made the generator;
    /// - [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired) when bound to a lease
    ///   term that ran out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// let clock = ManualClock::new(i64::MAX);
    /// let generator = SonyflakeGenerator::with_clock(clock, SonyflakeLayout::V1, 0)?;
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Sonyflake, Error> {
        let (machine_id, ceiling) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
        let now = self.units(self.guard.read(&self.clock).micros);
        match self.take(now, self.last_units(ceiling)) {
            Some((units, sequence)) => Ok(self.made(now, units, sequence, machine_id)),
            None => self.try_next_past(ceiling),
        }
    }

    /// The next `(units, sequence)` for a clock at the unit `now`, or `None` past `last`.
    #[inline]
    fn take(&self, now: i64, last: u64) -> Option<(u64, u32)> {
        let bits = self.layout.bits_sequence();
        let last = ((last << bits) | ((1 << bits) - 1)) as i64;
        // No run-ahead bound here: `made` waits for the clock to reach the id's unit.
        let next = self.state.next(now << bits, last, u64::MAX).ok()? as u64;
        Some((next >> bits, (next & ((1 << bits) - 1)) as u32))
    }

    /// The id of `(units, sequence)`, once the clock (at the unit `now` when it was taken)
    /// has reached `units`: at once for a unit it (or a wait) reached before, as the
    /// reference goes on with its last unit's sequence under a clock that went back.
    #[inline]
    fn made(&self, now: i64, units: u64, sequence: u32, machine_id: u16) -> Sonyflake {
        let mut reached = self.reached.load(Relaxed);
        if now > reached {
            self.reached.fetch_max(now, Relaxed);
            reached = now;
        }
        if units as i64 > reached {
            self.wait_for(units);
            self.reached.fetch_max(units as i64, Relaxed);
        }
        Sonyflake::from_fields(self.layout, units, sequence, u32::from(machine_id))
    }

    /// Sleeps until the clock reaches the start of the unit `units` (see the type's docs).
    #[cold]
    #[inline(never)]
    fn wait_for(&self, units: u64) {
        // Before the year 10000: within i64 microseconds. Rounded up, so that the clock then
        // reads the unit.
        let target = self.layout.unit_unix_nanos(units).div_ceil(1000) as i64;
        let mut before = self.guard.read(&self.clock).micros;
        while before < target {
            sleep(Duration::from_micros(target.abs_diff(before)));
            let after = self.guard.read(&self.clock).micros;
            if after <= before {
                // A clock that stood still or went back while we slept: the reference
                // sleeps once; so do we.
                return;
            }
            before = after;
        }
    }

    /// Units since the start of a clock reading (Unix microseconds): 0 before the start,
    /// at most one past the last unit (so that it shifts without overflow).
    #[inline]
    fn units(&self, micros: i64) -> i64 {
        let units = self.layout.units_at_nanos(micros as i128 * 1000);
        units.clamp(0, self.layout.max_time_units() as i128 + 1) as i64
    }

    /// The last unit an id may have under `ceiling` (Unix microseconds).
    #[inline]
    fn last_units(&self, ceiling: i64) -> u64 {
        self.layout.max_time_units().min(self.units(ceiling) as u64)
    }

    /// [`try_next`](Self::try_next) once the next id is past `ceiling`: past a lease term's
    /// claimed mark, it claims more of the term and tries again, checking the term anew;
    /// past the term's ceiling or the layout's last unit, it says so. Out of line, so that
    /// the fast path stays short.
    #[cold]
    #[inline(never)]
    fn try_next_past(&self, mut ceiling: i64) -> Result<Sonyflake, Error> {
        loop {
            if self.last_units(ceiling) == self.layout.max_time_units() {
                return Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the time would pass the layout's last unit (2^bits_time - 1 \
                                 units after its start)",
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
            let now = self.units(self.guard.read(&self.clock).micros);
            if let Some((units, sequence)) = self.take(now, self.last_units(claimed)) {
                return Ok(self.made(now, units, sequence, machine_id));
            }
            ceiling = claimed;
        }
    }
}

/// Sleeps for `duration`: the thread parks, no core is kept busy.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn sleep(duration: Duration) {
    std::thread::sleep(duration);
}

/// Lets `duration` pass in a JavaScript host (wasm32-unknown-unknown), whose thread cannot
/// sleep: by spinning on its monotonic clock (`performance.now()`).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn sleep(duration: Duration) {
    let Some(start) = SystemClock.monotonic_micros() else {
        return;
    };
    let micros = i64::try_from(duration.as_micros()).unwrap_or(i64::MAX);
    while SystemClock
        .monotonic_micros()
        .is_some_and(|now| now.saturating_sub(start) < micros)
    {
        core::hint::spin_loop();
    }
}

crate::generation::generator_shell::lanes! {
    SonyflakeGenerator.state,
    use "idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout}",
    make "SonyflakeGenerator::new(SonyflakeLayout::V1, 7)?",
    unit "`units << sequence bits | sequence`",
    rate "in v1's layout a generator makes 256 Sonyflakes a 10 ms unit, and in 4 lanes each lane 64 of them",
}

crate::generation::generator_shell::generator_shell! {
    SonyflakeGenerator => Sonyflake;
    /// The next id, waiting for the next unit when this one's sequence is spent.
    ///
    /// # Panics
    ///
    /// When the clock reads past the layout's last unit (or the generator has reached it),
    /// in a process forked from the one that made the generator, and when bound to a lease
    /// term that ran out. [`try_next`](SonyflakeGenerator::try_next) returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    ///
    /// let generator = SonyflakeGenerator::new(SonyflakeLayout::V1, 1)?;
    /// assert!(generator.next() < generator.next());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn next;
}

/// Machine ids from a lease of the layout's [`lease_values`](SonyflakeLayout::lease_values)
/// (one namespace per layout): a generator on a clone of the clock, with the same layout,
/// bound to each term.
impl<C: Clock + Clone + 'static> crate::Leasable for SonyflakeGenerator<C> {
    fn lease_values(&self) -> u32 {
        self.layout.lease_values()
    }

    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error> {
        SonyflakeGenerator::with_clock(self.clock.clone(), self.layout, 0)?.with_lease_term(term)
    }
}

impl<C> fmt::Debug for SonyflakeGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SonyflakeGenerator")
            .field("layout", &self.layout)
            .field("machine_id", &self.machine_id.value())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use crate::{ErrorKind, ManualClock};
    use std::collections::HashSet;
    use std::time::Instant;

    /// 2026-05-28T20:26:40Z, after v2's start.
    const NOW: i64 = 1_780_000_000_000_000;
    const V1: SonyflakeLayout = SonyflakeLayout::V1;

    #[test]
    fn ids_carry_the_clocks_unit_since_the_start_and_the_machine_id() {
        for layout in [SonyflakeLayout::V1, SonyflakeLayout::V2] {
            let generator =
                SonyflakeGenerator::with_clock(ManualClock::new(NOW + 9_999), layout, 9).unwrap();
            let id = generator.next();
            assert_eq!(id.timestamp_millis(layout), 1_780_000_000_000);
            assert_eq!((id.machine_id(layout), id.sequence(layout)), (9, 0));
        }
    }

    #[test]
    fn a_spent_sequence_waits_for_the_next_unit_of_the_clock() {
        // The system clock: each id must be of a unit the clock has reached when it returns.
        let generator = SonyflakeGenerator::new(V1, 3).unwrap();
        let started = Instant::now();
        let mut last = generator.next();
        for _ in 0..3 * 256 {
            let id = generator.next();
            let now = SystemClock.now_micros() as u128 * 1000;
            assert!(id > last);
            assert!(id.timestamp_nanos(V1) <= now, "an id ahead of the clock");
            last = id;
        }
        // 769 ids at 256 a unit span at least 3 units: at least two whole 10 ms units passed.
        assert!(started.elapsed() >= Duration::from_millis(20));
    }

    #[test]
    fn a_spent_sequence_on_a_clock_held_still_sleeps_once_into_the_next_unit() {
        let clock = ManualClock::new(NOW + 5_000); // 5 ms into a unit
        let generator = SonyflakeGenerator::with_clock(&clock, V1, 3).unwrap();
        let first = generator.next();
        for _ in 0..255 {
            generator.next();
        }
        let started = Instant::now();
        let id = generator.next();
        assert!(started.elapsed() >= Duration::from_millis(5));
        assert_eq!(id.time_units(V1), first.time_units(V1) + 1);
        assert_eq!(id.sequence(V1), 0);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(NOW);
        let generator = SonyflakeGenerator::with_clock(&clock, V1, 1).unwrap();
        let steps = (Duration::from_millis(20), Duration::from_millis(10));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn under_a_clock_gone_back_the_units_sequence_goes_on_then_the_next_unit_waits() {
        let clock = ManualClock::new(NOW);
        let generator = SonyflakeGenerator::with_clock(&clock, V1, 2).unwrap();
        let first = generator.next();
        clock.step_back(Duration::from_millis(50));
        let started = Instant::now();
        for sequence in 1..=255 {
            let id = generator.next();
            assert_eq!(
                (id.time_units(V1), id.sequence(V1)),
                (first.time_units(V1), sequence)
            );
        }
        assert!(
            started.elapsed() < Duration::from_millis(50),
            "no wait within the unit"
        );
        let next = generator.next();
        assert!(
            started.elapsed() >= Duration::from_millis(50),
            "the next unit waited"
        );
        assert_eq!(
            (next.time_units(V1), next.sequence(V1)),
            (first.time_units(V1) + 1, 0)
        );
    }

    #[test]
    fn a_clock_before_the_start_reads_as_the_start() {
        let clock = ManualClock::new(0);
        let generator = SonyflakeGenerator::with_clock(clock, V1, 0).unwrap();
        assert_eq!(generator.next(), Sonyflake::MIN);
        assert_eq!(generator.next().sequence(V1), 1);
    }

    #[test]
    fn eight_threads_share_one_generator_without_a_repeat() {
        let generator = SonyflakeGenerator::new(V1, 100).unwrap();
        let ids: Vec<Vec<Sonyflake>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..8)
                .map(|_| {
                    s.spawn(|| {
                        let ids: Vec<Sonyflake> = (0..1_000)
                            .map(|_| {
                                let id = generator.next();
                                let now = SystemClock.now_micros() as u128 * 1000;
                                assert!(id.timestamp_nanos(V1) <= now, "an id ahead of the clock");
                                id
                            })
                            .collect();
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
        let unique: HashSet<Sonyflake> = ids.iter().flatten().copied().collect();
        assert_eq!(unique.len(), 8 * 1_000);
        assert!(unique.iter().all(|id| id.machine_id(V1) == 100));
    }

    #[test]
    fn the_last_unit_of_the_layout_is_the_end() {
        let last_micros = (V1.last_unix_millis() * 1000) as i64;
        let clock = ManualClock::new(last_micros);
        let generator = SonyflakeGenerator::with_clock(&clock, V1, 1).unwrap();
        let id = generator.next();
        assert_eq!(id.time_units(V1), V1.max_time_units());
        // The last unit's sequence runs to 255; after it, nothing.
        for _ in 0..255 {
            generator.try_next().unwrap();
        }
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert_eq!(
            err.to_string(),
            "Sonyflake generator exhausted: the time would pass the layout's last unit \
             (2^bits_time - 1 units after its start)"
        );
    }

    #[test]
    fn a_lease_terms_value_is_the_machine_id_and_its_floor_comes_first() {
        // The floor a unit ahead of the clock: the first id waits for it (a held clock: once).
        let term = LeaseTerm::new(65_535, Duration::from_secs(30), NOW + 5_000, i64::MAX);
        let generator = SonyflakeGenerator::with_clock(ManualClock::new(NOW), V1, 0)
            .unwrap()
            .with_lease_term(term)
            .unwrap();
        let id = generator.next();
        assert_eq!(id.machine_id(V1), 65_535);
        assert_eq!(id.timestamp_millis(V1), 1_780_000_000_010);
        let small = SonyflakeLayout::new(0, Duration::from_millis(1), 8, 10).unwrap();
        let too_big = LeaseTerm::new(1024, Duration::from_secs(30), 0, i64::MAX);
        let err = SonyflakeGenerator::new(small, 0)
            .unwrap()
            .with_lease_term(too_big)
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }

    #[test]
    fn machine_ids_wider_than_sixteen_bits_are_refused() {
        let wide = SonyflakeLayout::new(0, Duration::from_millis(10), 8, 20).unwrap();
        let err = SonyflakeGenerator::new(wide, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Sonyflake machine id bit length (of a generator) out of range: found 20, \
             expected 1..=16"
        );
    }
}
