//! Helpers for the workspace's cross-crate tests (see `tests/it/`, one test binary).
//!
//! The README's Rust examples, and those of the `idtypes` and `idtypes-derive` packages'
//! READMEs, are compiled and run as this crate's doctests.
#![doc = include_str!("../../README.md")]

use std::path::PathBuf;

/// The `idtypes` package's README (its page in the package registry): its examples run as
/// doctests.
#[doc = include_str!("../../idtypes/README.md")]
pub mod idtypes_package_readme {}

/// The `idtypes-derive` package's README: its examples run as doctests.
#[doc = include_str!("../../idtypes-derive/README.md")]
pub mod idtypes_derive_package_readme {}

pub mod etcd;
pub mod events;
pub mod fault_proxy;
#[cfg(unix)]
pub mod fork;
pub mod typed;

/// The path of a conformance vector file under `tests/vectors/`.
pub fn vector_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("vectors")
        .join(relative)
}

/// The test lines of an atproto interop syntax file: without blank lines and `#` comments.
///
/// # Panics
///
/// When the file cannot be read: a missing vector file must fail the test, not skip it.
pub fn interop_lines(relative: &str) -> Vec<String> {
    let path = vector_path(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Sends each line that `child` writes to its piped standard output to `to`, with `index`
/// (the child's number among its siblings), from a thread of its own, until the output ends.
///
/// # Panics
///
/// When the child's standard output was not piped (`Stdio::piped()`).
pub fn forward_lines(
    child: &mut std::process::Child,
    index: usize,
    to: std::sync::mpsc::Sender<(usize, String)>,
) {
    use std::io::BufRead;
    let stdout = std::io::BufReader::new(child.stdout.take().expect("a piped standard output"));
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if to.send((index, line)).is_err() {
                return;
            }
        }
    });
}

/// Sets a flag when dropped, also while a panic unwinds: a test that runs a helper thread
/// until the workers finish (a clock stepper, say) holds one, so that a failing worker stops
/// the helper instead of leaving the test waiting for it forever.
pub struct SetOnDrop<'a>(pub &'a std::sync::atomic::AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// How many worker threads the generator tests run.
pub const THREADS: usize = 4;

/// How many ids each worker takes.
pub const PER_THREAD: usize = 20_000;

