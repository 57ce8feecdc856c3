//! The heart of every time-ordered generator: hand out strictly increasing timestamps that
//! follow a clock, from any number of threads, without locks.

use core::sync::atomic::{AtomicI64, Ordering};

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

    /// The next timestamp for a clock reading of `now`, or `None` when it would pass `last`
    /// (the format's largest timestamp). A `None` leaves the state untouched, so the sequence
    /// continues if the clock comes back into range.
    #[inline]
    pub(crate) fn next(&self, now: i64, last: i64) -> Option<i64> {
        let mut next_min = self.next_min.load(Ordering::Relaxed);
        loop {
            let timestamp = if now > next_min { now } else { next_min };
            if timestamp > last {
                return None;
            }
            // Relaxed is enough: uniqueness and order come from this one atomic's modification
            // order, and the timestamp carries no other data to publish.
            match self.next_min.compare_exchange_weak(
                next_min,
                timestamp + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(timestamp),
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
        assert_eq!(m.next(10, 100), Some(10));
        assert_eq!(m.next(10, 100), Some(11));
        assert_eq!(m.next(5, 100), Some(12));
        assert_eq!(m.next(50, 100), Some(50));
    }

    #[test]
    fn refuses_past_the_last_timestamp_without_losing_its_place() {
        let m = Monotonic::starting_at(0);
        assert_eq!(m.next(100, 100), Some(100));
        assert_eq!(m.next(100, 100), None);
        assert_eq!(m.next(i64::MAX, 100), None);
        assert_eq!(m.next_min(), 101);
    }

    #[test]
    fn negative_timestamps_work_for_formats_that_have_them() {
        let m = Monotonic::starting_at(-(1 << 53));
        assert_eq!(m.next(i64::MIN, 0), Some(-(1 << 53)));
        assert_eq!(m.next(-5, 0), Some(-5));
    }
}
