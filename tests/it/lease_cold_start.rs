//! A fleet's cold start: 1,000 acquirers from 20 OS processes (`lease_cold_start_worker`, 50
//! each on one store of their own: a pool of 3 connections, so 60 on a server whose default
//! limit is 100 or 151; one etcd client) start together against one store, for a space of
//! 1,000 values. Every acquirer must get a value, none an error; then one more acquirer,
//! beyond the space, must get `LeasesExhausted` at once. The test prints the acquires'
//! latency (p50, p99, max) and how many values each tried, per store: the lease docs' table.
//!
//! The stores keep their defaults (10 s timeout); the servers theirs.

use std::{
    collections::HashSet,
    io::Write,
    process::{Child, ChildStdin, Command, Stdio},
    sync::mpsc,
    time::{Duration, Instant},
};

use idtypes::{
    ErrorKind,
    lease::{EtcdLeases, Leases},
};
use idtypes_tests::{forward_lines, unique_table};

/// Processes, acquirers in each, and the values they share.
const PROCESSES: usize = 20;
const PER_PROCESS: usize = 50;
const SPACE: u32 = (PROCESSES * PER_PROCESS) as u32;
/// Each process's pool (SQL stores).
const POOL: u32 = 3;
/// How soon the acquirer beyond the space must hear that every value is held.
const PROMPTLY: Duration = Duration::from_secs(1);

/// What the acquirers saw.
struct Figures {
    /// Each acquire's latency, sorted.
    latencies: Vec<Duration>,
    /// How many values each tried.
    tries: Vec<u32>,
    /// The values taken.
    values: Vec<u32>,
    /// Acquires that failed: `exhausted` or `error` lines.
    failures: Vec<String>,
    /// From the start to the last acquire's end.
    wall: Duration,
}

/// The latency at `quantile` of sorted `latencies`.
fn at(latencies: &[Duration], quantile: f64) -> Duration {
    let i = ((latencies.len() as f64 * quantile).ceil() as usize).clamp(1, latencies.len()) - 1;
    latencies[i]
}

