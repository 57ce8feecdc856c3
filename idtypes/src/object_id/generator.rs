//! [`ObjectIdGenerator`]: MongoDB's ObjectIds from a clock, from any number of threads.

use core::fmt;

use super::{FORMAT, ObjectId};
use crate::generation::process_counter::{ProcessCounter, unix_seconds};
use crate::{Clock, Error, SystemClock, process::random::secure_u64};

/// Makes ObjectIds the way the MongoDB drivers do (npm `bson`'s `new ObjectId()`, the Rust
/// `bson` crate's `ObjectId::new()`): the clock's Unix seconds, a 5-byte random value drawn
/// once per process, and a counter that starts at a random value and goes up by one for every
/// id, shared by all threads, wrapping at 2^24.
///
/// Like the drivers', ids follow the clock: they are ordered by second, not within one (the
/// counter can wrap), and a clock stepped back gives ids of the earlier second again, with
/// the counter further on. At most 2^24 ids a second are unique for one process.
///
/// Lock-free and thread-safe: an id is one clock read and one atomic add. In a process forked
/// from the one that made it (see [processes and `fork()`](crate#processes-and-fork)), the
/// generator draws a new random value and a new counter before its first id, so parent and
/// child never share an id (npm `bson` and the Rust `bson` crate keep the parent's, and their
/// children make the parent's ids again).
///
/// # Examples
///
/// ```
/// use idtypes::{ManualClock, object_id::ObjectIdGenerator};
///
/// let generator = ObjectIdGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!(a.timestamp_seconds(), 1_700_000_000);
/// assert_eq!(a.process_unique(), b.process_unique());
/// assert_eq!(b.counter(), (a.counter() + 1) % (1 << 24));
/// ```
pub struct ObjectIdGenerator<C = SystemClock> {
    clock: C,
    /// The random value (40 bits), drawn again in a forked child, and the counter.
    state: ProcessCounter,
}

impl<C: Clock> ObjectIdGenerator<C> {
    /// A generator on `clock` (a [`ManualClock`](crate::ManualClock) in tests), with a random
    /// value of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, object_id::ObjectIdGenerator};
    ///
    /// let generator = ObjectIdGenerator::with_clock(ManualClock::new(0));
    /// assert_eq!(generator.next().timestamp_seconds(), 0);
    /// ```
    pub fn with_clock(clock: C) -> Self {
        ObjectIdGenerator {
            clock,
            state: ProcessCounter::new(40, secure_u64),
        }
    }

    /// The same generator in `lanes` lanes (1..=64, rounded up to a power of two), so that
    /// that many threads make ObjectIds side by side instead of taking turns at one shared
    /// counter. One lane, the default, is that shared counter.
    ///
    /// Lane `k` of `n` makes only the ObjectIds whose counter is `k` modulo `n`, and each
    /// thread takes its ids from one lane (see
    /// [threads](crate#threads-one-generator-lanes-or-one-each)), so they never repeat within
    /// a second, as with one counter: a second still holds 2^24 unique ids in all, 2^24 / `n`
    /// per lane. Ordered by the second only, as with one lane.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, object_id::ObjectIdGenerator};
    ///
    /// let clock = ManualClock::new(1_700_000_000_000_000);
    /// let generator = ObjectIdGenerator::with_clock(&clock).with_lanes(2)?;
    /// let (mine, theirs) = std::thread::scope(|s| {
    ///     let theirs = s.spawn(|| [generator.next(), generator.next()]);
    ///     ([generator.next(), generator.next()], theirs.join().unwrap())
    /// });
    /// assert_eq!(mine[1].counter(), (mine[0].counter() + 2) % (1 << 24));
    /// assert_ne!(mine[0].counter() % 2, theirs[0].counter() % 2);
    /// assert!(ObjectIdGenerator::new().with_lanes(65).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_lanes(mut self, lanes: usize) -> Result<Self, Error> {
        self.state.set_lanes(lanes, FORMAT)?;
        Ok(self)
    }

    /// How many lanes (see [`with_lanes`](Self::with_lanes)): 1 unless set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::object_id::ObjectIdGenerator;
    ///
    /// assert_eq!(ObjectIdGenerator::new().lanes(), 1);
    /// assert_eq!(ObjectIdGenerator::new().with_lanes(3)?.lanes(), 4);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn lanes(&self) -> usize {
        self.state.lanes()
    }

    /// The next ObjectId.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) after 2106-02-07T06:28:15Z,
    /// when 4-byte seconds run out (the drivers would wrap to 1970).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock, object_id::ObjectIdGenerator};
    ///
    /// let late = ObjectIdGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(late.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<ObjectId, Error> {
        let seconds = unix_seconds(self.clock.now_micros(), FORMAT)?;
        Ok(self.at_seconds(seconds))
    }
}

impl<C> ObjectIdGenerator<C> {
    /// The next ObjectId for the Unix second `seconds`: the random value and the next
    /// counter, as [`try_next`](ObjectIdGenerator::try_next) makes them for the clock's second
    /// (and `ObjectId::at` for a second it is given).
    #[inline]
    pub(crate) fn at_seconds(&self, seconds: u32) -> ObjectId {
        let (unique, counter) = self.state.next();
        ObjectId::from_fields(seconds, unique_of(unique), counter)
    }

