//! [`LeaseTerm`]: the right to use one clock, node or machine id until a deadline, as the
//! generators bound to it check it on every id.

use core::{
    fmt,
    sync::atomic::{AtomicI64, AtomicU64, Ordering},
};
use std::{sync::Arc, time::Duration};

/// The current term of a lease on one value of an id space: the value, until when this
/// process may use it (by its own monotonic clock), and the timestamps its ids may carry.
///
/// A generator bound to a term ([`TidGenerator::with_lease_term`](crate::tid::TidGenerator::with_lease_term),
/// and the same on [`TimeIdGenerator`](crate::time_id::TimeIdGenerator),
/// [`SnowishGenerator`](crate::uid11::SnowishGenerator) and [`TbslGenerator`](crate::tbsl::TbslGenerator))
/// uses the value as its clock/node/machine id and, on every id:
///
/// - refuses once the deadline has passed, or the term was ended (its lease lost or
///   released), with [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired);
/// - makes ids only with timestamps after the *floor* (the last timestamp earlier holders of
///   the value may have used) and up to the *ceiling* (the last one this holder has recorded
///   for the holders after it), refusing past the ceiling in the same way;
/// - refuses in a forked child ([`ErrorKind::Forked`](crate::ErrorKind::Forked)): the lease
///   is the parent's.
///
/// Terms come from the lease store (`lease::Lease::term`, with an sqlx feature), or from
/// [`LeaseTerm::new`] for leases kept by other means; renewing the lease extends every clone
/// of its term at once.
///
/// The deadline is read on the coarse monotonic clock (`CLOCK_MONOTONIC_COARSE` on Linux: a
/// few nanoseconds, a few milliseconds behind the precise one), so a term may be used up to a
/// clock tick past its deadline: the store's safety margin covers that.
#[derive(Clone)]
pub struct LeaseTerm {
    state: Arc<State>,
}

struct State {
    value: u32,
    /// Monotonic nanoseconds (see [`monotonic_nanos`]) until which ids may be made; 0 once
    /// the term has ended.
    deadline: AtomicU64,
    /// The last timestamp (µs since 1970) an earlier holder may have used.
    floor: i64,
    /// The last timestamp (µs since 1970) this holder may use.
    ceiling: AtomicI64,
}

impl LeaseTerm {
    /// A term on `value` for ids with timestamps (µs since 1970) in
    /// `floor_micros + 1 ..= ceiling_micros`, usable for `valid_for` from now: for a lease
    /// kept by other means than [`lease`](crate::lease) (a coordination service, a
    /// configuration), where `valid_for` is the lease's remaining time, counted from when its
    /// request was sent, less a safety margin.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    /// use idtypes::tid::TidGenerator;
    ///
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 0, i64::MAX);
    /// let generator = TidGenerator::new().with_lease_term(term.clone())?;
    /// assert_eq!(generator.next().clock_id(), 7);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn new(value: u32, valid_for: Duration, floor_micros: i64, ceiling_micros: i64) -> Self {
        let deadline = monotonic_nanos().saturating_add(valid_for.as_nanos() as u64);
        LeaseTerm::until(value, deadline, floor_micros, ceiling_micros)
    }

    /// A term on `value`, usable until `deadline_nanos` (see [`monotonic_nanos`]), for ids
    /// with timestamps in `floor + 1 ..= ceiling`.
    pub(crate) fn until(value: u32, deadline_nanos: u64, floor: i64, ceiling: i64) -> LeaseTerm {
        LeaseTerm {
            state: Arc::new(State {
                value,
                deadline: AtomicU64::new(deadline_nanos),
                floor,
                ceiling: AtomicI64::new(ceiling),
            }),
        }
    }

    /// The leased value.
    pub fn value(&self) -> u32 {
        self.state.value
    }

    /// Whether ids may still be made under this term: its deadline is ahead and it has not
    /// been ended.
    pub fn is_live(&self) -> bool {
        monotonic_nanos() < self.state.deadline.load(Ordering::Acquire)
    }

    /// The last timestamp (µs since 1970) earlier holders of the value may have used: ids
    /// under this term come after it.
    pub fn floor_micros(&self) -> i64 {
        self.state.floor
    }

    /// The last timestamp (µs since 1970) ids under this term may carry.
    pub fn ceiling_micros(&self) -> i64 {
        self.state.ceiling.load(Ordering::Acquire)
    }

    /// Extends the term after a renewal of its lease: usable for `valid_for` from now (as for
    /// [`new`](LeaseTerm::new)) and up to `ceiling_micros`. Never shortens the term or lowers
    /// its ceiling, and never revives an ended term.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    ///
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 0, 1_000);
    /// term.extend(Duration::from_secs(40), 2_000);
    /// assert_eq!(term.ceiling_micros(), 2_000);
    /// ```
    pub fn extend(&self, valid_for: Duration, ceiling_micros: i64) {
        let deadline = monotonic_nanos().saturating_add(valid_for.as_nanos() as u64);
        self.extend_until(deadline, ceiling_micros);
    }

    /// [`extend`](LeaseTerm::extend) to a deadline in monotonic nanoseconds.
    pub(crate) fn extend_until(&self, deadline_nanos: u64, ceiling: i64) {
        self.state.ceiling.fetch_max(ceiling, Ordering::AcqRel);
        // Never revive an ended term.
        let _ = self
            .state
            .deadline
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |old| {
                (old != 0).then_some(old.max(deadline_nanos))
            });
    }

    /// Ends the term at once: its generators refuse from their next id on (when the lease is
    /// released or found lost).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, LeaseTerm};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 0, i64::MAX);
    /// let generator = TidGenerator::new().with_lease_term(term.clone())?;
    /// term.end();
    /// assert_eq!(generator.try_next().unwrap_err().kind(), ErrorKind::LeaseExpired);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn end(&self) {
        self.state.deadline.store(0, Ordering::Release);
    }

    /// The ceiling, if ids may be made now (the check on every id).
    #[inline]
    pub(crate) fn check(&self) -> Option<i64> {
        if coarse_monotonic_nanos() < self.state.deadline.load(Ordering::Acquire) {
            Some(self.state.ceiling.load(Ordering::Acquire))
        } else {
            None
        }
    }
}

