//! [`RsXidGenerator`]: rs/xid's XIDs from a clock, from any number of threads.

use core::fmt;

use super::{FORMAT, RsXid, host};
use crate::generation::process_counter::{ProcessCounter, unix_seconds};
use crate::{Clock, Error, SystemClock};

/// Makes XIDs the way rs/xid's `New()` does: the clock's Unix seconds, this host's machine
/// id, this process's id, and a counter that starts at a random value and goes up by one
/// for every id, shared by all threads, wrapping at 2^24 as rs/xid's does (the seconds and
/// the process id tell apart the ids of a counter that came round).
///
/// | what | where it comes from |
/// |---|---|
/// | seconds | the clock, rounded down; a clock before 1970 reads as 1970 |
/// | machine id | rs/xid's: the SHA-256 of the host's machine id or name (see below), or [`with_machine_id`](RsXidGenerator::with_machine_id) |
/// | process id | the OS's, as rs/xid writes it (XORed with the CRC-32 of `/proc/self/cpuset`, low 16 bits), read again in a forked child |
/// | counter | random at first and in a forked child, then one more per id |
///
/// The machine id is the first 3 bytes of the SHA-256 of `/etc/machine-id` (else of
/// `/sys/class/dmi/id/product_uuid`) on Linux, of the host name on other Unix systems, and 3
/// random bytes elsewhere. rs/xid also asks macOS, FreeBSD and Windows for a platform id
/// (by running `ioreg`, calling `sysctl`, reading the registry), which this crate does not
/// do; there the 3 bytes differ from a Go process's on the same host, and the ids are as
/// unique.
///
/// Like rs/xid, ids follow the clock: they are ordered by second, not within one (the
/// counter can wrap), and a clock stepped back gives ids of the earlier second again, with
/// the counter further on. At most 2^24 ids a second are unique for one process.
///
/// Lock-free and thread-safe: an id is one clock read and one atomic add. In a process forked
/// from the one that made it (see [processes and `fork()`](crate#processes-and-fork)), the
/// generator reads the child's process id and draws a new counter before its first id, so
/// parent and child never share an id.
///
/// # Examples
///
/// ```
/// use idtypes::{ManualClock, rs_xid::RsXidGenerator};
///
/// let generator = RsXidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
///     .with_machine_id([1, 2, 3]);
/// let (a, b) = (generator.next(), generator.next());
/// assert_eq!(a.timestamp_seconds(), 1_700_000_000);
/// assert_eq!(a.machine_id(), [1, 2, 3]);
/// assert_eq!(b.counter(), (a.counter() + 1) % (1 << 24));
/// ```
pub struct RsXidGenerator<C = SystemClock> {
    clock: C,
    machine: [u8; 3],
    /// The process id (16 bits), read again in a forked child, and the counter.
    state: ProcessCounter,
}

impl<C: Clock> RsXidGenerator<C> {
    /// A generator on `clock` (a [`ManualClock`](crate::ManualClock) in tests), with this
    /// host's machine id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, RsXid, rs_xid::RsXidGenerator};
    ///
    /// let generator = RsXidGenerator::with_clock(ManualClock::new(0));
    /// assert_eq!(generator.next().timestamp_seconds(), 0);
    /// assert_eq!(generator.machine_id(), RsXid::now().machine_id());
    /// ```
    pub fn with_clock(clock: C) -> Self {
        RsXidGenerator {
            clock,
            machine: machine_id(),
            state: ProcessCounter::new(16, || u64::from(host::process_id())),
        }
    }

