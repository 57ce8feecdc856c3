//! `LeasedGenerator`: a generator that leases again by itself, on every store, in one process
//! (the fleet of processes is `lease_recovery`).
//!
//! The store goes away for longer than a term (PostgreSQL, MariaDB and etcd black-holed by
//! the fault proxy; SQLite locked by another connection) and comes back; meanwhile a thread
//! asks for TIDs all along. Whatever happens:
//!
//! - no TID is made after the term's deadline until a new term is in place;
//! - while no term is live, every call refuses at once with `LeaseExpired` saying so, and
//!   `next_within` waits for its bound and no more;
//! - the store back, TIDs come again within [`RECOVERY`], without a restart, on the same
//!   value (the store still shows it as this holder's), and they go on increasing;
//! - the status and the events (`tracing`) tell what happened.
//!
//! When the value was taken over meanwhile, the generator goes on on another value, and no
//! TID repeats across the holders. A clock that steps past the term's ceiling gets a renewal
//! at once rather than at the next third of a term.

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
    ErrorKind, IdGenerator, Leasable, ManualClock, Tid,
    lease::{EtcdLeases, KeepAlive, LeasedGenerator, Leases},
    tid::TidGenerator,
};
use idtypes_tests::{
    events,
    fault_proxy::{Fault, FaultProxy},
    unique_table,
};

use crate::lease_faults::{DURATION, LENGTH, MARGIN, SLACK, TICK, TIMEOUT, within};

/// How soon after the store is back the generator makes ids again: an attempt to lease again
/// in flight when it came back (within the store's timeout), the pause before the next (a
/// tenth of a term at most), and headroom.
const RECOVERY: Duration = Duration::from_millis(1000 + 150 + 600);

/// How long a refusal may take: it is a check in memory.
const AT_ONCE: Duration = Duration::from_millis(50);

/// What a thread asking for TIDs saw.
struct Seen {
    /// The TIDs, each with the instant taken just before its call.
    ids: Vec<(Instant, Tid)>,
    /// The refusals: when the call began, how long it took, and the error.
    refusals: Vec<(Instant, Duration, idtypes::Error)>,
}

/// A thread asking a generator for TIDs, a burst every millisecond (a burst ends at its first
/// refusal), until told to stop.
struct Caller {
    stop: Arc<AtomicBool>,
    thread: thread::JoinHandle<Seen>,
}

impl Caller {
    fn start<G: IdGenerator<Id = Tid> + 'static>(generator: Arc<LeasedGenerator<G>>) -> Caller {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = thread::spawn({
            let stop = Arc::clone(&stop);
            move || {
                let mut seen = Seen {
                    ids: Vec::new(),
                    refusals: Vec::new(),
                };
                while !stop.load(Ordering::Relaxed) {
                    for _ in 0..20 {
                        let before = Instant::now();
                        match generator.try_next() {
                            Ok(tid) => seen.ids.push((before, tid)),
                            Err(err) => {
                                seen.refusals.push((before, before.elapsed(), err));
                                break;
                            }
                        }
                    }
                    thread::sleep(Duration::from_millis(1));
                }
                seen
            }
        });
        Caller { stop, thread }
    }

    fn finish(self) -> Seen {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}

/// TIDs from a lease space of two values (the TID generator's first two clock ids), so
/// that a test can hold every other value.
struct TwoValues(TidGenerator);

impl IdGenerator for TwoValues {
    type Id = Tid;

    fn try_next(&self) -> Result<Tid, idtypes::Error> {
        self.0.try_next()
    }
}

impl Leasable for TwoValues {
    fn lease_values(&self) -> u32 {
        2
    }

    fn with_term(&self, term: idtypes::LeaseTerm) -> Result<Self, idtypes::Error> {
        Ok(TwoValues(self.0.with_term(term)?))
    }
}

/// A store whose leased generators the tests take.
trait Store: Send + Sync {
    fn generator_of<'a, G: Leasable + Send>(
        &'a self,
        namespace: &'a str,
        template: G,
    ) -> Pin<Box<dyn Future<Output = Result<LeasedGenerator<G>, idtypes::Error>> + Send + 'a>>;

    fn acquire_in<'a>(
        &'a self,
        namespace: &'a str,
        size: u32,
    ) -> Pin<Box<dyn Future<Output = Result<idtypes::lease::Lease, idtypes::Error>> + Send + 'a>>;

    fn kept(&self, lease: idtypes::lease::Lease) -> KeepAlive;
}

