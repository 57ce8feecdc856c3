//! Leases on real PostgreSQL and MariaDB (when their URLs are set, as `.ci/run` does) and on
//! SQLite files: many contenders at once, exhaustion, expiry and takeover, renewal, release
//! and the high-water mark handed to the next holder.

use std::{collections::HashSet, time::Duration};

use std::sync::Arc;

use idtypes::{
    Clock, ErrorKind, ManualClock, SystemClock, Tid,
    lease::{Lease, Leases},
};

use idtypes::uid11::SnowishGenerator;

use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};

use idtypes::tbsl::TbslGenerator;

use idtypes::tid::TidGenerator;

use idtypes::time_id::TimeIdGenerator;
use idtypes_tests::unique_table;

/// The lease cases for one store; the including module has its type `Store`,
/// `async fn store(duration, margin) -> Option<Store>` (`None`: skip), `async fn
/// disconnect(&Store)` (the store's connection to its database gone for good), `CUT_OFF` (the
/// kinds of error a release gives then) and `EXPIRY_EXTRA` (how much later than a lease's
/// duration the store may expire it).
macro_rules! lease_cases {
    () => {
        use super::*;

        /// A store on a table of its own, with the default 30 s leases.
        async fn default_store() -> Option<Store> {
            store(Duration::from_secs(30), Duration::from_secs(5)).await
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
        async fn two_hundred_contenders_for_128_values_get_128_distinct_values() {
            let Some(leases) = default_store().await else {
                return;
            };
            let leases = std::sync::Arc::new(leases);
            let tasks: Vec<_> = (0..200)
                .map(|_| {
                    let leases = std::sync::Arc::clone(&leases);
                    tokio::spawn(async move { leases.acquire("contended", 128).await })
                })
                .collect();
            let mut held: Vec<Lease> = Vec::new();
            let mut exhausted = 0;
            for task in tasks {
                match task.await.unwrap() {
                    Ok(lease) => held.push(lease),
                    Err(err) => {
                        assert_eq!(err.kind(), ErrorKind::LeasesExhausted, "{err}");
                        exhausted += 1;
                    }
                }
            }
            let values: HashSet<u32> = held.iter().map(Lease::value).collect();
            println!(
                "{} leases, {} distinct values, {exhausted} exhausted",
                held.len(),
                values.len()
            );
            assert_eq!((held.len(), values.len(), exhausted), (128, 128, 72));
            assert!(values.iter().all(|&value| value < 128));

            // A release lets the next contender in, with exactly that value.
            let freed = held.pop().unwrap();
            let value = freed.value();
            leases.release(freed).await.unwrap();
            assert_eq!(
                leases.acquire("contended", 128).await.unwrap().value(),
                value
            );
            let err = leases.acquire("contended", 128).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeasesExhausted);
            assert_eq!(
                err.to_string(),
                "lease `contended`: all 128 values are held by other processes"
            );
        }

        #[tokio::test]
        async fn namespaces_are_separate_spaces() {
            let Some(leases) = default_store().await else {
                return;
            };
            let a = leases.acquire("service-a", 1).await.unwrap();
            let b = leases.acquire("service-b", 1).await.unwrap();
            assert_eq!((a.value(), b.value()), (0, 0));
            let err = leases.acquire("service-a", 1).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeasesExhausted);
        }

        #[tokio::test]
        async fn an_expired_lease_is_taken_over_and_its_renewal_reports_the_loss() {
            let Some(leases) = store(Duration::from_millis(300), Duration::from_millis(100)).await
            else {
                return;
            };
            let mut first = leases.acquire("expiring", 1).await.unwrap();
            assert!(first.is_live());
            tokio::time::sleep(Duration::from_millis(450) + EXPIRY_EXTRA).await;
            assert!(
                !first.is_live(),
                "past its deadline by this process's clock"
            );
            let mut second = leases.acquire("expiring", 1).await.unwrap();
            assert_eq!(second.value(), first.value());
            let err = leases.renew(&mut first).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeaseLost);
            leases.renew(&mut second).await.unwrap();
            let err = leases.release(first).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeaseLost);
        }

        #[tokio::test]
        async fn renewal_keeps_a_lease_past_its_first_term() {
            // A 4 s term renewed every second: each renewal has 2.5 s of slack before the
            // lease stops being live (term less margin), which a loaded machine needs (a
            // 400 ms term renewed every 200 ms failed there now and then, and a 2 s one
            // renewed every second failed while the whole suite ran beside four builds).
            let Some(leases) = store(Duration::from_secs(4), Duration::from_millis(500)).await
            else {
                return;
            };
            let mut lease = leases.acquire("renewed", 1).await.unwrap();
            for _ in 0..5 {
                tokio::time::sleep(Duration::from_secs(1)).await;
                leases.renew(&mut lease).await.unwrap();
                assert!(lease.is_live());
            }
            // 5 s after the acquire, longer than one term: still held.
            let err = leases.acquire("renewed", 1).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeasesExhausted);
        }

        #[tokio::test]
        async fn a_released_value_passes_on_the_last_ids_timestamp_not_the_ceiling() {
            let Some(leases) = default_store().await else {
                return;
            };
            let first = leases.acquire("handover", 1).await.unwrap();
            assert_eq!(first.previous_high_water(), 0);
            let ceiling = first.term().ceiling_micros();
            assert!(
                ceiling > SystemClock.now_micros() + 29_000_000,
                "clock + 30 s"
            );
            let generator = TidGenerator::new().with_lease_term(first.term()).unwrap();
            let last = (0..1000).map(|_| generator.next()).last().unwrap();
            leases.release(first).await.unwrap();
            let second = leases.acquire("handover", 1).await.unwrap();
            // After the first holder's last TID, by at most the claim step (1 ms): the next
            // holder's TIDs start at the clock, not 30 s ahead of it.
            let mark = second.previous_high_water();
            let last = last.timestamp_micros() as i64;
            assert!(
                (last..=last + 1_000).contains(&mark),
                "mark {mark}, last TID at {last}"
            );
            let next = TidGenerator::new().with_lease_term(second.term()).unwrap();
            let first_of_next = next.next();
            assert!(first_of_next.timestamp_micros() as i64 > mark);
            assert!(
                first_of_next.timestamp_micros() as i64 <= SystemClock.now_micros() + 1_000,
                "at the clock"
            );
            assert!(second.term().ceiling_micros() >= SystemClock.now_micros() + 29_000_000);
        }

        #[tokio::test]
        async fn many_renewals_keep_the_mark_within_a_duration_of_the_clock() {
            // Real leases of 3 s (the database's expiry: room for a renewal delayed by a loaded
            // machine), on a clock the test moves: 240 renewals half a (test) second apart, two
            // minutes of holding. Each renewal grants the clock plus the duration, never the
            // old ceiling plus the duration (which ran the mark two minutes ahead here, and
            // hours ahead in a day).
            let Some(leases) = store(Duration::from_millis(3000), Duration::from_millis(300)).await
            else {
                return;
            };
            let clock = Arc::new(ManualClock::new(1_700_000_000_000_000));
            let leases = leases.with_clock(Arc::clone(&clock));
            let duration = 3_000_000;
            let mut lease = leases.acquire("renewed-often", 1).await.unwrap();
            let generator = TidGenerator::with_clock(Arc::clone(&clock))
                .with_lease_term(lease.term())
                .unwrap();
            let mut last = generator.next();
            for _ in 0..240 {
                clock.advance(Duration::from_millis(500));
                leases.renew(&mut lease).await.unwrap();
                let ceiling = lease.term().ceiling_micros();
                assert!(
                    ceiling <= clock.now_micros() + duration,
                    "ceiling {} µs past the clock",
                    ceiling - clock.now_micros()
                );
                last = generator.next();
            }
            // The holder stops renewing (it crashed): the next one comes after the expiry.
            let held_until = lease.term().ceiling_micros();
            drop(lease);
            tokio::time::sleep(Duration::from_millis(3100) + EXPIRY_EXTRA).await;
            clock.advance(Duration::from_millis(3100) + EXPIRY_EXTRA);
            let next = leases.acquire("renewed-often", 1).await.unwrap();
            assert_eq!(next.previous_high_water(), held_until);
            let next_generator = TidGenerator::with_clock(Arc::clone(&clock))
                .with_lease_term(next.term())
                .unwrap();
            let first = next_generator.next();
            assert!(first > last);
            let ahead = first.timestamp_micros() as i64 - clock.now_micros();
            assert!(
                ahead <= duration,
                "the next holder's first TID is {ahead} µs ahead of its clock"
            );
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
        async fn snowflake_generators_leasing_from_one_store_get_distinct_worker_ids() {
            let Some(leases) = default_store().await else {
                return;
            };
            let leases = std::sync::Arc::new(leases);
            let epoch = SnowflakeEpoch::TWITTER;
            let tasks: Vec<_> = (0..12)
                .map(|_| {
                    let leases = std::sync::Arc::clone(&leases);
                    tokio::spawn(async move {
                        let lease = leases
                            .acquire("snowflake-workers", SnowflakeGenerator::LEASE_VALUES)
                            .await
                            .unwrap();
                        let generator = SnowflakeGenerator::new(epoch, 0)
                            .unwrap()
                            .with_lease_term(lease.term())
                            .unwrap();
                        let ids: Vec<_> = (0..500).map(|_| generator.next()).collect();
                        (lease, generator.worker_id(), ids)
                    })
                })
                .collect();
            let mut workers = HashSet::new();
            let mut ids = HashSet::new();
            let mut held = Vec::new();
            for task in tasks {
                let (lease, worker, made) = task.await.unwrap();
                assert_eq!(u32::from(worker), lease.value());
                assert!(workers.insert(worker), "worker id {worker} leased twice");
                assert!(made.iter().all(|id| id.worker_id() == worker));
                ids.extend(made);
                held.push(lease);
            }
            assert_eq!(workers.len(), 12);
            assert_eq!(ids.len(), 12 * 500);
            for lease in held {
                leases.release(lease).await.unwrap();
            }
        }

        #[tokio::test]
        async fn bound_generators_use_the_value_and_stop_when_the_lease_ends() {
            let Some(leases) = default_store().await else {
                return;
            };
            // The smallest of the four generators' spaces: a value each of them takes.
            let lease = leases
                .acquire("bound", TimeIdGenerator::LEASE_VALUES)
                .await
                .unwrap();
            let value = lease.value();
            let tid = TidGenerator::new().with_lease_term(lease.term()).unwrap();
            let time_id = TimeIdGenerator::new()
                .with_lease_term(lease.term())
                .unwrap();
            let snowish = SnowishGenerator::new(0)
                .unwrap()
                .with_lease_term(lease.term())
                .unwrap();
            assert_eq!(tid.next().clock_id() as u32, value);
            assert_eq!(time_id.next().node().get() as u32, value);
            assert_eq!(snowish.next().machine_id() as u32, value);
            let snowflake = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 0)
                .unwrap()
                .with_lease_term(lease.term())
                .unwrap();
            assert_eq!(snowflake.next().worker_id() as u32, value);
            leases.release(lease).await.unwrap();
            for err in [
                tid.try_next().unwrap_err(),
                time_id.try_next().unwrap_err(),
                snowish.try_next().unwrap_err(),
                snowflake.try_next().unwrap_err(),
            ] {
                assert_eq!(err.kind(), ErrorKind::LeaseExpired, "{err}");
            }
            let tbsl_lease = leases
                .acquire("bound-tbsl", TbslGenerator::LEASE_VALUES)
                .await
                .unwrap();
            let tbsl = TbslGenerator::new(0)
                .unwrap()
                .with_lease_term(tbsl_lease.term())
                .unwrap();
            assert_eq!(
                tbsl.try_next().unwrap().machine_id() as u32,
                tbsl_lease.value()
            );
            leases.release(tbsl_lease).await.unwrap();
            assert_eq!(tbsl.try_next().unwrap_err().kind(), ErrorKind::LeaseExpired);
        }

        #[tokio::test]
        async fn a_generator_past_its_deadline_refuses_and_a_renewal_keeps_it_going() {
            // Terms of 700 ms: wide enough that a slow, busy machine still renews in time.
            let Some(leases) = store(Duration::from_millis(1000), Duration::from_millis(300)).await
            else {
                return;
            };
            let mut lease = leases.acquire("fenced", 4).await.unwrap();
            let generator = TidGenerator::new().with_lease_term(lease.term()).unwrap();
            generator.next();
            tokio::time::sleep(Duration::from_millis(300)).await;
            leases.renew(&mut lease).await.unwrap();
            tokio::time::sleep(Duration::from_millis(500)).await;
            // 800 ms after the acquire, past the first term's deadline (700 ms): renewed.
            generator.try_next().unwrap();
            tokio::time::sleep(Duration::from_millis(800)).await;
            let err = generator.try_next().unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeaseExpired);
            assert!(err.to_string().contains("has run out"), "{err}");
        }

        #[tokio::test]
        async fn holders_with_clocks_minutes_apart_never_repeat_an_id() {
            let Some(leases) = default_store().await else {
                return;
            };
            let start = 1_700_000_000_000_000;
            let mut seen = HashSet::new();
            let mut last_of_previous = None;
            // Each holder's wall clock is minutes away from the one before, forwards and back.
            for (turn, offset_minutes) in [0i64, -5, 3, -20, 7].into_iter().enumerate() {
                let clock = Arc::new(ManualClock::new(start + offset_minutes * 60_000_000));
                let leases = leases.clone().with_clock(Arc::clone(&clock));
                let lease = leases.acquire("skewed", 1).await.unwrap();
                let generator = TidGenerator::with_clock(Arc::clone(&clock))
                    .with_lease_term(lease.term())
                    .unwrap();
                let ids: Vec<Tid> = (0..2000)
                    .map(|i| {
                        if i % 100 == 0 {
                            clock.advance(Duration::from_micros(37));
                        }
                        generator.next()
                    })
                    .collect();
                if let Some(previous) = last_of_previous {
                    assert!(
                        ids[0] > previous,
                        "turn {turn}: {:?} after {previous:?}",
                        ids[0]
                    );
                }
                for id in &ids {
                    assert!(seen.insert(*id), "turn {turn}: {id:?} repeated");
                }
                last_of_previous = ids.last().copied();
                leases.release(lease).await.unwrap();
            }
        }

        #[cfg(unix)]
        #[tokio::test]
        async fn a_forked_child_does_not_go_on_with_its_parents_lease() {
            let Some(leases) = default_store().await else {
                return;
            };
            let lease = leases.acquire("forked", 8).await.unwrap();
            let generator = TidGenerator::new().with_lease_term(lease.term()).unwrap();
            generator.next();
            let child = idtypes_tests::fork::fork_with(|| {
                vec![u128::from(
                    generator.try_next().unwrap_err().kind() == ErrorKind::Forked,
                )]
            });
            assert_eq!(child.values(), [1]);
            generator.next();
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn a_kept_lease_outlives_its_terms_until_it_is_released() {
            // Terms of 2.5 s, renewed every 830 ms or so: room for a slow, busy machine (terms
            // of 600 ms lost their lease now and then while the suite ran beside builds).
            let Some(leases) = store(Duration::from_millis(3000), Duration::from_millis(500)).await
            else {
                return;
            };
            let lease = leases.acquire("kept", 1).await.unwrap();
            let kept = leases.keep_alive(lease).unwrap();
            let generator = TidGenerator::new().with_lease_term(kept.term()).unwrap();
            tokio::time::sleep(Duration::from_millis(6000)).await; // two terms and more
            assert!(kept.is_live());
            generator.try_next().unwrap();
            let err = leases.acquire("kept", 1).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LeasesExhausted);
            kept.release().await.unwrap();
            assert_eq!(
                generator.try_next().unwrap_err().kind(),
                ErrorKind::LeaseExpired
            );
            leases.acquire("kept", 1).await.unwrap();
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn a_dropped_keep_alive_releases_its_lease() {
            let Some(leases) = default_store().await else {
                return;
            };
            let lease = leases.acquire("dropped", 1).await.unwrap();
            drop(leases.keep_alive(lease).unwrap());
            let mut free = false;
            for _ in 0..100 {
                if leases.acquire("dropped", 1).await.is_ok() {
                    free = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            assert!(
                free,
                "released within 2 s of the drop (the lease itself lasts 30 s)"
            );
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn without_the_database_a_kept_lease_runs_out_at_its_deadline() {
            let Some(leases) = store(Duration::from_millis(800), Duration::from_millis(200)).await
            else {
                return;
            };
            let lease = leases.acquire("cut-off", 1).await.unwrap();
            let kept = leases.keep_alive(lease).unwrap();
            let generator = TidGenerator::new().with_lease_term(kept.term()).unwrap();
            disconnect(&leases).await;
            generator.try_next().unwrap(); // the term (600 ms) still runs
            tokio::time::sleep(Duration::from_millis(800)).await;
            assert!(!kept.is_live());
            assert_eq!(
                generator.try_next().unwrap_err().kind(),
                ErrorKind::LeaseExpired
            );
            let err = kept.release().await.unwrap_err();
            assert!(CUT_OFF.contains(&err.kind()), "{err}");
        }

        #[tokio::test]
        async fn bad_namespaces_and_sizes_are_errors() {
            let Some(leases) = default_store().await else {
                return;
            };
            for namespace in ["", "has space", &"x".repeat(256), "é"] {
                let err = leases.acquire(namespace, 1).await.unwrap_err();
                assert_eq!(err.kind(), ErrorKind::Syntax, "{namespace:?}");
            }
            for size in [0, (1 << 20) + 1] {
                let err = leases.acquire("sizes", size).await.unwrap_err();
                assert_eq!(err.kind(), ErrorKind::OutOfRange, "{size}");
            }
        }
    };
}

mod sqlite {
    pub type Store = Leases<sqlx::Sqlite>;
    pub const EXPIRY_EXTRA: Duration = Duration::ZERO;
    /// A closed pool refuses at once.
    pub const CUT_OFF: &[ErrorKind] = &[ErrorKind::Database];

    use super::*;

    pub async fn disconnect(leases: &Store) {
        leases.pool().close().await;
    }

    /// A store on a new SQLite file (several connections, as several processes would have).
    pub async fn store(duration: Duration, margin: Duration) -> Option<Store> {
        let path = std::env::temp_dir().join(format!("{}.db", unique_table("idtypes_lease")));
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true)
            .busy_timeout(Duration::from_secs(30));
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await
            .unwrap();
        let leases = Leases::sqlite(pool)
            .with_duration(duration, margin)
            .unwrap();
        leases.setup().await.unwrap();
        Some(leases)
    }

    mod cases {
        use super::{CUT_OFF, EXPIRY_EXTRA, Store, disconnect, store};
        lease_cases!();
    }
}

/// A module of the lease cases on a database server: its `store` makes a table of its own.
macro_rules! server_cases {
    ($name:ident, $db:ty, $url:path, $constructor:path) => {
        mod $name {
            pub type Store = Leases<$db>;
            pub const EXPIRY_EXTRA: Duration = Duration::ZERO;
            /// A closed pool refuses at once.
            pub const CUT_OFF: &[ErrorKind] = &[ErrorKind::Database];

            use super::*;

            pub async fn disconnect(leases: &Store) {
                leases.pool().close().await;
            }

            pub async fn store(duration: Duration, margin: Duration) -> Option<Store> {
                let url = $url()?;
                let pool = sqlx::pool::PoolOptions::<$db>::new()
                    .max_connections(8)
                    .connect(&url)
                    .await
                    .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
                let leases = $constructor(pool)
                    .with_table(&unique_table("idtypes_lease"))
                    .unwrap()
                    .with_duration(duration, margin)
                    .unwrap();
                leases.setup().await.unwrap();
                Some(leases)
            }

            mod cases {
                use super::{CUT_OFF, EXPIRY_EXTRA, Store, disconnect, store};
                lease_cases!();
            }
        }
    };
}

server_cases!(
    postgres,
    sqlx::Postgres,
    idtypes_tests::postgres_url,
    Leases::postgres
);
server_cases!(mysql, sqlx::MySql, idtypes_tests::mysql_url, Leases::mysql);

/// The lease cases on etcd, through a proxy each (so that a case can cut a store off).
mod etcd {
    use std::{
        collections::HashMap,
        sync::{Mutex, OnceLock},
    };

    use idtypes::lease::EtcdLeases;
    use idtypes_tests::fault_proxy::FaultProxy;

    use super::*;

    pub type Store = EtcdLeases;
    pub const EXPIRY_EXTRA: Duration = idtypes_tests::etcd::EXPIRY_EXTRA;
    /// etcd's client refuses a call to an address that refuses connections, or (while it
    /// waits to connect again) holds it until the store's timeout.
    pub const CUT_OFF: &[ErrorKind] = &[ErrorKind::Database, ErrorKind::Timeout];

    /// Each store's proxy, by the store's prefix.
    fn proxies() -> &'static Mutex<HashMap<String, FaultProxy>> {
        static PROXIES: OnceLock<Mutex<HashMap<String, FaultProxy>>> = OnceLock::new();
        PROXIES.get_or_init(Default::default)
    }

    pub async fn store(duration: Duration, margin: Duration) -> Option<Store> {
        let url = idtypes_tests::etcd::etcd_url()?;
        let (proxy, proxied) = FaultProxy::for_url(&url).await;
        let client = idtypes_tests::etcd::client(&[proxied]).await;
        let prefix = idtypes_tests::etcd::unique_prefix("lease");
        let leases = EtcdLeases::new(client)
            .with_prefix(&prefix)
            .unwrap()
            .with_duration(duration, margin)
            .unwrap();
        leases.setup().await.unwrap();
        proxies().lock().unwrap().insert(prefix, proxy);
        Some(leases)
    }

    /// Drops the store's proxy: its connections close, new ones are refused.
    pub async fn disconnect(leases: &Store) {
        drop(proxies().lock().unwrap().remove(leases.prefix()));
    }

    mod cases {
        use super::{CUT_OFF, EXPIRY_EXTRA, Store, disconnect, store};
        lease_cases!();
    }
}

