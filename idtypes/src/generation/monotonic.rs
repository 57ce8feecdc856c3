//! The heart of every time-ordered generator: hand out strictly increasing timestamps that
//! follow a clock, from any number of threads, without locks.

use core::sync::atomic::{AtomicI64, Ordering};

use super::run_ahead::Stop;

/// Timestamps (in the generator's unit) that strictly increase and never repeat.
///
/// Each call takes `max(now, last + 1)`: the clock's reading, or one past the last timestamp
/// when the clock has not moved past it (a burst within one tick, or a clock stepped back).
/// The run-ahead is never more than needed: once the clock passes it, readings are used again.
#[derive(Debug)]
pub(crate) struct Monotonic {
    /// The smallest timestamp the next call may return: the last one's plus one.
    next_min: AtomicI64,
}

impl Monotonic {
    /// A sequence whose first timestamp is at least `first`.
    pub(crate) const fn starting_at(first: i64) -> Self {
        Monotonic {
            next_min: AtomicI64::new(first),
        }
    }

    /// The next timestamp for a clock reading of `now`: [`Stop::PastLast`] when it would pass
    /// `last` (the format's largest timestamp), [`Stop::Ahead`] when it would be more than
    /// `ahead` past `now` (the run-ahead bound; `u64::MAX` for none). A stop leaves the state
    /// untouched, so the sequence continues once the clock comes back into range or catches
    /// up.
    #[inline]
    pub(crate) fn next(&self, now: i64, last: i64, ahead: u64) -> Result<i64, Stop> {
        let mut next_min = self.next_min.load(Ordering::Relaxed);
        loop {
            let timestamp = if now > next_min {
                now
            } else {
                // Only when the clock has not passed the last timestamp: a burst, or a clock
                // gone back. `abs_diff` cannot overflow, whatever the two are.
                if next_min.abs_diff(now) > ahead {
                    return Err(Stop::Ahead { next_min });
                }
                next_min
            };
            if timestamp > last {
                return Err(Stop::PastLast);
            }
            // Relaxed is enough: uniqueness and order come from this one atomic's modification
            // order, and the timestamp carries no other data to publish.
            match self.next_min.compare_exchange_weak(
                next_min,
                timestamp + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Ok(timestamp),
                Err(current) => next_min = current,
            }
        }
    }

    /// [`next`](Monotonic::next) with the bound measured from `base` (at least `now`) rather
    /// than from `now`: the timestamp is still `now` or the next one after the last, but it
    /// may be at most `ahead` past `base`.
    pub(crate) fn next_within(
        &self,
        now: i64,
        base: i64,
        last: i64,
        ahead: u64,
    ) -> Result<i64, Stop> {
        let mut next_min = self.next_min.load(Ordering::Relaxed);
        loop {
            let timestamp = now.max(next_min);
            if timestamp > base && timestamp.abs_diff(base) > ahead {
                return Err(Stop::Ahead { next_min });
            }
            if timestamp > last {
                return Err(Stop::PastLast);
            }
            match self.next_min.compare_exchange_weak(
                next_min,
                timestamp + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Ok(timestamp),
                Err(current) => next_min = current,
            }
        }
    }

    /// Makes every later timestamp at least `first`.
    pub(crate) fn raise_to(&self, first: i64) {
        self.next_min.fetch_max(first, Ordering::Relaxed);
    }

    /// The smallest timestamp the next call may return (for `Debug` output).
    pub(crate) fn next_min(&self) -> i64 {
        self.next_min.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_the_clock_and_counts_up_within_a_tick() {
        let m = Monotonic::starting_at(0);
        assert_eq!(m.next(10, 100, u64::MAX), Ok(10));
        assert_eq!(m.next(10, 100, u64::MAX), Ok(11));
        assert_eq!(m.next(5, 100, u64::MAX), Ok(12));
        assert_eq!(m.next(50, 100, u64::MAX), Ok(50));
    }

    #[test]
    fn refuses_past_the_last_timestamp_without_losing_its_place() {
        let m = Monotonic::starting_at(0);
        assert_eq!(m.next(100, 100, u64::MAX), Ok(100));
        assert_eq!(m.next(100, 100, u64::MAX), Err(Stop::PastLast));
        assert_eq!(m.next(i64::MAX, 100, u64::MAX), Err(Stop::PastLast));
        assert_eq!(m.next_min(), 101);
    }

    #[test]
    fn negative_timestamps_work_for_formats_that_have_them() {
        let m = Monotonic::starting_at(-(1 << 53));
        assert_eq!(m.next(i64::MIN, 0, u64::MAX), Ok(-(1 << 53)));
        assert_eq!(m.next(-5, 0, u64::MAX), Ok(-5));
    }

    #[test]
    fn stops_past_the_run_ahead_bound_without_losing_its_place() {
        let m = Monotonic::starting_at(0);
        assert_eq!(m.next(10, 100, 2), Ok(10));
        assert_eq!(m.next(10, 100, 2), Ok(11));
        assert_eq!(m.next(10, 100, 2), Ok(12));
        assert_eq!(m.next(10, 100, 2), Err(Stop::Ahead { next_min: 13 }));
        assert_eq!(m.next(11, 100, 2), Ok(13));
        assert_eq!(m.next(i64::MIN, 100, u64::MAX), Ok(14));
        assert_eq!(
            m.next(i64::MIN, 100, 1 << 63),
            Err(Stop::Ahead { next_min: 15 })
        );
    }
}
