//! A fleet: several OS processes lease TID clock ids from one store (an SQLite file always,
//! PostgreSQL, MariaDB and etcd when their URLs are set), with short leases, forced churn,
//! fewer values than processes and wall clocks seconds apart, each making TIDs for a few
//! seconds; on Unix, one of them is frozen (SIGSTOP) for longer than a lease, while it may
//! hold one, and another is killed (SIGKILL). Together they must never make the same TID
//! twice.

use std::{
    collections::HashSet,
    process::Command,
    time::{Duration, Instant},
};

use idtypes::lease::{EtcdLeases, Leases};
use idtypes_tests::unique_table;

/// Worker processes, more than the values they share.
const WORKERS: usize = 5;
/// The clock ids they share.
const SPACE: u32 = 3;
/// How far each worker's wall clock is from the real one, in milliseconds: within the run,
/// so that one worker's clock passes through times another's already used (a holder that
/// started its TIDs at its own clock instead of after the previous holder's would repeat
/// them).
const OFFSETS_MS: [i64; WORKERS] = [0, -1500, 700, -600, 1200];
/// How long each worker runs.
const RUN_MS: u64 = 2500;

/// The worker frozen (SIGSTOP), when, and for how long: longer than a lease, and than etcd's
/// shortest TTL (2 s), so that its value is taken over while it is frozen.
const FROZEN: (usize, Duration, Duration) =
    (1, Duration::from_millis(600), Duration::from_millis(3000));
/// The worker killed (SIGKILL), and when.
const KILLED: (usize, Duration) = (2, Duration::from_millis(1300));

/// Runs the fleet on `url` (its lease table, or etcd key prefix, `table` already set up) and
/// checks the union.
fn run_fleet(url: &str, table: &str) {
    let dir = std::env::temp_dir();
    let outputs: Vec<_> = (0..WORKERS)
        .map(|i| dir.join(format!("{}_worker_{i}.bin", table.replace('/', "_"))))
        .collect();
    let mut workers: Vec<_> = (0..WORKERS)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_lease_fleet_worker"))
                .args([
                    url,
                    table,
                    "fleet-tid",
                    &SPACE.to_string(),
                    &OFFSETS_MS[i].to_string(),
                    &RUN_MS.to_string(),
                ])
                .arg(&outputs[i])
                .spawn()
                .expect("start a worker process")
        })
        .collect();
    #[cfg(unix)]
    {
        let started = Instant::now();
        let signal = |worker: &std::process::Child, signal| {
            // SAFETY: kill(2) on a child process of ours, which has not been waited for.
            let sent = unsafe { libc::kill(worker.id() as libc::pid_t, signal) };
            assert_eq!(sent, 0, "signal {signal} to a worker");
        };
        let at = |moment: Duration| std::thread::sleep(moment.saturating_sub(started.elapsed()));
        at(FROZEN.1);
        signal(&workers[FROZEN.0], libc::SIGSTOP);
        at(KILLED.1);
        workers[KILLED.0].kill().unwrap();
        at(FROZEN.1 + FROZEN.2);
        signal(&workers[FROZEN.0], libc::SIGCONT);
    }
    for (i, worker) in workers.iter_mut().enumerate() {
        let status = worker.wait().unwrap();
        assert!(
            status.success() || (cfg!(unix) && i == KILLED.0),
            "worker {i} failed: {status}"
        );
    }
    let mut all: Vec<u64> = Vec::new();
    let mut per_worker = Vec::new();
    for output in &outputs {
        let bytes = std::fs::read(output).unwrap();
        let _ = std::fs::remove_file(output);
        let tids: Vec<u64> = bytes
            .chunks_exact(8)
            .map(|chunk| u64::from_le_bytes(chunk.try_into().unwrap()))
            .collect();
        per_worker.push(tids.len());
        all.extend(tids);
    }
    let distinct: HashSet<u64> = all.iter().copied().collect();
    let clock_ids: HashSet<u64> = all.iter().map(|tid| tid & 0x3FF).collect();
    println!(
        "{WORKERS} processes made {} TIDs ({per_worker:?}) on {} clock ids: {} duplicates",
        all.len(),
        clock_ids.len(),
        all.len() - distinct.len()
    );
    assert!(
        per_worker.iter().all(|&n| n > 0),
        "every worker made TIDs, the killed one before it was"
    );
    assert_eq!(distinct.len(), all.len(), "duplicate TIDs across the fleet");
    assert!(clock_ids.len() as u32 <= SPACE);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_fleet_never_repeats_a_tid() {
    let table = unique_table("idtypes_fleet");
    let path = std::env::temp_dir().join(format!("{table}.db"));
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    Leases::sqlite(pool.clone())
        .with_table(&table)
        .unwrap()
        .setup()
        .await
        .unwrap();
    pool.close().await;
    tokio::task::spawn_blocking(move || run_fleet(&url, &table))
        .await
        .unwrap();
    let _ = std::fs::remove_file(path);
}

/// The fleet test on a database server (skipped, saying why, when its URL is unset).
macro_rules! server_fleet {
    ($name:ident, $db:ty, $url:path, $constructor:path) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let Some(url) = $url() else {
                return;
            };
            let table = unique_table("idtypes_fleet");
            let pool = sqlx::Pool::<$db>::connect(&url).await.unwrap();
            $constructor(pool)
                .with_table(&table)
                .unwrap()
                .setup()
                .await
                .unwrap();
            tokio::task::spawn_blocking(move || run_fleet(&url, &table))
                .await
                .unwrap();
        }
    };
}

server_fleet!(
    a_postgres_fleet_never_repeats_a_tid,
    sqlx::Postgres,
    idtypes_tests::postgres_url,
    Leases::postgres
);
server_fleet!(
    a_mysql_fleet_never_repeats_a_tid,
    sqlx::MySql,
    idtypes_tests::mysql_url,
    Leases::mysql
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_etcd_fleet_never_repeats_a_tid() {
    let Some(url) = idtypes_tests::etcd::etcd_url() else {
        return;
    };
    let prefix = idtypes_tests::etcd::unique_prefix("fleet");
    let client = idtypes_tests::etcd::client(std::slice::from_ref(&url)).await;
    EtcdLeases::new(client)
        .with_prefix(&prefix)
        .unwrap()
        .setup()
        .await
        .unwrap();
    tokio::task::spawn_blocking(move || run_fleet(&url, &prefix))
        .await
        .unwrap();
}
