//! Ids made in SQL under the application's leases: each backend takes a value (a TID clock
//! id, a TimeId node, a snowish, TBSL or Sonyflake machine id, a Snowflake worker id) from
//! the same lease table and namespace as the application's `idtypes::lease::Leases`, through
//! that very code, on a connection of its own.
//!
//! - **Its own connection.** The backend's transaction may roll back, and the lease must not
//!   roll back with it (the value would look free while this backend uses it), so the leases
//!   are taken, renewed and released on a second session to the same server (`idtypes.
//!   lease_url`), where each statement commits by itself: the application's `Leases` on an
//!   sqlx pool of one connection, driven by a tokio runtime on the backend's thread.
//! - **Leased on first use**, per namespace (and epoch or layout), by the first
//!   `*_generate(namespace, ...)` call of the backend.
//! - **Renewed** by the calls themselves: a call a third of a term after the last renewal
//!   renews first (one round trip). A backend that makes no id for a term lets the lease run
//!   out; its next call leases again.
//! - **Expiry honoured.** The generator is bound to the lease's term, as the application's
//!   are: it makes no id past the term's deadline (a backend stopped, or cut off from the
//!   store, for longer than the term) nor past its ceiling; then the call leases again.
//!   A value's next holder, in SQL or in the application, starts after its high-water mark.
//! - **Monotonic within a backend**: a new lease's ids start after every id of the one
//!   before (the call waits until the clock has passed the last one's claimed mark).
//! - **Released when the backend exits** (a `before_shmem_exit` callback: a disconnect,
//!   `pg_terminate_backend`); a backend killed outright leaves its leases to expire.
//!
//! The settings, read on first use (`SET`, `ALTER DATABASE ... SET`, or `postgresql.conf`):
//!
//! | setting | default | what |
//! |---|---|---|
//! | `idtypes.lease_url` | this server's socket, this database and user | the lease store's connection (a `postgres://` URL) |
//! | `idtypes.lease_table` | `idtypes_leases` | the application's lease table (`Leases::with_table`) |
//! | `idtypes.lease_duration_ms` | `30000` | the lease's duration (`Leases::with_duration`) |
//! | `idtypes.lease_margin_ms` | `5000` | its safety margin |
//! | `idtypes.lease_timeout_ms` | `5000` | each call to the store (`Leases::with_timeout`) |

use core::any::Any;
use core::ffi::CStr;
use std::cell::RefCell;
use std::collections::HashMap;
use std::str::FromStr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use idtypes::lease::{Lease, Leases};
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::SnowishGenerator;
use idtypes::{Error, ErrorKind, Leasable};
use pgrx::PgSqlErrorCode;
use pgrx::datum::TimestampWithTimeZone;
use pgrx::prelude::*;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use crate::report::{OrRaise, Refusal};
use crate::storage;

/// The lease store of this backend, made on first use.
struct Store {
    runtime: tokio::runtime::Runtime,
    leases: Leases<sqlx::Postgres>,
    /// A third of a term: how long after a renewal the next one is due.
    renew_every: Duration,
}

impl Store {
    /// Runs a call to the store on the backend's thread, with every signal blocked: the
    /// threads the call starts (the store's timer) inherit the mask, so PostgreSQL's signals
    /// (a cancel, a termination) reach the backend's own thread, after the call (which
    /// returns within `idtypes.lease_timeout_ms`).
    fn block_on<T>(&self, call: impl core::future::Future<Output = T>) -> T {
        // SAFETY: a full set, and the thread's own mask, saved and restored.
        unsafe {
            let mut all: libc::sigset_t = core::mem::zeroed();
            let mut before: libc::sigset_t = core::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_BLOCK, &all, &mut before);
            let out = self.runtime.block_on(call);
            libc::pthread_sigmask(libc::SIG_SETMASK, &before, core::ptr::null_mut());
            out
        }
    }
}

/// One namespace's generator in this backend.
struct Slot<G> {
    /// The generator every lease's generator is made from (`Leasable::with_term`).
    template: G,
    held: Option<Held<G>>,
    /// The claimed mark of the last term (µs since 1970): the next term's ids come after it.
    last_claimed: i64,
}

struct Held<G> {
    lease: Lease,
    generator: G,
    renew_at: Instant,
}

