//! Leases through a faulty network, on PostgreSQL and MariaDB: a proxy on the loopback
//! interface (`idtypes_tests::fault_proxy`) between the lease store and the server makes it
//! a black hole, resets connections, loses replies, adds latency, or freezes a connection
//! after a statement. Whatever it does:
//!
//! - every call returns within its bound: a renewal by its term's deadline, an acquire, a
//!   setup and a release within the store's timeout, `KeepAlive::release` within it too, and
//!   dropping a `KeepAlive` at once;
//! - a term that has ended stays ended, and `LeaseTerm::ended` completes when it ends;
//! - no id is made after the term's deadline, and the next holder's ids come after the last
//!   holder's, starting within a lease duration of its clock;
//! - a failure says which call failed, on what, and why, whole.
//!
//! Leases of 2 s (used for 1.5 s) and a 1 s timeout keep each scenario to a few seconds. The
//! bounds asserted have [`SLACK`] of headroom for a loaded machine; the bounds themselves are
//! the library's, not the test's.

use std::{
    collections::HashSet,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread,
    time::{Duration, Instant},
};

use idtypes::{
    Clock, ErrorKind, LeaseTerm, SystemClock, Tid,
    lease::{EtcdLeases, Lease, Leases},
    tid::TidGenerator,
};
use idtypes_tests::{
    fault_proxy::{Fault, FaultProxy},
    unique_table,
};

/// The leases' duration and margin: terms of 1.5 s.
pub(crate) const DURATION: Duration = Duration::from_millis(2000);
pub(crate) const MARGIN: Duration = Duration::from_millis(500);
/// A term's length: the duration less the margin.
pub(crate) const LENGTH: Duration = Duration::from_millis(1500);
/// Longer leases, for the cases where a lease is to be kept through a fault: terms of 3 s, so
/// that the renewal's attempts have room on a busy machine (the first 1 s, the next 0.5 s).
pub(crate) const KEPT_DURATION: Duration = Duration::from_millis(4000);
pub(crate) const KEPT_MARGIN: Duration = Duration::from_millis(1000);
pub(crate) const KEPT_LENGTH: Duration = Duration::from_millis(3000);
/// The stores' timeout for setup, acquire and release.
pub(crate) const TIMEOUT: Duration = Duration::from_millis(1000);
/// Headroom on every time bound asserted, for a busy two-core machine.
pub(crate) const SLACK: Duration = Duration::from_millis(600);
/// How far past its deadline a generator may still make an id: the coarse clock's tick
/// (the store's margin, at least 20 ms, covers it).
pub(crate) const TICK: Duration = Duration::from_millis(20);

/// The TIDs a generator bound to a term made, each with an instant taken just before the call
/// that made it (so that the call's check of the term came after that instant).
pub(crate) struct Made {
    pub(crate) ids: Vec<(Instant, Tid)>,
    /// The error that stopped the generator, if it was stopped by one.
    pub(crate) refusal: Option<ErrorKind>,
}

/// A thread making TIDs under a term, a burst every millisecond, until the term refuses or
/// it is told to stop (at the latest after 20 s).
pub(crate) struct Maker {
    stop: Arc<AtomicBool>,
    thread: thread::JoinHandle<Made>,
}

impl Maker {
    pub(crate) fn start(term: LeaseTerm) -> Maker {
        let generator = TidGenerator::new().with_lease_term(term).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = thread::spawn({
            let stop = Arc::clone(&stop);
            move || {
                let started = Instant::now();
                let mut ids = Vec::new();
                // A burst before each look at `stop`: a term that has ended is found so
                // even when the test says stop right after.
                loop {
                    for _ in 0..20 {
                        let before = Instant::now();
                        match generator.try_next() {
                            Ok(tid) => ids.push((before, tid)),
                            Err(err) => {
                                return Made {
                                    ids,
                                    refusal: Some(err.kind()),
                                };
                            }
                        }
                    }
                    if stop.load(Ordering::Relaxed) || started.elapsed() > Duration::from_secs(20) {
                        return Made { ids, refusal: None };
                    }
                    thread::sleep(Duration::from_millis(1));
                }
            }
        });
        Maker { stop, thread }
    }

    /// Stops it now.
    pub(crate) fn finish(self) -> Made {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }

