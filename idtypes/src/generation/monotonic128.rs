//! [`Monotonic128`]: the state of the 128-bit generators that count up within a millisecond
//! (ULID, UUIDv7): `millis << random_bits | random`, where a new millisecond starts from fresh
//! random bits and the ids within one millisecond count up from there.
//!
//! 128 bits have no lock-free compare-and-swap on stable Rust, so the state sits behind a
//! spin lock held for a few instructions (no allocation, no system call, no clock read or
//! random draw inside it). The lock word is the holder's [fork generation](crate::process::fork)
//! plus one, so a child forked while another thread of its parent held the lock (a thread
//! that does not exist in the child) takes the lock over instead of waiting forever; and
//! the first id of a child jumps to the next millisecond with fresh random bits, so that it
//! never continues its parent's count.

use super::fork_lock::ForkLock;
use super::lanes::Lanes;

/// The next-id floor of a 128-bit generator, behind a fork-aware spin lock.
pub(crate) struct Monotonic128 {
    /// The smallest value the next id may have (`None`: every value was handed out), per
    /// lane.
    floor: Lanes<ForkLock<Option<u128>>>,
}

impl Monotonic128 {
    /// A state whose first id is not below `first` (0: anything the clock gives).
    pub(crate) fn starting_at(first: u128) -> Self {
        Monotonic128 {
            floor: Lanes::one(ForkLock::new(Some(first))),
        }
    }

    /// The same state in `lanes` lanes (see [`Lanes::set`]), each starting where the state
    /// is now: lane `k` of `n` hands out only the values that are `k` modulo `n`.
    pub(crate) fn set_lanes(
        &mut self,
        lanes: usize,
        format: &'static str,
    ) -> Result<(), crate::Error> {
        let start = self.next_min();
        self.floor.set(lanes, format, || ForkLock::new(start))
    }

    /// How many lanes.
    pub(crate) fn lanes(&self) -> usize {
        self.floor.count()
    }

    /// The next value for a clock reading of `millis`: `millis << random_bits | fresh` when
    /// that is above every value handed out so far, else one more than the last; `None` when
    /// that would pass `max` (the values are used up). `fresh` draws `random_bits` random bits;
    /// it is called (inside the lock) only when a new millisecond starts, so the ids within a
    /// millisecond cost no random draw.
    #[inline]
    pub(crate) fn next(
        &self,
        millis: u64,
        random_bits: u32,
        max: u128,
        fresh: impl Fn() -> u128,
    ) -> Option<u128> {
        let start = (millis as u128) << random_bits;
        let (lane_floor, mask, lane) = self.floor.mine();
        let (mask, lane) = (u128::from(mask), u128::from(lane));
        lane_floor.with(|floor, inherited| {
            let next_min = match *floor {
                // A child's first id: its floor moves past its parent's millisecond.
                Some(next_min) if inherited => {
                    *floor = after_fork(next_min, random_bits, fresh());
                    (*floor)?
                }
                Some(next_min) => next_min,
                None => return None,
            };
            let earliest = if start >= next_min {
                start | fresh()
            } else {
                next_min
            };
            // The lane's first value at or after it (`mask + 1` divides 2^128).
            let value = earliest.checked_add(lane.wrapping_sub(earliest) & mask)?;
            if value > max {
                return None;
            }
            *floor = value.checked_add(1);
            Some(value)
        })
    }

    /// The floor now (for `Debug`), `None` once every value was handed out.
    pub(crate) fn next_min(&self) -> Option<u128> {
        // The largest lane's: `None` (used up) when any lane is.
        self.floor
            .all()
            .map(|lane| lane.peek(|floor| *floor))
            .try_fold(0, |max, floor| Some(max.max(floor?)))
    }
}

/// A forked child's floor: the millisecond after its parent's last, with fresh random bits
/// (`None` when there is none: the child then has no ids left).
#[cold]
fn after_fork(next_min: u128, random_bits: u32, fresh: u128) -> Option<u128> {
    let next = (next_min >> random_bits) + 1;
    (next.leading_zeros() >= random_bits).then(|| (next << random_bits) | fresh)
}