/// A slot of any generator type, as the exit callback releases it.
trait Release {
    fn release(&mut self, store: &Store);
    fn as_any(&mut self) -> &mut dyn Any;
    /// The namespace and value of its live term, if any.
    fn held(&self) -> Option<(String, i32)>;
}

impl<G: Leasable> Release for Slot<G> {
    fn release(&mut self, store: &Store) {
        if let Some(held) = self.held.take() {
            // The generator first, so that the term's claimed mark is final.
            drop(held.generator);
            let _ = store.block_on(store.leases.release(held.lease));
        }
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self
    }

    fn held(&self) -> Option<(String, i32)> {
        let held = self.held.as_ref()?;
        let term = held.lease.term();
        term.is_live()
            .then(|| (held.lease.namespace().to_owned(), term.value() as i32))
    }
}

/// One format's generators, by namespace.
type Namespaces = HashMap<String, Box<dyn Release>>;

thread_local! {
    static STORE: RefCell<Option<Store>> = const { RefCell::new(None) };
    /// The generators by format and its parameter (a Snowflake's epoch, a Sonyflake's layout),
    /// then by namespace: looked up without allocating.
    static SLOTS: RefCell<HashMap<(&'static str, u64), Namespaces>> = RefCell::new(HashMap::new());
}

/// A setting's value, if set.
fn setting(name: &CStr) -> Option<String> {
    // SAFETY: `missing_ok`: null for a setting never set; the string is PostgreSQL's, copied.
    unsafe {
        let value = pg_sys::GetConfigOption(name.as_ptr(), true, false);
        if value.is_null() {
            return None;
        }
        let value = CStr::from_ptr(value).to_string_lossy().into_owned();
        (!value.is_empty()).then_some(value)
    }
}

/// A setting in milliseconds.
fn millis(name: &CStr, default: u64) -> Result<Duration, Refusal> {
    match setting(name) {
        None => Ok(Duration::from_millis(default)),
        Some(text) => text.trim().parse().map(Duration::from_millis).map_err(|_| {
            Refusal::other(
                PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
                format!(
                    "{}: expected a number of milliseconds, found {text:?}",
                    name.to_string_lossy()
                ),
            )
        }),
    }
}

/// The connection to this server, as the backend's own user, to its own database, on the
/// first of its Unix sockets.
fn own_server() -> PgConnectOptions {
    let mut options = PgConnectOptions::new_without_pgpass();
    if let Some(sockets) = setting(c"unix_socket_directories")
        && let Some(first) = sockets
            .split(',')
            .map(str::trim)
            .find(|dir| !dir.is_empty())
    {
        options = options.socket(first);
    }
    if let Some(port) = setting(c"port").and_then(|port| port.parse().ok()) {
        options = options.port(port);
    }
    // SAFETY: the backend's database and user, looked up as the server does.
    unsafe {
        let database = pg_sys::get_database_name(pg_sys::MyDatabaseId);
        if !database.is_null() {
            options = options.database(&CStr::from_ptr(database).to_string_lossy());
        }
        let user = pg_sys::GetUserNameFromId(pg_sys::GetUserId(), true);
        if !user.is_null() {
            options = options.username(&CStr::from_ptr(user).to_string_lossy());
        }
    }
    options
}

fn make_store() -> Result<Store, Refusal> {
    let options = match setting(c"idtypes.lease_url") {
        Some(url) => PgConnectOptions::from_str(&url).map_err(|err| {
            Refusal::other(
                PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
                format!("idtypes.lease_url: {err}"),
            )
        })?,
        None => own_server(),
    }
    .application_name("idtypes lease store");
    let duration = millis(c"idtypes.lease_duration_ms", 30_000)?;
    let margin = millis(c"idtypes.lease_margin_ms", 5_000)?;
    let timeout = millis(c"idtypes.lease_timeout_ms", 5_000)?;
    let table = setting(c"idtypes.lease_table");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| {
            Refusal::other(
                PgSqlErrorCode::ERRCODE_INTERNAL_ERROR,
                format!("the lease store's runtime: {err}"),
            )
        })?;
    let pool = {
        let _inside = runtime.enter();
        PgPoolOptions::new()
            .max_connections(1)
            .test_before_acquire(false)
            .acquire_timeout(timeout)
            .connect_lazy_with(options)
    };
    let mut leases = Leases::postgres(pool)
        .with_duration(duration, margin)?
        .with_timeout(timeout)?;
    if let Some(table) = table {
        leases = leases.with_table(&table)?;
    }
    let store = Store {
        runtime,
        leases,
        renew_every: duration.saturating_sub(margin) / 3,
    };
    // The table, unless it exists (backends setting up together all succeed).
    store.block_on(store.leases.setup())?;
    // SAFETY: registered once per backend, with no argument.
    unsafe { pg_sys::before_shmem_exit(Some(release_all), pg_sys::Datum::from(0usize)) };
    Ok(store)
}

