//! [`Xid`]: the timestamped uid11 profile, `42-bit ms since 2011-11-11T11:11:11.111Z | 22-bit
//! random`, and its generator.

use core::ops::RangeInclusive;

use super::{Uid11, XID_EPOCH_MILLIS, profile::profile_text, time_range::millis_ranges};
use crate::{
    Error,
    error::{Bounds, Int, Repr},
};

const FORMAT: &str = "xid";
const MAX_DELTA: u64 = (1 << 42) - 1;
const MAX_RANDOM: u32 = (1 << 22) - 1;

/// An xid: milliseconds since the xid epoch (2011-11-11T11:11:11.111Z) in the top 42 bits, 22
/// random bits below, written as a uid11.
///
/// - Every `u64` is an xid; text order is time order (then random).
/// - Times run from the epoch to **2151-03-25T18:46:22.214Z** (139.37 years).
/// - Prefixes of the text are time buckets: 6 symbols ≈ 156.5 ms, 7 ≈ 2.7 ms, 8 or more
///   under 1 ms ([`millis_range_for_prefix`](Xid::millis_range_for_prefix)).
///
/// # Examples
///
/// ```
/// use idtypes::Xid;
///
/// let id = Xid::from_parts_since_epoch(86_400_000, 0)?; // one day after the epoch
/// assert_eq!(id.to_string(), "113q8KFkAEs");
/// assert_eq!(id.timestamp_millis(), 1_321_096_271_111);
/// assert_eq!(id.random(), 0);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Xid(u64);

profile_text!(Xid, "xid", "113q8KFkAEs", u64::MAX, from_bytes);
millis_ranges!(Xid, "113q8KFkAEs");

impl Xid {
    /// The last Unix millisecond an xid can hold: 2151-03-25T18:46:22.214Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = XID_EPOCH_MILLIS + MAX_DELTA;

    /// The largest random field, 2^22 - 1.
    pub const MAX_RANDOM: u32 = MAX_RANDOM;

    /// Every payload is an xid.
    const fn from_payload(value: u64) -> Result<Xid, Error> {
        Ok(Xid(value))
    }

    /// Wraps a payload. Every `u64` is an xid.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Xid::from_u64(4194304).millis_since_epoch(), 1);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Xid {
        Xid(value)
    }

    /// Builds an xid from Unix milliseconds and a 22-bit random value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the epoch or
    /// after 2151-03-25T18:46:22.214Z, or a random value over 22 bits (never masked).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Xid;
    ///
    /// let id = Xid::from_parts(1_321_009_871_112, 0)?;
    /// assert_eq!(id.to_string(), "1111111NVpb");
    /// assert!(Xid::from_parts(1_321_009_871_110, 0).is_err());
    /// assert!(Xid::from_parts(1_321_009_871_111, 1 << 22).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(unix_millis: u64, random: u32) -> Result<Xid, Error> {
        if unix_millis < XID_EPOCH_MILLIS || unix_millis > Xid::MAX_TIMESTAMP_MILLIS {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "timestamp (Unix milliseconds)",
                        min: XID_EPOCH_MILLIS as i128,
                        max: Xid::MAX_TIMESTAMP_MILLIS as i128,
                    },
                    found: Int::new(unix_millis as i128),
                },
            ));
        }
        Xid::from_parts_since_epoch(unix_millis - XID_EPOCH_MILLIS, random)
    }

    /// Builds an xid from milliseconds since the xid epoch and a 22-bit random value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) over 42 bits of milliseconds
    /// or 22 bits of random.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Xid::from_parts_since_epoch(1, 0)?.to_u64(), 4194304);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts_since_epoch(millis: u64, random: u32) -> Result<Xid, Error> {
        if millis > MAX_DELTA {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "milliseconds since the epoch",
                        min: 0,
                        max: MAX_DELTA as i128,
                    },
                    found: Int::new(millis as i128),
                },
            ));
        }
        if random > MAX_RANDOM {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "random field",
                        min: 0,
                        max: MAX_RANDOM as i128,
                    },
                    found: Int::new(random as i128),
                },
            ));
        }
        Ok(Xid((millis << 22) | random as u64))
    }

    /// Milliseconds since the xid epoch: the top 42 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Xid::MAX.millis_since_epoch(), (1 << 42) - 1);
    /// ```
    #[inline]
    pub const fn millis_since_epoch(self) -> u64 {
        self.0 >> 22
    }

    /// Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Xid::MAX.timestamp_millis(), 5_719_056_382_214); // 2151-03-25T18:46:22.214Z
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The random field: the low 22 bits.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Xid::MAX.random(), (1 << 22) - 1);
    /// ```
    #[inline]
    pub const fn random(self) -> u32 {
        (self.0 & MAX_RANDOM as u64) as u32
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let epoch = idtypes::Xid::MIN.timestamp();
    /// assert_eq!(epoch, UNIX_EPOCH + Duration::from_millis(1_321_009_871_111));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// The Unix milliseconds of the xids whose text starts with `prefix`, inclusive; `None`
    /// when no xid has such a text.
    ///
    /// # Errors
    ///
    /// As [`Uid11::range_for_prefix`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Xid;
    ///
    /// let id = Xid::from_parts(1_700_000_000_000, 12345)?;
    /// let text = id.to_string();
    /// let bucket = Xid::millis_range_for_prefix(&text[..7])?.unwrap();
    /// assert!(bucket.contains(&1_700_000_000_000));
    /// assert!(bucket.end() - bucket.start() <= 3); // 7 symbols: about 2.7 ms, up to 4 distinct ms
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn millis_range_for_prefix(prefix: &str) -> Result<Option<RangeInclusive<u64>>, Error> {
        Ok(Uid11::range_for_prefix(prefix)?.map(|range| {
            Xid(range.start().to_u64()).timestamp_millis()
                ..=Xid(range.end().to_u64()).timestamp_millis()
        }))
    }

    /// A new xid from the process-wide monotonic generator.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after 2151-03-25 (see [`XidGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let (a, b) = (idtypes::Xid::now(), idtypes::Xid::now());
    /// assert!(a < b);
    /// ```
    #[cfg(feature = "std")]
    pub fn now() -> Xid {
        generator::global().next()
    }
}

