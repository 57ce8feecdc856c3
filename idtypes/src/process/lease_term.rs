//! [`LeaseTerm`]: the right to use one clock, node or machine id until a deadline, as the
//! generators bound to it check it on every id.

use core::{
    fmt,
    future::Future,
    pin::Pin,
    sync::atomic::{AtomicI64, AtomicU64, Ordering},
    task::{Context, Poll, Waker},
};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
use std::{
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use crate::process::timer::Sleep;

use crate::generation::host_clock::coarse_monotonic_nanos;
/// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC` on Unix), from an arbitrary start:
/// what a term's deadline is counted in.
pub(crate) use crate::generation::host_clock::monotonic_nanos;

/// The current term of a lease on one value of an id space: the value, until when this
/// process may use it (by its own monotonic clock), and the timestamps its ids may carry.
///
/// A generator bound to a term ([`TidGenerator::with_lease_term`](crate::tid::TidGenerator::with_lease_term),
/// and the same on [`TimeIdGenerator`](crate::time_id::TimeIdGenerator),
/// [`SnowishGenerator`](crate::uid11::SnowishGenerator), [`SnowflakeGenerator`](crate::snowflake::SnowflakeGenerator),
/// [`TbslGenerator`](crate::tbsl::TbslGenerator) and
/// [`SonyflakeGenerator`](crate::sonyflake::SonyflakeGenerator))
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
/// Generators also *claim* the timestamps they use, a millisecond ahead at a time
/// ([`claimed_micros`](LeaseTerm::claimed_micros)): once the term has ended, no id under it
/// is later than the claimed mark, which is what a release hands to the next holder instead
/// of the ceiling, so that its ids start near the clock rather than a lease duration ahead.
///
/// Terms come from the lease store (`lease::Lease::term`, with an sqlx feature), or from
/// [`LeaseTerm::new`] for leases kept by other means; renewing the lease extends every clone
/// of its term at once. A term that has ended, by its deadline or by [`end`](LeaseTerm::end),
/// stays ended: [`ended`](LeaseTerm::ended) is a future that completes then.
///
/// The deadline is read on the coarse monotonic clock (`CLOCK_MONOTONIC_COARSE` on Linux: a
/// few nanoseconds, a few milliseconds behind the precise one), so a term may be used up to a
/// clock tick past its deadline: the store's safety margin covers that.
#[derive(Clone)]
pub struct LeaseTerm {
    state: Arc<State>,
}

// `repr(C)`: the fields every id reads first, in one cache line with the `Arc`'s counts; the
// waiters, touched only when the term ends, after them.
#[repr(C)]
struct State {
    /// Monotonic nanoseconds (see [`monotonic_nanos`]) until which ids may be made; 0 once
    /// the term has ended.
    deadline: AtomicU64,
    /// The last timestamp (µs since 1970) the generators bound to the term have claimed so
    /// far, from `floor` up to `ceiling`: no id under the term is later. Generators claim in
    /// steps of [`CLAIM_STEP_MICROS`] ahead of what they need, so that it moves rarely.
    claimed: AtomicI64,
    /// The last timestamp (µs since 1970) this holder may use: what the lease store has
    /// recorded for the holders after it.
    ceiling: AtomicI64,
    /// The last timestamp (µs since 1970) an earlier holder may have used.
    floor: i64,
    value: u32,
    /// The tasks waiting in [`LeaseTerm::ended`], woken by [`LeaseTerm::end`].
    waiters: Mutex<Vec<Waker>>,
}

/// How far ahead of the timestamp it needs a generator claims (see [`LeaseTerm::claim`]):
/// one claim (an atomic read-modify-write on the term) per millisecond of ids at most, and a
/// mark at most this far past the last id.
const CLAIM_STEP_MICROS: i64 = 1000;

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
        let deadline = monotonic_nanos()
            .saturating_add(u64::try_from(valid_for.as_nanos()).unwrap_or(u64::MAX));
        LeaseTerm::until(value, deadline, floor_micros, ceiling_micros)
    }

    /// A term on `value`, usable until `deadline_nanos` (see [`monotonic_nanos`]), for ids
    /// with timestamps in `floor + 1 ..= ceiling`.
    pub(crate) fn until(value: u32, deadline_nanos: u64, floor: i64, ceiling: i64) -> LeaseTerm {
        LeaseTerm {
            state: Arc::new(State {
                deadline: AtomicU64::new(deadline_nanos),
                claimed: AtomicI64::new(floor),
                ceiling: AtomicI64::new(ceiling),
                floor,
                value,
                waiters: Mutex::new(Vec::new()),
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
        monotonic_nanos() < self.state.deadline.load(Ordering::SeqCst)
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

    /// The last timestamp (µs since 1970) the generators bound to this term have claimed: no
    /// id made under the term so far is later, nor will one be once the term has ended. It
    /// starts at the floor, moves a millisecond ahead of the ids at a time and never passes
    /// the ceiling. After [`end`](LeaseTerm::end), it is the mark to hand to the value's next
    /// holder (its floor): the lease store writes it on release.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{LeaseTerm, ManualClock};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let clock = ManualClock::new(5_000_000);
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 1_000_000, 35_000_000);
    /// assert_eq!(term.claimed_micros(), 1_000_000); // nothing made yet: the floor
    /// let generator = TidGenerator::with_clock(&clock).with_lease_term(term.clone())?;
    /// assert_eq!(generator.next().timestamp_micros(), 5_000_000);
    /// term.end();
    /// // The mark covers the id made, a millisecond ahead at most, far below the ceiling.
    /// assert!((5_000_000..=5_001_000).contains(&term.claimed_micros()));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn claimed_micros(&self) -> i64 {
        self.state.claimed.load(Ordering::SeqCst)
    }

    /// Extends the term after a renewal of its lease: usable for `valid_for` from now (as for
    /// [`new`](LeaseTerm::new)) and up to `ceiling_micros`. Never shortens the term or lowers
    /// its ceiling, and never revives a term that has ended, by [`end`](LeaseTerm::end) or
    /// because its deadline passed: a renewal that comes back after the deadline is too late,
    /// since the lease may have expired in the store by then. Returns whether the term was
    /// extended (still live).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    ///
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 0, 1_000);
    /// assert!(term.extend(Duration::from_secs(40), 2_000));
    /// assert_eq!(term.ceiling_micros(), 2_000);
    /// term.end();
    /// assert!(!term.extend(Duration::from_secs(40), 3_000));
    /// assert!(!term.is_live());
    /// ```
    pub fn extend(&self, valid_for: Duration, ceiling_micros: i64) -> bool {
        let deadline = monotonic_nanos()
            .saturating_add(u64::try_from(valid_for.as_nanos()).unwrap_or(u64::MAX));
        self.extend_until(deadline, ceiling_micros)
    }

    /// [`extend`](LeaseTerm::extend) to a deadline in monotonic nanoseconds.
    pub(crate) fn extend_until(&self, deadline_nanos: u64, ceiling: i64) -> bool {
        // The ceiling first: the store has recorded it before this call, and a generator that
        // sees the new deadline should see the new ceiling too.
        self.state.ceiling.fetch_max(ceiling, Ordering::AcqRel);
        self.state
            .deadline
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| {
                // Never revive a term that has ended (0) or whose deadline has passed.
                (old != 0 && monotonic_nanos() < old).then_some(old.max(deadline_nanos))
            })
            .is_ok()
    }

    /// Ends the term at once: its generators refuse from their next id on (when the lease is
    /// released or found lost), and [`ended`](LeaseTerm::ended) completes.
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
        // SeqCst, paired with the loads in `check`: see `claim`.
        self.state.deadline.store(0, Ordering::SeqCst);
        let waiters = core::mem::take(
            &mut *self
                .state
                .waiters
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        for waiter in waiters {
            waiter.wake();
        }
    }

    /// A future that completes when the term ends: at its deadline (as extended by the
    /// renewals that came in time) or when it is ended (released, or found lost). Runs on any
    /// async runtime. Use it to stop serving what needs ids once they can no longer be made,
    /// say by failing a health check or answering 503 (where each request can simply check
    /// [`is_live`](LeaseTerm::is_live), which costs a clock read). On wasm32-unknown-unknown,
    /// which has no threads for its timer, it completes when the term is ended, and at its
    /// deadline only once polled after it.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{Arc, atomic::{AtomicBool, Ordering}};
    /// use std::time::Duration;
    /// use idtypes::LeaseTerm;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let term = LeaseTerm::new(7, Duration::from_secs(20), 0, i64::MAX);
    /// // The health check answers 503 once this is false.
    /// let healthy = Arc::new(AtomicBool::new(true));
    /// let watcher = tokio::spawn({
    ///     let (term, healthy) = (term.clone(), Arc::clone(&healthy));
    ///     async move {
    ///         term.ended().await;
    ///         healthy.store(false, Ordering::Release);
    ///     }
    /// });
    /// term.end(); // or the lease is lost, or its deadline passes
    /// watcher.await.unwrap();
    /// assert!(!healthy.load(Ordering::Acquire));
    /// # }
    /// ```
    pub fn ended(&self) -> impl Future<Output = ()> + Send + Sync + 'static {
        Ended {
            term: self.clone(),
            timer: true,
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            sleep: None,
        }
    }

    /// [`ended`](LeaseTerm::ended) without a timer of its own: it completes when the term is
    /// ended, and at its deadline only once polled after it (for a task that wakes by the
    /// deadline anyway, such as the one that renews the lease).
    #[cfg(feature = "tokio")]
    pub(crate) fn ended_untimed(&self) -> impl Future<Output = ()> + Send + Sync + 'static {
        Ended {
            term: self.clone(),
            timer: false,
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            sleep: None,
        }
    }

    /// The claimed mark, if ids may be made now (the check on every id): a generator makes
    /// ids up to it, and [claims](LeaseTerm::claim) more, up to the ceiling, when it needs a
    /// later timestamp.
    #[inline]
    pub(crate) fn check(&self) -> Option<i64> {
        // The claimed mark before the deadline, both `SeqCst`, against `end` then
        // `claimed_micros` (also `SeqCst`) on the releasing side: a generator that reads the
        // deadline before the term was ended read a claimed mark that the release reads too
        // (or a later one), and makes its id within it; one that reads it after, refuses. So
        // the mark a release reads covers every id made under the term. (On x86 a `SeqCst`
        // load is a plain load: the check costs what it did with `Acquire`.)
        let claimed = self.state.claimed.load(Ordering::SeqCst);
        if coarse_monotonic_nanos() < self.state.deadline.load(Ordering::SeqCst) {
            Some(claimed)
        } else {
            None
        }
    }

    /// Claims timestamps up to `wanted` and a step beyond (not past the ceiling), for a
    /// generator that read the claimed mark `seen` in [`check`](LeaseTerm::check) and needs
    /// `wanted` (above `seen`). Returns whether the mark is now above `seen`: the generator
    /// then checks the term again (which reads the deadline after this claim, as `check`
    /// requires) and retries; `false` means `wanted` is past the ceiling.
    #[cold]
    pub(crate) fn claim(&self, seen: i64, wanted: i64) -> bool {
        let ceiling = self.ceiling_micros();
        if wanted > ceiling {
            return false;
        }
        let to = wanted.saturating_add(CLAIM_STEP_MICROS).min(ceiling);
        let before = self.state.claimed.fetch_max(to, Ordering::SeqCst);
        before.max(to) > seen
    }
}

