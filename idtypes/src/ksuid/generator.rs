//! [`KsuidGenerator`]: KSUIDs from a clock, from any number of threads: each with a fresh
//! random payload (the default), or counted up within a second (monotonic).

use core::fmt;

use super::{FORMAT, Ksuid};
use crate::generation::lanes::Lanes;
use crate::{
    Clock, Error, SystemClock, error::Repr, generation::clock_guard::ClockGuard,
    generation::fork_lock::ForkLock, generation::padded::Padded, process::random::secure_u128,
};

/// Makes KSUIDs: the current second (seconds since the KSUID epoch) and a 128-bit payload.
///
/// | made by | payload | ids of one generator |
/// |---|---|---|
/// | [`new`](KsuidGenerator::new), [`with_clock`](KsuidGenerator::with_clock) (the default, segmentio's `New()`) | 128 fresh random bits each time | unique (as random 128 bits are), ordered by second only |
/// | [`monotonic`](KsuidGenerator::monotonic), [`monotonic_with_clock`](KsuidGenerator::monotonic_with_clock) (as segmentio's `Sequence`, with a random start) | fresh random bits for the first id of a second, then the last payload plus one | strictly increasing |
///
/// The payloads come from a cryptographically secure generator (ChaCha12) seeded from the
/// operating system's random source and reseeded in a forked child (see
/// [processes and `fork()`](crate#processes-and-fork)).
///
/// The timestamp is always the clock's current second or, in a monotonic generator after
/// the clock went back, the second of the generator's last id: a generator never moves its
/// ids into a second the clock has not reached. A forward jump of the clock that the time
/// passed does not explain is held back until it has held for a second (see
/// [clocks](crate#clocks)). A clock before the KSUID epoch (2014-05-13T16:53:20Z) reads as
/// the epoch.
///
/// **Payload overflow (monotonic):** when the payload of a second reaches 2^128 - 1 (which a
/// random start makes all but impossible: the chance is the number of ids over 2^128), the
/// count never wraps and never runs into the next second ahead of the clock:
/// [`try_next`](KsuidGenerator::try_next) gives [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted)
/// at once, and [`next`](KsuidGenerator::next) waits until the clock reaches the next second.
///
/// Thread-safe: a monotonic generator's 160-bit state sits behind a spin lock held for a few
/// instructions (the random draw is made outside it); the default generator has no state. In
/// a process forked from the one that made it, a monotonic generator starts its count again
/// from fresh random bits, so that parent and child never share a count.
///
/// # Examples
///
/// ```
/// use idtypes::{ManualClock, ksuid::KsuidGenerator};
///
/// let clock = ManualClock::new(1_700_000_000_000_000);
/// let generator = KsuidGenerator::monotonic_with_clock(&clock);
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!(b.payload(), a.payload().wrapping_add(1));
/// assert_eq!(a.timestamp_seconds(), 1_700_000_000);
/// ```
pub struct KsuidGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    /// The last id handed out (`None` before the first), for a monotonic generator.
    last: Option<Padded<Lanes<ForkLock<Option<Ksuid>>>>>,
}

/// Why an id cannot be made now.
enum Refusal {
    /// The payloads of this second are used up: the next id waits for the next second.
    SecondUsedUp,
    /// The clock reads past the last KSUID second (2150).
    Ended,
}

impl<C: Clock> KsuidGenerator<C> {
    /// A generator on `clock` (a [`ManualClock`](crate::ManualClock) in tests) whose ids
    /// each have a fresh random payload.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, ksuid::KsuidGenerator};
    ///
    /// let generator = KsuidGenerator::with_clock(ManualClock::new(1_500_000_000_000_000));
    /// assert_eq!(generator.next().timestamp_seconds(), 1_500_000_000);
    /// assert!(!generator.is_monotonic());
    /// ```
    pub fn with_clock(clock: C) -> Self {
        KsuidGenerator {
            clock,
            guard: ClockGuard::new(),
            last: None,
        }
    }

    /// A monotonic generator on `clock`: within a second, each id's payload is the last
    /// one's plus one, so its ids strictly increase.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, ksuid::KsuidGenerator};
    ///
    /// let generator = KsuidGenerator::monotonic_with_clock(ManualClock::new(1_500_000_000_000_000));
    /// assert!(generator.next() < generator.next());
    /// assert!(generator.is_monotonic());
    /// ```
    pub fn monotonic_with_clock(clock: C) -> Self {
        KsuidGenerator {
            clock,
            guard: ClockGuard::new(),
            last: Some(Padded(Lanes::one(ForkLock::new(None)))),
        }
    }