    /// The same generator in `lanes` lanes (1..=64, rounded up to a power of two), so that
    /// that many threads make XIDs side by side instead of taking turns at one shared counter.
    /// One lane, the default, is that shared counter.
    ///
    /// Lane `k` of `n` makes only the XIDs whose counter is `k` modulo `n`, and each thread
    /// takes its XIDs from one lane (see [threads](crate#threads-one-generator-lanes-or-one-each)),
    /// so they never repeat within a second, as with one counter: a second still holds 2^24
    /// unique XIDs in all, 2^24 / `n` per lane. Ordered by the second only, as with one
    /// lane. Each lane starts at a random counter, and a forked child draws new ones.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, rs_xid::RsXidGenerator};
    ///
    /// let clock = ManualClock::new(1_700_000_000_000_000);
    /// let generator = RsXidGenerator::with_clock(&clock).with_lanes(2)?;
    /// let (mine, theirs) = std::thread::scope(|s| {
    ///     let theirs = s.spawn(|| [generator.next(), generator.next()]);
    ///     ([generator.next(), generator.next()], theirs.join().unwrap())
    /// });
    /// assert_eq!(mine[1].counter(), (mine[0].counter() + 2) % (1 << 24));
    /// assert_ne!(mine[0].counter() % 2, theirs[0].counter() % 2);
    /// assert!(RsXidGenerator::new().with_lanes(65).is_err());
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
    /// use idtypes::rs_xid::RsXidGenerator;
    ///
    /// assert_eq!(RsXidGenerator::new().lanes(), 1);
    /// assert_eq!(RsXidGenerator::new().with_lanes(3)?.lanes(), 4);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn lanes(&self) -> usize {
        self.state.lanes()
    }

    /// The next XID.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted) after 2106-02-07T06:28:15Z,
    /// when 4-byte seconds run out (rs/xid would wrap to 1970).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, ManualClock, rs_xid::RsXidGenerator};
    ///
    /// let late = RsXidGenerator::with_clock(ManualClock::new(i64::MAX));
    /// assert_eq!(late.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    /// ```
    #[inline]
    pub fn try_next(&self) -> Result<RsXid, Error> {
        let seconds = unix_seconds(self.clock.now_micros(), FORMAT)?;
        Ok(self.at_seconds(seconds))
    }
}

impl<C> RsXidGenerator<C> {
    /// The next XID for the Unix second `seconds`: this generator's machine id, the process
    /// id and the next counter, as [`try_next`](RsXidGenerator::try_next) makes them for the
    /// clock's second (and `RsXid::at` for a second it is given).
    #[inline]
    pub(crate) fn at_seconds(&self, seconds: u32) -> RsXid {
        let (pid, counter) = self.state.next();
        RsXid::from_fields(seconds, self.machine, pid as u16, counter)
    }
}

impl<C> RsXidGenerator<C> {
    /// The same generator with this machine id instead of the host's (rs/xid reads one from
    /// `XID_MACHINE_ID`; here it is set in code).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::rs_xid::RsXidGenerator;
    ///
    /// let generator = RsXidGenerator::new().with_machine_id([0xaa, 0xbb, 0xcc]);
    /// assert_eq!(generator.next().machine_id(), [0xaa, 0xbb, 0xcc]);
    /// ```
    pub fn with_machine_id(mut self, machine_id: [u8; 3]) -> Self {
        self.machine = machine_id;
        self
    }

    /// The machine id of this generator's ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::rs_xid::RsXidGenerator;
    ///
    /// let generator = RsXidGenerator::new();
    /// assert_eq!(generator.next().machine_id(), generator.machine_id());
    /// ```
    pub fn machine_id(&self) -> [u8; 3] {
        self.machine
    }

    /// The process id of this generator's ids in this process (read again in a forked
    /// child, which also draws a new counter).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::rs_xid::RsXidGenerator;
    ///
    /// let generator = RsXidGenerator::new();
    /// assert_eq!(generator.next().process_id(), generator.process_id());
    /// ```
    #[inline]
    pub fn process_id(&self) -> u16 {
        self.state.value() as u16
    }
}

/// The machine id of a new generator: the host's, read once per process.
fn machine_id() -> [u8; 3] {
    static MACHINE: std::sync::OnceLock<[u8; 3]> = std::sync::OnceLock::new();
    *MACHINE.get_or_init(host::machine_id)
}

