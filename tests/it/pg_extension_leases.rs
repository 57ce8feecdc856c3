//! Ids made in SQL by the PostgreSQL extension (`idtypes-postgres/`) under the application's
//! leases, on the real server: `DEFAULT atproto_tid_generate(namespace)` leases a clock id from
//! the application's lease table on first use, renews it, releases it when the backend exits,
//! and honours its expiry; a rolled-back transaction keeps the lease; backends and
//! application processes (`LeasedGenerator`) sharing a namespace never make the same id.
//!
//! The tests skip (printing why) without `IDTYPES_TEST_POSTGRES_URL` or the extension; the
//! stopped-backend test also needs to signal the server's processes (a server on this host,
//! run as this user or by root), and says so when it cannot.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use idtypes::Tid;
use idtypes_tests::{assert_all_distinct, postgres_extension_db};
use sqlx::postgres::PgConnection;
use sqlx::{Connection, PgPool};

/// A connection of its own (a backend of its own).
async fn backend(url: &str) -> PgConnection {
    PgConnection::connect(url)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"))
}

async fn pid(conn: &mut PgConnection) -> i32 {
    sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(conn)
        .await
        .unwrap()
}

/// `n` TIDs of `namespace` from a backend, in the order made.
async fn tids(conn: &mut PgConnection, namespace: &str, n: i32) -> Result<Vec<Tid>, sqlx::Error> {
    let texts: Vec<String> = sqlx::query_scalar(
        "SELECT atproto_tid_generate($1)::text FROM generate_series(1, $2) ORDER BY 1",
    )
    .bind(namespace)
    .bind(n)
    .fetch_all(conn)
    .await?;
    Ok(texts.iter().map(|text| text.parse().unwrap()).collect())
}