    /// Whether the generator is monotonic (counts payloads up within a second).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ksuid::KsuidGenerator;
    ///
    /// assert!(KsuidGenerator::monotonic().is_monotonic());
    /// assert!(!KsuidGenerator::new().is_monotonic());
    /// ```
    pub fn is_monotonic(&self) -> bool {
        self.last.is_some()
    }

    /// The same generator in `lanes` lanes (1..=64, rounded up to a power of two), so that
    /// that many threads make KSUIDs side by side instead of taking turns at one lock. One
    /// lane, the default, is that shared state. A generator with random payloads (the
    /// default one) shares nothing between threads already: lanes change nothing there, and
    /// [`lanes`](Self::lanes) stays 1.
    ///
    /// In a monotonic generator, lane `k` of `n` makes only the KSUIDs whose payload is `k`
    /// modulo `n`, and each thread takes its KSUIDs from one lane (see
    /// [threads](crate#threads-one-generator-lanes-or-one-each)): they never repeat, and
    /// each thread's strictly increase, but two threads' KSUIDs of one second are no longer
    /// in the order they were made. Each lane starts afresh (random bits) at its first
    /// KSUID of a second, and counts up by `n` from there.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ksuid::KsuidGenerator;
    ///
    /// let generator = KsuidGenerator::monotonic().with_lanes(2)?;
    /// let (mine, theirs) = std::thread::scope(|s| {
    ///     let theirs = s.spawn(|| [generator.next(), generator.next()]);
    ///     ([generator.next(), generator.next()], theirs.join().unwrap())
    /// });
    /// assert!(mine[0] < mine[1] && theirs[0] < theirs[1]);
    /// assert!(mine.iter().all(|id| !theirs.contains(id)));
    /// assert!(KsuidGenerator::monotonic().with_lanes(0).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lanes(mut self, lanes: usize) -> Result<Self, Error> {
        match &mut self.last {
            Some(last) => {
                let start = last.all().filter_map(|lane| lane.peek(|last| *last)).max();
                last.0.set(lanes, FORMAT, || ForkLock::new(start))?;
            }
            // The bounds are checked all the same.
            None => Lanes::one(()).set(lanes, FORMAT, || ())?,
        }
        Ok(self)
    }

    /// How many lanes (see [`with_lanes`](Self::with_lanes)): 1 unless set on a monotonic
    /// generator.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ksuid::KsuidGenerator;
    ///
    /// assert_eq!(KsuidGenerator::monotonic().with_lanes(3)?.lanes(), 4);
    /// assert_eq!(KsuidGenerator::new().with_lanes(4)?.lanes(), 1);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn lanes(&self) -> usize {
        self.last.as_ref().map_or(1, |last| last.count())
    }

    /// The next KSUID.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) after 2150-06-19T23:21:35Z,
    /// when KSUIDs run out, and, for a monotonic generator, when the payloads of the current
    /// second are used up (see [payload overflow](KsuidGenerator#payload-overflow): the next
    /// second has ids again).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock, ksuid::KsuidGenerator};
    ///
    /// let late = KsuidGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(late.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Ksuid, Error> {
        self.attempt().map_err(|refusal| match refusal {
            Refusal::SecondUsedUp => second_used_up(),
            Refusal::Ended => ended(),
        })
    }

    /// The next KSUID, waiting for the next second when a monotonic generator has used up
    /// the payloads of this one (see [payload overflow](KsuidGenerator#payload-overflow)).
    ///
    /// # Panics
    ///
    /// When KSUIDs run out (after the year 2150).
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::ksuid::KsuidGenerator::new();
    /// let id = generator.next();
    /// assert_eq!(id.to_string().len(), 27);
    /// ```
    #[inline]
    // A generator is not an iterator: it never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&self) -> Ksuid {
        loop {
            match self.attempt() {
                Ok(id) => return id,
                Err(Refusal::SecondUsedUp) => {
                    std::thread::sleep(core::time::Duration::from_millis(1));
                }
                Err(Refusal::Ended) => panic!("{}", ended()),
            }
        }
    }

    #[inline]
    fn attempt(&self) -> Result<Ksuid, Refusal> {
        let micros = self.guard.read(&self.clock).micros;
        let unix = micros.div_euclid(1_000_000);
        let seconds = if unix < Ksuid::EPOCH_SECONDS as i64 {
            0
        } else if unix > Ksuid::MAX_TIMESTAMP_SECONDS as i64 {
            return Err(Refusal::Ended);
        } else {
            (unix - Ksuid::EPOCH_SECONDS as i64) as u32
        };
        // Drawn before the lock is taken, and used only when a new second starts.
        let fresh = Ksuid::from_ksuid_parts(seconds, secure_u128());
        let Some(last) = &self.last else {
            return Ok(fresh);
        };
        let (lane_last, mask, lane) = last.mine();
        // In lanes, a payload is the lane's first at or after the one it would be
        // (`mask + 1` divides 2^128).
        let (mask, lane) = (u128::from(mask), u128::from(lane));
        let in_lane = |payload: u128| payload.checked_add(lane.wrapping_sub(payload) & mask);
        lane_last.with(|last, inherited| {
            let id = match *last {
                // A parent's count is not continued (see the type's docs).
                Some(last) if !inherited && seconds <= last.ksuid_seconds() => {
                    match last.payload().checked_add(1).and_then(in_lane) {
                        Some(payload) => Ksuid::from_ksuid_parts(last.ksuid_seconds(), payload),
                        None => return Err(Refusal::SecondUsedUp),
                    }
                }
                // A fresh payload within `lanes - 1` of the top (a chance in 2^122 or less)
                // finds the second used up, as the next id after it would.
                _ => match in_lane(fresh.payload()) {
                    Some(payload) => Ksuid::from_ksuid_parts(seconds, payload),
                    None => return Err(Refusal::SecondUsedUp),
                },
            };
            *last = Some(id);
            Ok(id)
        })
    }

    /// A monotonic generator whose last id was `last` (tests of what follows it).
    #[cfg(test)]
    fn monotonic_after(clock: C, last: Ksuid) -> Self {
        let generator = KsuidGenerator::monotonic_with_clock(clock);
        if let Some(state) = &generator.last {
            state.mine().0.with(|state, _| *state = Some(last));
        }
        generator
    }
}