/// Runs [`THREADS`] workers that each take [`PER_THREAD`] ids from `next`, checks that each
/// worker's ids strictly increase by `less`, and returns all ids.
///
/// # Panics
///
/// When a worker panics or a worker's ids do not increase.
pub fn generate_from_threads<T, F, L>(next: F, less: L) -> Vec<T>
where
    T: std::fmt::Debug + Send,
    F: Fn() -> T + Sync,
    L: Fn(&T, &T) -> bool,
{
    let per_thread: Vec<Vec<T>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| s.spawn(|| (0..PER_THREAD).map(|_| next()).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    each_increases(per_thread, &less)
}

/// Runs [`THREADS`] workers that each take [`PER_THREAD`] ids from `next`, and checks that
/// every id comes after, by `less`, every id any worker had finished making before the call
/// began: the ids of one shared generator increase across threads in the order they are
/// made, not only within each thread (which this checks too). Returns all ids.
///
/// The workers publish each id once made and read the latest published one before the next
/// call; that hand-over goes through a lock, which orders the calls' starts and ends without
/// ordering the generator's own work.
///
/// # Panics
///
/// When a worker panics, or an id does not come after one made before its call began.
pub fn generate_in_order_from_threads<T, F, L>(next: F, less: L) -> Vec<T>
where
    T: std::fmt::Debug + Copy + Send,
    F: Fn() -> T + Sync,
    L: Fn(&T, &T) -> bool + Sync,
{
    let latest: std::sync::Mutex<Option<T>> = std::sync::Mutex::new(None);
    let per_thread: Vec<Vec<T>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|worker| {
                let (latest, next, less) = (&latest, &next, &less);
                s.spawn(move || {
                    let mut ids = Vec::with_capacity(PER_THREAD);
                    for _ in 0..PER_THREAD {
                        let before = *latest.lock().unwrap();
                        let id = next();
                        if let Some(before) = before {
                            assert!(
                                less(&before, &id),
                                "worker {worker}: {id:?} after {before:?} was made"
                            );
                        }
                        let mut latest = latest.lock().unwrap();
                        if latest.is_none_or(|last| less(&last, &id)) {
                            *latest = Some(id);
                        }
                        drop(latest);
                        ids.push(id);
                    }
                    ids
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    each_increases(per_thread, &less)
}

/// Asserts that no id repeats.
///
/// # Panics
///
/// When one does, with the number of repeats.
pub fn assert_all_distinct<T: Clone + Eq + std::hash::Hash>(ids: &[T]) {
    let distinct: std::collections::HashSet<T> = ids.iter().cloned().collect();
    assert_eq!(
        distinct.len(),
        ids.len(),
        "{} repeats",
        ids.len() - distinct.len()
    );
}

/// The database server URL in the environment variable `var`, or `None` when it is unset: the
/// caller skips its test, and this prints why. With `IDTYPES_REQUIRE_DATABASES=1` (as
/// `.ci/run` sets) an unset URL fails the test instead of skipping it.
///
/// # Panics
///
/// When the URL is unset and `IDTYPES_REQUIRE_DATABASES=1`.
pub fn database_url(var: &str) -> Option<String> {
    match std::env::var(var) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            let required = std::env::var("IDTYPES_REQUIRE_DATABASES").is_ok_and(|v| v == "1");
            assert!(
                !required,
                "{var} is not set, and IDTYPES_REQUIRE_DATABASES=1 requires the database tests"
            );
            eprintln!("skipping: {var} is not set (set it to a server URL to run this test)");
            None
        }
    }
}

/// `IDTYPES_TEST_POSTGRES_URL`, e.g. `postgres://postgres@127.0.0.1:5432/test`.
pub fn postgres_url() -> Option<String> {
    database_url("IDTYPES_TEST_POSTGRES_URL")
}

/// `IDTYPES_TEST_MYSQL_URL`, e.g. `mysql://root@127.0.0.1:3306/test`.
pub fn mysql_url() -> Option<String> {
    database_url("IDTYPES_TEST_MYSQL_URL")
}

/// A database of its own for a test of the PostgreSQL extension (`idtypes-postgres/`), with
/// `CREATE EXTENSION idtypes` run in it: `idtypes_ext_{name}`, dropped first if an earlier
/// run left it. Gives its pool (of `connections`) and URL, or `None` (a skip, printed) when
/// `IDTYPES_TEST_POSTGRES_URL` is unset or the server does not have the extension installed;
/// with `IDTYPES_REQUIRE_DATABASES=1` (as `.ci/run` sets, after installing it) both fail the
/// test instead.
///
/// # Panics
///
/// When the server refuses, or the extension is required and missing.
pub async fn postgres_extension_db(name: &str, connections: u32) -> Option<(sqlx::PgPool, String)> {
    use sqlx::Executor;
    let url = postgres_url()?;
    let admin = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    let available: Option<String> = sqlx::query_scalar(
        "SELECT default_version FROM pg_available_extensions WHERE name = 'idtypes'",
    )
    .fetch_optional(&admin)
    .await
    .unwrap_or_else(|err| panic!("pg_available_extensions: {err}"));
    if available.is_none() {
        let required = std::env::var("IDTYPES_REQUIRE_DATABASES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "the server of {url} does not have the idtypes extension, and \
             IDTYPES_REQUIRE_DATABASES=1 requires its tests: install it (idtypes-postgres/README.md)"
        );
        eprintln!(
            "skipping: the server of {url} does not have the idtypes extension \
             (install it: idtypes-postgres/README.md)"
        );
        return None;
    }
    let database = format!("idtypes_ext_{name}");
    admin
        .execute(sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE IF EXISTS {database} WITH (FORCE)"
        ))))
        .await
        .unwrap_or_else(|err| panic!("drop {database}: {err}"));
    admin
        .execute(sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "CREATE DATABASE {database}"
        ))))
        .await
        .unwrap_or_else(|err| panic!("create {database}: {err}"));
    admin.close().await;
    let mut own: sqlx::postgres::PgConnectOptions =
        url.parse().unwrap_or_else(|err| panic!("{url}: {err}"));
    own = own.database(&database);
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(connections)
        .connect_with(own)
        .await
        .unwrap_or_else(|err| panic!("connect to {database}: {err}"));
    pool.execute("CREATE EXTENSION idtypes")
        .await
        .unwrap_or_else(|err| panic!("CREATE EXTENSION idtypes in {database}: {err}"));
    let own_url = match url.rfind('/') {
        Some(slash) if !url[slash..].contains('@') => format!("{}/{database}", &url[..slash]),
        _ => panic!("{url}: expected a URL ending in /database"),
    };
    Some((pool, own_url))
}