/// The exit callback: releases every lease the backend holds.
#[pg_guard]
unsafe extern "C-unwind" fn release_all(_code: i32, _arg: pg_sys::Datum) {
    let slots = SLOTS.with(|slots| core::mem::take(&mut *slots.borrow_mut()));
    STORE.with(|store| {
        if let Some(store) = store.borrow().as_ref() {
            for mut slot in slots.into_values().flat_map(HashMap::into_values) {
                slot.release(store);
            }
        }
    });
}

/// The longest a new lease waits for the clock to pass the last term's ids.
const MAX_WAIT: Duration = Duration::from_secs(1);

fn unix_micros_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|since| since.as_micros() as i64)
        .unwrap_or(0)
}

/// The next id of the namespace's generator of `format` (with its `parameter`) in this
/// backend, leasing, renewing and leasing again as needed.
fn next<G>(
    format: &'static str,
    parameter: u64,
    namespace: &str,
    template: impl FnOnce() -> Result<G, Error>,
) -> G::Id
where
    G: Leasable,
{
    STORE.with(|cell| {
        if cell.borrow().is_none() {
            let store = make_store().or_raise();
            *cell.borrow_mut() = Some(store);
        }
    });
    STORE.with(|cell| {
        let borrowed = cell.borrow();
        let Some(store) = borrowed.as_ref() else {
            unreachable!("made above")
        };
        SLOTS.with(|slots| {
            let mut slots = slots.borrow_mut();
            let slots = slots.entry((format, parameter)).or_default();
            if !slots.contains_key(namespace) {
                let slot = Slot {
                    template: template().or_raise(),
                    held: None,
                    last_claimed: i64::MIN,
                };
                slots.insert(namespace.to_owned(), Box::new(slot));
            }
            let Some(slot) = slots
                .get_mut(namespace)
                .and_then(|slot| slot.as_any().downcast_mut::<Slot<G>>())
            else {
                unreachable!("one generator type per key")
            };
            next_in(store, slot, namespace).or_raise()
        })
    })
}

fn next_in<G: Leasable>(
    store: &Store,
    slot: &mut Slot<G>,
    namespace: &str,
) -> Result<G::Id, Refusal> {
    let mut last_error = None;
    for _ in 0..3 {
        if slot.held.is_none() {
            let lease = store.block_on(
                store
                    .leases
                    .acquire(namespace, slot.template.lease_values()),
            )?;
            // Ids after every id of the term before, in this backend: the clock passes its
            // claimed mark (a millisecond or so ahead of its last id) first. Bounded, so that
            // a clock stepped far back cannot hold the call: the ids stay unique then (the
            // value's own floor), only no longer increasing across the switch.
            let waiting = Instant::now();
            while unix_micros_now() <= slot.last_claimed && waiting.elapsed() < MAX_WAIT {
                std::thread::sleep(Duration::from_micros(200));
            }
            let generator = match slot.template.with_term(lease.term()) {
                Ok(generator) => generator,
                Err(err) => {
                    let _ = store.block_on(store.leases.release(lease));
                    return Err(Refusal::from_crate(err));
                }
            };
            slot.held = Some(Held {
                lease,
                generator,
                renew_at: Instant::now() + store.renew_every,
            });
        }
        let Some(held) = slot.held.as_mut() else {
            unreachable!("leased above")
        };
        if Instant::now() >= held.renew_at && held.lease.is_live() {
            match store.block_on(store.leases.renew(&mut held.lease)) {
                Ok(()) => held.renew_at = Instant::now() + store.renew_every,
                // The lease is another's, or the store did not answer in time: the term
                // goes on to its deadline if it can; the next call tries again.
                Err(err) if err.kind() == ErrorKind::LeaseLost => {
                    held.lease.term().end();
                }
                Err(_) => held.renew_at = Instant::now() + store.renew_every / 10,
            }
        }
        match held.generator.try_next() {
            Ok(id) => return Ok(id),
            Err(err) if err.kind() == ErrorKind::LeaseExpired => {
                let Some(held) = slot.held.take() else {
                    unreachable!("held above")
                };
                let term = held.lease.term();
                drop(held.generator);
                slot.last_claimed = slot.last_claimed.max(term.claimed_micros());
                term.end();
                // A term past its deadline may have been taken over: the release (of this
                // holder's row only) hands the claimed mark on if it was not.
                let _ = store.block_on(store.leases.release(held.lease));
                last_error = Some(err);
            }
            Err(err) => return Err(Refusal::from_crate(err)),
        }
    }
    Err(Refusal::from_crate(last_error.unwrap_or_else(|| {
        unreachable!("three attempts, each ending in a lease expired")
    })))
}