impl KsuidGenerator<SystemClock> {
    /// A generator on the system clock whose ids each have a fresh random payload (as
    /// segmentio's `New()`): what [`Ksuid::now`] uses.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::ksuid::KsuidGenerator::new();
    /// assert_ne!(generator.next(), generator.next());
    /// ```
    pub fn new() -> Self {
        KsuidGenerator::with_clock(SystemClock)
    }

    /// A monotonic generator on the system clock: its ids strictly increase.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::ksuid::KsuidGenerator::monotonic();
    /// assert!(generator.next() < generator.next());
    /// ```
    pub fn monotonic() -> Self {
        KsuidGenerator::monotonic_with_clock(SystemClock)
    }
}

impl Default for KsuidGenerator<SystemClock> {
    fn default() -> Self {
        KsuidGenerator::new()
    }
}

/// The process-wide generator behind [`Ksuid::now`].
pub(super) fn global() -> &'static KsuidGenerator {
    static GLOBAL: crate::generation::global::Global<KsuidGenerator> =
        crate::generation::global::Global::new();
    GLOBAL.get_or_make(KsuidGenerator::new)
}

#[cold]
fn ended() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the timestamp would pass 2150-06-19T23:21:35Z",
        },
    )
}

#[cold]
fn second_used_up() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the payloads of this second are used up; the next second has ids again",
        },
    )
}

impl<C: Clock> crate::IdGenerator for KsuidGenerator<C> {
    type Id = Ksuid;

    #[inline]
    fn try_next(&self) -> Result<Ksuid, Error> {
        KsuidGenerator::try_next(self)
    }
}