impl From<Uid11> for Xid {
    fn from(id: Uid11) -> Xid {
        Xid(id.to_u64())
    }
}

impl From<u64> for Xid {
    fn from(value: u64) -> Xid {
        Xid(value)
    }
}

#[cfg(feature = "std")]
pub use generator::{XidGenerator, XidMode};

#[cfg(feature = "std")]
mod generator {
    use core::{
        fmt,
        sync::atomic::{AtomicU64, Ordering},
    };

    use super::{FORMAT, MAX_DELTA, MAX_RANDOM, Xid};
    use crate::{
        Clock, Error, SystemClock, error::Repr, fork, random::fast_u64,
        uid11::profile::millis_since_epoch,
    };

    /// How an [`XidGenerator`] fills the 22 low bits.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum XidMode {
        /// The first xid of each millisecond gets random low bits; the next ones in the same
        /// millisecond add one, and an overflow carries into the next millisecond (as monotonic
        /// ULID does). Strictly increasing, never repeating within the process.
        #[default]
        Monotonic,
        /// 22 fresh random bits every time, as the specification describes. Can repeat: 1,000
        /// xids in one millisecond collide with about 11% probability.
        Random,
    }

    /// Makes xids from a clock, from any number of threads.
    ///
    /// | mode | within one millisecond | clock stepped back |
    /// |---|---|---|
    /// | [`Monotonic`](XidMode::Monotonic) (default) | low field + 1 | continues from the last xid |
    /// | [`Random`](XidMode::Random) | fresh random bits (may repeat) | uses the clock as it is |
    ///
    /// A clock before the xid epoch (2011-11-11T11:11:11.111Z) reads as the epoch. A monotonic
    /// generator never hands out the payload `u64::MAX` (`jpXCZedGfVQ`): reaching it counts as
    /// exhaustion, so that its state cannot overflow.
    ///
    /// Xids carry no machine or clock id: ids of different processes differ by their 22 random
    /// bits alone. In a forked child (see [processes and `fork()`](crate#processes-and-fork))
    /// the random stream is reseeded from the operating system and a monotonic generator does
    /// not go on counting from its parent's last xid: it starts again at a random point of the
    /// next millisecond, so parent and child share an xid only by the chance any two processes
    /// have (two runs of `n` xids in the same millisecond overlap with probability about
    /// `2n / 2^22`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{XidGenerator, XidMode};
    ///
    /// let generator = XidGenerator::new();
    /// let (a, b) = (generator.next(), generator.next());
    /// assert!(a < b);
    ///
    /// let random = XidGenerator::new().with_mode(XidMode::Random);
    /// assert_eq!(random.mode(), XidMode::Random);
    /// ```
    pub struct XidGenerator<C = SystemClock> {
        clock: C,
        mode: XidMode,
        /// Monotonic mode: the smallest payload the next xid may have (last + 1).
        next_min: AtomicU64,
        /// The fork generation `next_min` belongs to.
        generation: AtomicU64,
    }

    impl XidGenerator<SystemClock> {
        /// A monotonic generator on the system clock.
        ///
        /// # Examples
        ///
        /// ```
        /// assert_eq!(idtypes::XidGenerator::new().mode(), idtypes::XidMode::Monotonic);
        /// ```
        pub fn new() -> Self {
            XidGenerator::with_clock(SystemClock)
        }
    }

    impl Default for XidGenerator<SystemClock> {
        fn default() -> Self {
            XidGenerator::new()
        }
    }

    impl<C: Clock> XidGenerator<C> {
        /// A monotonic generator on `clock`.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ManualClock, XidGenerator};
        ///
        /// let generator = XidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
        /// assert_eq!(generator.next().timestamp_millis(), 1_700_000_000_000);
        /// ```
        pub fn with_clock(clock: C) -> Self {
            fork::watch();
            XidGenerator {
                clock,
                mode: XidMode::Monotonic,
                next_min: AtomicU64::new(0),
                generation: AtomicU64::new(fork::current().generation()),
            }
        }

        /// The same generator in another mode.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{XidGenerator, XidMode};
        ///
        /// let generator = XidGenerator::new().with_mode(XidMode::Random);
        /// assert_eq!(generator.mode(), XidMode::Random);
        /// ```
        pub fn with_mode(mut self, mode: XidMode) -> Self {
            self.mode = mode;
            self
        }

        /// The mode.
        ///
        /// # Examples
        ///
        /// ```
        /// assert_eq!(idtypes::XidGenerator::new().mode(), idtypes::XidMode::Monotonic);
        /// ```
        pub fn mode(&self) -> XidMode {
            self.mode
        }

        /// The next xid.
        ///
        /// # Panics
        ///
        /// When the clock reads after 2151-03-25T18:46:22.214Z (or a monotonic generator has
        /// run ahead to the last xid). [`try_next`](XidGenerator::try_next) returns an error.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ManualClock, XidGenerator};
        ///
        /// let generator = XidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
        /// let (a, b) = (generator.next(), generator.next());
        /// assert_eq!(b.to_u64(), a.to_u64() + 1); // same millisecond: the low field counts up
        /// ```
        #[inline]
        #[allow(clippy::should_implement_trait)] // a generator is not an iterator: it never ends
        pub fn next(&self) -> Xid {
            match self.try_next() {
                Ok(id) => id,
                Err(err) => panic!("{err}"),
            }
        }

        /// The next xid, or an error when the clock is past the last xid millisecond.
        ///
        /// # Errors
        ///
        /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted).
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ErrorKind, ManualClock, XidGenerator};
        ///
        /// let generator = XidGenerator::with_clock(ManualClock::new(i64::MAX));
        /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
        /// ```
        #[inline]
        pub fn try_next(&self) -> Result<Xid, Error> {
            let millis = millis_since_epoch(self.clock.now_micros()) as u64;
            if millis > MAX_DELTA {
                return Err(exhausted());
            }
            let fresh = |millis: u64| (millis << 22) | (fast_u64() & MAX_RANDOM as u64);
            if self.mode == XidMode::Random {
                return Ok(Xid(fresh(millis)));
            }
            let generation = fork::current().generation();
            if generation != self.generation.load(Ordering::Acquire) {
                self.move_on_after_fork(generation);
            }
            let mut next_min = self.next_min.load(Ordering::Relaxed);
            loop {
                // A millisecond after every xid so far starts afresh; otherwise count up.
                let payload = if millis << 22 >= next_min {
                    fresh(millis)
                } else {
                    next_min
                };
                // `u64::MAX` is never handed out, so `payload + 1` cannot overflow.
                if payload == u64::MAX {
                    return Err(exhausted());
                }
                match self.next_min.compare_exchange_weak(
                    next_min,
                    payload + 1,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => return Ok(Xid(payload)),
                    Err(current) => next_min = current,
                }
            }
        }
    }

    impl<C> XidGenerator<C> {
        /// In a forked child: leave the parent's count behind for a random point of the
        /// millisecond after the parent's last xid.
        #[cold]
        fn move_on_after_fork(&self, generation: u64) {
            let next_min = self.next_min.load(Ordering::Relaxed);
            let floor = ((next_min >> 22) + 1)
                .checked_mul(1 << 22)
                .map_or(u64::MAX, |start| start | (fast_u64() & MAX_RANDOM as u64));
            // Every thread that notices the fork before the generation is stored jumps too:
            // each jump only moves the floor up. The release store publishes the jump to
            // threads that see the new generation.
            self.next_min.fetch_max(floor, Ordering::Relaxed);
            self.generation.store(generation, Ordering::Release);
        }
    }

    fn exhausted() -> Error {
        Error::new(
            FORMAT,
            Repr::Exhausted {
                reason: "the timestamp would pass 2151-03-25T18:46:22.214Z",
            },
        )
    }

    impl<C> fmt::Debug for XidGenerator<C> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.debug_struct("XidGenerator")
                .field("mode", &self.mode)
                .field("next_min", &Xid(self.next_min.load(Ordering::Relaxed)))
                .finish_non_exhaustive()
        }
    }

    /// The process-wide generator behind [`Xid::now`].
    pub(super) fn global() -> &'static XidGenerator {
        static GLOBAL: crate::global::Global<XidGenerator> = crate::global::Global::new();
        GLOBAL.get_or_make(XidGenerator::new)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::{ErrorKind, ManualClock};
        use std::{collections::HashSet, time::Duration};

        const NOW: i64 = 1_700_000_000_000_000;

        #[test]
        fn within_a_millisecond_the_low_field_counts_up() {
            let generator = XidGenerator::with_clock(ManualClock::new(NOW));
            let first = generator.next();
            for i in 1..100 {
                let id = generator.next();
                // Always last + 1, also when the low field carries into the next millisecond.
                assert_eq!(id.to_u64(), first.to_u64() + i);
            }
        }

        #[test]
        fn a_new_millisecond_starts_afresh() {
            let clock = ManualClock::new(NOW);
            let generator = XidGenerator::with_clock(&clock);
            let a = generator.next();
            clock.advance(Duration::from_millis(1));
            let b = generator.next();
            assert_eq!(b.millis_since_epoch(), a.millis_since_epoch() + 1);
        }

        #[test]
        fn an_overflowing_low_field_moves_to_the_next_millisecond() {
            let clock = ManualClock::new(NOW);
            let generator = XidGenerator::with_clock(&clock);
            let first = generator.next();
            let left = MAX_RANDOM - first.random();
            let mut last = first;
            for _ in 0..=left {
                last = generator.next();
            }
            assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
            assert_eq!(last.random(), 0);
        }

        #[test]
        fn a_clock_stepped_back_never_yields_a_repeat() {
            let clock = ManualClock::new(NOW);
            let generator = XidGenerator::with_clock(&clock);
            let mut last = generator.next();
            let mut seen = HashSet::from([last]);
            for step in 0..300 {
                if step % 3 == 0 {
                    clock.step_back(Duration::from_millis(20));
                } else {
                    clock.advance(Duration::from_millis(1));
                }
                let id = generator.next();
                assert!(id > last, "step {step}");
                assert!(seen.insert(id));
                last = id;
            }
        }

        #[test]
        fn random_mode_draws_fresh_bits_on_the_clock() {
            let generator =
                XidGenerator::with_clock(ManualClock::new(NOW)).with_mode(XidMode::Random);
            let ids: HashSet<u32> = (0..100).map(|_| generator.next().random()).collect();
            assert!(ids.len() > 90);
            assert!((0..10).all(|_| generator.next().timestamp_millis() == 1_700_000_000_000));
        }

        #[test]
        fn exhaustion_is_an_error() {
            let generator = XidGenerator::with_clock(ManualClock::new(i64::MAX));
            assert_eq!(
                generator.try_next().unwrap_err().kind(),
                ErrorKind::Exhausted
            );
        }
    }
}
