//! [`UuidV7Generator`]: RFC 9562 version 7 UUIDs from a clock, monotonic within a
//! millisecond, from any number of threads; [`now_v7`] and [`new_v4`].

use core::fmt;

use uuid::Uuid;

use crate::{
    Clock, Error, SystemClock,
    error::Repr,
    generation::{clock_guard::ClockGuard, monotonic128::Monotonic128, padded::Padded},
    process::random::secure_u128,
};

/// The format generator errors name.
const FORMAT: &str = "UUIDv7";

/// The bits after the timestamp that count within a millisecond: `rand_a` (12) and
/// `rand_b` (62), as one counter.
const COUNTER_BITS: u32 = 74;

/// The last millisecond a UUIDv7 holds (48 bits): 10889-08-02T05:31:50.655Z.
const MAX_MILLIS: u64 = (1 << 48) - 1;

/// The last state: the last millisecond with a full counter.
const MAX_STATE: u128 = (1 << (48 + COUNTER_BITS)) - 1;

/// The UUIDv7 of a generator state `millis << 74 | counter`: the 48-bit `unix_ts_ms`, the
/// version (7), `rand_a` (the counter's top 12 bits), the variant (`10`) and `rand_b` (its low
/// 62 bits).
#[inline]
const fn uuid_v7(state: u128) -> Uuid {
    let millis = state >> COUNTER_BITS;
    let rand_a = (state >> 62) & 0xFFF;
    let rand_b = state & ((1 << 62) - 1);
    Uuid::from_u128((millis << 80) | (0x7 << 76) | (rand_a << 64) | (0b10 << 62) | rand_b)
}

/// 74 fresh secure random bits: a millisecond's first counter value.
#[inline]
fn fresh_counter() -> u128 {
    secure_u128() & ((1 << COUNTER_BITS) - 1)
}

/// Makes RFC 9562 version 7 UUIDs from a clock, from any number of threads: strictly
/// increasing, never repeating within the process.
///
/// Each UUID holds the 48-bit Unix time in milliseconds, then the version (7), 12 bits
/// `rand_a`, the variant (`10`) and 62 bits `rand_b`. `rand_a` and `rand_b` are one 74-bit
/// counter (RFC 9562 §6.2, method 2, "monotonic random"):
///
/// | the clock | the counter |
/// |---|---|
/// | reads a millisecond after every UUID so far | 74 fresh random bits (ChaCha12, keyed by the OS) |
/// | reads the same millisecond | the last UUID's plus one |
/// | counts past its top | carries into the next millisecond: never a repeat |
/// | stepped back | goes on from the last UUID, plus one |
/// | reads before 1970 | reads as 1970 (0 ms) |
/// | reads after 10889-08-02T05:31:50.655Z, the last 48-bit millisecond | [`try_next`](UuidV7Generator::try_next) fails ([`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted)) |
///
/// A forward jump of the clock further than the time passed explains is held back until it
/// has held for a second (see [clocks](crate#clocks)). Starting each millisecond from 74
/// random bits makes UUIDs of other processes (and machines) differ as random ones do; within
/// a millisecond the next UUID of this generator is guessable, as with any monotonic UUIDv7.
///
/// 128 bits have no lock-free update on stable Rust: the state is behind a spin lock held for
/// a few instructions (no allocation, no system call, no clock read or random draw inside).
/// In a forked child (see [processes and `fork()`](crate#processes-and-fork)), the random
/// stream is rekeyed from the operating system and the generator does not go on counting
/// from its parent's last UUID: it starts at fresh random bits of the next millisecond.
///
/// # Examples
///
/// ```
/// use idtypes::uuids::UuidV7Generator;
///
/// let generator = UuidV7Generator::new();
/// let (a, b) = (generator.next(), generator.next());
/// assert!(a < b);
/// assert_eq!(a.get_version_num(), 7);
/// ```
///
/// # References
///
/// - [RFC 9562](https://www.rfc-editor.org/rfc/rfc9562), §5.7 (UUID version 7) and §6.2
///   (monotonicity and counters).
pub struct UuidV7Generator<C = SystemClock> {
    clock: C,
    guard: ClockGuard,
    /// The smallest state (`millis << 74 | counter`) the next UUID may have.
    state: Padded<Monotonic128>,
}

impl<C: Clock> UuidV7Generator<C> {
    /// A generator on `clock`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uuids::UuidV7Generator;
    ///
    /// let generator = UuidV7Generator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// let (seconds, nanos) = generator.next().get_timestamp().unwrap().to_unix();
    /// assert_eq!((seconds, nanos), (1_700_000_000, 0));
    /// ```
    pub fn with_clock(clock: C) -> Self {
        UuidV7Generator::starting_at(clock, 0)
    }