impl<C> fmt::Debug for KsuidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("KsuidGenerator");
        debug.field("monotonic", &self.last.is_some());
        if let Some(last) = &self.last {
            let lanes = last.all().filter_map(|lane| lane.peek(|last| *last));
            debug.field("last", &lanes.max());
        }
        debug.finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, sync::Arc, time::Duration};

    const NOW: i64 = 1_700_000_000_000_000;

    #[test]
    fn the_default_draws_a_fresh_payload_for_every_id() {
        let generator = KsuidGenerator::with_clock(ManualClock::new(NOW));
        let payloads: HashSet<u128> = (0..1000).map(|_| generator.next().payload()).collect();
        assert_eq!(payloads.len(), 1000);
        assert_eq!(generator.next().timestamp_seconds(), 1_700_000_000);
    }

    #[test]
    fn monotonic_within_a_second_the_payload_counts_up() {
        let generator = KsuidGenerator::monotonic_with_clock(ManualClock::new(NOW));
        let first = generator.next();
        for i in 1..1000 {
            let id = generator.next();
            assert_eq!(id.payload(), first.payload().wrapping_add(i));
            assert_eq!(id.ksuid_seconds(), first.ksuid_seconds());
        }
    }

    #[test]
    fn monotonic_a_new_second_draws_fresh_random_bits() {
        let clock = ManualClock::new(NOW);
        let generator = KsuidGenerator::monotonic_with_clock(&clock);
        let mut payloads = HashSet::new();
        for _ in 0..50 {
            let id = generator.next();
            assert_eq!(
                i64::try_from(id.timestamp_seconds()).unwrap() * 1_000_000,
                clock.now_micros()
            );
            payloads.insert(id.payload());
            clock.advance(Duration::from_secs(1));
        }
        assert_eq!(payloads.len(), 50);
    }

    #[test]
    fn a_used_up_second_is_an_error_and_never_wraps_or_runs_ahead() {
        let clock = ManualClock::new(NOW);
        let top = Ksuid::from_parts(1_700_000_000, u128::MAX - 1).unwrap();
        let generator = KsuidGenerator::monotonic_after(&clock, top);
        assert_eq!(generator.next().payload(), u128::MAX);
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert!(err.to_string().contains("this second"), "{err}");
        // Still refused within the second, then the next second starts afresh.
        clock.advance(Duration::from_millis(999));
        assert!(generator.try_next().is_err());
        clock.advance(Duration::from_millis(1));
        let next = generator.try_next().unwrap();
        assert_eq!(next.timestamp_seconds(), 1_700_000_001);
    }

    #[test]
    fn next_waits_for_the_next_second_when_this_one_is_used_up() {
        let clock = Arc::new(ManualClock::new(NOW));
        let top = Ksuid::from_parts(1_700_000_000, u128::MAX).unwrap();
        let generator = KsuidGenerator::monotonic_after(Arc::clone(&clock), top);
        let advancer = {
            let clock = Arc::clone(&clock);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(30));
                clock.advance(Duration::from_secs(1));
            })
        };
        let next = generator.next();
        advancer.join().unwrap();
        assert_eq!(next.timestamp_seconds(), 1_700_000_001);
        assert!(next > top);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat_or_a_decrease() {
        let clock = ManualClock::new(NOW);
        let generator = KsuidGenerator::monotonic_with_clock(&clock);
        let steps = (Duration::from_secs(3), Duration::from_secs(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
        // The second is never ahead of the furthest the clock has read.
        let id = generator.next();
        assert!(id.timestamp_seconds() as i64 * 1_000_000 <= NOW + 300 * 1_000_000);
    }

    #[test]
    fn threads_never_share_an_id_and_each_sees_them_rise() {
        let generator = Arc::new(KsuidGenerator::monotonic());
        let handles: Vec<_> = (0..8)
            .map(|_| {
                let generator = Arc::clone(&generator);
                std::thread::spawn(move || {
                    (0..10_000).map(|_| generator.next()).collect::<Vec<_>>()
                })
            })
            .collect();
        let mut seen = HashSet::new();
        for handle in handles {
            let ids = handle.join().unwrap();
            assert!(ids.windows(2).all(|w| w[0] < w[1]));
            seen.extend(ids);
        }
        assert_eq!(seen.len(), 80_000);
    }

    #[test]
    fn a_clock_before_the_epoch_reads_as_the_epoch_and_the_end_is_an_error() {
        let early = KsuidGenerator::with_clock(ManualClock::new(-5_000_000));
        assert_eq!(early.next().ksuid_seconds(), 0);
        let last = (Ksuid::MAX_TIMESTAMP_SECONDS as i64) * 1_000_000;
        let end = KsuidGenerator::monotonic_with_clock(ManualClock::new(last + 999_999));
        assert_eq!(end.next().ksuid_seconds(), u32::MAX);
        let late = KsuidGenerator::monotonic_with_clock(ManualClock::new(last + 1_000_000));
        let err = late.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert!(err.to_string().contains("2150"), "{err}");
    }

    #[test]
    fn a_forked_child_does_not_continue_its_parents_count() {
        let generator = KsuidGenerator::monotonic_with_clock(ManualClock::new(NOW));
        let a = generator.next();
        assert_eq!(generator.next().payload(), a.payload().wrapping_add(1));
        generator
            .last
            .as_ref()
            .unwrap()
            .mine()
            .0
            .as_if_written_by_a_parent();
        let child = generator.next();
        assert_eq!(child.ksuid_seconds(), a.ksuid_seconds());
        assert_ne!(child.payload(), a.payload().wrapping_add(2));
        assert_eq!(generator.next().payload(), child.payload().wrapping_add(1));
    }
}
