//! One process of the lease fleet test (`tests/it/lease_fleet.rs`): for a while, it leases
//! a TID clock id from a shared store, makes TIDs under the lease with a wall clock set off
//! from the real one, gives the lease up and takes one again (forced churn), and appends
//! every TID it made to a file as it goes (so that a worker the test kills leaves what it
//! made).
//!
//! `lease_fleet_worker <store url> <table or key prefix> <namespace> <space size>
//!  <clock offset ms> <run ms> <output file>`: an `http://` URL is an etcd server (the
//! second argument its key prefix), any other an sqlx database URL (a table).

use std::{
    io::Write,
    sync::Arc,
    time::{Duration, Instant},
};

use idtypes::{
    Clock, ErrorKind, SystemClock,
    lease::{EtcdLeases, Leases},
};

use idtypes::tid::TidGenerator;

/// The real clock, set off by a fixed number of microseconds (another machine's clock).
struct OffsetClock(i64);

impl Clock for OffsetClock {
    fn now_micros(&self) -> i64 {
        SystemClock.now_micros() + self.0
    }
}

/// How long each holding lasts before the lease is given up: churn.
const HOLD: Duration = Duration::from_millis(60);

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, url, table, namespace, size, offset_ms, run_ms, output] = &args[..] else {
        panic!("usage: lease_fleet_worker URL TABLE NAMESPACE SIZE OFFSET_MS RUN_MS OUTPUT");
    };
    let size: u32 = size.parse().unwrap();
    let offset_micros = offset_ms.parse::<i64>().unwrap() * 1000;
    let run = Duration::from_millis(run_ms.parse().unwrap());

    let clock = Arc::new(OffsetClock(offset_micros));
    let mut file = std::fs::File::create(output).unwrap();
    let mut made = 0usize;
    let mut tids: Vec<u64> = Vec::new();
    let (mut holdings, mut waits, mut lost) = (0u32, 0u32, 0u32);
    let started = Instant::now();
    macro_rules! work {
        ($leases:expr) => {{
            let leases = $leases
                .with_duration(Duration::from_millis(300), Duration::from_millis(100))
                .unwrap()
                .with_clock(Arc::clone(&clock));
            while started.elapsed() < run {
                let lease = match leases.acquire(namespace, size).await {
                    Ok(lease) => lease,
                    Err(err) if err.kind() == ErrorKind::LeasesExhausted => {
                        waits += 1;
                        tokio::time::sleep(Duration::from_millis(5)).await;
                        continue;
                    }
                    Err(err) => panic!("acquire: {err}"),
                };
                holdings += 1;
                let generator = TidGenerator::with_clock(Arc::clone(&clock))
                    .with_lease_term(lease.term())
                    .unwrap();
                let held = Instant::now();
                'hold: while held.elapsed() < HOLD {
                    for _ in 0..200 {
                        match generator.try_next() {
                            Ok(tid) => tids.push(tid.to_u64()),
                            Err(err) if err.kind() == ErrorKind::LeaseExpired => break 'hold,
                            Err(err) => panic!("generate: {err}"),
                        }
                    }
                    // Written before the next burst: a worker killed now leaves every TID it
                    // made but those of the burst it is in.
                    let bytes: Vec<u8> = tids.iter().flat_map(|tid| tid.to_le_bytes()).collect();
                    file.write_all(&bytes).unwrap();
                    made += tids.len();
                    tids.clear();
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
                match leases.release(lease).await {
                    Ok(()) => {}
                    // Held past its expiry (a slow machine, a busy database): another worker
                    // took the value over, which is what expiry is for.
                    Err(err) if err.kind() == ErrorKind::LeaseLost => lost += 1,
                    Err(err) => panic!("release: {err}"),
                }
            }
        }};
    }
    if url.starts_with("http://") {
        let client = etcd_client::Client::connect([url], Some(idtypes_tests::etcd::options()))
            .await
            .unwrap();
        work!(EtcdLeases::new(client).with_prefix(table).unwrap());
    } else if url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(url).await.unwrap();
        work!(Leases::postgres(pool).with_table(table).unwrap());
    } else if url.starts_with("mysql") {
        let pool = sqlx::MySqlPool::connect(url).await.unwrap();
        work!(Leases::mysql(pool).with_table(table).unwrap());
    } else {
        let options: sqlx::sqlite::SqliteConnectOptions = url.parse().unwrap();
        let pool = sqlx::SqlitePool::connect_with(options.busy_timeout(Duration::from_secs(30)))
            .await
            .unwrap();
        work!(Leases::sqlite(pool).with_table(table).unwrap());
    }
    let bytes: Vec<u8> = tids.iter().flat_map(|tid| tid.to_le_bytes()).collect();
    file.write_all(&bytes).unwrap();
    made += tids.len();
    eprintln!(
        "worker {}: {} TIDs in {holdings} holdings ({lost} lost before their release), \
         {waits} waits for a free value",
        std::process::id(),
        made
    );
}
