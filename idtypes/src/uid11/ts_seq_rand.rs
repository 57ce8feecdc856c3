//! [`TsSeqRand`]: the uid11 profile `42-bit ms | 12-bit sequence | 10-bit random`, and its
//! generator.

use super::{Uid11, XID_EPOCH_MILLIS, profile::profile_text, time_range::millis_ranges};
use crate::{
    Error,
    error::{Bounds, Int, Repr},
};

const FORMAT: &str = "ts-seq-rand uid11";
const MAX_DELTA: u64 = (1 << 42) - 1;

/// A ts-seq-rand uid11: 42 bits of milliseconds since the xid epoch
/// (2011-11-11T11:11:11.111Z; the specification names none, idtypes uses xid's), a 12-bit
/// per-millisecond sequence and 10 random bits.
///
/// Every `u64` is one. Times run from the epoch to 2151-03-25T18:46:22.214Z.
///
/// # Examples
///
/// ```
/// use idtypes::TsSeqRand;
///
/// let id = TsSeqRand::from_parts(1_700_000_000_000, 3, 999)?;
/// assert_eq!((id.sequence(), id.random()), (3, 999));
/// assert!(TsSeqRand::from_parts(1_700_000_000_000, 4096, 0).is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct TsSeqRand(u64);

profile_text!(
    TsSeqRand,
    "ts-seq-rand uid11",
    "1111111NVpb",
    u64::MAX,
    from_bytes
);
millis_ranges!(TsSeqRand, "1111111NVpb");

impl TsSeqRand {
    /// The last Unix millisecond: 2151-03-25T18:46:22.214Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = XID_EPOCH_MILLIS + MAX_DELTA;

    /// Every payload is a ts-seq-rand id.
    const fn from_payload(value: u64) -> Result<TsSeqRand, Error> {
        Ok(TsSeqRand(value))
    }

    /// Wraps a payload. Every `u64` is one.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1 << 10).sequence(), 1);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> TsSeqRand {
        TsSeqRand(value)
    }

    /// Builds an id from Unix milliseconds, a sequence (0..=4095) and a random value
    /// (0..=1023).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for any part out of its range
    /// (never masked).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TsSeqRand;
    ///
    /// assert!(TsSeqRand::from_parts(1_700_000_000_000, 0, 1024).is_err());
    /// assert!(TsSeqRand::from_parts(1_000, 0, 0).is_err()); // before the epoch
    /// ```
    pub const fn from_parts(
        unix_millis: u64,
        sequence: u16,
        random: u16,
    ) -> Result<TsSeqRand, Error> {
        if unix_millis < XID_EPOCH_MILLIS || unix_millis > TsSeqRand::MAX_TIMESTAMP_MILLIS {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "timestamp (Unix milliseconds)",
                        min: XID_EPOCH_MILLIS as i128,
                        max: TsSeqRand::MAX_TIMESTAMP_MILLIS as i128,
                    },
                    found: Int::new(unix_millis as i128),
                },
            ));
        }
        if sequence > 4095 {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "sequence",
                        min: 0,
                        max: 4095,
                    },
                    found: Int::new(sequence as i128),
                },
            ));
        }
        if random > 1023 {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "random field",
                        min: 0,
                        max: 1023,
                    },
                    found: Int::new(random as i128),
                },
            ));
        }
        Ok(TsSeqRand::from_fields(
            unix_millis - XID_EPOCH_MILLIS,
            sequence,
            random,
        ))
    }

    /// Packs fields already known to be in range.
    pub(crate) const fn from_fields(millis: u64, sequence: u16, random: u16) -> TsSeqRand {
        TsSeqRand((millis << 22) | ((sequence as u64) << 10) | random as u64)
    }

    /// Milliseconds since the xid epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1 << 22).millis_since_epoch(), 1);
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
    /// assert_eq!(idtypes::TsSeqRand::from_u64(0).timestamp_millis(), 1_321_009_871_111);
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The sequence within the millisecond, 0..=4095.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(4095 << 10).sequence(), 4095);
    /// ```
    #[inline]
    pub const fn sequence(self) -> u16 {
        ((self.0 >> 10) & 0xFFF) as u16
    }

    /// The random field, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TsSeqRand::from_u64(1023).random(), 1023);
    /// ```
    #[inline]
    pub const fn random(self) -> u16 {
        (self.0 & 0x3FF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let id = idtypes::TsSeqRand::from_u64(0);
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_millis(1_321_009_871_111));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }

    /// A new ts-seq-rand id from the process-wide generator.
    ///
    /// # Panics
    ///
    /// Only if the system clock reads after the last millisecond the format holds (see
    /// [`TsSeqRandGenerator::next`]).
    ///
    /// # Examples
    ///
    /// ```
    /// let (a, b) = (idtypes::TsSeqRand::now(), idtypes::TsSeqRand::now());
    /// assert!(a < b);
    /// ```
    #[cfg(feature = "std")]
    pub fn now() -> TsSeqRand {
        generator::global().next()
    }
}

