//! [`Uid11XidGenerator`] and [`Uid11XidMode`]: xids from a clock, monotonic or random, from any number of
//! threads.

use core::{
    fmt,
    sync::atomic::{AtomicU64, Ordering},
};

use super::{FORMAT, MAX_DELTA, MAX_RANDOM, Uid11Xid};
use crate::{
    Clock, Error, SystemClock,
    error::Repr,
    generation::clock_guard::ClockGuard,
    generation::lanes::{Lanes, round_up},
    generation::padded::Padded,
    process::fork,
    process::random::fast_u64,
    uid11::profile::millis_since_epoch,
};

/// How an [`Uid11XidGenerator`] fills the 22 low bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Uid11XidMode {
    /// The first xid of each millisecond gets random low bits; the next ones in the same
    /// millisecond add one, and an overflow carries into the next millisecond (as monotonic
    /// ULID does). Strictly increasing, never repeating within the process.
    #[default]
    Monotonic,
    /// 22 fresh random bits every time, as the specification describes. Can repeat: 1,000
    /// xids in one millisecond collide with about 11% probability.
    Random,
}

/// Makes xids from a clock, from any number of threads.
///
/// | mode | within one millisecond | clock stepped back |
/// |---|---|---|
/// | [`Monotonic`](Uid11XidMode::Monotonic) (default) | low field + 1 | continues from the last xid |
/// | [`Random`](Uid11XidMode::Random) | fresh random bits (may repeat) | uses the clock as it is |
///
/// A forward jump of the clock further than the time passed explains is held back until it
/// has held for a second (see [clocks](crate#clocks)): one wrong read costs a monotonic
/// generator at most 131 ms of run-ahead (plus 0.1% of the time since the previous check),
/// and a random one an xid or two stamped with the time passed instead of the jump.
///
/// A clock before the xid epoch (2011-11-11T11:11:11.111Z) reads as the epoch. A monotonic
/// generator never hands out the payload `u64::MAX` (`jpXCZedGfVQ`): reaching it counts as
/// exhaustion, so that its state cannot overflow.
///
/// Xids carry no machine or clock id: ids of different processes differ by their 22 random
/// bits alone. In a forked child (see [processes and `fork()`](crate#processes-and-fork))
/// the random stream is reseeded from the operating system and a monotonic generator does
/// not go on counting from its parent's last xid: it starts again at a random point of the
/// next millisecond, so parent and child share an xid only by the chance any two processes
/// have (two runs of `n` xids in the same millisecond overlap with probability about
/// `2n / 2^22`).
///
/// # Examples
///
/// ```
/// use idtypes::uid11::{Uid11XidGenerator, Uid11XidMode};
///
/// let generator = Uid11XidGenerator::new();
/// let (a, b) = (generator.next(), generator.next());
/// assert!(a < b);
///
/// let random = Uid11XidGenerator::new().with_mode(Uid11XidMode::Random);
/// assert_eq!(random.mode(), Uid11XidMode::Random);
/// ```
pub struct Uid11XidGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    mode: Uid11XidMode,
    /// Monotonic mode: the smallest payload the next xid may have (last + 1), per lane.
    next_min: Padded<Lanes<AtomicU64>>,
    /// The fork generation `next_min` belongs to.
    generation: AtomicU64,
}

impl<C: Clock> Uid11XidGenerator<C> {
    /// A monotonic generator on `clock`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uid11::Uid11XidGenerator;
    ///
    /// let generator = Uid11XidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// assert_eq!(generator.next().timestamp_millis(), 1_700_000_000_000);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        fork::watch();
        Uid11XidGenerator {
            clock,
            guard: ClockGuard::new(),
            mode: Uid11XidMode::Monotonic,
            next_min: Padded(Lanes::one(AtomicU64::new(0))),
            generation: AtomicU64::new(fork::current().generation()),
        }
    }

    /// The same generator in another mode.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uid11::{Uid11XidGenerator, Uid11XidMode};
    ///
    /// let generator = Uid11XidGenerator::new().with_mode(Uid11XidMode::Random);
    /// assert_eq!(generator.mode(), Uid11XidMode::Random);
    /// ```
    pub fn with_mode(mut self, mode: Uid11XidMode) -> Self {
        self.mode = mode;
        self
    }

    /// The mode.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::uid11::Uid11XidGenerator::new().mode(), idtypes::uid11::Uid11XidMode::Monotonic);
    /// ```
    pub fn mode(&self) -> Uid11XidMode {
        self.mode
    }

    /// The next xid, or an error when the clock is past the last xid millisecond.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::uid11::Uid11XidGenerator;
    ///
    /// let generator = Uid11XidGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Uid11Xid, Error> {
        let millis = millis_since_epoch(self.guard.read(&self.clock).micros) as u64;
        if millis > MAX_DELTA {
            return Err(exhausted());
        }
        let fresh = |millis: u64| (millis << 22) | (fast_u64() & MAX_RANDOM as u64);
        if self.mode == Uid11XidMode::Random {
            return Ok(Uid11Xid(fresh(millis)));
        }
        let generation = fork::current().generation();
        if generation != self.generation.load(Ordering::Acquire) {
            self.move_on_after_fork(generation);
        }
        let (state, mask, lane) = self.next_min.mine();
        let mut next_min = state.load(Ordering::Relaxed);
        loop {
            // A millisecond after every xid so far (of the lane) starts afresh; otherwise
            // count up. In lanes, the payload is then the lane's next one.
            let earliest = if millis << 22 >= next_min {
                fresh(millis)
            } else {
                next_min
            };
            let payload = round_up(earliest, mask, lane).ok_or_else(exhausted)?;
            // `u64::MAX` is never handed out, so `payload + 1` cannot overflow.
            if payload == u64::MAX {
                return Err(exhausted());
            }
            match state.compare_exchange_weak(
                next_min,
                payload + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Ok(Uid11Xid(payload)),
                Err(current) => next_min = current,
            }
        }
    }
}