fn to_unix_millis(time: TimestampWithTimeZone) -> Result<u64, Refusal> {
    let time = crate::time::to_system_time(time)?;
    time.duration_since(UNIX_EPOCH)
        .map(|since| since.as_millis() as u64)
        .map_err(|_| Refusal::data("a Snowflake epoch must not be before 1970".to_owned()))
}

/// A new atproto TID, under a lease of `namespace` (its clock id).
#[pg_extern(sql = false)]
fn atproto_tid_generate(namespace: &str) -> i64 {
    let tid = next("tid", 0, namespace, || Ok(TidGenerator::new()));
    storage::to_int8(tid).or_raise()
}

/// A new TimeId, under a lease of `namespace` (its node id).
#[pg_extern(sql = false)]
fn time_id_generate(namespace: &str) -> i64 {
    let id = next("time-id", 0, namespace, || Ok(TimeIdGenerator::new()));
    storage::to_int8(id).or_raise()
}

/// A new snowish id, under a lease of `namespace` (its machine id).
#[pg_extern(sql = false)]
fn snowish_generate(namespace: &str) -> i64 {
    let id = next("snowish", 0, namespace, || SnowishGenerator::new(0));
    storage::to_int8(id).or_raise()
}

/// A new Snowflake of `epoch`, under a lease of `namespace` (its worker id).
#[pg_extern(sql = false)]
fn snowflake_generate(namespace: &str, epoch: TimestampWithTimeZone) -> i64 {
    let millis = to_unix_millis(epoch).or_raise();
    let id = next("snowflake", millis, namespace, || {
        SnowflakeGenerator::new(SnowflakeEpoch::from_unix_millis(millis)?, 0)
    });
    storage::to_int8(id).or_raise()
}

/// A new TBSL, under a lease of `namespace` (its machine id).
#[pg_extern(sql = false)]
fn tbsl_generate(namespace: &str) -> Vec<u8> {
    let id = next("tbsl", 0, namespace, || TbslGenerator::new(0));
    storage::to_bytea(id)
}

/// A new Sonyflake of layout `version` (1 or 2), under a lease of `namespace` (its machine
/// id).
#[pg_extern(sql = false)]
fn sonyflake_generate(namespace: &str, version: i32) -> i64 {
    let layout = match version {
        1 => SonyflakeLayout::V1,
        2 => SonyflakeLayout::V2,
        other => Refusal::other(
            PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
            format!("a Sonyflake layout version is 1 or 2: found {other}"),
        )
        .raise(),
    };
    let id = next("sonyflake", version as u64, namespace, || {
        SonyflakeGenerator::new(layout, 0)
    });
    storage::to_int8(id).or_raise()
}

/// The leases this backend holds, as `idtypes_leases_held()` lists them: the namespace and
/// the value of each live term.
#[pg_extern(volatile, parallel_unsafe)]
fn idtypes_leases_held() -> TableIterator<'static, (name!(namespace, String), name!(value, i32))> {
    let held: Vec<(String, i32)> = SLOTS.with(|slots| {
        slots
            .borrow()
            .values()
            .flat_map(HashMap::values)
            .filter_map(|slot| slot.held())
            .collect()
    });
    TableIterator::new(held)
}
