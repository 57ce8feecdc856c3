//! The heart of every time-ordered generator: hand out strictly increasing timestamps that
//! follow a clock, from any number of threads, without locks.
//!
//! One atomic holds the state, so that every timestamp is one step of one modification
//! order: strictly increasing across all threads. That atomic's cache line then moves
//! between cores on every call, which costs more than the rest of an id (60 ns against 23 on
//! the 2-core machine of `idtypes/docs/performance.md`). A sequence of several *lanes*
//! ([`Monotonic::set_lanes`]) shares nothing between threads instead: lane `k` of `n` hands
//! out only the timestamps `t` with `t % n == k`, each thread always takes its timestamps
//! from the same lane (threads are numbered in the order they first take one, and thread `i`
//! takes lane `i % n`), so the timestamps never repeat, strictly increase per thread, and `n`
//! threads make them in parallel.

use core::sync::atomic::{AtomicI64, Ordering};

use super::lanes::Lanes;
use super::run_ahead::Stop;

/// Timestamps (in the generator's unit) that strictly increase and never repeat.
///
/// Each call takes `max(now, last + 1)`: the clock's reading, or one past the last timestamp
/// when the clock has not moved past it (a burst within one tick, or a clock stepped back).
/// The run-ahead is never more than needed: once the clock passes it, readings are used again.
/// With lanes, "the last" is the last of the caller's lane, and the timestamp is then rounded
/// up to the lane's next one (at most `lanes - 1` units later).
#[derive(Debug)]
pub(crate) struct Monotonic {
    /// The smallest timestamp the next call may return (the last one's plus one), per lane.
    next_min: Lanes<AtomicI64>,
}

impl Monotonic {
    /// A sequence whose first timestamp is at least `first`.
    pub(crate) const fn starting_at(first: i64) -> Self {
        Monotonic {
            next_min: Lanes::one(AtomicI64::new(first)),
        }
    }

    /// The same sequence in `lanes` lanes (see [`Lanes::set`]), each starting where the
    /// sequence is now.
    #[cfg(all(feature = "std", idtypes_host))]
    pub(crate) fn set_lanes(
        &mut self,
        lanes: usize,
        format: &'static str,
    ) -> Result<(), crate::Error> {
        let start = self.next_min();
        self.next_min.set(lanes, format, || AtomicI64::new(start))
    }

    /// How many lanes.
    pub(crate) fn lanes(&self) -> usize {
        self.next_min.count()
    }