    /// The random value of this generator's ids in this process (drawn again in a forked
    /// child, which also draws a new counter).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::object_id::ObjectIdGenerator;
    ///
    /// let generator = ObjectIdGenerator::new();
    /// assert_eq!(generator.next().process_unique(), generator.process_unique());
    /// ```
    #[inline]
    pub fn process_unique(&self) -> [u8; 5] {
        unique_of(self.state.value())
    }
}

/// The random value (its low 40 bits) as the id's 5 bytes.
#[inline]
fn unique_of(value: u64) -> [u8; 5] {
    let b = value.to_be_bytes();
    [b[3], b[4], b[5], b[6], b[7]]
}

crate::generation::generator_shell::generator_shell! {
    ObjectIdGenerator => ObjectId;
    /// A generator on the system clock, with a random value of its own.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::object_id::ObjectIdGenerator::new();
    /// assert_ne!(generator.next(), generator.next());
    /// ```
    fn new;

    /// The next ObjectId ([`try_next`](ObjectIdGenerator::try_next)).
    ///
    /// # Panics
    ///
    /// After 2106-02-07T06:28:15Z, when 4-byte seconds run out.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::object_id::ObjectIdGenerator::new();
    /// let id = generator.next();
    /// assert_eq!(id.to_string().len(), 24);
    /// ```
    fn next;
    fn global;
}

impl<C> fmt::Debug for ObjectIdGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ObjectIdGenerator")
            .field("process_unique", &unique_of(self.state.last_value()))
            .field("lanes", &self.state.lanes())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, sync::Arc, time::Duration, vec::Vec};

    const NOW: i64 = 1_700_000_000_000_000;

    #[test]
    fn the_counter_goes_up_by_one_per_id_and_wraps_at_2_to_the_24() {
        let generator = ObjectIdGenerator::with_clock(ManualClock::new(NOW));
        let first = generator.next();
        for i in 1..1000 {
            assert_eq!(
                generator.next().counter(),
                (first.counter() + i) & ObjectId::MAX_COUNTER
            );
        }
        generator.state.set_counter(ObjectId::MAX_COUNTER - 1);
        assert_eq!(generator.next().counter(), ObjectId::MAX_COUNTER);
        assert_eq!(generator.next().counter(), 0);
    }

    #[test]
    fn ids_carry_the_clocks_seconds_and_the_process_value() {
        let clock = ManualClock::new(NOW);
        let generator = ObjectIdGenerator::with_clock(&clock);
        let a = generator.next();
        assert_eq!(a.timestamp_seconds(), 1_700_000_000);
        assert_eq!(a.process_unique(), generator.process_unique());
        clock.advance(Duration::from_millis(999));
        assert_eq!(generator.next().timestamp_seconds(), 1_700_000_000);
        clock.advance(Duration::from_millis(1));
        assert_eq!(generator.next().timestamp_seconds(), 1_700_000_001);
    }

    #[test]
    fn the_first_counter_and_the_value_are_random() {
        let ids: Vec<ObjectId> = (0..20)
            .map(|_| ObjectIdGenerator::with_clock(ManualClock::new(NOW)).next())
            .collect();
        let counters: HashSet<u32> = ids.iter().map(|id| id.counter()).collect();
        let values: HashSet<[u8; 5]> = ids.iter().map(|id| id.process_unique()).collect();
        assert!(counters.len() > 15, "{counters:?}");
        assert!(values.len() > 15, "{values:?}");
    }

    #[test]
    fn threads_never_share_an_id() {
        let generator = Arc::new(ObjectIdGenerator::with_clock(ManualClock::new(NOW)));
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
            seen.extend(handle.join().unwrap());
        }
        assert_eq!(seen.len(), 80_000);
    }

    #[test]
    fn a_clock_before_1970_reads_as_1970_and_the_end_is_an_error() {
        let early = ObjectIdGenerator::with_clock(ManualClock::new(-5_000_000));
        assert_eq!(early.next().timestamp_seconds(), 0);
        let last = ObjectIdGenerator::with_clock(ManualClock::new((1i64 << 32) * 1_000_000 - 1));
        assert_eq!(last.next().timestamp_seconds(), u64::from(u32::MAX));
        let late = ObjectIdGenerator::with_clock(ManualClock::new((1i64 << 32) * 1_000_000));
        let err = late.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert!(err.to_string().contains("2106"), "{err}");
    }

    #[test]
    fn a_changed_generation_draws_a_new_value_and_a_new_counter() {
        let generator = ObjectIdGenerator::with_clock(ManualClock::new(NOW));
        let before = generator.next();
        let mut values = HashSet::new();
        let mut counters = HashSet::new();
        for _ in 0..20 {
            // As a forked child finds it: the word of another generation.
            generator
                .state
                .pretend_forked(u64::from_be_bytes([0, 0, 0, 1, 2, 3, 4, 5]), 0);
            let id = generator.next();
            assert_ne!(id.process_unique(), [1, 2, 3, 4, 5]);
            values.insert(id.process_unique());
            counters.insert(id.counter());
        }
        assert!(values.len() > 15 && !values.contains(&before.process_unique()));
        assert!(counters.len() > 15, "{counters:?}");
    }
}