    /// Waits for it to find the term ended: its check reads a coarse clock, which may lag
    /// the term's end by a tick.
    pub(crate) fn refused(self) -> Made {
        self.thread.join().unwrap()
    }
}

/// Checks that no TID was made past `deadline` (a call that began before it may still pass
/// its check up to a coarse clock tick later).
pub(crate) fn none_after(made: &Made, deadline: Instant) {
    assert!(!made.ids.is_empty(), "the generator made TIDs");
    let late = made
        .ids
        .iter()
        .filter(|(before, _)| *before > deadline + TICK)
        .count();
    assert_eq!(late, 0, "TIDs made after the term's deadline");
    assert_eq!(made.refusal, Some(ErrorKind::LeaseExpired));
}

/// Checks the next holder of a value: its first TID comes after every TID of `previous`, and
/// within a lease duration of its clock; and every TID of `previous` was made before the
/// next holder got the value (`taken`).
pub(crate) fn next_holder_starts_right(previous: &Made, next: &Lease, taken: Instant) {
    let generator = TidGenerator::new().with_lease_term(next.term()).unwrap();
    let first = generator.next();
    let now = SystemClock.now_micros();
    let last = previous.ids.iter().map(|(_, tid)| *tid).max().unwrap();
    assert!(
        first > last,
        "the next holder's {first:?} after the last {last:?}"
    );
    let ahead = first.timestamp_micros() as i64 - now;
    assert!(
        ahead <= DURATION.as_micros() as i64,
        "the next holder's first TID is {ahead} µs ahead of its clock"
    );
    assert!(
        previous.ids.iter().all(|(before, _)| *before < taken),
        "no TID of the last holder after the next took the value"
    );
}

/// Asserts that `future` finishes within `bound` (and returns its output and how long it
/// took), failing the test otherwise rather than waiting on.
pub(crate) async fn within<T>(
    bound: Duration,
    what: &str,
    future: impl Future<Output = T>,
) -> (T, Duration) {
    let start = Instant::now();
    let output = tokio::time::timeout(bound + Duration::from_secs(10), future)
        .await
        .unwrap_or_else(|_| panic!("{what}: still pending 10 s past its bound {bound:?}"));
    let took = start.elapsed();
    assert!(took <= bound, "{what}: took {took:?}, bound {bound:?}");
    (output, took)
}

/// A store the next holder takes a value from (see [`take_over`]).
pub(crate) trait Acquire {
    fn acquire_one<'a>(
        &'a self,
        namespace: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<Lease, idtypes::Error>> + Send + 'a>>;
}

macro_rules! acquire_for {
    ($($store:ty),*) => {$(
        impl Acquire for $store {
            fn acquire_one<'a>(
                &'a self,
                namespace: &'a str,
            ) -> Pin<Box<dyn Future<Output = Result<Lease, idtypes::Error>> + Send + 'a>> {
                Box::pin(self.acquire(namespace, 1))
            }
        }
    )*};
}

acquire_for!(Leases<sqlx::Postgres>, Leases<sqlx::MySql>, EtcdLeases);

