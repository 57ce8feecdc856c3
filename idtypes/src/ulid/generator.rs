//! [`UlidGenerator`]: monotonic ULIDs from a clock, from any number of threads.

use core::fmt;

use super::{FORMAT, RANDOM_BITS, Ulid};
use crate::{
    Clock, Error, SystemClock, error::Repr, generation::clock_guard::ClockGuard,
    generation::monotonic128::Monotonic128, generation::padded::Padded,
    process::random::secure_u128,
};

/// Makes ULIDs the way the ULID specification's monotonic generator does: the first ULID of
/// a millisecond has 80 fresh random bits (from a cryptographically secure generator), and
/// each later one in the same millisecond is the last plus one. When the random field would
/// pass its top, the count carries into the next millisecond, so no ULID repeats (the
/// specification's generator fails there instead; moving on keeps ids flowing at a cost of
/// running a millisecond ahead). A clock stepped back continues the count, and a forward
/// jump that the time passed does not explain is held back until it has held for a second
/// (see [clocks](crate#clocks)).
///
/// Thread-safe: the 128-bit state sits behind a spin lock held for a few instructions. In a
/// process forked from the one that made it, the generator continues in the millisecond
/// after its parent's last ULID with fresh random bits, so parent and child never share a
/// count (see [processes and `fork()`](crate#processes-and-fork)).
///
/// # Examples
///
/// ```
/// use idtypes::{ManualClock, ulid::UlidGenerator};
///
/// let generator = UlidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!(b.to_u128(), a.to_u128() + 1);
/// assert_eq!(a.timestamp_millis(), 1_700_000_000_000);
/// ```
pub struct UlidGenerator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    state: Padded<Monotonic128>,
}

impl<C: Clock> UlidGenerator<C> {
    /// A generator on `clock` (a [`ManualClock`](crate::ManualClock) in tests).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, ulid::UlidGenerator};
    ///
    /// let generator = UlidGenerator::with_clock(ManualClock::new(0));
    /// assert_eq!(generator.next().timestamp_millis(), 0);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        UlidGenerator {
            clock,
            guard: ClockGuard::new(),
            state: Padded(Monotonic128::starting_at(0)),
        }
    }

    /// The next ULID. A clock before 1970 reads as 1970.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) after 10889-08-02T05:31:50.655Z,
    /// when ULIDs run out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock, ulid::UlidGenerator};
    ///
    /// let late = UlidGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(late.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Ulid, Error> {
        let micros = self.guard.read(&self.clock).micros;
        let millis = if micros < 0 {
            0
        } else {
            (micros / 1000) as u64
        };
        if millis > Ulid::MAX_TIMESTAMP_MILLIS {
            return Err(exhausted());
        }
        let fresh = || secure_u128() & Ulid::MAX_RANDOM;
        match self.state.next(millis, RANDOM_BITS, u128::MAX, fresh) {
            Some(value) => Ok(Ulid(value)),
            None => Err(exhausted()),
        }
    }
}

#[cold]
fn exhausted() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the timestamp would pass 10889-08-02T05:31:50.655Z",
        },
    )
}

crate::generation::generator_shell::lanes! {
    UlidGenerator.state,
    use "idtypes::ulid::UlidGenerator",
    make "UlidGenerator::new()",
    unit "value (`millis << 80 | random`)",
    rate "in 4 lanes each lane counts up by 4 from its own random start in a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    UlidGenerator => Ulid;
    /// A generator on the system clock.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::ulid::UlidGenerator::new();
    /// assert!(generator.next() < generator.next());
    /// ```
    fn new;

    /// The next ULID ([`try_next`](UlidGenerator::try_next)).
    ///
    /// # Panics
    ///
    /// When ULIDs run out (after the year 10889).
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::ulid::UlidGenerator::new();
    /// let id = generator.next();
    /// assert_eq!(id.to_string().len(), 26);
    /// ```
    fn next;
    fn global;
}

impl<C> fmt::Debug for UlidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UlidGenerator")
            .field("next_min", &self.state.next_min().map(Ulid))
            .finish_non_exhaustive()
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
    fn within_a_millisecond_the_random_field_counts_up() {
        let generator = UlidGenerator::with_clock(ManualClock::new(NOW));
        let first = generator.next();
        for i in 1..1000 {
            assert_eq!(generator.next().to_u128(), first.to_u128() + i);
        }
    }

    #[test]
    fn a_new_millisecond_draws_fresh_random_bits() {
        let clock = ManualClock::new(NOW);
        let generator = UlidGenerator::with_clock(&clock);
        let mut randoms = HashSet::new();
        for _ in 0..50 {
            let id = generator.next();
            assert_eq!(
                i64::try_from(id.timestamp_millis()).unwrap() * 1000,
                clock.now_micros()
            );
            randoms.insert(id.random());
            clock.advance(Duration::from_millis(1));
        }
        assert_eq!(randoms.len(), 50);
    }

    #[test]
    fn an_overflowing_random_field_moves_to_the_next_millisecond() {
        let top = Ulid::from_parts(1_700_000_000_000, Ulid::MAX_RANDOM).unwrap();
        // The state at the top of the millisecond, as a long run of ids would leave it.
        let generator = UlidGenerator {
            state: Padded(Monotonic128::starting_at(top.to_u128())),
            ..UlidGenerator::with_clock(ManualClock::new(NOW))
        };
        assert_eq!(generator.next(), top);
        let next = generator.next();
        assert_eq!(
            (next.timestamp_millis(), next.random()),
            (1_700_000_000_001, 0)
        );
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(NOW);
        let generator = UlidGenerator::with_clock(&clock);
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn threads_never_share_an_id_and_each_sees_them_rise() {
        let generator = Arc::new(UlidGenerator::new());
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
    fn a_clock_before_1970_reads_as_1970_and_the_end_is_an_error() {
        let early = UlidGenerator::with_clock(ManualClock::new(-5_000_000));
        assert_eq!(early.next().timestamp_millis(), 0);
        let late = UlidGenerator::with_clock(ManualClock::new((1i64 << 48) * 1000));
        assert_eq!(late.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    }
}