macro_rules! store_for {
    ($($store:ty),*) => {$(
        impl Store for $store {
            fn generator_of<'a, G: Leasable + Send>(
                &'a self,
                namespace: &'a str,
                template: G,
            ) -> Pin<Box<dyn Future<Output = Result<LeasedGenerator<G>, idtypes::Error>> + Send + 'a>> {
                Box::pin(self.generator(namespace, template))
            }

            fn acquire_in<'a>(
                &'a self,
                namespace: &'a str,
                size: u32,
            ) -> Pin<Box<dyn Future<Output = Result<idtypes::lease::Lease, idtypes::Error>> + Send + 'a>> {
                Box::pin(self.acquire(namespace, size))
            }

            fn kept(&self, lease: idtypes::lease::Lease) -> KeepAlive {
                self.keep_alive(lease).unwrap()
            }
        }
    )*};
}

store_for!(
    Leases<sqlx::Postgres>,
    Leases<sqlx::MySql>,
    Leases<sqlx::Sqlite>,
    EtcdLeases
);

/// How the store goes away and comes back.
enum Outage {
    /// The fault proxy between the store and its server: a black hole.
    Proxy(FaultProxy),
    /// An SQLite file: another connection holds its write lock (`BEGIN EXCLUSIVE`).
    Locked(
        sqlx::SqlitePool,
        Option<sqlx::pool::PoolConnection<sqlx::Sqlite>>,
    ),
}

impl Outage {
    async fn start(&mut self) {
        match self {
            Outage::Proxy(proxy) => proxy.set(Fault::BlackHole),
            Outage::Locked(pool, held) => {
                let mut conn = pool.acquire().await.unwrap();
                sqlx::raw_sql("BEGIN EXCLUSIVE")
                    .execute(&mut *conn)
                    .await
                    .unwrap();
                *held = Some(conn);
            }
        }
    }

    async fn end(&mut self) {
        match self {
            Outage::Proxy(proxy) => proxy.set(Fault::None),
            Outage::Locked(_, held) => {
                let mut conn = held.take().unwrap();
                sqlx::raw_sql("ROLLBACK").execute(&mut *conn).await.unwrap();
            }
        }
    }
}

/// A store through the fault proxy (and the same store direct, for other holders), on a new
/// table of the server at `url`.
macro_rules! server_stores {
    ($url:expr, $db:ty, $constructor:path) => {{
        let url = $url?;
        let table = unique_table("idtypes_heal");
        let (proxy, proxied) = FaultProxy::for_url(&url).await;
        let options = |connections| {
            sqlx::pool::PoolOptions::<$db>::new()
                .max_connections(connections)
                .test_before_acquire(false)
                .acquire_timeout(Duration::from_secs(120))
        };
        // Terms of 1.5 s, calls limited to 1 s.
        let configure = |leases: Leases<$db>| {
            leases
                .with_table(&table)
                .unwrap()
                .with_duration(DURATION, MARGIN)
                .unwrap()
                .with_timeout(TIMEOUT)
                .unwrap()
        };
        let direct = configure($constructor(options(4).connect(&url).await.unwrap()));
        direct.setup().await.unwrap();
        let through = configure($constructor(options(4).connect_lazy(&proxied).unwrap()));
        Some((Outage::Proxy(proxy), through, direct))
    }};
}

async fn postgres_stores() -> Option<(Outage, Leases<sqlx::Postgres>, Leases<sqlx::Postgres>)> {
    server_stores!(
        idtypes_tests::postgres_url(),
        sqlx::Postgres,
        Leases::postgres
    )
}

async fn mysql_stores() -> Option<(Outage, Leases<sqlx::MySql>, Leases<sqlx::MySql>)> {
    server_stores!(idtypes_tests::mysql_url(), sqlx::MySql, Leases::mysql)
}