/// [`LeaseTerm::ended`]: completes at the term's deadline (re-read whenever its timer fires,
/// as renewals move it) or when the term is ended (which wakes the waiters).
struct Ended {
    term: LeaseTerm,
    /// Whether it arms a timer for the deadline (else only `end` wakes it).
    timer: bool,
    /// The timer for the deadline last read.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    sleep: Option<Sleep>,
}

impl Future for Ended {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        // Registered before the deadline is read: an `end` after the read wakes this task.
        {
            let mut waiters = self
                .term
                .state
                .waiters
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if !waiters.iter().any(|w| w.will_wake(cx.waker())) {
                waiters.push(cx.waker().clone());
            }
        }
        loop {
            let deadline = self.term.state.deadline.load(Ordering::SeqCst);
            let now = monotonic_nanos();
            if now >= deadline {
                return Poll::Ready(());
            }
            if !self.timer || !self.timer_fired(cx, deadline - now) {
                return Poll::Pending;
            }
            // The timer fired: read the deadline again (a renewal may have moved it).
        }
    }
}

impl Ended {
    /// Polls a timer for `remaining` nanoseconds from now, armed anew when the deadline moved:
    /// whether it fired. `false` leaves this task to be woken by the timer, or by `end`.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    fn timer_fired(&mut self, cx: &mut Context<'_>, remaining: u64) -> bool {
        // A deadline too far to represent (a term made valid "for ever") never comes.
        let Some(at) = Instant::now().checked_add(Duration::from_nanos(remaining)) else {
            return false;
        };
        // A new timer when the deadline moved (by more than the clocks' rounding).
        let stale = self.sleep.as_ref().is_none_or(|sleep| {
            sleep.deadline() + Duration::from_millis(1) < at
                || at + Duration::from_millis(1) < sleep.deadline()
        });
        if stale {
            self.sleep = Some(Sleep::until(at));
        }
        let Some(sleep) = self.sleep.as_mut() else {
            return false;
        };
        if sleep.unarmable() {
            // No timer thread: only `end` wakes this task (the deadline is still checked on
            // every poll).
            return false;
        }
        let fired = Pin::new(sleep).poll(cx).is_ready();
        if fired {
            self.sleep = None;
        }
        fired
    }

    /// No threads, so no timer, on wasm32-unknown-unknown: only `end` wakes this task (the
    /// deadline is still checked on every poll).
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    fn timer_fired(&mut self, _: &mut Context<'_>, _: u64) -> bool {
        false
    }
}