impl core::fmt::Debug for Monotonic128 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Monotonic128")
            .field("next_min", &self.next_min())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{collections::HashSet, sync::Arc};

    const BITS: u32 = 80;
    const MAX: u128 = u128::MAX;

    #[test]
    fn a_new_millisecond_takes_the_fresh_bits_and_then_counts_up() {
        let m = Monotonic128::starting_at(0);
        assert_eq!(m.next(10, BITS, MAX, || 500), Some((10 << BITS) | 500));
        assert_eq!(m.next(10, BITS, MAX, || 7), Some((10 << BITS) | 501));
        // A clock that went back continues the count.
        assert_eq!(m.next(3, BITS, MAX, || 7), Some((10 << BITS) | 502));
        assert_eq!(m.next(11, BITS, MAX, || 9), Some((11 << BITS) | 9));
    }

    #[test]
    fn the_count_carries_into_the_next_millisecond_and_stops_at_max() {
        let m = Monotonic128::starting_at(0);
        let top = (1u128 << BITS) - 1;
        assert_eq!(m.next(10, BITS, MAX, || top), Some((10 << BITS) | top));
        assert_eq!(m.next(10, BITS, MAX, || 0), Some(11 << BITS));
        let max = (12 << BITS) | 1;
        assert_eq!(m.next(12, BITS, max, || 0), Some(12 << BITS));
        assert_eq!(m.next(12, BITS, max, || 0), Some(max));
        assert_eq!(m.next(12, BITS, max, || 0), None);
        assert_eq!(m.next(12, BITS, max, || 0), None);
        // The very last value is handed out once.
        let m = Monotonic128::starting_at(u128::MAX);
        assert_eq!(m.next(0, BITS, MAX, || 0), Some(u128::MAX));
        assert_eq!(m.next(0, BITS, MAX, || 0), None);
    }

    #[test]
    fn threads_never_share_a_value() {
        let m = Arc::new(Monotonic128::starting_at(0));
        let handles: Vec<_> = (0..8)
            .map(|t| {
                let m = Arc::clone(&m);
                std::thread::spawn(move || {
                    (0..20_000u64)
                        .map(|i| m.next(1 + i / 5000, BITS, MAX, || t).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut seen = HashSet::new();
        for handle in handles {
            let values = handle.join().unwrap();
            assert!(values.windows(2).all(|w| w[0] < w[1]));
            for value in values {
                assert!(seen.insert(value));
            }
        }
        assert_eq!(seen.len(), 160_000);
    }

    /// The same in lanes: threads on two and on four lanes (sharing lanes, with 8 threads),
    /// the fresh bits the same for every thread, so that only the lanes keep them apart.
    #[test]
    fn threads_on_lanes_never_share_a_value() {
        for lanes in [2_u128, 4] {
            let mut m = Monotonic128::starting_at(0);
            m.set_lanes(lanes as usize, "test").unwrap();
            crate::generation::lanes::assert_threads_never_repeat(8, 10_000, |i| {
                let lane = crate::generation::lanes::thread_number() as u128 % lanes;
                let value = m.next(1 + i as u64 / 2500, BITS, MAX, || 7).unwrap();
                assert_eq!(value % lanes, lane);
                value
            });
        }
    }

    #[test]
    fn a_lock_left_by_another_generation_is_taken_over() {
        let m = Monotonic128::starting_at(0);
        m.floor.mine().0.as_if_held_by_a_parent();
        assert_eq!(m.next(10, BITS, MAX, || 1), Some((10 << BITS) | 1));
        assert!(m.floor.mine().0.is_free());
    }

    #[test]
    fn after_a_fork_the_child_starts_at_the_next_millisecond() {
        let m = Monotonic128::starting_at(0);
        assert_eq!(m.next(10, BITS, MAX, || 5), Some((10 << BITS) | 5));
        m.floor.mine().0.as_if_written_by_a_parent();
        // Reading the floor (as `Debug` does) leaves it the parent's.
        assert_eq!(m.next_min(), Some((10 << BITS) | 6));
        assert_eq!(m.next(10, BITS, MAX, || 3), Some((11 << BITS) | 3));
        assert_eq!(m.next(10, BITS, MAX, || 3), Some((11 << BITS) | 4));
    }
}