/// The next holder takes `value` of `namespace` (a space of one value) once the store lets it
/// (at the last holder's expiry), within `bound`; returns the lease and when it got it.
pub(crate) async fn take_over(
    direct: &impl Acquire,
    namespace: &str,
    value: u32,
    bound: Duration,
) -> (Lease, Instant) {
    let start = Instant::now();
    loop {
        match direct.acquire_one(namespace).await {
            Ok(lease) => {
                assert_eq!(lease.value(), value);
                return (lease, Instant::now());
            }
            Err(err) if err.kind() == ErrorKind::LeasesExhausted => {
                assert!(
                    start.elapsed() < bound,
                    "the value stayed held past {bound:?}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(err) => panic!("next holder: {err}"),
        }
    }
}

/// The fault cases for one database server, each an `async fn` that the tests below run on
/// both servers at once; the including module has `Db`, `url()`, `store(pool)` and
/// `SERVER_LIMITS`.
macro_rules! fault_cases {
    () => {
        use super::*;

        /// A proxy to the server, and two stores on one new table: through the proxy, and
        /// direct (the next holder's, on a healthy network).
        async fn stores() -> Option<(FaultProxy, Leases<Db>, Leases<Db>)> {
            stores_with(DURATION, MARGIN, 4).await
        }

        /// [`stores`] with leases of `duration` and `margin`, and up to `connections`
        /// connections through the proxy.
        async fn stores_with(
            duration: Duration,
            margin: Duration,
            connections: u32,
        ) -> Option<(FaultProxy, Leases<Db>, Leases<Db>)> {
            let url = url()?;
            let table = unique_table("idtypes_fault");
            let (proxy, proxied) = FaultProxy::for_url(&url).await;
            // As the lease docs advise: no ping before each use (a round trip), and the pool's
            // own wait long enough that only the store's bounds are at work.
            let options = |connections| {
                sqlx::pool::PoolOptions::<Db>::new()
                    .max_connections(connections)
                    .test_before_acquire(false)
                    .acquire_timeout(Duration::from_secs(120))
            };
            let configure = |leases: Leases<Db>| {
                leases
                    .with_table(&table)
                    .unwrap()
                    .with_duration(duration, margin)
                    .unwrap()
                    .with_timeout(TIMEOUT)
                    .unwrap()
            };
            let direct = configure(store(options(4).connect(&url).await.unwrap()));
            direct.setup().await.unwrap();
            // Lazy: a black hole from the start must find no connection open.
            let through = configure(store(options(connections).connect_lazy(&proxied).unwrap()));
            Some((proxy, through, direct))
        }

        pub async fn a_black_hole_ends_a_kept_lease_on_time_and_every_call_returns_in_time() {
            let Some((proxy, through, direct)) = stores().await else {
                return;
            };
            let lease = through.acquire("black-hole", 1).await.unwrap();
            let kept = through.keep_alive(lease).unwrap();
            let maker = Maker::start(kept.term());
            tokio::time::sleep(Duration::from_millis(300)).await;
            let cut = Instant::now();
            proxy.set(Fault::BlackHole);

            // The term ends by the deadline of the last renewal sent before the cut, and
            // `ended` says so.
            within(LENGTH + SLACK, "the term's end", kept.term().ended()).await;
            let ended = Instant::now();
            assert!(!kept.is_live());
            let made = maker.refused();
            none_after(&made, ended);
            // Within the store's timeout: the keep-alive may not have seen the end yet, and then
            // tries to release the lease (into the hole).
            let err = within(TIMEOUT + SLACK, "KeepAlive::release", kept.release()).await.0.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");

            // New calls into the black hole: each within the store's timeout.
            let (setup, _) = within(TIMEOUT + SLACK, "setup", through.setup()).await;
            assert_eq!(setup.unwrap_err().kind(), ErrorKind::Timeout);
            let (acquire, _) =
                within(TIMEOUT + SLACK, "acquire", through.acquire("black-hole-2", 4)).await;
            let err = acquire.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Timeout);
            assert_eq!(
                err.to_string(),
                "lease store: acquire in `black-hole-2` timed out: no reply within 1000 ms \
                 (the store's timeout, which its `with_timeout` sets)"
            );

            let (next, taken) = take_over(&direct, "black-hole", made_value(&made), DURATION + SLACK * 2).await;
            assert!(taken - cut <= LENGTH + DURATION + SLACK * 3);
            next_holder_starts_right(&made, &next, taken);
        }

        pub async fn release_and_drop_end_the_term_at_once_while_a_renewal_hangs() {
            let Some((proxy, through, _)) = stores().await else {
                return;
            };
            let released = through.keep_alive(through.acquire("hang-a", 1).await.unwrap()).unwrap();
            let dropped = through.keep_alive(through.acquire("hang-b", 1).await.unwrap()).unwrap();
            let (released_term, dropped_term) = (released.term(), dropped.term());
            proxy.set(Fault::BlackHole);
            // A renewal is sent a third of the way into the term (500 ms): into the hole.
            tokio::time::sleep(Duration::from_millis(800)).await;
            assert!(released_term.is_live() && dropped_term.is_live());

            let release = released.release();
            assert!(!released_term.is_live(), "ended when called, before any wait");
            let (result, _) = within(TIMEOUT + SLACK, "KeepAlive::release", release).await;
            let err = result.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
            assert!(err.to_string().starts_with("lease store: release of `hang-a` value 0 timed out"), "{err}");

            let start = Instant::now();
            drop(dropped);
            assert!(start.elapsed() < Duration::from_millis(50), "dropping does not wait");
            assert!(!dropped_term.is_live());
        }

        pub async fn a_reset_connection_is_a_whole_error_and_a_kept_lease_survives_resets() {
            let Some((proxy, through, _)) = stores_with(KEPT_DURATION, KEPT_MARGIN, 4).await else {
                return;
            };
            let mut lease = through.acquire("reset", 1).await.unwrap();
            // Once the pool is quiet, reset every connection, let the resets land, and renew
            // on one of them. (A connection sqlx was still pinging as it took it back is not
            // in the pool then, and the renewal may open a new one, which works: try again.)
            let mut tries = 0;
            let err = loop {
                tries += 1;
                assert!(tries <= 5, "no renewal met a reset connection");
                tokio::time::sleep(Duration::from_millis(200)).await;
                proxy.reset_all();
                tokio::time::sleep(Duration::from_millis(50)).await;
                if let Err(err) = through.renew(&mut lease).await {
                    break err;
                }
            };
            assert_eq!(err.kind(), ErrorKind::Database, "{err}");
            let message = err.to_string();
            println!("{message}");
            assert!(message.starts_with("lease store: renew of `reset` value 0 failed: "), "{message}");
            assert!(!message.contains('…'), "whole: {message}");
            assert!(lease.is_live(), "a failed renewal leaves the term as it was");
            // Each pooled connection was reset, and the pool hands each out once more
            // (without a ping before use) before it opens a new one.
            let mut failures = 1;
            while let Err(err) = through.renew(&mut lease).await {
                assert_eq!(err.kind(), ErrorKind::Database, "{err}");
                failures += 1;
                assert!(failures <= 4, "at most one failure per connection of the pool");
            }

            let kept = through.keep_alive(lease).unwrap();
            let maker = Maker::start(kept.term());
            for _ in 0..8 {
                tokio::time::sleep(Duration::from_millis(400)).await;
                proxy.reset_all();
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
            assert!(kept.is_live(), "resets: kept through eight, past its first term");
            let made = maker.finish();
            assert_eq!(made.refusal, None, "the generator never refused");
            // The release may meet a connection the last reset broke: it is not tried again
            // (the value then stays held until its expiry).
            if let Err(err) = kept.release().await {
                assert_eq!(err.kind(), ErrorKind::Database, "{err}");
            }
        }

        pub async fn a_lost_reply_ends_the_term_by_its_deadline_for_good() {
            // One connection, on which a first renewal prepares the renewal's statement, so
            // that the next is sent whole at once (not prepared first, whose reply the fault
            // would catch before the statement runs).
            let Some((proxy, through, direct)) = stores_with(DURATION, MARGIN, 1).await else {
                return;
            };
            let mut lease = through.acquire("lost-reply", 1).await.unwrap();
            through.renew(&mut lease).await.unwrap();
            let maker = Maker::start(lease.term());
            tokio::time::sleep(Duration::from_millis(200)).await;
            proxy.set(Fault::LoseReplies);
            let deadline = lease.deadline();
            let sent = Instant::now();
            let (renewed, _) = within(
                deadline.saturating_duration_since(Instant::now()) + SLACK,
                "renew",
                through.renew(&mut lease),
            )
            .await;
            let err = renewed.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
            assert!(Instant::now() >= deadline, "waited for the reply until the deadline");
            assert!(
                err.to_string().starts_with("lease store: renew of `lost-reply` value 0 timed out: no reply within ")
                    && err.to_string().ends_with(" ms, by its term's deadline; the term has ended"),
                "{err}"
            );
            assert!(!lease.is_live());
            let made = maker.refused();
            none_after(&made, deadline);

            // The term stays ended: a renewal now is refused at once, without the network.
            proxy.set(Fault::None);
            let (again, _) = within(SLACK, "renew of an ended term", through.renew(&mut lease)).await;
            let err = again.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeaseLost);
            assert!(err.to_string().contains("its term had ended"), "{err}");
            assert!(!lease.is_live());

            // The renewal ran in the database (its reply was lost): the value is held until
            // the expiry it set; then the next holder starts right.
            let (next, taken) = take_over(&direct, "lost-reply", 0, DURATION + SLACK * 2).await;
            assert!(
                taken >= sent + DURATION - Duration::from_millis(100),
                "the renewal ran: the value was held until its expiry"
            );
            next_holder_starts_right(&made, &next, taken);
        }

        pub async fn a_renewal_frozen_after_its_statement_returns_by_the_deadline_and_its_late_reply_revives_nothing() {
            // One connection, on which a first renewal prepares the renewal's statement, so
            // that the next is sent whole at once (not prepared first, whose reply the fault
            // would catch before the statement runs).
            let Some((proxy, through, direct)) = stores_with(DURATION, MARGIN, 1).await else {
                return;
            };
            let mut lease = through.acquire("frozen", 1).await.unwrap();
            through.renew(&mut lease).await.unwrap();
            let term = lease.term();
            let maker = Maker::start(lease.term());
            // Once the pool is quiet (sqlx pings each connection it takes back): the
            // renewal's statement is then the next chunk sent, and its connection freezes.
            tokio::time::sleep(Duration::from_millis(200)).await;
            proxy.set(Fault::Freeze);
            let deadline = lease.deadline();
            let sent = Instant::now();
            let (renewed, _) = within(
                deadline.saturating_duration_since(Instant::now()) + SLACK,
                "renew",
                through.renew(&mut lease),
            )
            .await;
            assert_eq!(renewed.unwrap_err().kind(), ErrorKind::Timeout);
            let made = maker.refused();
            none_after(&made, deadline);
            // The held reply now arrives, late, on the connection the renewal left.
            proxy.set(Fault::None);
            tokio::time::sleep(Duration::from_millis(300)).await;
            assert!(!term.is_live(), "a late reply does not revive the term");
            assert_eq!(
                through.renew(&mut lease).await.unwrap_err().kind(),
                ErrorKind::LeaseLost
            );
            let (next, taken) = take_over(&direct, "frozen", 0, DURATION + SLACK * 2).await;
            assert!(
                taken >= sent + DURATION - Duration::from_millis(100),
                "the renewal ran before its connection froze: the value was held until its expiry"
            );
            next_holder_starts_right(&made, &next, taken);
        }

        pub async fn a_kept_lease_survives_a_connection_frozen_after_its_statement() {
            let Some((proxy, through, _)) = stores_with(KEPT_DURATION, KEPT_MARGIN, 4).await else {
                return;
            };
            let kept = through.keep_alive(through.acquire("frozen-kept", 1).await.unwrap()).unwrap();
            let maker = Maker::start(kept.term());
            tokio::time::sleep(Duration::from_millis(200)).await;
            // The next renewal's connection freezes: the attempt gives up at half the time
            // left (1 s), and the next attempt, on another connection, renews in time.
            proxy.set(Fault::Freeze);
            tokio::time::sleep(KEPT_LENGTH + Duration::from_millis(300)).await;
            assert!(kept.is_live(), "frozen: kept past its first term");
            let made = maker.finish();
            assert_eq!(made.refusal, None, "the generator never refused");
            proxy.set(Fault::None);
            kept.release().await.unwrap();
        }

        pub async fn a_kept_lease_holds_under_latency_below_a_third_of_its_term() {
            let Some((proxy, through, _)) = stores_with(KEPT_DURATION, KEPT_MARGIN, 4).await else {
                return;
            };
            let kept = through.keep_alive(through.acquire("slow", 1).await.unwrap()).unwrap();
            let maker = Maker::start(kept.term());
            // 100 ms each way: 200 ms a round trip, two of them (the statement is prepared on
            // a connection's first use of it) well under the 1 s the first attempt may take.
            proxy.set(Fault::Latency(Duration::from_millis(100)));
            tokio::time::sleep(KEPT_LENGTH + Duration::from_millis(300)).await;
            assert!(kept.is_live(), "latency: kept past its first term");
            let made = maker.finish();
            assert_eq!(made.refusal, None, "the generator never refused");
            let (released, _) = within(TIMEOUT + SLACK, "KeepAlive::release", kept.release()).await;
            released.unwrap();
        }

        pub async fn a_kept_lease_under_too_much_latency_ends_on_time() {
            let Some((proxy, through, direct)) = stores().await else {
                return;
            };
            let kept = through.keep_alive(through.acquire("too-slow", 1).await.unwrap()).unwrap();
            let maker = Maker::start(kept.term());
            // 400 ms each way: 800 ms a round trip, over the 500 ms the first attempt may
            // take, and each later attempt has less.
            let start = Instant::now();
            proxy.set(Fault::Latency(Duration::from_millis(400)));
            within(LENGTH + SLACK, "the term's end", kept.term().ended()).await;
            let ended = Instant::now();
            assert!(ended - start >= LENGTH / 2, "not before the deadline");
            let made = maker.refused();
            none_after(&made, ended);
            let (released, _) =
                within(TIMEOUT + SLACK, "KeepAlive::release", kept.release()).await;
            assert_eq!(released.unwrap_err().kind(), ErrorKind::Timeout);
            let (next, taken) = take_over(&direct, "too-slow", 0, DURATION + SLACK * 3).await;
            next_holder_starts_right(&made, &next, taken);
        }

        pub async fn a_renewal_stalled_on_a_lock_returns_by_its_deadline_and_a_server_limit_fails_it_sooner() {
            let Some(url) = url() else {
                return;
            };
            let table = unique_table("idtypes_stall");
            // One store as it comes, one whose connections carry the server-side limits the
            // lease docs advise (see `SERVER_LIMITS`).
            let plain = store(sqlx::pool::PoolOptions::<Db>::new().connect(&url).await.unwrap())
                .with_table(&table)
                .unwrap()
                .with_duration(DURATION, MARGIN)
                .unwrap();
            plain.setup().await.unwrap();
            let limited_pool = sqlx::pool::PoolOptions::<Db>::new()
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        sqlx::raw_sql(SERVER_LIMITS).execute(&mut *conn).await?;
                        Ok(())
                    })
                })
                .connect(&url)
                .await
                .unwrap();
            let limited = store(limited_pool).with_table(&table).unwrap().with_duration(DURATION, MARGIN).unwrap();
            let mut stalled = plain.acquire("stalled", 1).await.unwrap();
            let mut failed = limited.acquire("failed", 1).await.unwrap();

            // Another session locks both rows, as a long transaction on the table would.
            let mut locker = plain.pool().begin().await.unwrap();
            sqlx::raw_sql(sqlx::AssertSqlSafe(format!("SELECT value FROM {table} FOR UPDATE")))
                .execute(&mut *locker)
                .await
                .unwrap();

            // With the server's limits: refused by the database, long before the deadline.
            let (refused, took) = within(
                LENGTH,
                "renew behind a lock, with server limits",
                limited.renew(&mut failed),
            )
            .await;
            let err = refused.unwrap_err();
            println!("{err} (after {took:?})");
            assert_eq!(err.kind(), ErrorKind::Database, "{err}");
            assert!(took < LENGTH / 2, "the server's limit, not the deadline: {took:?}");
            assert!(failed.is_live(), "a renewal that failed leaves the term as it was");
            // Without: the store's own bound, the term's deadline.
            let deadline = stalled.deadline();
            let (waited, _) = within(
                deadline.saturating_duration_since(Instant::now()) + SLACK,
                "renew behind a lock",
                plain.renew(&mut stalled),
            )
            .await;
            let err = waited.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
            assert!(Instant::now() >= deadline);
            assert!(!stalled.is_live());
            locker.rollback().await.unwrap();
        }

        /// Not a check: measures which latency a lease of 2 s (terms of 1.5 s) tolerates, with
        /// and without the pool's ping before each use, for the lease docs' table. Run with
        /// `cargo test -p idtypes-tests --test it measure_latency -- --ignored --nocapture`.
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        #[ignore = "a measurement for the docs, not a check: about 10 s"]
        async fn measure_latency_a_kept_lease_tolerates() {
            let Some(url) = url() else {
                return;
            };
            let runs: Vec<_> = [false, true]
                .into_iter()
                .flat_map(|ping| [50u64, 100, 150, 200, 250, 300, 350, 400].map(move |ms| (ping, ms)))
                .map(|(ping, ms)| {
                    let url = url.clone();
                    tokio::spawn(async move {
                        let (proxy, proxied) = FaultProxy::for_url(&url).await;
                        let table = unique_table("idtypes_latency");
                        let pool = sqlx::pool::PoolOptions::<Db>::new()
                            .max_connections(4)
                            .test_before_acquire(ping)
                            .connect(&proxied)
                            .await
                            .unwrap();
                        let leases = store(pool)
                            .with_table(&table)
                            .unwrap()
                            .with_duration(DURATION, MARGIN)
                            .unwrap();
                        leases.setup().await.unwrap();
                        let kept = leases.keep_alive(leases.acquire("latency", 1).await.unwrap()).unwrap();
                        proxy.set(Fault::Latency(Duration::from_millis(ms)));
                        let start = Instant::now();
                        let held = tokio::time::timeout(Duration::from_secs(6), kept.term().ended()).await;
                        let held = match held {
                            Ok(()) => format!("lost after {:?}", start.elapsed()),
                            Err(_) => "kept 6 s".to_owned(),
                        };
                        drop(kept);
                        (ping, ms, held)
                    })
                })
                .collect();
            for run in runs {
                let (ping, ms, held) = run.await.unwrap();
                println!("ping before use {ping:5}, {ms:3} ms each way ({:3} ms a round trip): {held}", 2 * ms);
            }
        }
    };
}