crate::generation::generator_shell::generator_shell! {
    RsXidGenerator => RsXid;
    /// A generator on the system clock, with this host's machine id.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::rs_xid::RsXidGenerator::new();
    /// assert_ne!(generator.next(), generator.next());
    /// ```
    fn new;

    /// The next XID ([`try_next`](RsXidGenerator::try_next)).
    ///
    /// # Panics
    ///
    /// After 2106-02-07T06:28:15Z, when 4-byte seconds run out.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::rs_xid::RsXidGenerator::new();
    /// let id = generator.next();
    /// assert_eq!(id.to_string().len(), 20);
    /// ```
    fn next;
    fn global;
}

impl<C> fmt::Debug for RsXidGenerator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RsXidGenerator")
            .field("machine_id", &self.machine)
            .field("process_id", &(self.state.last_value() as u16))
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
        let generator = RsXidGenerator::with_clock(ManualClock::new(NOW));
        let first = generator.next();
        for i in 1..1000 {
            assert_eq!(
                generator.next().counter(),
                (first.counter() + i) & RsXid::MAX_COUNTER
            );
        }
        generator.state.set_counter(RsXid::MAX_COUNTER - 1);
        assert_eq!(generator.next().counter(), RsXid::MAX_COUNTER);
        assert_eq!(generator.next().counter(), 0);
        // The counter's bits above 24 never reach the id.
        generator.state.set_counter(u32::MAX);
        assert_eq!(generator.next().counter(), 0);
    }

    #[test]
    fn ids_carry_the_clocks_seconds_the_machine_and_the_process() {
        let clock = ManualClock::new(NOW);
        let generator = RsXidGenerator::with_clock(&clock).with_machine_id([9, 8, 7]);
        let a = generator.next();
        assert_eq!(a.timestamp_seconds(), 1_700_000_000);
        assert_eq!(a.machine_id(), [9, 8, 7]);
        assert_eq!(a.process_id(), host::process_id());
        clock.advance(Duration::from_millis(999));
        assert_eq!(generator.next().timestamp_seconds(), 1_700_000_000);
        clock.advance(Duration::from_millis(1));
        assert_eq!(generator.next().timestamp_seconds(), 1_700_000_001);
    }

    #[test]
    fn the_first_counter_is_random() {
        let counters: HashSet<u32> = (0..20)
            .map(|_| {
                RsXidGenerator::with_clock(ManualClock::new(NOW))
                    .next()
                    .counter()
            })
            .collect();
        assert!(counters.len() > 15, "{counters:?}");
    }

    #[test]
    fn threads_never_share_an_id() {
        let generator = Arc::new(RsXidGenerator::with_clock(ManualClock::new(NOW)));
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
        let early = RsXidGenerator::with_clock(ManualClock::new(-5_000_000));
        assert_eq!(early.next().timestamp_seconds(), 0);
        let last = RsXidGenerator::with_clock(ManualClock::new((1i64 << 32) * 1_000_000 - 1));
        assert_eq!(last.next().timestamp_seconds(), u64::from(u32::MAX));
        let late = RsXidGenerator::with_clock(ManualClock::new((1i64 << 32) * 1_000_000));
        let err = late.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Exhausted);
        assert!(err.to_string().contains("2106"), "{err}");
    }

    #[test]
    fn a_changed_generation_reads_the_process_again_and_draws_a_new_counter() {
        let generator = RsXidGenerator::with_clock(ManualClock::new(NOW));
        generator.next();
        let mut counters = HashSet::new();
        for _ in 0..20 {
            // As a forked child finds it: the word of another generation.
            generator.state.pretend_forked(0xFFFF, 0);
            let id = generator.next();
            assert_eq!(id.process_id(), host::process_id());
            counters.insert(id.counter());
        }
        assert!(counters.len() > 15, "{counters:?}");
    }
}
