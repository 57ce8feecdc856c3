//! What a lease call costs on each store, for the lease docs' "etcd or the SQL database": the
//! median and 90th percentile of `renew`, and of `acquire` followed by `release`, over the
//! loopback interface to the servers `.ci/run` starts (an SQLite file beside them, and a
//! three-member etcd cluster of its own on the same disk). Not a
//! test: run it by name,
//! `cargo test -p idtypes-tests --test it -- --ignored measure_lease_calls --nocapture`, with
//! the servers' URLs set.

use std::time::{Duration, Instant};

use idtypes::lease::{EtcdLeases, Lease, Leases};
use idtypes_tests::unique_table;

/// Calls timed per row.
const CALLS: usize = 300;

/// The median and 90th percentile of `times`, in µs.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_micros();
    format!("{} µs (p90 {} µs)", at(0.5), at(0.9))
}

/// Times `CALLS` renewals and acquire-and-release pairs on one store.
macro_rules! measure {
    ($name:expr, $leases:expr) => {{
        let leases = $leases;
        let namespace = "cost";
        // Warm: connections made, statements prepared.
        for _ in 0..20 {
            let lease = leases.acquire(namespace, 1024).await.unwrap();
            leases.release(lease).await.unwrap();
        }
        let mut lease: Lease = leases.acquire(namespace, 1024).await.unwrap();
        let mut renewals = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            let start = Instant::now();
            leases.renew(&mut lease).await.unwrap();
            renewals.push(start.elapsed());
        }
        leases.release(lease).await.unwrap();
        let mut pairs = Vec::with_capacity(CALLS);
        for _ in 0..CALLS {
            let start = Instant::now();
            let lease = leases.acquire(namespace, 1024).await.unwrap();
            leases.release(lease).await.unwrap();
            pairs.push(start.elapsed());
        }
        println!("| {} | {} | {} |", $name, summary(renewals), summary(pairs));
    }};
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a test: run it by name"]
async fn measure_lease_calls() {
    println!("| store | renew | acquire + release |\n|---|---|---|");
    let path = std::env::temp_dir().join(format!("{}.db", unique_table("idtypes_cost")));
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let sqlite = Leases::sqlite(pool);
    sqlite.setup().await.unwrap();
    measure!("SQLite (a file)", sqlite);
    let _ = std::fs::remove_file(&path);
    if let Some(url) = idtypes_tests::postgres_url() {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(4)
            .test_before_acquire(false)
            .connect(&url)
            .await
            .unwrap();
        let leases = Leases::postgres(pool)
            .with_table(&unique_table("idtypes_cost"))
            .unwrap();
        leases.setup().await.unwrap();
        measure!("PostgreSQL", leases);
    }
    if let Some(url) = idtypes_tests::mysql_url() {
        let pool = sqlx::mysql::MySqlPoolOptions::new()
            .max_connections(4)
            .test_before_acquire(false)
            .connect(&url)
            .await
            .unwrap();
        let leases = Leases::mysql(pool)
            .with_table(&unique_table("idtypes_cost"))
            .unwrap();
        leases.setup().await.unwrap();
        measure!("MariaDB", leases);
    }
    if let Some(url) = idtypes_tests::etcd::etcd_url() {
        let client = idtypes_tests::etcd::client(&[url]).await;
        let leases = EtcdLeases::new(client)
            .with_prefix(&idtypes_tests::etcd::unique_prefix("cost"))
            .unwrap();
        leases.setup().await.unwrap();
        measure!("etcd (one member)", leases);
    }
    if let Some(program) = idtypes_tests::etcd::etcd_program() {
        let cluster = idtypes_tests::etcd::Cluster::start(program, 3).await;
        let client = idtypes_tests::etcd::client(&cluster.endpoints()).await;
        let leases = EtcdLeases::new(client);
        leases.setup().await.unwrap();
        measure!("etcd (three members, one disk)", leases);
    }
}