    /// A generator on `clock` whose first state is not below `first` (for tests that start
    /// near the top of a millisecond).
    fn starting_at(clock: C, first: u128) -> Self {
        UuidV7Generator {
            clock,
            guard: ClockGuard::new(),
            state: Padded(Monotonic128::starting_at(first)),
        }
    }

    /// The next UUID, or an error past the last millisecond a UUIDv7 holds.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) when the clock reads after
    /// 10889-08-02T05:31:50.655Z, or the generator has counted up to the last UUIDv7.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock};
    /// use idtypes::uuids::UuidV7Generator;
    ///
    /// let generator = UuidV7Generator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// assert_eq!(generator.try_next()?.get_version_num(), 7);
    ///
    /// let generator = UuidV7Generator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<Uuid, Error> {
        let micros = self.guard.read(&self.clock).micros;
        // Before 1970 reads as 1970: a UUIDv7 has no earlier time.
        let millis = micros.max(0) as u64 / 1000;
        if millis > MAX_MILLIS {
            return Err(exhausted());
        }
        match self
            .state
            .next(millis, COUNTER_BITS, MAX_STATE, fresh_counter)
        {
            Some(state) => Ok(uuid_v7(state)),
            None => Err(exhausted()),
        }
    }
}

fn exhausted() -> Error {
    Error::new(
        FORMAT,
        Repr::Exhausted {
            reason: "the timestamp would pass 10889-08-02T05:31:50.655Z",
        },
    )
}

crate::generation::generator_shell::lanes! {
    UuidV7Generator.state,
    use "idtypes::uuids::UuidV7Generator",
    make "UuidV7Generator::new()",
    unit "`millis << 74 | counter` (the 74 bits beside the version and variant)",
    rate "in 4 lanes each lane counts up by 4 from its own random start in a millisecond",
}

crate::generation::generator_shell::generator_shell! {
    UuidV7Generator => Uuid;
    /// A generator on the system clock.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::uuids::UuidV7Generator::new();
    /// assert_eq!(generator.next().get_version_num(), 7);
    /// ```
    fn new;

    /// The next UUID.
    ///
    /// # Panics
    ///
    /// When the clock reads after 10889-08-02T05:31:50.655Z.
    /// [`try_next`](UuidV7Generator::try_next) returns an error.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ManualClock;
    /// use idtypes::uuids::UuidV7Generator;
    ///
    /// let generator = UuidV7Generator::with_clock(ManualClock::new(1_700_000_000_000_000));
    /// let (a, b) = (generator.next(), generator.next());
    /// assert_eq!(b.as_u128(), a.as_u128() + 1); // same millisecond: the counter counts up
    /// ```
    fn next;
    fn global;
}

/// A new UUIDv7 from the process-wide [`UuidV7Generator`]: strictly increasing across all
/// threads of the process.
///
/// # Panics
///
/// Only if the system clock reads after 10889-08-02 (see [`UuidV7Generator::next`]).
///
/// # Examples
///
/// ```
/// let (a, b) = (idtypes::uuids::now_v7(), idtypes::uuids::now_v7());
/// assert!(a < b);
/// assert_eq!(b.get_version_num(), 7);
/// ```
pub fn now_v7() -> Uuid {
    global().next()
}

/// The timestamps of a UUIDv7, 0 to 2^48 - 1 Unix milliseconds.
const TIMESTAMP: crate::error::Bounds = crate::error::Bounds {
    part: "timestamp (Unix milliseconds)",
    min: 0,
    max: MAX_MILLIS as i128,
};

/// A new UUIDv7 of the time `time`, for tests and backfills: its `unix_ts_ms` is `time`
/// rounded down to the millisecond, its 74 bits `rand_a` and `rand_b` fresh from the secure
/// random source of [`now_v7`]'s (what a generator's first UUID of a millisecond has), with
/// the version (7) and the variant (`10`). `time` is a [`SystemTime`](std::time::SystemTime),
/// or any [`UtcTime`](crate::UtcTime), each of which converts to it. (The `uuid` crate's
/// `Uuid::new_v7(Timestamp)` does the same with its own random source.)
///
/// UUIDs made so are not ordered within a millisecond (a generator's count up), and differ as
/// random 74-bit values do.
///
/// # Errors
///
/// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
/// 10889-08-02T05:31:50.655Z, giving the time found in Unix milliseconds.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use idtypes::{ErrorKind, uuids};
///
/// let id = uuids::at_v7(UNIX_EPOCH + Duration::from_micros(1_688_096_058_518_999))?;
/// assert_eq!(uuids::timestamp_millis(id), Some(1_688_096_058_518)); // rounded down
/// assert_eq!(id.get_version_num(), 7);
/// assert_eq!(id.get_variant(), uuid::Variant::RFC4122);
///
/// let err = uuids::at_v7(UNIX_EPOCH - Duration::from_millis(1)).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::OutOfRange);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub fn at_v7(time: impl Into<std::time::SystemTime>) -> Result<Uuid, Error> {
    at_time(time.into())
}

