//! One process of the lease recovery test (`tests/it/lease_recovery.rs`): it makes TIDs from
//! a `LeasedGenerator` for a while, asking for a burst of ten every millisecond whatever
//! happens to the store, appends every TID to a file as it goes, and says when ids stopped
//! and started again.
//!
//! `lease_recovery_worker <store> <table or key prefix> <namespace> <run ms> <output file>`:
//! the store is an sqlx database URL, or `etcd:` and the cluster's endpoints separated by
//! commas.
//!
//! It prints `ready <value>` once its first lease is taken, then at the end one line per
//! stretch without ids, `gap <from> <to>` (ms since 1970: the first refusal and the next id),
//! and `done <TIDs made> <leases taken> <value> <when it stopped, ms since 1970>`.

use std::{
    io::Write,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use idtypes::{
    ErrorKind, Leasable,
    lease::{EtcdLeases, LeasedGenerator, Leases},
    tid::TidGenerator,
};

/// Terms of 1.5 s, calls limited to 1 s: as `lease_healing`'s.
const DURATION: Duration = Duration::from_millis(2000);
const MARGIN: Duration = Duration::from_millis(500);
const TIMEOUT: Duration = Duration::from_millis(1000);

fn unix_ms() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, store, table, namespace, run_ms, output] = &args[..] else {
        panic!("usage: lease_recovery_worker STORE TABLE NAMESPACE RUN_MS OUTPUT");
    };
    let run = Duration::from_millis(run_ms.parse().unwrap());
    let template = TidGenerator::new();
    // A small pool of its own, without a ping before each use, as the lease docs advise.
    macro_rules! sql_pool {
        ($db:ty, $url:expr) => {
            sqlx::pool::PoolOptions::<$db>::new()
                .max_connections(2)
                .test_before_acquire(false)
                .connect_lazy($url)
                .unwrap()
        };
    }
    macro_rules! configured {
        ($leases:expr) => {
            $leases
                .with_duration(DURATION, MARGIN)
                .unwrap()
                .with_timeout(TIMEOUT)
                .unwrap()
        };
    }
    if let Some(endpoints) = store.strip_prefix("etcd:") {
        let endpoints: Vec<&str> = endpoints.split(',').collect();
        let client = etcd_client::Client::connect(&endpoints, Some(idtypes_tests::etcd::options()))
            .await
            .unwrap();
        let leases = configured!(EtcdLeases::new(client).with_prefix(table).unwrap());
        work(leases.generator(namespace, template).await, run, output).await;
    } else if store.starts_with("postgres") {
        let leases = configured!(Leases::postgres(sql_pool!(sqlx::Postgres, store)));
        let leases = leases.with_table(table).unwrap();
        work(leases.generator(namespace, template).await, run, output).await;
    } else if store.starts_with("mysql") {
        let leases = configured!(Leases::mysql(sql_pool!(sqlx::MySql, store)));
        let leases = leases.with_table(table).unwrap();
        work(leases.generator(namespace, template).await, run, output).await;
    } else {
        let options: sqlx::sqlite::SqliteConnectOptions = store.parse().unwrap();
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(2)
            .connect_lazy_with(options.busy_timeout(Duration::from_millis(200)));
        let leases = configured!(Leases::sqlite(pool)).with_table(table).unwrap();
        work(leases.generator(namespace, template).await, run, output).await;
    }
}

/// Makes TIDs for `run` and reports, as the module docs say.
async fn work<G: Leasable<Id = idtypes::Tid>>(
    generator: Result<LeasedGenerator<G>, idtypes::Error>,
    run: Duration,
    output: &str,
) {
    let generator = generator.expect("the first lease");
    println!("ready {}", generator.status().value());
    let mut file = std::fs::File::create(output).unwrap();
    let mut tids: Vec<u8> = Vec::new();
    let mut made = 0usize;
    let mut gaps: Vec<(u128, u128)> = Vec::new();
    let mut gap_from: Option<u128> = None;
    let started = Instant::now();
    while started.elapsed() < run {
        for _ in 0..10 {
            match generator.try_next() {
                Ok(tid) => {
                    tids.extend_from_slice(&tid.to_u64().to_le_bytes());
                    made += 1;
                    if let Some(from) = gap_from.take() {
                        gaps.push((from, unix_ms()));
                    }
                }
                Err(err) if err.kind() == ErrorKind::LeaseExpired => {
                    gap_from.get_or_insert_with(unix_ms);
                    break;
                }
                Err(err) => panic!("generate: {err}"),
            }
        }
        file.write_all(&tids).unwrap();
        tids.clear();
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let stopped = unix_ms();
    if let Some(from) = gap_from {
        gaps.push((from, u128::MAX));
    }
    let status = generator.status();
    if let Some(reason) = status.reason() {
        eprintln!(
            "worker {}: no live term at the end: {reason}",
            std::process::id()
        );
    }
    // Released if the store lets it; a failure only leaves the value to expire.
    if let Err(err) = generator.release().await {
        eprintln!("release: {err}");
    }
    for (from, to) in gaps {
        println!("gap {from} {to}");
    }
    println!(
        "done {made} {} {} {stopped}",
        status.leases_taken(),
        status.value()
    );
}
