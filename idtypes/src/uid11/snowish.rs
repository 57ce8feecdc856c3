//! [`Snowish`]: the snowflake-like uid11 profile, `0 | 41-bit ms | 10-bit machine | 12-bit
//! sequence`, and its generator.

use super::{Uid11, XID_EPOCH_MILLIS, profile::profile_text, time_range::millis_ranges};
use crate::{
    Error,
    error::{Bounds, Int, Repr},
};

const FORMAT: &str = "snowish uid11";
const MAX_DELTA: u64 = (1 << 41) - 1;

/// A snowish uid11: a reserved 0 bit, 41 bits of milliseconds since the xid epoch
/// (2011-11-11T11:11:11.111Z; the specification names none, idtypes uses xid's), a 10-bit
/// machine id and a 12-bit per-millisecond sequence.
///
/// Times run from the epoch to 2081-07-18T02:58:46.662Z. Payloads with the reserved top bit
/// set are not snowish ids (conversions from `Uid11`/`u64` are fallible).
///
/// # Examples
///
/// ```
/// use idtypes::Snowish;
///
/// let id = Snowish::from_parts(1_700_000_000_000, 7, 42)?;
/// assert_eq!((id.machine_id(), id.sequence()), (7, 42));
/// assert_eq!(id.timestamp_millis(), 1_700_000_000_000);
/// assert!(Snowish::try_from(idtypes::Uid11::MAX).is_err()); // reserved bit set
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Snowish(u64);

profile_text!(
    Snowish,
    "snowish uid11",
    "1111111NVpb",
    (1 << 63) - 1,
    try_from_bytes
);
millis_ranges!(Snowish, "1111111NVpb");

impl Snowish {
    /// The last Unix millisecond a snowish id can hold: 2081-07-18T02:58:46.662Z.
    pub const MAX_TIMESTAMP_MILLIS: u64 = XID_EPOCH_MILLIS + MAX_DELTA;

    /// The largest machine id, 1023.
    pub const MAX_MACHINE_ID: u16 = 1023;

    /// The largest sequence, 4095.
    pub const MAX_SEQUENCE: u16 = 4095;

    /// A payload is a snowish id when its reserved top bit is 0.
    const fn from_payload(value: u64) -> Result<Snowish, Error> {
        if value >> 63 != 0 {
            return Err(Error::new(
                FORMAT,
                Repr::Reserved {
                    rule: "the reserved top bit must be 0",
                },
            ));
        }
        Ok(Snowish(value))
    }

    /// Reads a payload.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowish;
    ///
    /// assert_eq!(Snowish::try_from_u64(4096)?.machine_id(), 1);
    /// assert!(Snowish::try_from_u64(1 << 63).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn try_from_u64(value: u64) -> Result<Snowish, Error> {
        Snowish::from_payload(value)
    }

    /// Builds a snowish id from Unix milliseconds, a machine id and a sequence.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside the epoch
    /// to 2081-07-18T02:58:46.662Z, a machine id above 1023 or a sequence above 4095.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowish;
    ///
    /// assert!(Snowish::from_parts(1_700_000_000_000, 1024, 0).is_err());
    /// assert!(Snowish::from_parts(1_700_000_000_000, 0, 4096).is_err());
    /// ```
    pub const fn from_parts(
        unix_millis: u64,
        machine_id: u16,
        sequence: u16,
    ) -> Result<Snowish, Error> {
        if unix_millis < XID_EPOCH_MILLIS || unix_millis > Snowish::MAX_TIMESTAMP_MILLIS {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "timestamp (Unix milliseconds)",
                        min: XID_EPOCH_MILLIS as i128,
                        max: Snowish::MAX_TIMESTAMP_MILLIS as i128,
                    },
                    found: Int::new(unix_millis as i128),
                },
            ));
        }
        if machine_id > Snowish::MAX_MACHINE_ID {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "machine id",
                        min: 0,
                        max: 1023,
                    },
                    found: Int::new(machine_id as i128),
                },
            ));
        }
        if sequence > Snowish::MAX_SEQUENCE {
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
        Ok(Snowish::from_fields(
            unix_millis - XID_EPOCH_MILLIS,
            machine_id,
            sequence,
        ))
    }

    /// Packs fields already known to be in range.
    pub(crate) const fn from_fields(millis: u64, machine_id: u16, sequence: u16) -> Snowish {
        Snowish((millis << 22) | ((machine_id as u64) << 12) | sequence as u64)
    }

    /// Milliseconds since the xid epoch.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::try_from_u64(1 << 22)?.millis_since_epoch(), 1);
    /// # Ok::<(), idtypes::Error>(())
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
    /// assert_eq!(idtypes::Snowish::try_from_u64(0)?.timestamp_millis(), 1_321_009_871_111);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_millis(self) -> u64 {
        XID_EPOCH_MILLIS + self.millis_since_epoch()
    }

    /// The machine id, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::from_parts(1_700_000_000_000, 9, 0)?.machine_id(), 9);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn machine_id(self) -> u16 {
        ((self.0 >> 12) & 0x3FF) as u16
    }

    /// The sequence within the millisecond, 0..=4095.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowish::from_parts(1_700_000_000_000, 9, 77)?.sequence(), 77);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn sequence(self) -> u16 {
        (self.0 & 0xFFF) as u16
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let id = idtypes::Snowish::from_parts(1_700_000_000_000, 0, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_millis(1_700_000_000_000));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_millis(self.timestamp_millis())
    }
}