impl<C> Uid11XidGenerator<C> {
    /// In a forked child: leave the parent's count behind for a random point of the
    /// millisecond after the parent's last xid.
    #[cold]
    fn move_on_after_fork(&self, generation: u64) {
        let next_min = self.next_min_of_all();
        let floor = ((next_min >> 22) + 1)
            .checked_mul(1 << 22)
            .map_or(u64::MAX, |start| start | (fast_u64() & MAX_RANDOM as u64));
        // Every thread that notices the fork before the generation is stored jumps too:
        // each jump only moves the floor up. The release store publishes the jump to
        // threads that see the new generation.
        for lane in self.next_min.all() {
            lane.fetch_max(floor, Ordering::Relaxed);
        }
        self.generation.store(generation, Ordering::Release);
    }

    /// The smallest payload the next xid of any lane may have (the largest lane's).
    fn next_min_of_all(&self) -> u64 {
        self.next_min
            .all()
            .map(|lane| lane.load(Ordering::Relaxed))
            .max()
            .unwrap_or(0)
    }
}

fn exhausted() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the timestamp would pass 2151-03-25T18:46:22.214Z",
        },
    )
}

crate::generation::generator_shell::lanes! {
    Uid11XidGenerator.next_min,
    use "idtypes::uid11::Uid11XidGenerator",
    make "Uid11XidGenerator::new()",
    unit "payload (`millis << 22 | low field`)",
    rate "in 4 lanes each lane counts up by 4 from its own random start in a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    Uid11XidGenerator => Uid11Xid;
    /// A monotonic generator on the system clock.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::uid11::Uid11XidGenerator::new().mode(), idtypes::uid11::Uid11XidMode::Monotonic);
    /// ```
    fn new;

    /// The next xid.
    ///
    /// # Panics
    ///
    /// When the clock reads after 2151-03-25T18:46:22.214Z (or a monotonic generator has
    /// run ahead to the last xid). [`try_next`](Uid11XidGenerator::try_next) returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uid11::Uid11XidGenerator;
    ///
    /// let generator = Uid11XidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// let (a, b) = (generator.next(), generator.next());
    /// assert_eq!(b.to_u64(), a.to_u64() + 1); // same millisecond: the low field counts up
    /// ```
    fn next;
    fn global;
}

impl<C> fmt::Debug for Uid11XidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Uid11XidGenerator")
            .field("mode", &self.mode)
            .field("next_min", &Uid11Xid(self.next_min_of_all()))
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, time::Duration};

    const NOW: i64 = 1_700_000_000_000_000;

    /// Four threads on two lanes and on four: no xid twice, each thread's increasing, each
    /// lane's payloads its own residue, and a millisecond's first xid of a lane random.
    #[test]
    fn threads_on_lanes_never_share_an_xid() {
        for lanes in [2, 4] {
            let clock = ManualClock::new(NOW);
            let generator = Uid11XidGenerator::with_clock(&clock)
                .with_lanes(lanes)
                .unwrap();
            assert_eq!(generator.lanes(), lanes);
            crate::generation::lanes::assert_threads_never_repeat(4, 5_000, |i| {
                let lane = crate::generation::lanes::thread_number() as u64 % lanes as u64;
                if i % 1_000 == 0 {
                    clock.advance(Duration::from_micros(700));
                }
                let payload = generator.next().to_u64();
                assert_eq!(payload % lanes as u64, lane);
                payload
            });
        }
    }

    #[test]
    fn within_a_millisecond_the_low_field_counts_up() {
        let generator = Uid11XidGenerator::with_clock(ManualClock::new(NOW));
        let first = generator.next();
        for i in 1..100 {
            let id = generator.next();
            // Always last + 1, also when the low field carries into the next millisecond.
            assert_eq!(id.to_u64(), first.to_u64() + i);
        }
    }

    #[test]
    fn a_new_millisecond_starts_afresh() {
        let clock = ManualClock::new(NOW);
        let generator = Uid11XidGenerator::with_clock(&clock);
        let a = generator.next();
        clock.advance(Duration::from_millis(1));
        let b = generator.next();
        assert_eq!(b.millis_since_epoch(), a.millis_since_epoch() + 1);
    }

    #[test]
    fn an_overflowing_low_field_moves_to_the_next_millisecond() {
        let clock = ManualClock::new(NOW);
        let generator = Uid11XidGenerator::with_clock(&clock);
        let first = generator.next();
        let left = MAX_RANDOM - first.random();
        let mut last = first;
        for _ in 0..=left {
            last = generator.next();
        }
        assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
        assert_eq!(last.random(), 0);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(NOW);
        let generator = Uid11XidGenerator::with_clock(&clock);
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn random_mode_draws_fresh_bits_on_the_clock() {
        let generator =
            Uid11XidGenerator::with_clock(ManualClock::new(NOW)).with_mode(Uid11XidMode::Random);
        let ids: HashSet<u32> = (0..100).map(|_| generator.next().random()).collect();
        assert!(ids.len() > 90);
        assert!((0..10).all(|_| generator.next().timestamp_millis() == 1_700_000_000_000));
    }

    #[test]
    fn exhaustion_is_an_error() {
        let generator = Uid11XidGenerator::with_clock(ManualClock::new(i64::MAX));
        assert_eq!(
            generator.try_next().unwrap_err().kind(),
            ErrorKind::Exhausted
        );
    }
}