impl From<Uid11> for TsSeqRand {
    fn from(id: Uid11) -> TsSeqRand {
        TsSeqRand(id.to_u64())
    }
}

impl From<u64> for TsSeqRand {
    fn from(value: u64) -> TsSeqRand {
        TsSeqRand(value)
    }
}

#[cfg(feature = "std")]
pub use generator::TsSeqRandGenerator;

#[cfg(feature = "std")]
mod generator {
    use core::fmt;

    use super::{FORMAT, MAX_DELTA, TsSeqRand};
    use crate::{
        Clock, Error, SystemClock, error::Repr, monotonic::Monotonic, random::fast_u64,
        uid11::profile::next_millis_and_sequence,
    };

    /// Makes ts-seq-rand ids: within a millisecond the sequence counts up (passing 4095 moves
    /// on to the next millisecond), 10 fresh random bits each; a clock stepped back never
    /// yields a repeat, and a clock before the xid epoch reads as the epoch. Lock-free, from any
    /// number of threads.
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
    /// use idtypes::{ManualClock, TsSeqRandGenerator};
    ///
    /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// let (a, b) = (generator.next(), generator.next());
    /// assert_eq!((a.sequence(), b.sequence()), (0, 1));
    /// assert!(a < b);
    /// ```
    pub struct TsSeqRandGenerator<C = SystemClock> {
        clock: C,
        /// `millis << 12 | sequence` of the next id, at least.
        state: Monotonic,
    }

    impl TsSeqRandGenerator<SystemClock> {
        /// A generator on the system clock.
        ///
        /// # Examples
        ///
        /// ```
        /// let generator = idtypes::TsSeqRandGenerator::new();
        /// assert!(generator.next() < generator.next());
        /// ```
        pub fn new() -> Self {
            TsSeqRandGenerator::with_clock(SystemClock)
        }
    }

    impl Default for TsSeqRandGenerator<SystemClock> {
        fn default() -> Self {
            TsSeqRandGenerator::new()
        }
    }

    impl<C: Clock> TsSeqRandGenerator<C> {
        /// A generator on `clock`.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ManualClock, TsSeqRandGenerator};
        ///
        /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
        /// assert_eq!(generator.next().timestamp_millis(), 1_700_000_000_000);
        /// ```
        pub fn with_clock(clock: C) -> Self {
            TsSeqRandGenerator {
                clock,
                state: Monotonic::starting_at(0),
            }
        }

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
        /// let generator = idtypes::TsSeqRandGenerator::new();
        /// assert!(generator.next() < generator.next());
        /// ```
        #[inline]
        #[allow(clippy::should_implement_trait)] // a generator is not an iterator: it never ends
        pub fn next(&self) -> TsSeqRand {
            match self.try_next() {
                Ok(id) => id,
                Err(err) => panic!("{err}"),
            }
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
        /// use idtypes::{ErrorKind, ManualClock, TsSeqRandGenerator};
        ///
        /// let generator = TsSeqRandGenerator::with_clock(ManualClock::new(i64::MAX));
        /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
        /// ```
        #[inline]
        pub fn try_next(&self) -> Result<TsSeqRand, Error> {
            match next_millis_and_sequence(&self.state, self.clock.now_micros(), MAX_DELTA) {
                Some((millis, sequence)) => Ok(TsSeqRand::from_fields(
                    millis,
                    sequence,
                    (fast_u64() & 0x3FF) as u16,
                )),
                None => Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2151-03-25T18:46:22.214Z",
                    },
                )),
            }
        }
    }

    impl<C> fmt::Debug for TsSeqRandGenerator<C> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.debug_struct("TsSeqRandGenerator").finish_non_exhaustive()
        }
    }

    /// The process-wide generator behind [`TsSeqRand::now`].
    pub(super) fn global() -> &'static TsSeqRandGenerator {
        static GLOBAL: crate::global::Global<TsSeqRandGenerator> = crate::global::Global::new();
        GLOBAL.get_or_make(TsSeqRandGenerator::new)
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::ManualClock;
        use std::{collections::HashSet, time::Duration};

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
    }
}