/// Starts the processes on `store`, lets them acquire together once every one has connected,
/// and collects what they saw; they hold their leases until `release` is called on what this
/// returns.
fn cold_start(store: &str, table: &str, namespace: &str) -> (Figures, Vec<(Child, ChildStdin)>) {
    let (send, lines) = mpsc::channel();
    let mut workers = Vec::new();
    for _ in 0..PROCESSES {
        let mut worker = Command::new(env!("CARGO_BIN_EXE_lease_cold_start_worker"))
            .args([
                store,
                table,
                namespace,
                &SPACE.to_string(),
                &PER_PROCESS.to_string(),
                &POOL.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start a worker process");
        forward_lines(&mut worker, workers.len(), send.clone());
        let stdin = worker.stdin.take().unwrap();
        workers.push((worker, stdin));
    }
    let mut figures = Figures {
        latencies: Vec::new(),
        tries: Vec::new(),
        values: Vec::new(),
        failures: Vec::new(),
        wall: Duration::ZERO,
    };
    for _ in 0..PROCESSES {
        let (i, line) = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the workers connect within a minute");
        assert_eq!(line, "ready", "worker {i}");
    }
    // The start, to every process at once.
    let start = Instant::now();
    for (_, stdin) in &mut workers {
        writeln!(stdin).unwrap();
        stdin.flush().unwrap();
    }
    let mut held = 0;
    while held < PROCESSES {
        let (_, line) = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the workers report within a minute");
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["held"] => held += 1,
            ["ok", micros, tries, value] => {
                figures
                    .latencies
                    .push(Duration::from_micros(micros.parse().unwrap()));
                figures.tries.push(tries.parse().unwrap());
                figures.values.push(value.parse().unwrap());
            }
            _ => figures.failures.push(line),
        }
    }
    figures.wall = start.elapsed();
    figures.latencies.sort();
    (figures, workers)
}

/// Tells the processes to release their leases, and waits for them.
fn release(workers: Vec<(Child, ChildStdin)>) {
    for (mut worker, mut stdin) in workers {
        let _ = writeln!(stdin);
        drop(stdin);
        let status = worker.wait().unwrap();
        assert!(status.success(), "a worker failed: {status}");
    }
}

/// Checks and prints what `figures` say of `store` (in the round `round`), and the extra
/// acquirer's `beyond`.
fn report(
    store: &str,
    round: &str,
    figures: &Figures,
    beyond: Result<idtypes::lease::Lease, idtypes::Error>,
    beyond_took: Duration,
) {
    let Figures {
        latencies,
        tries,
        values,
        failures,
        wall,
    } = figures;
    let distinct: HashSet<u32> = values.iter().copied().collect();
    let retries: u32 = tries.iter().map(|&tried| tried.saturating_sub(1)).sum();
    let most = tries.iter().max().copied().unwrap_or(0);
    println!(
        "{store}, {round}: {} acquirers from {PROCESSES} processes, {SPACE} values: {} leases in {wall:?}; \
         latency p50 {:?}, p99 {:?}, max {:?}; {retries} retries ({} acquirers tried more than \
         one value, at most {most}); the one beyond the space: {} in {beyond_took:?}",
        SPACE,
        values.len(),
        at(latencies, 0.5),
        at(latencies, 0.99),
        latencies.last().unwrap(),
        tries.iter().filter(|&&tried| tried > 1).count(),
        match &beyond {
            Ok(lease) => format!("value {}", lease.value()),
            Err(err) => format!("{:?}", err.kind()),
        },
    );
    assert!(
        failures.is_empty(),
        "{} failed: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert_eq!(values.len(), SPACE as usize, "every acquirer got a value");
    assert_eq!(distinct.len(), values.len(), "no value twice");
    let err = beyond.expect_err("a value beyond the space");
    assert_eq!(err.kind(), ErrorKind::LeasesExhausted, "{err}");
    assert!(
        beyond_took < PROMPTLY,
        "LeasesExhausted after {beyond_took:?}"
    );
}

/// Both rounds of the cold start on `store` (`leases` is a store of this process on the
/// same table or prefix): a namespace never used, then the same once every value was
/// released (a fleet coming back to a store that knows it).
async fn both_rounds<S: Acquire>(store: &str, url: String, table: String, leases: &S) {
    let namespace = unique_table("cold");
    for round in ["first start", "start again"] {
        let (figures, workers) = tokio::task::spawn_blocking({
            let (url, table, namespace) = (url.clone(), table.clone(), namespace.clone());
            move || cold_start(&url, &table, &namespace)
        })
        .await
        .unwrap();
        let began = Instant::now();
        let beyond = leases.acquire_in(&namespace, SPACE).await;
        let beyond_took = began.elapsed();
        tokio::task::spawn_blocking(move || release(workers))
            .await
            .unwrap();
        report(store, round, &figures, beyond, beyond_took);
    }
}

/// A store of the test's own.
trait Acquire {
    fn acquire_in(
        &self,
        namespace: &str,
        size: u32,
    ) -> impl Future<Output = Result<idtypes::lease::Lease, idtypes::Error>>;
}

macro_rules! acquire_for {
    ($($store:ty),*) => {$(
        impl Acquire for $store {
            fn acquire_in(
                &self,
                namespace: &str,
                size: u32,
            ) -> impl Future<Output = Result<idtypes::lease::Lease, idtypes::Error>> {
                self.acquire(namespace, size)
            }
        }
    )*};
}

acquire_for!(
    Leases<sqlx::Postgres>,
    Leases<sqlx::MySql>,
    Leases<sqlx::Sqlite>,
    EtcdLeases
);

/// The cold start on a database server.
macro_rules! server_cold_start {
    ($name:ident, $url:path, $db:ty, $constructor:path, $store:literal) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let Some(url) = $url() else {
                return;
            };
            let table = unique_table("idtypes_cold");
            let pool = sqlx::pool::PoolOptions::<$db>::new()
                .max_connections(2)
                .connect(&url)
                .await
                .unwrap();
            let leases = $constructor(pool).with_table(&table).unwrap();
            leases.setup().await.unwrap();
            both_rounds($store, url, table, &leases).await;
        }
    };
}

server_cold_start!(
    a_thousand_acquirers_at_once_on_postgres_all_get_a_value,
    idtypes_tests::postgres_url,
    sqlx::Postgres,
    Leases::postgres,
    "postgres"
);
server_cold_start!(
    a_thousand_acquirers_at_once_on_mysql_all_get_a_value,
    idtypes_tests::mysql_url,
    sqlx::MySql,
    Leases::mysql,
    "mysql"
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_acquirers_at_once_on_sqlite_all_get_a_value() {
    let table = unique_table("idtypes_cold");
    let path = std::env::temp_dir().join(format!("{table}.db"));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let leases = Leases::sqlite(pool.clone()).with_table(&table).unwrap();
    leases.setup().await.unwrap();
    both_rounds("sqlite", url, table, &leases).await;
    pool.close().await;
    let _ = std::fs::remove_file(path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_acquirers_at_once_on_etcd_all_get_a_value() {
    let Some(url) = idtypes_tests::etcd::etcd_url() else {
        return;
    };
    let prefix = idtypes_tests::etcd::unique_prefix("cold");
    let leases = EtcdLeases::new(idtypes_tests::etcd::client(std::slice::from_ref(&url)).await)
        .with_prefix(&prefix)
        .unwrap();
    both_rounds("etcd", format!("etcd:{url}"), prefix, &leases).await;
}