impl fmt::Debug for LeaseTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LeaseTerm")
            .field("value", &self.value())
            .field("live", &self.is_live())
            .field("floor_micros", &self.floor_micros())
            .field("claimed_micros", &self.claimed_micros())
            .field("ceiling_micros", &self.ceiling_micros())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_live_until_its_deadline_or_its_end() {
        let now = monotonic_nanos();
        let term = LeaseTerm::until(5, now + 60_000_000_000, 10, 20_000);
        assert!(term.is_live());
        assert_eq!(term.check(), Some(10), "nothing claimed yet: the floor");
        assert!(term.extend_until(now + 120_000_000_000, 30_000));
        assert_eq!(term.ceiling_micros(), 30_000);
        term.end();
        assert!(!term.is_live());
        assert_eq!(term.check(), None);
        assert!(!term.extend_until(now + 180_000_000_000, 40_000));
        assert!(!term.is_live(), "an ended term stays ended");
    }

    #[test]
    fn a_past_deadline_refuses_and_is_not_revived() {
        // 100 ms ago: past even for the coarse clock, which lags by less than a tick.
        let term = LeaseTerm::until(5, monotonic_nanos().saturating_sub(100_000_000), 0, 0);
        assert!(!term.is_live());
        assert_eq!(term.check(), None);
        // A renewal that comes back after the deadline: too late, whatever it grants.
        assert!(!term.extend(Duration::from_secs(60), 1_000_000));
        assert!(!term.is_live());
        assert_eq!(term.check(), None);
    }

    #[test]
    fn claims_move_a_step_ahead_and_stop_at_the_ceiling() {
        let term = LeaseTerm::new(5, Duration::from_secs(60), 100, 10_000);
        assert_eq!(term.claimed_micros(), 100);
        // A generator that saw 100 and needs 150 claims up to 150 and a step more.
        assert!(term.claim(100, 150));
        assert_eq!(term.claimed_micros(), 150 + CLAIM_STEP_MICROS);
        assert_eq!(term.check(), Some(150 + CLAIM_STEP_MICROS));
        // Another that saw the old mark and wants less: the mark is above what it saw.
        assert!(term.claim(100, 120));
        assert_eq!(term.claimed_micros(), 150 + CLAIM_STEP_MICROS);
        // Near the ceiling: up to it, not past it.
        assert!(term.claim(1_150, 9_999));
        assert_eq!(term.claimed_micros(), 10_000);
        // Past it: refused, nothing moves.
        assert!(!term.claim(10_000, 10_001));
        assert!(
            !term.claim(10_000, 10_000),
            "no progress past the mark it saw"
        );
        assert_eq!(term.claimed_micros(), 10_000);
    }

    /// Polls `future` once with a waker that unparks this thread, then parks until it is
    /// ready, within `limit`.
    fn wait_for(future: impl Future<Output = ()>, limit: Duration) -> Duration {
        struct Unparker(std::thread::Thread);
        impl std::task::Wake for Unparker {
            fn wake(self: Arc<Self>) {
                self.0.unpark();
            }
        }
        let waker = Waker::from(Arc::new(Unparker(std::thread::current())));
        let mut cx = Context::from_waker(&waker);
        let mut future = core::pin::pin!(future);
        let start = Instant::now();
        while future.as_mut().poll(&mut cx).is_pending() {
            assert!(start.elapsed() < limit, "not ended within {limit:?}");
            std::thread::park_timeout(Duration::from_millis(50));
        }
        start.elapsed()
    }

    #[test]
    fn ended_completes_at_the_deadline_as_extended() {
        let term = LeaseTerm::new(5, Duration::from_millis(100), 0, i64::MAX);
        let extender = std::thread::spawn({
            let term = term.clone();
            move || {
                std::thread::sleep(Duration::from_millis(50));
                assert!(term.extend(Duration::from_millis(200), i64::MAX));
            }
        });
        let waited = wait_for(term.ended(), Duration::from_secs(10));
        extender.join().unwrap();
        assert!(!term.is_live());
        // Extended at 50 ms to 250 ms: not at the first deadline (100 ms).
        assert!(waited >= Duration::from_millis(240), "{waited:?}");
    }

    #[test]
    fn a_term_valid_for_ever_is_live_until_it_is_ended() {
        let term = LeaseTerm::new(5, Duration::MAX, 0, i64::MAX);
        assert!(term.is_live());
        let ender = std::thread::spawn({
            let term = term.clone();
            move || {
                std::thread::sleep(Duration::from_millis(50));
                term.end();
            }
        });
        wait_for(term.ended(), Duration::from_secs(10));
        ender.join().unwrap();
        assert!(!term.is_live());
    }

    #[test]
    fn ended_completes_when_the_term_is_ended() {
        let term = LeaseTerm::new(5, Duration::from_secs(600), 0, i64::MAX);
        let ender = std::thread::spawn({
            let term = term.clone();
            move || {
                std::thread::sleep(Duration::from_millis(50));
                term.end();
            }
        });
        let waited = wait_for(term.ended(), Duration::from_secs(10));
        ender.join().unwrap();
        assert!(waited >= Duration::from_millis(40), "{waited:?}");
        // An ended term's future is ready at once.
        assert!(wait_for(term.ended(), Duration::from_secs(1)) < Duration::from_millis(50));
    }
}