/// A table name no other test (or concurrent test process) uses: `prefix` plus this process's
/// id and a counter, so tests can run in parallel against one server.
pub fn unique_table(prefix: &str) -> String {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{prefix}_{}_{n}", std::process::id())
}

/// The proptest settings of the property suites: 4096 cases, no failure files in the tree.
pub fn proptest_config() -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: 4096,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// Checks the prefix range `bounds` of a `u64`-backed id type whose text is `text(value)`:
/// an id derived from `value` and `other` (chosen by `how` and `bit`: `other` itself, or ids
/// sharing a long or short prefix with `value`) lies in it exactly when its text starts with
/// `prefix`; and the range is tight: both ends have the prefix, their outside neighbours do not.
///
/// # Panics
///
/// When any of that fails (proptest reports the panic as a failing case and shrinks it).
pub fn check_u64_prefix_range(
    prefix: &str,
    bounds: (u64, u64),
    (value, other, bit, how): (u64, u64, u32, u8),
    text: impl Fn(u64) -> String,
) {
    let other = match how {
        0 => other,
        1 => value ^ (1 << bit),
        2 => value ^ (other >> bit),
        _ => value.wrapping_add(other >> bit),
    };
    let (start, end) = bounds;
    assert_eq!(
        start <= other && other <= end,
        text(other).starts_with(prefix),
        "{} against prefix {prefix:?}, range {start}..={end}",
        text(other)
    );
    assert!(text(start).starts_with(prefix));
    assert!(text(end).starts_with(prefix));
    if let Some(before) = start.checked_sub(1) {
        assert!(!text(before).starts_with(prefix));
    }
    if let Some(after) = end.checked_add(1) {
        assert!(!text(after).starts_with(prefix));
    }
}

/// Runs `generate` while another thread keeps moving `clock` around `start`: small and large
/// steps back (up to a second), steps forward, and resets near `start`. The stepper stops when
/// `generate` returns or panics (a failure cannot hang the test); it must have moved the clock.
///
/// # Panics
///
/// When `generate` panics, or the clock never moved.
pub fn with_a_jumping_clock<T>(
    clock: &idtypes::ManualClock,
    start: i64,
    generate: impl FnOnce() -> T,
) -> T {
    use std::{sync::atomic::AtomicBool, thread, time::Duration};
    let done = AtomicBool::new(false);
    thread::scope(|s| {
        let stepper = s.spawn(|| {
            let mut steps = 0u64;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                match steps % 6 {
                    0 => clock.step_back(Duration::from_millis(3)),
                    1 => clock.advance(Duration::from_micros(700)),
                    2 => clock.step_back(Duration::from_micros(1)),
                    3 => clock.advance(Duration::from_millis(5)),
                    4 => clock.step_back(Duration::from_secs(1)),
                    _ => clock.set_micros(start + (steps as i64 % 1000) * 10),
                }
                steps += 1;
                thread::yield_now();
            }
            steps
        });
        let stop = SetOnDrop(&done);
        let result = generate();
        drop(stop);
        let steps = stepper.join().unwrap();
        assert!(steps > 0, "the clock never moved");
        result
    })
}

/// Checks that each worker made [`PER_THREAD`] ids, each after the one before it by `less`,
/// and returns them all.
fn each_increases<T: std::fmt::Debug, L: Fn(&T, &T) -> bool>(
    per_thread: Vec<Vec<T>>,
    less: &L,
) -> Vec<T> {
    for (worker, ids) in per_thread.iter().enumerate() {
        assert_eq!(ids.len(), PER_THREAD, "worker {worker}");
        for pair in ids.windows(2) {
            assert!(
                less(&pair[0], &pair[1]),
                "worker {worker}: {:?} then {:?}",
                pair[0],
                pair[1]
            );
        }
    }
    per_thread.into_iter().flatten().collect()
}
