//! [`Lanes`]: a generator's state in one or more copies that share nothing between threads.
//!
//! One atomic shared by every thread keeps one order across them, at the price of its cache
//! line moving between cores on every id (more than the rest of an id costs). In `n` lanes
//! (a power of two), lane `k` hands out only the values `v` with `v % n == k`, and each
//! thread always takes its values from the same lane: thread `i` (threads are numbered in the
//! order they first take one) takes lane `i % n`. The values then never repeat, strictly
//! increase per thread, and `n` threads take them side by side.

#[cfg(all(feature = "std", idtypes_host))]
use super::padded::Padded;

/// The most lanes a state may have.
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) const MAX_LANES: usize = 64;

/// The bounds of a generator's `with_lanes`.
#[cfg(all(feature = "std", idtypes_host))]
const LANES: crate::error::Bounds = crate::error::Bounds {
    part: "lanes",
    min: 1,
    max: MAX_LANES as i128,
};

/// A state `A` (an atomic) in one lane, or (with `std`) in a power of two of them, each alone
/// in its cache line.
#[derive(Debug)]
pub(crate) struct Lanes<A> {
    /// The one lane, when there are no others (then unused, but kept at their start).
    first: A,
    /// Two or more lanes.
    #[cfg(all(feature = "std", idtypes_host))]
    more: Option<Box<[Padded<A>]>>,
}

impl<A> Lanes<A> {
    /// One lane: the state shared by every thread.
    pub(crate) const fn one(first: A) -> Self {
        Lanes {
            first,
            #[cfg(all(feature = "std", idtypes_host))]
            more: None,
        }
    }

    /// `lanes` lanes (1..=[`MAX_LANES`], rounded up to a power of two), each made by `start`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than
    /// [`MAX_LANES`].
    #[cfg(all(feature = "std", idtypes_host))]
    pub(crate) fn set(
        &mut self,
        lanes: usize,
        format: &'static str,
        start: impl Fn() -> A,
    ) -> Result<(), crate::Error> {
        if !(1..=MAX_LANES).contains(&lanes) {
            return Err(LANES.refuse(format, lanes as i128));
        }
        self.first = start();
        self.more = (lanes > 1).then(|| {
            (0..lanes.next_power_of_two())
                .map(|_| Padded(start()))
                .collect()
        });
        Ok(())
    }

    /// How many lanes.
    pub(crate) fn count(&self) -> usize {
        #[cfg(all(feature = "std", idtypes_host))]
        if let Some(more) = &self.more {
            return more.len();
        }
        1
    }

    /// The caller's lane: its state, `lanes - 1` (a mask) and its number.
    #[inline]
    pub(crate) fn mine(&self) -> (&A, u64, u64) {
        #[cfg(all(feature = "std", idtypes_host))]
        if let Some(more) = &self.more {
            let mask = more.len() - 1;
            let lane = thread_number() & mask;
            return (&more[lane].0, mask as u64, lane as u64);
        }
        (&self.first, 0, 0)
    }

    /// Every lane's state (the unused one lane's too, when there are others).
    pub(crate) fn all(&self) -> impl Iterator<Item = &A> {
        #[cfg(all(feature = "std", idtypes_host))]
        let more = self.more.iter().flatten().map(|lane| &lane.0);
        #[cfg(not(all(feature = "std", idtypes_host)))]
        let more = core::iter::empty();
        core::iter::once(&self.first).chain(more)
    }
}

/// The unsigned states (a uid11 xid generator's payloads): what the generators' `with_lanes`
/// and `lanes` call, as [`Monotonic`](super::monotonic::Monotonic)'s for its timestamps.
impl Lanes<core::sync::atomic::AtomicU64> {
    /// This state in `lanes` lanes (see [`set`](Lanes::set)), each starting at the largest
    /// value of the lanes so far.
    #[cfg(all(feature = "std", idtypes_host))]
    pub(crate) fn set_lanes(
        &mut self,
        lanes: usize,
        format: &'static str,
    ) -> Result<(), crate::Error> {
        use core::sync::atomic::{AtomicU64, Ordering::Relaxed};
        let start = self.all().map(|lane| lane.load(Relaxed)).max().unwrap_or(0);
        self.set(lanes, format, || AtomicU64::new(start))
    }