async fn etcd_stores() -> Option<(Outage, EtcdLeases, EtcdLeases)> {
    let url = idtypes_tests::etcd::etcd_url()?;
    let (proxy, proxied) = FaultProxy::for_url(&url).await;
    let prefix = idtypes_tests::etcd::unique_prefix("heal");
    let configure = |leases: EtcdLeases| {
        leases
            .with_prefix(&prefix)
            .unwrap()
            .with_duration(DURATION, MARGIN)
            .unwrap()
            .with_timeout(TIMEOUT)
            .unwrap()
    };
    let direct = configure(EtcdLeases::new(
        idtypes_tests::etcd::client(std::slice::from_ref(&url)).await,
    ));
    direct.setup().await.unwrap();
    let through = configure(EtcdLeases::new(
        idtypes_tests::etcd::client(&[proxied]).await,
    ));
    Some((Outage::Proxy(proxy), through, direct))
}

/// An SQLite file, its store (whose statements give up on a lock after 200 ms), the pool of
/// the connection that locks it, and its table.
async fn sqlite_stores() -> (Outage, Leases<sqlx::Sqlite>, String) {
    let table = unique_table("idtypes_heal");
    let path = std::env::temp_dir().join(format!("{table}.db"));
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .busy_timeout(Duration::from_millis(200));
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(options.clone())
        .await
        .unwrap();
    let leases = Leases::sqlite(pool)
        .with_table(&table)
        .unwrap()
        .with_duration(DURATION, MARGIN)
        .unwrap()
        .with_timeout(TIMEOUT)
        .unwrap();
    leases.setup().await.unwrap();
    let locker = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .unwrap();
    (Outage::Locked(locker, None), leases, table)
}