/// The lease rows of a namespace's value: (holder, expires_at in µs, high_water in µs).
async fn lease_row(pool: &PgPool, namespace: &str, value: i32) -> (String, i64, i64) {
    sqlx::query_as(
        "SELECT holder, expires_at, high_water FROM idtypes_leases WHERE namespace = $1 AND value = $2",
    )
    .bind(namespace)
    .bind(i64::from(value))
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The value the backend holds in `namespace`.
async fn held(conn: &mut PgConnection, namespace: &str) -> Option<i32> {
    sqlx::query_scalar("SELECT value FROM idtypes_leases_held() WHERE namespace = $1")
        .bind(namespace)
        .fetch_optional(conn)
        .await
        .unwrap()
}

/// Waits up to 5 s for the value's row to have no holder (released).
async fn wait_released(pool: &PgPool, namespace: &str, value: i32) -> (String, i64, i64) {
    let start = Instant::now();
    loop {
        let row = lease_row(pool, namespace, value).await;
        if row.0.is_empty() || start.elapsed() > Duration::from_secs(5) {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Continues a stopped process when dropped.
struct Continue(i32);

impl Drop for Continue {
    fn drop(&mut self) {
        // SAFETY: a signal to the test's own backend (not checked: this may run while the test
        // unwinds, and the next statement to the backend tells whether it runs).
        unsafe { libc::kill(self.0, libc::SIGCONT) };
    }
}

fn sql_code(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Database(db) => db.code().map(|c| c.into_owned()).unwrap_or_default(),
        other => panic!("expected a database error, got {other}"),
    }
}

#[tokio::test]
async fn default_ids_are_made_under_a_lease() {
    let Some((pool, url)) = postgres_extension_db("leases_default", 2).await else {
        return;
    };
    let mut a = backend(&url).await;
    sqlx::query(
        "CREATE TABLE posts (id atproto_tid PRIMARY KEY DEFAULT atproto_tid_generate('posts-tid'), n int)",
    )
    .execute(&mut a)
    .await
    .unwrap();
    sqlx::query("INSERT INTO posts (n) SELECT g FROM generate_series(1, 5000) g")
        .execute(&mut a)
        .await
        .unwrap();
    let ids: Vec<String> = sqlx::query_scalar("SELECT id::text FROM posts ORDER BY n")
        .fetch_all(&mut a)
        .await
        .unwrap();
    let ids: Vec<Tid> = ids.iter().map(|text| text.parse().unwrap()).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "increasing in a backend"
    );
    let value = held(&mut a, "posts-tid").await.expect("a lease held");
    assert!(
        ids.iter().all(|id| i32::from(id.clock_id()) == value),
        "the leased clock id"
    );
    // The application's table: the namespace seeded (1,024 values), this value held.
    let rows: i64 =
        sqlx::query_scalar("SELECT count(*) FROM idtypes_leases WHERE namespace = 'posts-tid'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(rows, 1024);
    let (holder, expires_at, high_water) = lease_row(&pool, "posts-tid", value).await;
    assert!(!holder.is_empty());
    let last = ids.last().unwrap().timestamp_micros() as i64;
    assert!(
        high_water >= last,
        "the mark {high_water} covers the last id {last}"
    );
    assert!(expires_at > last);
    // A transaction that rolls back does not take the lease back with it.
    let mut tx = a.begin().await.unwrap();
    sqlx::query("INSERT INTO posts (n) VALUES (0)")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(lease_row(&pool, "posts-tid", value).await.0, holder);
    // Every generator.
    let row: (String, String, String, String, String, String) = sqlx::query_as(
        "SELECT time_id_generate('t')::text, snowish_generate('s')::text, \
         snowflake_generate('f', '2015-01-01T00:00:00Z')::text, tbsl_generate('b')::text, \
         sonyflake_generate('y')::text, sonyflake_generate('y1', 1)::text",
    )
    .fetch_one(&mut a)
    .await
    .unwrap();
    row.0.parse::<idtypes::TimeId>().unwrap();
    row.1.parse::<idtypes::Snowish>().unwrap();
    let snowflake: idtypes::Snowflake = row.2.parse().unwrap();
    assert_eq!(
        Some(i32::from(snowflake.worker_id())),
        held(&mut a, "f").await
    );
    let tbsl: idtypes::Tbsl = row.3.parse().unwrap();
    assert_eq!(Some(i32::from(tbsl.machine_id())), held(&mut a, "b").await);
    row.4.parse::<idtypes::Sonyflake>().unwrap();
    row.5.parse::<idtypes::Sonyflake>().unwrap();
    let own: (String, String, String, String, String, String, String) = sqlx::query_as(
        "SELECT ulid_generate()::text, ksuid_generate()::text, rs_xid_generate()::text, \
         object_id_generate()::text, ts_seq_rand_generate()::text, uid11_xid_generate()::text, \
         fullrand_generate()::text",
    )
    .fetch_one(&mut a)
    .await
    .unwrap();
    own.0.parse::<idtypes::Ulid>().unwrap();
    own.1.parse::<idtypes::Ksuid>().unwrap();
    own.2.parse::<idtypes::RsXid>().unwrap();
    own.3.parse::<idtypes::ObjectId>().unwrap();
    own.4.parse::<idtypes::TsSeqRand>().unwrap();
    own.5.parse::<idtypes::Uid11Xid>().unwrap();
    own.6.parse::<idtypes::FullRand>().unwrap();
    let namespaces: i64 = sqlx::query_scalar("SELECT count(*) FROM idtypes_leases_held()")
        .fetch_one(&mut a)
        .await
        .unwrap();
    assert_eq!(namespaces, 7, "posts-tid, t, s, f, b, y, y1");
    // A bad argument: a clear error, not a crash.
    let err = sqlx::query("SELECT sonyflake_generate('y', 3)")
        .execute(&mut a)
        .await
        .unwrap_err();
    assert_eq!(sql_code(&err), "22023");
    // The backend exits: its leases are released, the mark handed on.
    a.close().await.unwrap();
    let (holder, _, released_mark) = wait_released(&pool, "posts-tid", value).await;
    assert_eq!(holder, "", "released when the backend exits");
    assert!(released_mark >= last);
    // The next backend's ids come after.
    let mut b = backend(&url).await;
    let next = tids(&mut b, "posts-tid", 10).await.unwrap();
    assert!(next[0] > *ids.last().unwrap());
}

/// A backend stopped (SIGSTOP) while holding a value: its lease expires, another backend
/// takes the value and starts after its mark, and the stopped one, resumed, makes no id under
/// the expired lease. A backend terminated while holding a value releases it.
#[tokio::test]
async fn stopped_and_terminated_backends_never_repeat() {
    let Some((pool, url)) = postgres_extension_db("leases_stopped", 2).await else {
        return;
    };
    for sql in [
        "ALTER DATABASE idtypes_ext_leases_stopped SET idtypes.lease_duration_ms = '2000'",
        "ALTER DATABASE idtypes_ext_leases_stopped SET idtypes.lease_margin_ms = '500'",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    let mut a = backend(&url).await;
    let a_pid = pid(&mut a).await;
    // SAFETY: a signal 0 only checks that the process exists and may be signalled.
    if unsafe { libc::kill(a_pid, 0) } != 0 {
        eprintln!(
            "skipping the stopped backend: cannot signal the server's process {a_pid} (a server \
             on another host, or another user's): {}",
            std::io::Error::last_os_error()
        );
        return;
    }
    let mut all = tids(&mut a, "stop", 200).await.unwrap();
    let value = held(&mut a, "stop").await.unwrap();
    // Every other value held by someone else for an hour: the value is the only free one.
    sqlx::query(
        "UPDATE idtypes_leases SET holder = 'another', \
         expires_at = (extract(epoch FROM now()) * 1000000)::bigint + 3600000000 \
         WHERE namespace = 'stop' AND value <> $1",
    )
    .bind(i64::from(value))
    .execute(&pool)
    .await
    .unwrap();
    // SAFETY: the test's own backend; the guard continues it whatever happens next, so that a
    // failing run does not leave a stopped backend behind.
    assert_eq!(unsafe { libc::kill(a_pid, libc::SIGSTOP) }, 0);
    let stopped = Continue(a_pid);
    tokio::time::sleep(Duration::from_millis(2_600)).await;
    let mut b = backend(&url).await;
    let b_ids = tids(&mut b, "stop", 200).await.unwrap();
    assert_eq!(
        held(&mut b, "stop").await,
        Some(value),
        "the expired value taken over"
    );
    assert!(
        b_ids[0] > *all.last().unwrap(),
        "the new holder starts after the old one's ids"
    );
    all.extend(&b_ids);
    drop(stopped);
    let err = tids(&mut a, "stop", 10)
        .await
        .expect_err("no id under an expired lease");
    assert_eq!(sql_code(&err), "55000", "{err}");
    // B is terminated while holding the value: it is released, its mark handed on.
    let b_pid = pid(&mut b).await;
    let last_b = b_ids.last().unwrap().timestamp_micros() as i64;
    sqlx::query("SELECT pg_terminate_backend($1)")
        .bind(b_pid)
        .execute(&pool)
        .await
        .unwrap();
    let (holder, _, mark) = wait_released(&pool, "stop", value).await;
    assert_eq!(holder, "", "released by the terminated backend");
    assert!(mark >= last_b);
    let mut c = backend(&url).await;
    let c_ids = tids(&mut c, "stop", 200).await.unwrap();
    assert!(c_ids[0] > *b_ids.last().unwrap());
    all.extend(&c_ids);
    assert_all_distinct(&all);
    // A resumed: leases again once a value is free.
    c.close().await.unwrap();
    wait_released(&pool, "stop", value).await;
    let again = tids(&mut a, "stop", 10).await.unwrap();
    assert!(again[0] > *c_ids.last().unwrap());
}

/// 8 backends inserting by `DEFAULT atproto_tid_generate('fleet')` beside 4 application
/// processes making TIDs with a `LeasedGenerator` on the same table and namespace, with
/// leases of 3 s renewed all along: 1,000,000 ids, none repeated.
#[tokio::test]
async fn sql_and_application_ids_never_repeat() {
    const BACKENDS: usize = 8;
    const PER_BACKEND: usize = 100_000;
    const APPS: usize = 4;
    const PER_APP: usize = 50_000;
    let Some((pool, url)) = postgres_extension_db("leases_fleet", 2).await else {
        return;
    };
    for sql in [
        "ALTER DATABASE idtypes_ext_leases_fleet SET idtypes.lease_duration_ms = '3000'",
        "ALTER DATABASE idtypes_ext_leases_fleet SET idtypes.lease_margin_ms = '1000'",
        "CREATE TABLE ids (id atproto_tid NOT NULL DEFAULT atproto_tid_generate('fleet'), source text NOT NULL)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    // The application's deployment creates the lease table (its migrations, or `setup`).
    idtypes::lease::Leases::postgres(pool.clone())
        .setup()
        .await
        .unwrap();
    let started = Instant::now();
    let apps: Vec<_> = (0..APPS)
        .map(|_| {
            std::process::Command::new(env!("CARGO_BIN_EXE_pg_extension_app_worker"))
                .args([&url, "ids", "fleet", &PER_APP.to_string()])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .expect("start an application process")
        })
        .collect();
    let backends: Vec<_> = (0..BACKENDS)
        .map(|_| {
            let url = url.clone();
            tokio::spawn(async move {
                let mut conn = backend(&url).await;
                for _ in 0..PER_BACKEND / 10_000 {
                    sqlx::query(
                        "INSERT INTO ids (source) SELECT 'sql' FROM generate_series(1, 10000)",
                    )
                    .execute(&mut conn)
                    .await
                    .unwrap();
                }
            })
        })
        .collect();
    for task in backends {
        task.await.unwrap();
    }
    for app in apps {
        let out = app.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "an application process failed: {:?}",
            out.status
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            PER_APP.to_string()
        );
    }
    let (count, distinct, clocks): (i64, i64, i64) = sqlx::query_as(
        "SELECT count(*), count(DISTINCT id), count(DISTINCT atproto_tid_clock_id(id)) FROM ids",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let total = (BACKENDS * PER_BACKEND + APPS * PER_APP) as i64;
    eprintln!(
        "{count} ids ({} by DEFAULT in {BACKENDS} backends, {} by {APPS} application processes) \
         in {:?}: {} repeated, {clocks} clock ids",
        BACKENDS * PER_BACKEND,
        APPS * PER_APP,
        started.elapsed(),
        count - distinct
    );
    assert_eq!(count, total);
    assert_eq!(distinct, total, "{} ids repeated", count - distinct);
    let sources: HashSet<String> = sqlx::query_scalar("SELECT DISTINCT source FROM ids")
        .fetch_all(&pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(sources.len(), 2);
}