/// Runs a case on PostgreSQL and MariaDB at once (each scenario is mostly waiting: one test
/// thread for both keeps the suite's time down), and fails if either fails.
async fn on_both(
    postgres: impl Future<Output = ()> + Send + 'static,
    mysql: impl Future<Output = ()> + Send + 'static,
) {
    let (postgres, mysql) = tokio::join!(tokio::spawn(postgres), tokio::spawn(mysql));
    for (server, result) in [("PostgreSQL", postgres), ("MariaDB", mysql)] {
        if let Err(err) = result {
            eprintln!("the case failed on {server} (its panic is above)");
            std::panic::resume_unwind(err.into_panic());
        }
    }
}

/// A test per case, run on both servers.
macro_rules! on_both {
    ($($case:ident,)*) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn $case() {
                on_both(postgres::$case(), mysql::$case()).await;
            }
        )*
    };
}

on_both! {
    a_black_hole_ends_a_kept_lease_on_time_and_every_call_returns_in_time,
    release_and_drop_end_the_term_at_once_while_a_renewal_hangs,
    a_reset_connection_is_a_whole_error_and_a_kept_lease_survives_resets,
    a_lost_reply_ends_the_term_by_its_deadline_for_good,
    a_renewal_frozen_after_its_statement_returns_by_the_deadline_and_its_late_reply_revives_nothing,
    a_kept_lease_survives_a_connection_frozen_after_its_statement,
    a_kept_lease_holds_under_latency_below_a_third_of_its_term,
    a_kept_lease_under_too_much_latency_ends_on_time,
    a_renewal_stalled_on_a_lock_returns_by_its_deadline_and_a_server_limit_fails_it_sooner,
}