/// Waits until `generator` makes ids again, within `bound` (failing the test past it).
async fn making_ids_again<G>(generator: &LeasedGenerator<G>, bound: Duration) -> Instant {
    let start = Instant::now();
    while !generator.status().is_making_ids() {
        assert!(
            start.elapsed() <= bound,
            "not making ids {bound:?} after the store came back: {:?}",
            generator.status()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Instant::now()
}

/// The store goes away for two terms and comes back: see the module docs.
async fn outage_and_recovery(store: &impl Store, mut outage: Outage) {
    events::catch();
    let namespace = unique_table("heal");
    let generator = Arc::new(
        store
            .generator_of(&namespace, TidGenerator::new())
            .await
            .unwrap(),
    );
    let first = generator.status();
    assert!(first.is_making_ids());
    assert_eq!(first.leases_taken(), 1);
    let caller = Caller::start(Arc::clone(&generator));
    tokio::time::sleep(Duration::from_millis(300)).await;

    outage.start().await;
    let cut = Instant::now();
    within(LENGTH + SLACK, "the term's end", generator.term().ended()).await;
    let ended = Instant::now();
    // A whole term more without the store: longer than any term, and longer than the lease.
    tokio::time::sleep(LENGTH).await;
    let status = generator.status();
    assert!(!status.is_making_ids(), "{status:?}");
    assert!(status.for_how_long() >= LENGTH - TICK, "{status:?}");
    assert!(status.reason().is_some(), "{status:?}");
    let start = Instant::now();
    let refused = generator.try_next().unwrap_err();
    assert!(start.elapsed() < AT_ONCE, "refused at once");
    assert_eq!(refused.kind(), ErrorKind::LeaseExpired, "{refused}");
    let message = refused.to_string();
    assert!(
        message.starts_with(&format!("lease `{namespace}`: no live term for ")),
        "{message}"
    );
    assert!(message.contains("; leasing again; because: "), "{message}");
    let (waited, took) = within(
        Duration::from_millis(300) + SLACK,
        "next_within",
        generator.next_within(Duration::from_millis(300)),
    )
    .await;
    let waited = waited.unwrap_err();
    assert_eq!(waited.kind(), ErrorKind::LeaseExpired);
    assert!(
        took >= Duration::from_millis(300),
        "waited its bound: {took:?}"
    );
    assert!(waited.to_string().contains("; waited 3"), "{waited}");
    // A call that waits across the store's return gets an id.
    let waiting = tokio::spawn({
        let generator = Arc::clone(&generator);
        async move { generator.next_within(Duration::from_secs(30)).await }
    });

    outage.end().await;
    let back = Instant::now();
    let recovered = making_ids_again(&generator, RECOVERY).await;
    let waited_for = within(SLACK, "the waiting call", waiting).await.0.unwrap();
    let waited_for = waited_for.expect("an id after the store came back");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let seen = caller.finish();
    let status = generator.status();

    // No TID between the term's deadline and the store's return; TIDs again after it, all
    // increasing and distinct (one thread, one generator).
    let during: Vec<_> = seen
        .ids
        .iter()
        .filter(|(before, _)| *before > ended + TICK && *before < back)
        .collect();
    assert!(
        during.is_empty(),
        "{} TIDs without a live term",
        during.len()
    );
    let after: Vec<_> = seen
        .ids
        .iter()
        .filter(|(before, _)| *before >= back)
        .collect();
    assert!(!after.is_empty(), "TIDs after the store came back");
    let first_after = after[0].0;
    assert!(
        first_after - back <= RECOVERY,
        "TIDs again {:?} after the store came back",
        first_after - back
    );
    assert!(
        seen.ids.windows(2).all(|pair| pair[0].1 < pair[1].1),
        "TIDs increase across the new lease"
    );
    let last_before = seen.ids.iter().rfind(|(at, _)| *at < back).unwrap().1;
    assert!(
        waited_for > last_before,
        "the waiting call's id after every id made before"
    );
    for (_, took, err) in &seen.refusals {
        assert_eq!(err.kind(), ErrorKind::LeaseExpired, "{err}");
        assert!(*took < AT_ONCE, "a refusal took {took:?}: {err}");
    }
    assert_eq!(
        status.value(),
        first.value(),
        "the same value, still this holder's"
    );
    assert_eq!(status.leases_taken(), 2);
    assert!(status.is_making_ids());
    println!(
        "{namespace}: ids stopped {:?} after the cut, for {:?}; again {:?} after the store came \
         back ({} TIDs, {} refusals)",
        ended - cut,
        recovered - ended,
        recovered - back,
        seen.ids.len(),
        seen.refusals.len(),
    );

    // What the logs show: lost, then acquired again, then released.
    let generator = Arc::into_inner(generator).expect("the only handle");
    generator.release().await.unwrap();
    let caught = events::caught(&namespace);
    let messages: Vec<&str> = caught.iter().map(|event| event.message.as_str()).collect();
    let position = |message: &str| {
        messages
            .iter()
            .position(|m| *m == message)
            .unwrap_or_else(|| panic!("no event `{message}` in {messages:?}"))
    };
    let (acquired, lost, again, released) = (
        position("lease acquired"),
        position("lease lost: its ids stop"),
        position("lease acquired again: ids go on"),
        position("lease released"),
    );
    assert!(
        acquired < lost && lost < again && again < released,
        "{messages:?}"
    );
    let again = &caught[again];
    assert_eq!(again.field("same_value"), Some("true"));
    assert_eq!(again.field("value"), Some(&*first.value().to_string()));
    let outage_ms: u64 = again.field("outage_ms").unwrap().parse().unwrap();
    assert!(outage_ms >= LENGTH.as_millis() as u64, "{again:?}");
    assert!(caught[lost].field("error").is_some());
    assert!(
        caught.iter().all(|event| event.field("store").is_some()),
        "{caught:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_leased_generator_makes_ids_again_after_the_store_was_gone_for_two_terms() {
    let Some((outage, through, _)) = postgres_stores().await else {
        return;
    };
    outage_and_recovery(&through, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mysql_a_leased_generator_makes_ids_again_after_the_store_was_gone_for_two_terms() {
    let Some((outage, through, _)) = mysql_stores().await else {
        return;
    };
    outage_and_recovery(&through, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn etcd_a_leased_generator_makes_ids_again_after_the_store_was_gone_for_two_terms() {
    let Some((outage, through, _)) = etcd_stores().await else {
        return;
    };
    outage_and_recovery(&through, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_leased_generator_makes_ids_again_after_the_file_was_locked_for_two_terms() {
    let (outage, leases, _) = sqlite_stores().await;
    outage_and_recovery(&leases, outage).await;
}

/// Cut off for longer than the lease, its value is taken over by another holder; back, the
/// generator goes on on another value, once one is free, and no TID repeats.
async fn taken_over_while_away(through: &impl Store, direct: &impl Store, mut outage: Outage) {
    let namespace = unique_table("heal-over");
    // A space of two: this generator's value, and one another holder takes at once.
    let generator = Arc::new(
        through
            .generator_of(&namespace, TwoValues(TidGenerator::new()))
            .await
            .expect("the first lease"),
    );
    let ours = generator.status().value();
    let caller = Caller::start(Arc::clone(&generator));
    tokio::time::sleep(Duration::from_millis(200)).await;
    outage.start().await;
    // The other value is held by another holder, which then takes this one over once it has
    // expired in the store; both kept alive.
    let mut others = Vec::new();
    let take_over_deadline = Instant::now() + DURATION * 3 + Duration::from_secs(4);
    let taken_over = loop {
        let lease = direct.acquire_in(&namespace, 2).await;
        match lease {
            Ok(lease) if lease.value() == ours => break direct.kept(lease),
            Ok(lease) => others.push(direct.kept(lease)),
            Err(err) if err.kind() == ErrorKind::LeasesExhausted => {
                assert!(Instant::now() < take_over_deadline, "never taken over");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(err) => panic!("the other holder: {err}"),
        }
    };
    let other_ids: Vec<Tid> = {
        let other = TidGenerator::new()
            .with_lease_term(taken_over.term())
            .unwrap();
        (0..1000).map(|_| other.next()).collect()
    };
    outage.end().await;
    // Back: the value is another's, and every other value too: no new lease yet.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !generator.status().is_making_ids(),
        "{:?}",
        generator.status()
    );
    // One value is given back: the generator takes it.
    let freed = others.pop().unwrap();
    let freed_value = freed.term().value();
    freed.release().await.unwrap();
    let back = Instant::now();
    making_ids_again(&generator, RECOVERY).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let seen = caller.finish();
    let status = generator.status();
    assert_eq!(status.value(), freed_value);
    assert!(status.leases_taken() >= 2);
    println!(
        "{namespace}: taken over while away; on value {freed_value} {:?} after it was freed",
        generator.status().since().elapsed().unwrap_or_default()
    );
    let ids: Vec<Tid> = seen.ids.iter().map(|(_, tid)| *tid).collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(
        ids.iter()
            .any(|tid| u32::from(tid.clock_id()) == freed_value)
    );
    let all: HashSet<Tid> = ids.iter().chain(&other_ids).copied().collect();
    assert_eq!(all.len(), ids.len() + other_ids.len(), "no TID repeats");
    assert!(seen.ids.iter().filter(|(at, _)| *at >= back).count() > 0);
    taken_over.release().await.unwrap();
    assert!(others.is_empty());
    drop(generator);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_a_value_taken_over_while_away_is_followed_by_another() {
    let Some((outage, through, direct)) = postgres_stores().await else {
        return;
    };
    taken_over_while_away(&through, &direct, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mysql_a_value_taken_over_while_away_is_followed_by_another() {
    let Some((outage, through, direct)) = mysql_stores().await else {
        return;
    };
    taken_over_while_away(&through, &direct, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn etcd_a_value_taken_over_while_away_is_followed_by_another() {
    let Some((outage, through, direct)) = etcd_stores().await else {
        return;
    };
    taken_over_while_away(&through, &direct, outage).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_step_past_the_ceiling_gets_a_renewal_at_once() {
    // Terms of 25 s: the next renewal would come 8 s after the lease was taken.
    let (_, leases, _) = sqlite_stores().await;
    let clock = Arc::new(ManualClock::new(1_700_000_000_000_000));
    let leases = leases
        .with_duration(Duration::from_secs(30), Duration::from_secs(5))
        .unwrap()
        .with_clock(Arc::clone(&clock));
    let namespace = unique_table("heal-step");
    let generator = leases
        .generator(&namespace, TidGenerator::with_clock(Arc::clone(&clock)))
        .await
        .unwrap();
    let before = generator.try_next().unwrap();
    // A minute on, past the ceiling (the clock at the lease plus 30 s).
    clock.advance(Duration::from_secs(60));
    let refused = generator.try_next().unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::LeaseExpired);
    assert!(
        refused.to_string().contains("reached the last timestamp"),
        "{refused}"
    );
    // The renewal asked for at once: an id within a round trip or two, not 8 s.
    let (after, took) = within(
        Duration::from_secs(2),
        "an id after the renewal",
        generator.next_within(Duration::from_secs(5)),
    )
    .await;
    let after = after.unwrap();
    println!("an id past the old ceiling {took:?} after the step");
    assert!(after > before);
    assert!(after.timestamp_micros() >= before.timestamp_micros() + 60_000_000);
    assert_eq!(
        generator.status().leases_taken(),
        1,
        "the same lease, renewed"
    );
    generator.release().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_term_ended_in_place_is_followed_at_once_by_a_new_one_on_the_same_value() {
    events::catch();
    let (_, leases, table) = sqlite_stores().await;
    let namespace = unique_table("heal-end");
    let generator = leases
        .generator(&namespace, TidGenerator::new())
        .await
        .unwrap();
    let value = generator.status().value();
    let first = generator.try_next().unwrap();
    // The term ends for a reason the store did not see (here, by hand).
    generator.term().end();
    let ended = Instant::now();
    let tid = within(
        RECOVERY,
        "an id under the next term",
        generator.next_within(Duration::from_secs(5)),
    )
    .await
    .0
    .unwrap();
    assert!(tid > first);
    assert_eq!(u32::from(tid.clock_id()), value);
    let took = ended.elapsed();
    println!("a new term {took:?} after the last ended");
    assert!(
        took < Duration::from_millis(200),
        "leased again at once: {took:?}"
    );
    let status = generator.status();
    assert_eq!(status.leases_taken(), 2);
    assert_eq!(status.value(), value);
    // Released while making ids: the store's release, within its timeout; every call after
    // refuses at once, waiting or not.
    within(TIMEOUT + SLACK, "release", generator.release())
        .await
        .0
        .unwrap();
    let refused = generator.try_next().unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::LeaseExpired);
    assert!(refused.to_string().contains(": released"), "{refused}");
    let (waited, took) = within(
        AT_ONCE,
        "next_within once released",
        generator.next_within(Duration::from_secs(5)),
    )
    .await;
    assert!(waited.is_err(), "{took:?}");
    let status = generator.status();
    assert!(
        status.is_released() && !status.is_making_ids(),
        "{status:?}"
    );
    within(AT_ONCE, "a second release", generator.release())
        .await
        .0
        .unwrap();
    let messages: Vec<String> = events::caught(&namespace)
        .into_iter()
        .map(|event| event.message)
        .collect();
    assert!(
        messages.iter().any(|m| m == "lease released"),
        "{messages:?}"
    );
    assert!(released_in(&leases, &table, &namespace, value).await);
}

/// Whether `value` of `namespace` is free in the SQLite store `leases` on `table`: released
/// (its holder cleared) or never taken.
async fn released_in(
    leases: &Leases<sqlx::Sqlite>,
    table: &str,
    namespace: &str,
    value: u32,
) -> bool {
    let holder: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT holder FROM {table} WHERE namespace = ? AND value = ?"
    )))
    .bind(namespace)
    .bind(i64::from(value))
    .fetch_optional(leases.pool())
    .await
    .unwrap();
    holder.is_none_or(|holder| holder.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_a_leased_generator_ends_its_term_at_once_and_releases_it() {
    let (_, leases, table) = sqlite_stores().await;
    let namespace = unique_table("heal-drop");
    let generator = leases
        .generator(&namespace, TidGenerator::new())
        .await
        .unwrap();
    let term = generator.term();
    assert!(!released_in(&leases, &table, &namespace, term.value()).await);
    let start = Instant::now();
    drop(generator);
    assert!(start.elapsed() < AT_ONCE, "dropping does not wait");
    assert!(!term.is_live());
    // Released in the background, within the store's timeout.
    let start = Instant::now();
    while !released_in(&leases, &table, &namespace, term.value()).await {
        assert!(
            start.elapsed() < TIMEOUT + SLACK,
            "the value was not released"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