impl TryFrom<Uid11> for Snowish {
    type Error = Error;

    fn try_from(id: Uid11) -> Result<Snowish, Error> {
        Snowish::from_payload(id.to_u64())
    }
}

impl TryFrom<u64> for Snowish {
    type Error = Error;

    fn try_from(value: u64) -> Result<Snowish, Error> {
        Snowish::from_payload(value)
    }
}

#[cfg(feature = "std")]
pub use generator::SnowishGenerator;

#[cfg(feature = "std")]
mod generator {
    use core::fmt;

    use super::{FORMAT, MAX_DELTA, Snowish};
    use crate::{
        Clock, Error, LeaseTerm, SystemClock,
        error::{Bounds, Int, Repr},
        fork::PerProcess,
        monotonic::Monotonic,
        uid11::profile::{millis_since_epoch, next_millis_and_sequence},
    };

    /// Makes snowish ids for one machine id: within a millisecond the sequence counts up, and
    /// when it passes 4095 the ids move on to the next millisecond; a clock stepped back never
    /// yields a repeat (ids continue from the last one); a clock before the xid epoch reads as
    /// the epoch. Lock-free, from any number of threads.
    ///
    /// The machine id belongs to the process that made the generator: in a process forked
    /// from it, [`try_next`](SnowishGenerator::try_next) refuses with
    /// [`ErrorKind::Forked`](crate::ErrorKind::Forked) rather than repeat the parent's ids (see
    /// [processes and `fork()`](crate#processes-and-fork)). Make each worker's generator after
    /// the fork, with that worker's machine id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, SnowishGenerator};
    ///
    /// let generator = SnowishGenerator::with_clock(ManualClock::new(1_700_000_000_000_000), 7)?;
    /// let (a, b) = (generator.next(), generator.next());
    /// assert_eq!((a.sequence(), b.sequence()), (0, 1));
    /// assert_eq!(b.machine_id(), 7);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub struct SnowishGenerator<C = SystemClock> {
        clock: C,
        machine_id: PerProcess,
        /// `millis << 12 | sequence` of the next id, at least.
        state: Monotonic,
    }

    impl SnowishGenerator<SystemClock> {
        /// A generator on the system clock for `machine_id` (0..=1023).
        ///
        /// # Errors
        ///
        /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
        ///
        /// # Examples
        ///
        /// ```
        /// assert!(idtypes::SnowishGenerator::new(1024).is_err());
        /// ```
        pub fn new(machine_id: u16) -> Result<Self, Error> {
            SnowishGenerator::with_clock(SystemClock, machine_id)
        }
    }

    impl<C: Clock> SnowishGenerator<C> {
        /// A generator on `clock` for `machine_id` (0..=1023).
        ///
        /// # Errors
        ///
        /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ManualClock, SnowishGenerator};
        ///
        /// assert!(SnowishGenerator::with_clock(ManualClock::new(0), 1023).is_ok());
        /// ```
        pub fn with_clock(clock: C, machine_id: u16) -> Result<Self, Error> {
            if machine_id > Snowish::MAX_MACHINE_ID {
                return Err(Error::new(
                    FORMAT,
                    Repr::OutOfRange {
                        bounds: &Bounds {
                            part: "machine id",
                            min: 0,
                            max: 1023,
                        },
                        found: Int::new(machine_id as i128),
                    },
                ));
            }
            Ok(SnowishGenerator {
                clock,
                machine_id: PerProcess::fixed(machine_id),
                state: Monotonic::starting_at(0),
            })
        }

        /// The same generator bound to a lease `term`: the leased value is its machine id,
        /// its ids come after every id earlier holders of that machine id may have made (the
        /// term's floor, to the millisecond), and it refuses
        /// ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)) once the term runs
        /// out or its ids reach the term's ceiling. See [`LeaseTerm`].
        ///
        /// # Errors
        ///
        /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a value above 1023.
        ///
        /// # Examples
        ///
        /// ```
        /// use std::time::Duration;
        /// use idtypes::{LeaseTerm, SnowishGenerator};
        ///
        /// // Terms come from a lease store (`lease.term()`, see `idtypes::lease`); here, by hand.
        /// let term = LeaseTerm::new(5, Duration::from_secs(25), 0, i64::MAX);
        /// let generator = SnowishGenerator::new(0)?.with_lease_term(term)?;
        /// assert_eq!(generator.next().machine_id(), 5);
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        pub fn with_lease_term(mut self, term: LeaseTerm) -> Result<Self, Error> {
            self.machine_id = PerProcess::leased(
                &term,
                &Bounds {
                    part: "machine id",
                    min: 0,
                    max: Snowish::MAX_MACHINE_ID as i128,
                },
                FORMAT,
            )?;
            // The first millisecond after the floor's.
            let floor = millis_since_epoch(term.floor_micros()).saturating_add(1);
            self.state.raise_to(floor.saturating_mul(1 << 12));
            Ok(self)
        }

        /// The machine id every id of this generator carries.
        ///
        /// # Examples
        ///
        /// ```
        /// assert_eq!(idtypes::SnowishGenerator::new(5)?.machine_id(), 5);
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        pub fn machine_id(&self) -> u16 {
            self.machine_id.value()
        }

        /// The next id.
        ///
        /// # Panics
        ///
        /// When the clock reads after 2081-07-18T02:58:46.662Z (or the generator has run
        /// ahead to it), and in a process forked from the one that made the generator.
        /// [`try_next`](SnowishGenerator::try_next) returns an error.
        ///
        /// # Examples
        ///
        /// ```
        /// let generator = idtypes::SnowishGenerator::new(1)?;
        /// assert!(generator.next() < generator.next());
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        #[inline]
        #[allow(clippy::should_implement_trait)] // a generator is not an iterator: it never ends
        pub fn next(&self) -> Snowish {
            match self.try_next() {
                Ok(id) => id,
                Err(err) => panic!("{err}"),
            }
        }

        /// The next id, or an error when the milliseconds are used up or the machine id
        /// belongs to a parent process.
        ///
        /// # Errors
        ///
        /// - [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) past the last millisecond;
        /// - [`ErrorKind::Forked`](crate::ErrorKind::Forked) in a process forked from the one
        ///   that made the generator.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::{ErrorKind, ManualClock, SnowishGenerator};
        ///
        /// let generator = SnowishGenerator::with_clock(ManualClock::new(i64::MAX), 0)?;
        /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        #[inline]
        pub fn try_next(&self) -> Result<Snowish, Error> {
            let (machine_id, ceiling) = self.machine_id.get_or_refuse(FORMAT, "machine id")?;
            // The whole millisecond of the ceiling: the next holder starts after it.
            let last = MAX_DELTA.min(millis_since_epoch(ceiling) as u64);
            match next_millis_and_sequence(&self.state, self.clock.now_micros(), last) {
                Some((millis, sequence)) => Ok(Snowish::from_fields(millis, machine_id, sequence)),
                None if last < MAX_DELTA => Err(self.machine_id.past_ceiling(FORMAT, "machine id")),
                None => Err(Error::new(
                    FORMAT,
                    Repr::Exhausted {
                        reason: "the timestamp would pass 2081-07-18T02:58:46.662Z",
                    },
                )),
            }
        }
    }

    impl<C> fmt::Debug for SnowishGenerator<C> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.debug_struct("SnowishGenerator")
                .field("machine_id", &self.machine_id.value())
                .finish_non_exhaustive()
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::ManualClock;
        use std::{collections::HashSet, time::Duration};

        #[test]
        fn the_sequence_counts_up_and_overflows_into_the_next_millisecond() {
            let generator =
                SnowishGenerator::with_clock(ManualClock::new(1_700_000_000_000_000), 3).unwrap();
            let first = generator.next();
            assert_eq!(first.sequence(), 0);
            let mut last = first;
            for _ in 0..4096 {
                last = generator.next();
            }
            assert_eq!(last.millis_since_epoch(), first.millis_since_epoch() + 1);
            assert_eq!((last.sequence(), last.machine_id()), (0, 3));
        }

        #[test]
        fn a_clock_stepped_back_never_yields_a_repeat() {
            let clock = ManualClock::new(1_700_000_000_000_000);
            let generator = SnowishGenerator::with_clock(&clock, 1).unwrap();
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