#[tokio::test]
async fn table_names_must_be_plain_identifiers() {
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .connect_lazy("sqlite::memory:")
        .unwrap();
    for bad in [
        "",
        "1leases",
        "leases; DROP TABLE x",
        "a-b",
        &"t".repeat(64),
    ] {
        let err = Leases::sqlite(pool.clone()).with_table(bad).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Syntax, "{bad:?}");
    }
    assert!(
        Leases::sqlite(pool.clone())
            .with_table("my_leases_2")
            .is_ok()
    );
    let err = Leases::sqlite(pool)
        .with_duration(Duration::from_secs(1), Duration::from_secs(1))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
}

/// An acquire on an SQLite file whose write lock another connection holds for longer than
/// the pool's `busy_timeout` (SQLite's `database is locked`) tries again, and takes a value
/// once the lock is let go, within the store's timeout; a lock held past the store's timeout
/// is a `Timeout`, not a `database is locked`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sqlite_acquire_outwaits_a_write_lock_held_past_its_busy_timeout() {
    let path = std::env::temp_dir().join(format!("{}.db", unique_table("idtypes_busy")));
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .busy_timeout(Duration::from_millis(100));
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(2)
        .connect_with(options.clone())
        .await
        .unwrap();
    let leases = Leases::sqlite(pool)
        .with_timeout(Duration::from_secs(5))
        .unwrap();
    leases.setup().await.unwrap();
    let mut locker = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .unwrap()
        .acquire()
        .await
        .unwrap();

    // Locked for 800 ms: eight of the pool's busy timeouts.
    sqlx::raw_sql("BEGIN EXCLUSIVE")
        .execute(&mut *locker)
        .await
        .unwrap();
    let start = std::time::Instant::now();
    let unlock = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(800)).await;
        sqlx::raw_sql("ROLLBACK")
            .execute(&mut *locker)
            .await
            .unwrap();
        locker
    });
    let lease = leases
        .acquire("busy", 4)
        .await
        .expect("taken once the lock was let go");
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(700), "{took:?}");
    let mut locker = unlock.await.unwrap();
    leases.release(lease).await.unwrap();

    // Locked past the store's timeout (300 ms here): a timeout.
    sqlx::raw_sql("BEGIN EXCLUSIVE")
        .execute(&mut *locker)
        .await
        .unwrap();
    let short = leases
        .clone()
        .with_timeout(Duration::from_millis(300))
        .unwrap();
    let err = short.acquire("busy", 4).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    sqlx::raw_sql("ROLLBACK")
        .execute(&mut *locker)
        .await
        .unwrap();
    let _ = std::fs::remove_file(&path);
}

/// A fleet starting together: processes that set the store up at once all succeed, though
/// PostgreSQL's `CREATE TABLE IF NOT EXISTS` is not safe against itself (all but one of them
/// may find the table's type made under them; `setup` then finds the table there).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_setups_at_once_all_succeed() {
    let Some(url) = idtypes_tests::postgres_url() else {
        return;
    };
    for _ in 0..5 {
        let table = unique_table("idtypes_lease_setup");
        let setups: Vec<_> = (0..16)
            .map(|_| {
                let (url, table) = (url.clone(), table.clone());
                tokio::spawn(async move {
                    let pool = sqlx::postgres::PgPoolOptions::new()
                        .max_connections(1)
                        .connect(&url)
                        .await
                        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
                    Leases::postgres(pool).with_table(&table)?.setup().await
                })
            })
            .collect();
        for setup in setups {
            setup.await.unwrap().unwrap();
        }
    }
}