/// [`at_v7`], compiled once.
fn at_time(time: std::time::SystemTime) -> Result<Uuid, Error> {
    use crate::utc::{MILLIS, floor_within};

    let millis = floor_within(&time, MILLIS, FORMAT, &TIMESTAMP)? as u128;
    Ok(uuid_v7((millis << COUNTER_BITS) | fresh_counter()))
}

/// A new random UUID (version 4): 122 bits from a per-thread ChaCha12 stream keyed by the
/// operating system (rekeyed in a forked child), the version (4) and the variant (`10`).
///
/// # Examples
///
/// ```
/// let id = idtypes::uuids::new_v4();
/// assert_eq!(id.get_version_num(), 4);
/// assert_eq!(id.get_variant(), uuid::Variant::RFC4122);
/// assert_ne!(id, idtypes::uuids::new_v4());
/// ```
pub fn new_v4() -> Uuid {
    let random = secure_u128();
    let version = 0x4 << 76;
    let variant = 0b10 << 62;
    let fixed = (0xF << 76) | (0b11 << 62);
    Uuid::from_u128((random & !fixed) | version | variant)
}

impl<C> fmt::Debug for UuidV7Generator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UuidV7Generator")
            .field("next_min", &self.state.next_min().map(uuid_v7))
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::generator_shell::tests::assert_steps_back_never_repeat;
    use crate::{ErrorKind, ManualClock};
    use std::{collections::HashSet, prelude::rust_2024::*, sync::Arc, time::Duration};

    /// 2023-11-14T22:13:20Z.
    const NOW: i64 = 1_700_000_000_000_000;

    fn millis(uuid: Uuid) -> u64 {
        (uuid.as_u128() >> 80) as u64
    }

    fn counter(uuid: Uuid) -> u128 {
        let bits = uuid.as_u128();
        (((bits >> 64) & 0xFFF) << 62) | (bits & ((1 << 62) - 1))
    }

    #[test]
    fn the_fields_are_rfc_9562_version_7() {
        let generator = UuidV7Generator::with_clock(ManualClock::new(NOW + 123));
        let uuid = generator.next();
        assert_eq!(uuid.get_version_num(), 7);
        assert_eq!(uuid.get_version(), Some(uuid::Version::SortRand));
        assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122);
        assert_eq!(millis(uuid), 1_700_000_000_000);
        // The uuid crate reads the millisecond back.
        let (seconds, nanos) = uuid.get_timestamp().unwrap().to_unix();
        assert_eq!((seconds, nanos), (1_700_000_000, 0));
        assert_eq!(uuid.as_u128() >> 76 & 0xF, 7);
        assert_eq!(uuid.as_u128() >> 62 & 0b11, 0b10);
    }

    #[test]
    fn within_a_millisecond_the_counter_counts_up_from_random_bits() {
        let clock = ManualClock::new(NOW);
        let generator = UuidV7Generator::with_clock(&clock);
        let first = generator.next();
        for i in 1..1000 {
            let uuid = generator.next();
            assert_eq!(counter(uuid), counter(first) + i);
            assert_eq!(uuid.get_version_num(), 7);
        }
        // Each millisecond starts afresh: 74 random bits are never twice the same.
        let starts: HashSet<u128> = (0..100)
            .map(|_| {
                clock.advance(Duration::from_millis(1));
                counter(generator.next())
            })
            .collect();
        assert_eq!(starts.len(), 100);
        // ...and use the whole counter, `rand_a` included.
        assert!(starts.iter().any(|c| c >> 62 != 0));
    }

    #[test]
    fn a_full_counter_carries_into_the_next_millisecond() {
        let clock = ManualClock::new(NOW);
        let ms = (NOW / 1000) as u128;
        let near_top = (ms << COUNTER_BITS) | ((1 << COUNTER_BITS) - 2);
        let generator = UuidV7Generator::starting_at(&clock, near_top);
        let last = generator.next();
        assert_eq!(millis(last), ms as u64);
        let top = generator.next();
        assert_eq!(
            (millis(top), counter(top)),
            (ms as u64, (1 << COUNTER_BITS) - 1)
        );
        assert_eq!(top.as_u128() >> 62 & 0b11, 0b10);
        let carried = generator.next();
        assert_eq!((millis(carried), counter(carried)), (ms as u64 + 1, 0));
        assert!(last < top && top < carried);
        assert_eq!(carried.get_version_num(), 7);
    }

    #[test]
    fn a_clock_stepped_back_never_yields_a_repeat() {
        let clock = ManualClock::new(NOW);
        let generator = UuidV7Generator::with_clock(&clock);
        let steps = (Duration::from_millis(20), Duration::from_millis(1));
        assert_steps_back_never_repeat(&clock, steps, 300, || generator.next(), |a, b| a > b);
    }

    #[test]
    fn a_clock_before_1970_reads_as_1970() {
        let generator = UuidV7Generator::with_clock(ManualClock::new(-5_000_000));
        let (a, b) = (generator.next(), generator.next());
        assert_eq!((millis(a), millis(b)), (0, 0));
        assert!(a < b);
    }

    #[test]
    fn past_the_last_millisecond_it_is_exhausted() {
        let last = (MAX_MILLIS * 1000) as i64;
        let generator = UuidV7Generator::with_clock(ManualClock::new(last));
        assert_eq!(millis(generator.next()), MAX_MILLIS);
        let generator = UuidV7Generator::with_clock(ManualClock::new(last + 1000));
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert_eq!(
            err.to_string(),
            "UUIDv7 generator exhausted: the timestamp would pass 10889-08-02T05:31:50.655Z"
        );
        // Counting up to the very last UUIDv7 ends there too.
        let generator = UuidV7Generator::starting_at(ManualClock::new(last), MAX_STATE);
        assert_eq!(generator.next().as_u128(), uuid_v7(MAX_STATE).as_u128());
        assert_eq!(
            generator.try_next().unwrap_err().kind(),
            ErrorKind::Exhausted
        );
    }

    #[test]
    fn threads_sharing_a_generator_never_share_a_uuid() {
        let generator = Arc::new(UuidV7Generator::new());
        let workers: Vec<_> = (0..8)
            .map(|_| {
                let generator = Arc::clone(&generator);
                std::thread::spawn(move || (0..20_000).map(|_| generator.next()).collect())
            })
            .collect();
        let mut seen = HashSet::new();
        for worker in workers {
            let uuids: Vec<Uuid> = worker.join().unwrap();
            assert!(uuids.windows(2).all(|w| w[0] < w[1]));
            for uuid in uuids {
                assert_eq!(uuid.get_version_num(), 7);
                assert!(seen.insert(uuid));
            }
        }
        assert_eq!(seen.len(), 160_000);
    }

    #[test]
    fn now_v7_increases() {
        let uuids: Vec<Uuid> = (0..1000).map(|_| now_v7()).collect();
        assert!(uuids.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn new_v4_is_random_with_the_version_and_variant_set() {
        let uuids: HashSet<Uuid> = (0..1000).map(|_| new_v4()).collect();
        assert_eq!(uuids.len(), 1000);
        let mut ones = 0u128;
        let mut zeros = 0u128;
        for uuid in &uuids {
            assert_eq!(uuid.get_version_num(), 4);
            assert_eq!(uuid.get_variant(), uuid::Variant::RFC4122);
            ones |= uuid.as_u128();
            zeros |= !uuid.as_u128();
        }
        // Every one of the 122 random bits was seen both ways.
        let fixed = (0xF << 76) | (0b11 << 62);
        assert_eq!(ones | fixed, u128::MAX);
        assert_eq!(zeros | fixed, u128::MAX);
    }

    #[test]
    fn debug_shows_the_next_floor() {
        let generator = UuidV7Generator::with_clock(ManualClock::new(NOW));
        assert!(format!("{generator:?}").starts_with("UuidV7Generator { next_min: Some("));
    }

    #[test]
    fn at_v7_takes_every_millisecond_of_the_span_with_fresh_random_bits() {
        use std::time::UNIX_EPOCH;

        let last = UNIX_EPOCH + Duration::from_millis(MAX_MILLIS) + Duration::from_nanos(999_999);
        let id = at_v7(last).unwrap();
        assert_eq!(crate::uuids::timestamp_millis(id), Some(MAX_MILLIS));
        assert_eq!(
            (id.get_version_num(), id.get_variant()),
            (7, uuid::Variant::RFC4122)
        );
        let first = at_v7(UNIX_EPOCH).unwrap();
        assert_eq!(crate::uuids::timestamp_millis(first), Some(0));
        // Two draws of 74 bits alike: odds of 1 in 2^74.
        assert_ne!(first, at_v7(UNIX_EPOCH).unwrap());
        let err = at_v7(UNIX_EPOCH - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("found -1"), "{err}");
        let err = at_v7(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }
}