    /// How many lanes.
    pub(crate) fn lanes(&self) -> usize {
        self.count()
    }
}

/// The first value at or after `earliest` that belongs to lane `lane` of `mask + 1` (`mask`
/// 0: `earliest` itself), or `None` past `u64::MAX`: for values in two's complement too, as
/// `mask + 1` divides 2^64.
#[inline(always)]
pub(crate) fn round_up(earliest: u64, mask: u64, lane: u64) -> Option<u64> {
    earliest.checked_add(lane.wrapping_sub(earliest) & mask)
}

/// This thread's number: threads are numbered in the order they first ask, from 0, modulo
/// [`MAX_LANES`].
#[cfg(all(feature = "std", idtypes_host))]
#[inline]
pub(crate) fn thread_number() -> usize {
    use core::cell::Cell;
    use core::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::thread_local! {
        // No destructor, so it can be read even while the thread's other thread-locals are
        // being dropped.
        static NUMBER: Cell<usize> = const { Cell::new(usize::MAX) };
    }
    NUMBER
        .try_with(|number| match number.get() {
            usize::MAX => {
                let new = NEXT.fetch_add(1, Ordering::Relaxed) % MAX_LANES;
                number.set(new);
                new
            }
            known => known,
        })
        .unwrap_or(0)
}

/// What the lanes' tests share: `threads` threads each take `ids` values from `next` (given
/// the value's index in its thread); asserts that each thread's values strictly increase and
/// that no value repeats across threads.
#[cfg(all(test, feature = "std", idtypes_host))]
pub(crate) fn assert_threads_never_repeat<T>(
    threads: usize,
    ids: usize,
    next: impl Fn(usize) -> T + Sync,
) where
    T: Ord + core::hash::Hash + Copy + core::fmt::Debug + Send,
{
    let per_thread: Vec<Vec<T>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| s.spawn(|| (0..ids).map(&next).collect()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut all = std::collections::HashSet::new();
    for values in &per_thread {
        assert!(
            values.windows(2).all(|w| w[0] < w[1]),
            "a thread's values decrease"
        );
        all.extend(values.iter().copied());
    }
    assert_eq!(all.len(), threads * ids, "values repeat across threads");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_up_to_their_lane() {
        assert_eq!(round_up(10, 0, 0), Some(10));
        assert_eq!(round_up(10, 3, 0), Some(12));
        assert_eq!(round_up(10, 3, 2), Some(10));
        assert_eq!(round_up(10, 3, 3), Some(11));
        assert_eq!(round_up(-5_i64 as u64, 3, 1), Some(-3_i64 as u64));
        assert_eq!(round_up(u64::MAX, 3, 3), Some(u64::MAX));
        assert_eq!(round_up(u64::MAX - 1, 3, 0), None);
    }

    #[cfg(all(feature = "std", idtypes_host))]
    #[test]
    fn lanes_are_a_power_of_two_from_one_to_the_most() {
        let mut lanes = Lanes::one(0_u8);
        assert_eq!(lanes.count(), 1);
        assert_eq!(lanes.mine(), (&0, 0, 0));
        lanes.set(3, "test", || 7).unwrap();
        assert_eq!(lanes.count(), 4);
        assert_eq!(lanes.all().copied().collect::<Vec<_>>(), [7; 5]);
        let (_, mask, lane) = lanes.mine();
        assert_eq!((mask, lane), (3, (thread_number() & 3) as u64));
        assert_eq!(
            lanes.set(0, "test", || 0).unwrap_err().kind(),
            crate::ErrorKind::OutOfRange
        );
        assert!(lanes.set(MAX_LANES + 1, "test", || 0).is_err());
        lanes.set(MAX_LANES, "test", || 0).unwrap();
        assert_eq!(lanes.count(), MAX_LANES);
        lanes.set(1, "test", || 1).unwrap();
        assert_eq!(lanes.all().copied().collect::<Vec<_>>(), [1]);
    }
}