/// The value the TIDs of `made` carry (their clock id).
pub(crate) fn made_value(made: &Made) -> u32 {
    let values: HashSet<u16> = made.ids.iter().map(|(_, tid)| tid.clock_id()).collect();
    assert_eq!(values.len(), 1);
    u32::from(*values.iter().next().unwrap())
}

mod postgres {
    type Db = sqlx::Postgres;

    /// Server-side limits for a lease store's connections (see the lease docs).
    const SERVER_LIMITS: &str = "SET statement_timeout = '1s'; SET lock_timeout = '300ms'";

    fn url() -> Option<String> {
        idtypes_tests::postgres_url()
    }

    fn store(pool: sqlx::PgPool) -> idtypes::lease::Leases<Db> {
        idtypes::lease::Leases::postgres(pool)
    }

    fault_cases!();
}

mod mysql {
    type Db = sqlx::MySql;

    /// Server-side limits for a lease store's connections (see the lease docs), as MariaDB
    /// names them (MySQL's `max_execution_time` limits only `SELECT`s).
    const SERVER_LIMITS: &str =
        "SET SESSION max_statement_time = 0.3, SESSION innodb_lock_wait_timeout = 1";

    fn url() -> Option<String> {
        idtypes_tests::mysql_url()
    }

    fn store(pool: sqlx::MySqlPool) -> idtypes::lease::Leases<Db> {
        idtypes::lease::Leases::mysql(pool)
    }

    fault_cases!();
}
