//! [`TsSeqRandGenerator`]: ts-seq-rand ids, lock-free.

use core::fmt;

use super::{FORMAT, MAX_DELTA, TsSeqRand};
use crate::{
    Clock, Error, RunAhead, SystemClock,
    error::Repr,
    generation::clock_guard::ClockGuard,
    generation::millis_sequence::{last_units, split},
    generation::monotonic::Monotonic,
    generation::padded::Padded,
    generation::run_ahead::{Pace, Stop},
    process::random::fast_u64,
    uid11::profile::{MILLIS, next_millis_and_sequence},
};

/// Makes ts-seq-rand ids: within a millisecond the sequence counts up (passing 4095 moves
/// on to the next millisecond, up to the [run-ahead bound](RunAhead), 1 ms unless chosen with
/// [`with_run_ahead`](TsSeqRandGenerator::with_run_ahead), past which the generator waits
/// for the clock or refuses), 10 fresh random bits each; a clock stepped back never
/// yields a repeat, and a clock before the xid epoch reads as the epoch. Lock-free, from any
/// number of threads. A forward jump of the clock further than the time passed explains is
/// held back until it has held for a second (see [clocks](crate#clocks)): one wrong read
/// costs at most 131 ms of run-ahead (plus 0.1% of the time since the previous check).
///
/// Ts-seq-rand ids carry no machine id: ids of different processes with the same
/// millisecond and sequence number differ by their 10 random bits alone (a pair collides
/// with probability 1/1024). A forked child (see
/// [processes and `fork()`](crate#processes-and-fork)) draws those bits from a stream
/// reseeded from the operating system, so it is as likely to repeat its parent's ids as
/// any other process, and no likelier; when processes must never repeat each other's ids,
/// use a format with a clock or machine id.
///
/// # Examples
///
/// ```
/// use idtypes::ManualClock;
/// use idtypes::uid11::TsSeqRandGenerator;
///
/// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!((a.sequence(), b.sequence()), (0, 1));
/// assert!(a < b);
/// ```
pub struct TsSeqRandGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    /// `millis << 12 | sequence` of the next id, at least.
    state: Padded<Monotonic>,
    pace: Pace,
}

impl<C: Clock> TsSeqRandGenerator<C> {
    /// A generator on `clock`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uid11::TsSeqRandGenerator;
    ///
    /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// assert_eq!(generator.next().timestamp_millis(), 1_700_000_000_000);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        TsSeqRandGenerator {
            clock,
            guard: ClockGuard::new(),
            state: Padded(Monotonic::starting_at(0)),
            pace: Pace::new(RunAhead::DEFAULT, &MILLIS),
        }
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
    /// use idtypes::uid11::TsSeqRandGenerator;
    ///
    /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
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

    /// The run-ahead policy (see [`with_run_ahead`](TsSeqRandGenerator::with_run_ahead)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RunAhead;
    /// use idtypes::uid11::TsSeqRandGenerator;
    ///
    /// assert_eq!(TsSeqRandGenerator::new().run_ahead(), RunAhead::DEFAULT);
    /// ```
    pub fn run_ahead(&self) -> RunAhead {
        self.pace.policy()
    }

    /// The next id, or an error when the milliseconds are used up.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::uid11::TsSeqRandGenerator;
    ///
    /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<TsSeqRand, Error> {
        let now = self.guard.read(&self.clock).micros;
        let (millis, sequence) =
            match next_millis_and_sequence(&self.state, now, MAX_DELTA, self.pace.ahead()) {
                Ok(next) => next,
                Err(Stop::PastLast) => return Err(exhausted()),
                Err(Stop::Ahead { .. }) => self.next_behind()?,
            };
        Ok(TsSeqRand::from_fields(
            millis,
            sequence,
            (fast_u64() & 0x3FF) as u16,
        ))
    }

    /// The next `(millis, sequence)` once it is further ahead of the clock than the run-ahead
    /// bound: after a wait, or the policy's refusal.
    #[cold]
    #[inline(never)]
    fn next_behind(&self) -> Result<(u64, u16), Error> {
        let next = self.pace.next_behind(
            FORMAT,
            &self.clock,
            &self.guard,
            &self.state,
            &MILLIS,
            || Ok(last_units(MAX_DELTA)),
        )?;
        next.map(split).map_err(|_| exhausted())
    }
}

/// The error past the last ts-seq-rand millisecond.
#[cold]
fn exhausted() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the timestamp would pass 2151-03-25T18:46:22.214Z",
        },
    )
}

crate::generation::generator_shell::lanes! {
    TsSeqRandGenerator.state,
    use "idtypes::uid11::TsSeqRandGenerator",
    make "TsSeqRandGenerator::new()",
    unit "`millis << 12 | sequence`",
    rate "in 4 lanes each lane makes 1,024 of the 4,096 ids of a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    TsSeqRandGenerator => TsSeqRand;
    /// A generator on the system clock.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::uid11::TsSeqRandGenerator::new();
    /// assert!(generator.next() < generator.next());
    /// ```
    fn new;

    /// The next id.
    ///
    /// # Panics
    ///
    /// When the clock reads after 2151-03-25T18:46:22.214Z (or the generator has run
    /// ahead to it). [`try_next`](TsSeqRandGenerator::try_next) returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::uid11::TsSeqRandGenerator::new();
    /// assert!(generator.next() < generator.next());
    /// ```
    fn next;
    fn global;
}

impl<C> fmt::Debug for TsSeqRandGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TsSeqRandGenerator")
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
    fn the_sequence_overflows_into_the_next_millisecond() {
        let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
        let first = generator.next();
        let mut last = first;
        for _ in 0..4096 {
            last = generator.next();
        }
        assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
        assert_eq!(last.sequence(), 0);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(1_700_000_000_000_000);
        let generator = TsSeqRandGenerator::with_clock(&clock);
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }
}