    /// The next timestamp for a clock reading of `now`: [`Stop::PastLast`] when it would pass
    /// `last` (the format's largest timestamp), [`Stop::Ahead`] when it would be more than
    /// `ahead` past `now` (the run-ahead bound; `u64::MAX` for none). A stop leaves the state
    /// untouched, so the sequence continues once the clock comes back into range or catches
    /// up.
    #[inline]
    pub(crate) fn next(&self, now: i64, last: i64, ahead: u64) -> Result<i64, Stop> {
        let (state, mask, lane) = self.next_min.mine();
        let mut next_min = state.load(Ordering::Relaxed);
        loop {
            let earliest = if now > next_min {
                now
            } else {
                // Only when the clock has not passed the last timestamp: a burst, or a clock
                // gone back. `abs_diff` cannot overflow, whatever the two are.
                if next_min.abs_diff(now) > ahead {
                    return Err(Stop::Ahead { next_min });
                }
                next_min
            };
            let timestamp = round_up(earliest, mask, lane).ok_or(Stop::PastLast)?;
            if timestamp > last {
                return Err(Stop::PastLast);
            }
            // Relaxed is enough: uniqueness and order come from this one atomic's modification
            // order, and the timestamp carries no other data to publish.
            match state.compare_exchange_weak(
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
        let (state, mask, lane) = self.next_min.mine();
        let mut next_min = state.load(Ordering::Relaxed);
        loop {
            let timestamp = round_up(now.max(next_min), mask, lane).ok_or(Stop::PastLast)?;
            if timestamp > base && timestamp.abs_diff(base) > ahead {
                return Err(Stop::Ahead { next_min });
            }
            if timestamp > last {
                return Err(Stop::PastLast);
            }
            match state.compare_exchange_weak(
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
        for lane in self.next_min.all() {
            lane.fetch_max(first, Ordering::Relaxed);
        }
    }

    /// The smallest timestamp the next call may return, from any lane (the largest of the
    /// lanes' own): what a lease's claims and `Debug` output go by.
    pub(crate) fn next_min(&self) -> i64 {
        self.next_min
            .all()
            .map(|lane| lane.load(Ordering::Relaxed))
            .max()
            .unwrap_or(i64::MIN)
    }
}

/// The first timestamp at or after `earliest` in lane `lane` of `mask + 1`, or `None` past
/// `i64::MAX` (as [`round_up`](super::lanes::round_up) for `u64`).
#[inline(always)]
fn round_up(earliest: i64, mask: u64, lane: u64) -> Option<i64> {
    // `mask + 1` divides 2^64: the wrapping difference has the right residue.
    earliest.checked_add((lane.wrapping_sub(earliest as u64) & mask) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(all(feature = "std", idtypes_host))]
    use crate::generation::lanes::{MAX_LANES, assert_threads_never_repeat, thread_number};

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

    #[cfg(all(feature = "std", idtypes_host))]
    #[test]
    fn lanes_round_up_to_their_residue_and_count_past_the_lane() {
        assert_eq!(round_up(10, 0, 0), Some(10));
        assert_eq!(round_up(10, 3, 0), Some(12));
        assert_eq!(round_up(10, 3, 2), Some(10));
        assert_eq!(round_up(10, 3, 3), Some(11));
        assert_eq!(round_up(-5, 3, 1), Some(-3));
        assert_eq!(round_up(-1, 3, 0), Some(0));
        assert_eq!(round_up(i64::MIN, 3, 3), Some(i64::MIN + 3));
        assert_eq!(round_up(i64::MAX, 3, 3), Some(i64::MAX));
        assert_eq!(round_up(i64::MAX - 1, 3, 0), None);

        let mut m = Monotonic::starting_at(0);
        assert_eq!(m.next(10, 100, u64::MAX), Ok(10));
        m.set_lanes(3, "test").unwrap();
        assert_eq!(m.lanes(), 4);
        let lane = (thread_number() & 3) as u64;
        let first = m.next(10, 100, u64::MAX).unwrap();
        assert!(
            first >= 11 && first % 4 == lane as i64,
            "{first} in lane {lane}"
        );
        assert_eq!(m.next(10, 100, u64::MAX), Ok(first + 4));
        assert_eq!(
            m.next(50, 100, u64::MAX),
            Ok(round_up(50, 3, lane).unwrap())
        );
        assert_eq!(
            m.next(100, 100, u64::MAX).map(|t| t <= 100),
            if lane == 0 {
                Ok(true)
            } else {
                Err(Stop::PastLast)
            }
        );
        m.raise_to(1_000);
        assert!(m.next_min() >= 1_000);
        assert_eq!(m.next(0, 2_000, u64::MAX), Ok(1_000 + lane as i64));
        assert!(m.set_lanes(0, "test").is_err());
        assert!(m.set_lanes(MAX_LANES + 1, "test").is_err());
        m.set_lanes(1, "test").unwrap();
        assert_eq!(m.lanes(), 1);
        assert!(m.next(0, 2_000, u64::MAX).unwrap() > 1_000 + lane as i64);
    }

    /// Threads that share lanes and threads that have one each: no timestamp twice, every
    /// thread's own strictly increasing, and every lane's its own residue.
    #[cfg(all(feature = "std", idtypes_host))]
    #[test]
    fn threads_on_lanes_never_repeat_and_each_sees_its_own_increase() {
        for lanes in [1, 2, 4] {
            let mut m = Monotonic::starting_at(0);
            m.set_lanes(lanes, "test").unwrap();
            assert_threads_never_repeat(6, 20_000, |i| {
                let lane = (thread_number() % lanes) as i64;
                // A clock that moves on, stands still and goes back.
                let now = [i as i64 / 3, i as i64 / 7, 5][i % 3];
                let t = m.next(now, i64::MAX, u64::MAX).unwrap();
                assert_eq!(t.rem_euclid(lanes as i64), lane);
                t
            });
        }
    }
}
