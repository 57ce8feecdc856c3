//! [`ProcessCounter`]: a value of the process and a 3-byte counter that every thread shares,
//! both made again in a forked child, as rs/xid's XIDs and MongoDB's ObjectIds take them
//! (their process id, their random value per process). Lock-free: the value is one atomic
//! load and a check of the fork generation, the counter one atomic add.

use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use super::{lanes::Lanes, padded::Padded};
use crate::{Error, error::Repr, process::fork, process::random::secure_u64};

/// The largest counter, 2^24 - 1: both formats' counters are 3 bytes.
pub(crate) const MAX_COUNTER: u32 = (1 << 24) - 1;

/// The process's value and the counter, per lane.
pub(crate) struct ProcessCounter {
    /// The fork generation the value was made in (its low `64 - value_bits` bits, in the high
    /// bits) and the value (the low `value_bits`).
    process: AtomicU64,
    /// How many low bits of `process` the value takes.
    value_bits: u32,
    /// The process's value, made again in each process (read or drawn).
    make: fn() -> u64,
    /// The last counter handed out (its low 24 bits), per lane.
    counter: Padded<Lanes<AtomicU32>>,
}

impl ProcessCounter {
    /// A counter at a random start, beside the value `make` gives (its low `value_bits`): in
    /// this process now, and again in a forked child.
    pub(crate) fn new(value_bits: u32, make: fn() -> u64) -> ProcessCounter {
        fork::watch();
        let counter = ProcessCounter {
            process: AtomicU64::new(0),
            value_bits,
            make,
            counter: Padded(Lanes::one(AtomicU32::new(random_counter()))),
        };
        counter.process.store(
            counter.word(fork::current().generation()),
            Ordering::Relaxed,
        );
        counter
    }

    /// The counter in `lanes` lanes (see [`Lanes`]), each at a random start.
    pub(crate) fn set_lanes(&mut self, lanes: usize, format: &'static str) -> Result<(), Error> {
        self.counter
            .0
            .set(lanes, format, || AtomicU32::new(random_counter()))
    }

    /// How many lanes.
    pub(crate) fn lanes(&self) -> usize {
        self.counter.count()
    }

    /// The process's value, and the next counter of this thread's lane: one more than its
    /// last (by the lane count in lanes, keeping the lane's residue), modulo 2^24.
    #[inline]
    pub(crate) fn next(&self) -> (u64, u32) {
        let value = self.value();
        let (counter, mask, lane) = self.counter.mine();
        let step = mask as u32 + 1;
        let counter = counter
            .fetch_add(step, Ordering::Relaxed)
            .wrapping_add(step);
        let counter = (counter & !(mask as u32)) | lane as u32;
        (value, counter & MAX_COUNTER)
    }

    /// The process's value in this process: made again, with new counters, in a forked child.
    #[inline]
    pub(crate) fn value(&self) -> u64 {
        let generation = fork::current().generation();
        let word = self.process.load(Ordering::Acquire);
        if word >> self.value_bits == self.generation_bits(generation) {
            return word & self.value_mask();
        }
        self.forked(word, generation)
    }

    /// The value as last made, without a check of the fork generation (for `Debug`).
    pub(crate) fn last_value(&self) -> u64 {
        self.process.load(Ordering::Relaxed) & self.value_mask()
    }

    /// The first id in a forked child: the child's value and new counters, set by whichever
    /// thread gets here first.
    #[cold]
    #[inline(never)]
    fn forked(&self, seen: u64, generation: u64) -> u64 {
        let word = self.word(generation);
        match self
            .process
            .compare_exchange(seen, word, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => {
                for lane in self.counter.all() {
                    lane.store(random_counter(), Ordering::Relaxed);
                }
                word & self.value_mask()
            }
            // Another thread of the child got here first.
            Err(current) => current & self.value_mask(),
        }
    }

    /// The process word of a fork generation, with a value made now.
    fn word(&self, generation: u64) -> u64 {
        (self.generation_bits(generation) << self.value_bits) | ((self.make)() & self.value_mask())
    }

    /// A fork generation's bits in the process word: its low `64 - value_bits` (a child is one
    /// generation on from its parent, so the processes of one line of forks tell theirs
    /// apart).
    #[inline]
    fn generation_bits(&self, generation: u64) -> u64 {
        generation & (u64::MAX >> self.value_bits)
    }

    #[inline]
    fn value_mask(&self) -> u64 {
        (1 << self.value_bits) - 1
    }

    /// As a forked child finds it: the word of another generation, holding `value`, and this
    /// lane's counter at `counter`.
    #[cfg(test)]
    pub(crate) fn pretend_forked(&self, value: u64, counter: u32) {
        let generation = fork::current().generation().wrapping_add(1);
        let stale =
            (self.generation_bits(generation) << self.value_bits) | (value & self.value_mask());
        self.process.store(stale, Ordering::Relaxed);
        self.set_counter(counter);
    }

    /// This thread's lane's counter at `counter` (the next id takes one more).
    #[cfg(test)]
    pub(crate) fn set_counter(&self, counter: u32) {
        self.counter.mine().0.store(counter, Ordering::Relaxed);
    }
}

/// The 4-byte Unix second of a clock's microseconds, as both formats take it: a clock before
/// 1970 reads as 1970, and after 2106-02-07T06:28:15Z there is none
/// ([`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted); the references wrap to 1970).
#[inline]
pub(crate) fn unix_seconds(micros: i64, format: &'static str) -> Result<u32, Error> {
    let seconds = if micros < 0 { 0 } else { micros / 1_000_000 };
    u32::try_from(seconds).map_err(|_| exhausted(format))
}

#[cold]
fn exhausted(format: &'static str) -> Error {
    Error::new(
        format,
        Repr::Exhausted {
            reason: "the timestamp would pass 2106-02-07T06:28:15Z, the last 4-byte second",
        },
    )
}

/// A counter's random start.
fn random_counter() -> u32 {
    secure_u64() as u32 & MAX_COUNTER
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_value_is_kept_until_a_fork_and_made_again_after() {
        let counter = ProcessCounter::new(40, secure_u64);
        let value = counter.value();
        assert_eq!(value >> 40, 0);
        assert_eq!(counter.next().0, value);
        let mut values = HashSet::new();
        for _ in 0..20 {
            counter.pretend_forked(value, 0);
            let (after, count) = counter.next();
            assert_ne!(after, value);
            assert_ne!(count, 1, "a new counter, not the parent's");
            values.insert(after);
        }
        assert!(values.len() > 15, "{values:?}");
    }

    #[test]
    fn the_counter_wraps_at_2_to_the_24_and_keeps_to_its_lane() {
        let counter = ProcessCounter::new(16, || 0xe428);
        assert_eq!(counter.value(), 0xe428);
        counter.set_counter(MAX_COUNTER - 1);
        assert_eq!(counter.next().1, MAX_COUNTER);
        assert_eq!(counter.next().1, 0);
        counter.set_counter(u32::MAX);
        assert_eq!(counter.next().1, 0);
        let mut lanes = ProcessCounter::new(16, || 1);
        lanes.set_lanes(3, "test").unwrap();
        assert_eq!(lanes.lanes(), 4);
        let (_, a) = lanes.next();
        let (_, b) = lanes.next();
        assert_eq!(b, (a + 4) & MAX_COUNTER);
        assert!(lanes.set_lanes(65, "test").is_err());
    }
}