impl fmt::Debug for LeaseTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeaseTerm")
            .field("value", &self.value())
            .field("live", &self.is_live())
            .field("floor_micros", &self.floor_micros())
            .field("ceiling_micros", &self.ceiling_micros())
            .finish()
    }
}

/// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC` on Unix), from an arbitrary start.
pub(crate) fn monotonic_nanos() -> u64 {
    read_clock(MONOTONIC)
}

/// [`monotonic_nanos`] read cheaply: on Linux `CLOCK_MONOTONIC_COARSE`, which lags the
/// precise clock by less than one clock tick and never runs ahead of it.
#[inline]
fn coarse_monotonic_nanos() -> u64 {
    read_clock(COARSE)
}

#[cfg(unix)]
const MONOTONIC: libc::clockid_t = libc::CLOCK_MONOTONIC;
#[cfg(any(target_os = "linux", target_os = "android"))]
const COARSE: libc::clockid_t = libc::CLOCK_MONOTONIC_COARSE;
#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
const COARSE: libc::clockid_t = libc::CLOCK_MONOTONIC;

#[cfg(unix)]
#[inline]
fn read_clock(clock: libc::clockid_t) -> u64 {
    match crate::clock::read_clock(clock) {
        // Monotonic clocks never read before their start.
        Some((secs, nanos)) => (secs as u64)
            .saturating_mul(1_000_000_000)
            .saturating_add(nanos as u64),
        // Cannot happen for these clocks; reading "the end of time" makes every term refuse.
        None => u64::MAX,
    }
}

#[cfg(not(unix))]
const MONOTONIC: () = ();
#[cfg(not(unix))]
const COARSE: () = ();

#[cfg(not(unix))]
fn read_clock(_: ()) -> u64 {
    use std::{sync::OnceLock, time::Instant};
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    // One more than the elapsed time, so that 0 stays "ended".
    start.elapsed().as_nanos() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_live_until_its_deadline_or_its_end() {
        let now = monotonic_nanos();
        let term = LeaseTerm::until(5, now + 60_000_000_000, 10, 20);
        assert!(term.is_live());
        assert_eq!(term.check(), Some(20));
        term.extend_until(now + 120_000_000_000, 30);
        assert_eq!(term.check(), Some(30));
        term.end();
        assert!(!term.is_live());
        assert_eq!(term.check(), None);
        term.extend_until(now + 180_000_000_000, 40);
        assert!(!term.is_live(), "an ended term stays ended");
    }

    #[test]
    fn a_past_deadline_refuses() {
        // 100 ms ago: past even for the coarse clock, which lags by less than a tick.
        let term = LeaseTerm::until(5, monotonic_nanos().saturating_sub(100_000_000), 0, 0);
        assert!(!term.is_live());
        assert_eq!(term.check(), None);
    }

    #[test]
    fn the_coarse_clock_never_runs_ahead_of_the_precise_one() {
        for _ in 0..1000 {
            let coarse = coarse_monotonic_nanos();
            assert!(coarse <= monotonic_nanos());
        }
    }
}
