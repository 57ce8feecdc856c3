//! Leases: one value of a bounded id space (a TID clock id, a TimeId node, a snowish, TBSL
//! or Sonyflake machine id, a Snowflake worker id) held by one process at a time, handed out
//! by the database every process of a fleet already shares.
//!
//! # The spaces
//!
//! A lease is taken from a namespace of `0..size` ([`Leases::acquire`]); a generator bound
//! to it (`with_lease_term(lease.term())`) uses the leased value as its clock, node, machine
//! or worker id as it is. Each generator names the size its namespace should have:
//!
//! | generator | the leased value is its | size |
//! |---|---|---|
//! | [`TidGenerator`](crate::tid::TidGenerator) | clock id | [`TidGenerator::LEASE_VALUES`](crate::tid::TidGenerator::LEASE_VALUES), 1,024 |
//! | [`TimeIdGenerator`](crate::time_id::TimeIdGenerator) | node id | [`TimeIdGenerator::LEASE_VALUES`](crate::time_id::TimeIdGenerator::LEASE_VALUES), 992 (the nodes not globally registered) |
//! | [`SnowishGenerator`](crate::uid11::SnowishGenerator) | machine id | [`SnowishGenerator::LEASE_VALUES`](crate::uid11::SnowishGenerator::LEASE_VALUES), 1,024 |
//! | [`SnowflakeGenerator`](crate::snowflake::SnowflakeGenerator) | worker id | [`SnowflakeGenerator::LEASE_VALUES`](crate::snowflake::SnowflakeGenerator::LEASE_VALUES), 1,024, one namespace per epoch |
//! | [`TbslGenerator`](crate::tbsl::TbslGenerator) | machine id | [`TbslGenerator::LEASE_VALUES`](crate::tbsl::TbslGenerator::LEASE_VALUES), 100 |
//! | [`SonyflakeGenerator`](crate::sonyflake::SonyflakeGenerator) | machine id | [`layout.lease_values()`](crate::sonyflake::SonyflakeLayout::lease_values), 65,536 for v1's and v2's layouts, one namespace per layout |
//!
//! ```no_run
//! # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
//! use idtypes::tid::TidGenerator;
//!
//! let lease = leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?;
//! let posts = TidGenerator::new().with_lease_term(lease.term())?;
//! # Ok(())
//! # }
//! ```
//!
//! # The table
//!
//! One table holds the leases of every space, keyed by a namespace of your choosing (say
//! `"posts-tid"`), so several services and formats share it. [`Leases::setup`] creates it if
//! it does not exist; the statement per database (table name `idtypes_leases` unless chosen
//! with [`Leases::with_table`]):
//!
//! ```sql
//! -- PostgreSQL
//! CREATE TABLE IF NOT EXISTS idtypes_leases (namespace TEXT COLLATE "C" NOT NULL,
//!   value BIGINT NOT NULL, holder TEXT NOT NULL, expires_at BIGINT NOT NULL,
//!   high_water BIGINT NOT NULL, PRIMARY KEY (namespace, value))
//! -- MySQL / MariaDB
//! CREATE TABLE IF NOT EXISTS idtypes_leases (
//!   namespace VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
//!   value BIGINT NOT NULL, holder CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
//!   expires_at BIGINT NOT NULL, high_water BIGINT NOT NULL, PRIMARY KEY (namespace, value))
//! -- SQLite
//! CREATE TABLE IF NOT EXISTS idtypes_leases (namespace TEXT NOT NULL, value INTEGER NOT NULL,
//!   holder TEXT NOT NULL, expires_at INTEGER NOT NULL, high_water INTEGER NOT NULL,
//!   PRIMARY KEY (namespace, value))
//! ```
//!
//! A row is a value that has been leased at least once: `holder` is a random token of the
//! process holding it, `expires_at` the end of the lease in microseconds since 1970 by the
//! *database's* clock (no process's clock is written or compared), `high_water` the largest
//! timestamp its holders have said they may issue ids with.
//!
//! # Guarantees
//!
//! - [`acquire`](Leases::acquire) takes a value that no live lease holds, atomically: an
//!   insert of a new row (the primary key lets one contender in) or a takeover of an expired
//!   row (an update conditioned on it being expired, which one contender wins). Two
//!   contenders never hold the same value. When every value is held, it fails with
//!   [`ErrorKind::LeasesExhausted`](crate::ErrorKind::LeasesExhausted).
//! - [`renew`](Leases::renew) extends a lease only while this process still holds it; if the
//!   lease expired and another process took the value, it fails with
//!   [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost).
//! - [`release`](Leases::release) ends a lease at once (the value is free for the next
//!   acquirer), handing the next holder the last timestamp its ids used.
//! - Each lease knows its [`deadline`](Lease::deadline) by this process's monotonic clock:
//!   the moment the winning request was *sent*, plus the lease's duration, minus a safety
//!   margin. The database's expiry cannot come before it, whatever the machines' wall clocks
//!   say, unless the database's own clock runs faster than ours by more than the margin.
//! - Every call returns within a bound, whatever the network or the database does (see
//!   [time limits](#time-limits)), and a term that has ended stays ended.
//!
//! If the database is down, leases already held stay valid until their deadline; new ones
//! cannot be taken and renewals fail with [`ErrorKind::Database`](crate::ErrorKind::Database)
//! or [`ErrorKind::Timeout`](crate::ErrorKind::Timeout). Errors name the call, the namespace
//! and the value, and carry the database's reason whole:
//! ``lease store: renew of `posts-tid` value 3 failed: error communicating with database:
//! Connection reset by peer (os error 104)``.
//!
//! # Handover: the exact guarantee
//!
//! Each term of a lease has a *ceiling*: for the first term, the store's clock (see
//! [`Leases::with_clock`]), or the floor when that is later, plus the lease's duration; for a
//! renewed one, the store's clock plus the duration, or the previous ceiling when that is
//! later (never the previous ceiling *plus* a duration: renewals would then run the mark
//! ahead of the clock by a duration each, hours ahead after an hour). The ceiling is written
//! to the row (`high_water`, which a renewal only ever raises) by the statement that starts or
//! renews the term, and only after that write succeeds may a generator bound to the term use
//! it; the generator makes no id with a timestamp above it. A new holder reads the row's
//! `high_water` after winning the value and starts its ids after it (the term's *floor*).
//!
//! On release, the mark written is lower: the term's *claimed* mark
//! ([`LeaseTerm::claimed_micros`]), read after the term has ended. Generators claim the
//! timestamps they use a millisecond ahead at a time, and check the term after claiming, so
//! once the term has ended no id under it is above the claimed mark. The next holder then
//! starts a millisecond or so after the last id rather than up to a lease duration ahead of
//! the clock. The release also clears the row's holder, so that a renewal of the same lease
//! still on its way through the network finds nothing to renew.
//!
//! So, for one value of one namespace: **every id made under a later lease has a later
//! timestamp than every id made under an earlier one**, whatever the holders' wall clocks say,
//! as long as each holder's generators read the clock its store was given. Only the holder
//! can write the row, and a takeover happens only once the row has expired by the database's
//! clock (or was released, after the term ended), so no earlier holder can change the mark
//! after the next one read it. A holder whose clock is behind the floor counts ahead from
//! it, as generators do within a burst (a TBSL generator, which does not count ahead, treats
//! it as a clock gone back). The deadline adds a second line: a holder stops before the
//! database lets anyone else in, unless the database's clock runs faster than the holder's
//! monotonic clock by more than the margin within one term.
//!
//! How far ahead of its clock the next holder starts: after a release, by the claim step
//! (1 ms) and whatever run-ahead the last holder's bursts had; after an expiry (the holder
//! died or lost the network), by at most a lease duration from the last renewal, which the
//! expiry has mostly used up by the time anyone can take the value. Either way within one
//! lease duration of the next holder's clock, when the holders' clocks agree.
//!
//! # Time limits
//!
//! | call | returns by | then |
//! |---|---|---|
//! | [`renew`](Leases::renew) | the term's deadline (a reply after it is of no use: the lease may have expired in the database) | [`ErrorKind::Timeout`](crate::ErrorKind::Timeout); the term has ended, and no later reply revives it |
//! | [`setup`](Leases::setup), [`acquire`](Leases::acquire), [`release`](Leases::release) | the store's timeout ([`Leases::with_timeout`], 10 s unless chosen) | [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) |
//! | `KeepAlive` (feature `tokio`) | stops renewing by the term's deadline | the term has ended; [`LeaseTerm::ended`] completes |
//! | `KeepAlive::release` | ends the term when called; returns within the store's timeout | the release's result |
//! | dropping a `KeepAlive` | ends the term at once, never waits | releases in the background, within the store's timeout |
//!
//! The limits are kept by a timer of this crate's (a parked thread per call in flight), so
//! they hold on any async runtime sqlx runs on, and whatever sqlx's pool is doing (a pool
//! whose connections all hang waits up to its own `acquire_timeout`, 30 s unless chosen: the
//! store's limits cut that short). A call cut short drops its sqlx future, which abandons the
//! statement in flight; if the statement still runs in the database later, it does no harm:
//! a late renewal only raises the mark, and only while the row is still this holder's.
//!
//! # Keeping a lease
//!
//! [`Leases::keep_alive`] (feature `tokio`) renews a third of the way into each term; each
//! attempt may take half the time left to the deadline, so that a connection that went
//! silent after a statement leaves time for another attempt on another connection; an
//! attempt that fails quickly is tried again after a tenth of a term. When the term runs
//! out or the lease is found taken over, the term ends and the generators bound to it refuse
//! ([`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired)). To stop serving what needs
//! ids, answer 503 while [`LeaseTerm::is_live`] is false, or wait on [`LeaseTerm::ended`]:
//!
//! ```no_run
//! # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
//! use idtypes::tid::TidGenerator;
//!
//! let kept = leases.keep_alive(leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?)?;
//! let term = kept.term();
//! tokio::spawn(async move {
//!     term.ended().await;
//!     // Fail the health check, drain, and acquire a new lease (or exit and be restarted).
//! });
//! # Ok(())
//! # }
//! ```
//!
//! # Latency
//!
//! A renewal costs one round trip to the database on a connection that has run the renewal
//! statement before, two on one that has not (sqlx prepares it first), and one more when
//! the pool pings each connection before use (`PoolOptions::test_before_acquire`, sqlx's
//! default). It must come back within its attempt's share, a third of the term
//! (`duration - margin`) for the first attempt. So a lease is kept while the round trip is
//! under a ninth of the term (with the ping) or a sixth (without), and a term never lasts
//! past its deadline whatever the latency. Measured through a proxy adding latency each way
//! (`tests/it/lease_faults.rs`, `measure_latency_a_kept_lease_tolerates`), leases of 2 s
//! with a 500 ms margin, on PostgreSQL and MariaDB alike:
//!
//! | round trip | without the ping | with the ping |
//! |---|---|---|
//! | 100 ms | kept | kept |
//! | 200 ms | kept | lost at the deadline (1.5 s) |
//! | 300 ms and more | lost at the deadline | lost at the deadline |
//!
//! | lease (duration, margin) | term | round trip tolerated, without / with the ping |
//! |---|---|---|
//! | 30 s, 5 s (the default) | 25 s | 4.1 s / 2.7 s |
//! | 10 s, 2 s | 8 s | 1.3 s / 0.9 s |
//! | 2 s, 0.5 s | 1.5 s | 250 ms / 160 ms |
//!
//! # Pool settings and server-side limits
//!
//! A small pool of its own suits the store (it makes one statement at a time per lease):
//! `max_connections` of 2 to 4, and `test_before_acquire(false)` to save the ping's round
//! trip (a connection broken since its last use, by a network blip, then fails the one call
//! that gets it: `KeepAlive` tries a renewal again on another; a release that fails leaves
//! the value held until its expiry). The store's limits return every call on time, but a statement stalled *in*
//! the database (on a lock a long transaction holds, say) goes on waiting there and keeps its
//! connection. Server-side limits on the store's connections cancel it and make the renewal
//! fail at once, early enough for another attempt; set them in `after_connect`, below a
//! third of the term:
//!
//! ```no_run
//! # #[cfg(feature = "sqlx-postgres")]
//! # async fn run(url: &str) -> Result<(), sqlx::Error> {
//! use sqlx::postgres::PgPoolOptions;
//! let pool = PgPoolOptions::new()
//!     .max_connections(4)
//!     .test_before_acquire(false)
//!     .after_connect(|conn, _| {
//!         Box::pin(async move {
//!             // MariaDB: "SET SESSION max_statement_time = 2, innodb_lock_wait_timeout = 1"
//!             // (seconds); MySQL: "SET SESSION innodb_lock_wait_timeout = 1" (its
//!             // `max_execution_time` limits only SELECTs). SQLite: `busy_timeout`.
//!             sqlx::raw_sql("SET statement_timeout = '2s'; SET lock_timeout = '1s'")
//!                 .execute(&mut *conn)
//!                 .await?;
//!             Ok(())
//!         })
//!     })
//!     .connect(url)
//!     .await?;
//! let leases = idtypes::lease::Leases::postgres(pool);
//! # Ok(())
//! # }
//! ```

#[cfg(feature = "tokio")]
mod keep_alive;
mod sql;

#[cfg(feature = "tokio")]
pub use keep_alive::KeepAlive;

use core::{fmt, future::Future, time::Duration};
use std::{sync::Arc, time::Instant};

use sql::{Dialect, Statements};

use crate::{
    Clock, Error, ErrorKind, LeaseTerm, SystemClock,
    error::{Bounds, Int, LeaseCall, LeaseOp, OutOfLine, Repr, Snippet, TimeLimit, reason_text},
    process::lease_term::monotonic_nanos,
    process::timer::{Elapsed, within},
};

/// The lease store: a connection pool and the lease table's statements.
///
/// # Examples
///
/// ```no_run
/// # async fn run() -> Result<(), idtypes::Error> {
/// use idtypes::lease::Leases;
///
/// let pool = sqlx::SqlitePool::connect("sqlite:leases.db?mode=rwc").await.unwrap();
/// let leases = Leases::sqlite(pool);
/// leases.setup().await?;
/// let lease = leases.acquire("posts-tid", idtypes::tid::TidGenerator::LEASE_VALUES).await?;
/// println!("this process's clock id: {}", lease.value());
/// leases.release(lease).await?;
/// # Ok(())
/// # }
/// ```
pub struct Leases<DB: sqlx::Database> {
    pool: sqlx::Pool<DB>,
    statements: Statements,
    dialect: &'static Dialect,
    duration: Duration,
    margin: Duration,
    timeout: Duration,
    clock: Arc<dyn Clock>,
}

/// Another handle on the same pool and table (cheap: the pool is shared).
impl<DB: sqlx::Database> Clone for Leases<DB> {
    fn clone(&self) -> Self {
        Leases {
            pool: self.pool.clone(),
            statements: self.statements.clone(),
            dialect: self.dialect,
            duration: self.duration,
            margin: self.margin,
            timeout: self.timeout,
            clock: Arc::clone(&self.clock),
        }
    }
}

impl<DB: sqlx::Database> fmt::Debug for Leases<DB> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Leases")
            .field("table", &self.statements.table)
            .field("duration", &self.duration)
            .field("margin", &self.margin)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

/// A held lease on one value of an id space, and its current [`LeaseTerm`], which the
/// generators bound to it check on every id.
///
/// Dropping a `Lease` does not release it (that takes a database round trip): the value stays
/// held until its expiry. Call [`Leases::release`], or hand it to `Leases::keep_alive`, whose
/// `KeepAlive` (feature `tokio`) releases it when dropped.
///
/// # Examples
///
/// ```no_run
/// # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
/// use idtypes::time_id::TimeIdGenerator;
///
/// let mut lease = leases.acquire("events-node", TimeIdGenerator::LEASE_VALUES).await?;
/// assert!(lease.value() < TimeIdGenerator::LEASE_VALUES);
/// assert!(lease.is_live());
/// leases.renew(&mut lease).await?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct Lease {
    namespace: String,
    holder: String,
    deadline: Instant,
    term: LeaseTerm,
}

impl Lease {
    /// The leased value, `0..size`.
    pub fn value(&self) -> u32 {
        self.term.value()
    }

    /// The namespace it was taken in.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The term, for generators: `with_lease_term(lease.term())` (see [`LeaseTerm`]).
    /// Renewals extend it and a loss or release ends it, in every clone.
    pub fn term(&self) -> LeaseTerm {
        self.term.clone()
    }

    /// When this process must stop using the value, by its own monotonic clock: the moment
    /// the request that won or last renewed the lease was sent, plus the lease's duration,
    /// minus the safety margin (see [`Leases::with_duration`]).
    pub fn deadline(&self) -> Instant {
        self.deadline
    }

    /// Whether the deadline is still ahead and the lease was not lost.
    pub fn is_live(&self) -> bool {
        self.term.is_live()
    }

    /// The last timestamp (µs since 1970) that earlier holders of this value may have made
    /// ids with, or 0 for a value never leased before: ids under this lease come after it.
    pub fn previous_high_water(&self) -> i64 {
        self.term.floor_micros()
    }

    /// The call `op` on this lease, for errors.
    fn call(&self, op: LeaseOp) -> Call<'_> {
        Call {
            op,
            subject: &self.namespace,
            value: Some(self.value()),
        }
    }

    /// The error of a call on this lease when the store says another process holds it
    /// (`ended` false), or when its term had ended before the call (`ended` true).
    fn lost(&self, ended: bool) -> Error {
        Error::new(
            "lease",
            Repr::LeaseLost {
                namespace: Snippet::new(&self.namespace),
                value: self.value(),
                ended,
            },
        )
    }
}

/// A lease store call, for its errors: cheap to make on every call, turned into the
/// error's [`LeaseCall`] (which owns its text) only when one fails.
#[derive(Debug, Clone, Copy)]
struct Call<'a> {
    op: LeaseOp,
    subject: &'a str,
    value: Option<u32>,
}

impl Call<'_> {
    fn owned(self) -> LeaseCall {
        LeaseCall {
            op: self.op,
            subject: self.subject.into(),
            value: self.value,
        }
    }

    /// The database's (or the runtime's) refusal `err` of this call.
    fn failed(self, err: impl fmt::Display) -> Error {
        Error::new(
            "lease",
            Repr::from(OutOfLine::Database {
                call: self.owned(),
                reason: reason_text(&err),
            }),
        )
    }

    /// This call ran into `limit`, of the kind `of`.
    fn timed_out(self, limit: Duration, of: TimeLimit) -> Error {
        Error::new(
            "lease",
            Repr::from(OutOfLine::Timeout {
                call: self.owned(),
                limit,
                of,
            }),
        )
    }
}

/// Up to how many values a space may have (the largest id space of a format is 1,024).
const MAX_SIZE: u32 = 1 << 20;

/// The longest lease duration and timeout: a day, in µs.
const DAY_MICROS: i128 = 86_400_000_000;

impl<DB: sqlx::Database> Leases<DB> {
    fn with_dialect(pool: sqlx::Pool<DB>, dialect: &'static Dialect) -> Self {
        Leases {
            pool,
            statements: Statements::new(dialect, DEFAULT_TABLE),
            dialect,
            duration: Duration::from_secs(30),
            margin: Duration::from_secs(5),
            timeout: Duration::from_secs(10),
            clock: Arc::new(SystemClock),
        }
    }

    /// The connection pool the store uses.
    pub fn pool(&self) -> &sqlx::Pool<DB> {
        &self.pool
    }

    /// The same store, with `clock` for the timestamps it records (the ceiling of each term,
    /// see [`LeaseTerm`]): the clock of the generators bound to its leases. The system clock
    /// unless chosen.
    pub fn with_clock(mut self, clock: impl Clock + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// The same store on another table: a plain identifier (ASCII letters, digits and `_`,
    /// not starting with a digit, at most 63 characters).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another name.
    pub fn with_table(mut self, table: &str) -> Result<Self, Error> {
        let plain = !table.is_empty()
            && table.len() <= 63
            && !table.as_bytes()[0].is_ascii_digit()
            && table
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !plain {
            return Err(Error::new(
                "lease table name",
                Repr::Syntax {
                    position: None,
                    rule: "expected ASCII letters, digits and `_`, not starting with a digit, 1 to 63 characters",
                },
            ));
        }
        self.statements = Statements::new(self.dialect, table);
        Ok(self)
    }

    /// The same store with leases of `duration`, of which this process stops using a value
    /// `margin` before the end: 30 s and 5 s unless chosen. The margin covers the database's
    /// clock running faster than this process's during one lease, the coarse clock the
    /// generators check (a few milliseconds behind), and the time a generator takes between
    /// its check and the id it makes; it must be at least 20 ms.
    ///
    /// A renewal must come back within the term's length (`duration - margin`, counted from
    /// when its request was sent); [`KeepAlive`](crate::lease#keeping-a-lease) starts one a
    /// third of the way in and gives each attempt half the time left, so a lease is kept while
    /// a renewal's round trips take less than a third of the term's length (see [the
    /// latencies a lease tolerates](crate::lease#latency)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when the margin is not shorter
    /// than the duration, or the duration is over a day.
    pub fn with_duration(mut self, duration: Duration, margin: Duration) -> Result<Self, Error> {
        if margin >= duration
            || margin < Duration::from_millis(20)
            || duration.as_micros() as i128 > DAY_MICROS
        {
            return Err(Error::new(
                "lease",
                Repr::from(OutOfLine::OutOfRange {
                    bounds: Bounds {
                        part: "duration (µs)",
                        min: margin.as_micros() as i128 + 1,
                        max: DAY_MICROS,
                    },
                    found: Int::new(duration.as_micros() as i128),
                }),
            ));
        }
        self.duration = duration;
        self.margin = margin;
        Ok(self)
    }

    /// The same store with `timeout` as the time limit of each [`setup`](Leases::setup),
    /// `acquire` and `release` (and of the release a dropped `KeepAlive` makes in the
    /// background): 10 s unless chosen, from 1 ms to a day. The call then fails with
    /// [`ErrorKind::Timeout`](crate::ErrorKind::Timeout), whatever the database or the
    /// network does (a server that accepts connections and never answers, a pool whose
    /// connections all hang). A renewal's limit is its term's deadline instead.
    ///
    /// An acquire that times out after the database took the value for it leaves that value
    /// held until the lease's expiry (nobody holds its token); a release that times out
    /// leaves it held the same way. Neither ever lets two processes hold one value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a timeout under 1 ms or
    /// over a day.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(pool: sqlx::SqlitePool) -> Result<(), idtypes::Error> {
    /// use std::time::Duration;
    /// use idtypes::lease::Leases;
    ///
    /// let leases = Leases::sqlite(pool).with_timeout(Duration::from_secs(3))?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn with_timeout(mut self, timeout: Duration) -> Result<Self, Error> {
        let micros = timeout.as_micros() as i128;
        if !(1000..=DAY_MICROS).contains(&micros) {
            return Err(Error::new(
                "lease",
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "timeout (µs)",
                        min: 1000,
                        max: DAY_MICROS,
                    },
                    found: Int::new(micros),
                },
            ));
        }
        self.timeout = timeout;
        Ok(self)
    }

    /// The deadline of a term whose request was sent at `sent` (monotonic nanoseconds).
    fn deadline_after(&self, sent: u64) -> u64 {
        sent.saturating_add((self.duration - self.margin).as_nanos() as u64)
    }

    /// The ceiling of a lease's first term, above `floor`: the clock, or the floor when the
    /// clock is behind it, plus the lease's duration. (Above the floor by a whole duration,
    /// so that a holder whose clock is behind the floor still has a term's worth of ids.)
    fn first_ceiling(&self, floor: i64) -> i64 {
        self.clock
            .now_micros()
            .max(floor)
            .saturating_add(self.duration.as_micros() as i64)
    }

    /// The ceiling of a term renewed now, whose ceiling was `ceiling`: the clock plus the
    /// lease's duration, or the old ceiling when that is later (a ceiling never goes down).
    /// Never the old ceiling plus a duration: renewals would then push the mark ahead of the
    /// clock by a duration each, whether or not any id used it.
    fn renewed_ceiling(&self, ceiling: i64) -> i64 {
        self.clock
            .now_micros()
            .saturating_add(self.duration.as_micros() as i64)
            .max(ceiling)
    }
}

/// The table's name unless chosen.
const DEFAULT_TABLE: &str = "idtypes_leases";

/// Checks a namespace and a space size.
fn check_space(namespace: &str, size: u32) -> Result<(), Error> {
    if namespace.is_empty()
        || namespace.len() > 255
        || !namespace.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(Error::new(
            "lease namespace",
            Repr::Syntax {
                position: None,
                rule: "expected 1 to 255 printable ASCII characters without spaces",
            },
        ));
    }
    if size == 0 || size > MAX_SIZE {
        return Err(Error::new(
            "lease",
            Repr::OutOfRange {
                bounds: &Bounds {
                    part: "space size",
                    min: 1,
                    max: MAX_SIZE as i128,
                },
                found: Int::new(size as i128),
            },
        ));
    }
    Ok(())
}

/// A new holder token: 128 random bits from the operating system, as 32 hex digits.
fn new_holder() -> String {
    let (a, b) = (
        crate::process::random::os_u64(),
        crate::process::random::os_u64(),
    );
    format!("{a:016x}{b:016x}")
}

/// A statement for sqlx. Safe: the only text put into them is the table name, checked to be
/// a plain identifier by [`Leases::with_table`]; values are bound.
fn sql(statement: &Arc<str>) -> sqlx::AssertSqlSafe<Arc<str>> {
    sqlx::AssertSqlSafe(Arc::clone(statement))
}

/// The store's `call`, `future`, within the store's `timeout` from now.
async fn within_timeout<T>(
    call: Call<'_>,
    timeout: Duration,
    future: impl Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    match within(Instant::now() + timeout, future).await {
        Ok(result) => result,
        Err(Elapsed) => Err(call.timed_out(timeout, TimeLimit::Store)),
    }
}

/// What a renewal limited to `limit` (at most the term's deadline) reports when its reply
/// has not come by then: the term's end (a timeout by the deadline, after which the term is
/// over), or one attempt's timeout (see `Leases::keep_alive`), after which another may
/// follow.
fn renewal_timed_out(lease: &Lease, call: Call<'_>, sent: Instant, limit: Instant) -> Error {
    let allowed = limit.saturating_duration_since(sent);
    if limit >= lease.deadline || !lease.term.is_live() {
        lease.term.end();
        call.timed_out(allowed, TimeLimit::Deadline)
    } else {
        call.timed_out(allowed, TimeLimit::Attempt)
    }
}

/// Implements the store's operations for one database (the same algorithm, typed for it).
macro_rules! store_for {
    ($feature:literal, $db:ty, $dialect:expr, $constructor:ident, $name:literal) => {
        #[cfg(feature = $feature)]
        impl Leases<$db> {
            #[doc = concat!("A lease store on ", $name, ", in the table `idtypes_leases`, with leases of 30 s used until 5 s before their end, and calls limited to 10 s.")]
            pub fn $constructor(pool: sqlx::Pool<$db>) -> Self {
                Leases::with_dialect(pool, &$dialect)
            }

            /// Creates the lease table if it does not exist (see [the statements](crate::lease)).
            ///
            /// # Errors
            ///
            /// [`ErrorKind::Database`](crate::ErrorKind::Database);
            /// [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout.
            pub async fn setup(&self) -> Result<(), Error> {
                let call = Call {
                    op: LeaseOp::Setup,
                    subject: &self.statements.table,
                    value: None,
                };
                within_timeout(call, self.timeout, async {
                    sqlx::query(sql(&self.statements.create))
                        .execute(&self.pool)
                        .await
                        .map_err(|err| call.failed(err))?;
                    Ok(())
                })
                .await
            }

            /// Takes a value of `0..size` in `namespace` that no live lease holds, within the
            /// store's timeout (see [`with_timeout`](Leases::with_timeout)). Each generator
            /// names the size of its namespace ([the spaces](crate::lease#the-spaces)):
            /// `leases.acquire("posts-tid", TidGenerator::LEASE_VALUES)`.
            ///
            /// # Errors
            ///
            /// - [`ErrorKind::LeasesExhausted`](crate::ErrorKind::LeasesExhausted) when every
            ///   value is held;
            /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) or
            ///   [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a namespace that
            ///   is not 1 to 255 printable ASCII characters, or a size outside 1..=2^20;
            /// - [`ErrorKind::Database`](crate::ErrorKind::Database);
            /// - [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout.
            pub async fn acquire(&self, namespace: &str, size: u32) -> Result<Lease, Error> {
                check_space(namespace, size)?;
                let call = Call {
                    op: LeaseOp::Acquire,
                    subject: namespace,
                    value: None,
                };
                within_timeout(call, self.timeout, self.take(namespace, size, call)).await
            }

            /// [`acquire`](Leases::acquire) without its time limit.
            async fn take(&self, namespace: &str, size: u32, call: Call<'_>) -> Result<Lease, Error> {
                let holder = new_holder();
                let duration = self.duration.as_micros() as i64;
                // Each round reads which values are held and tries free ones; a value lost to
                // another contender is held by then, so rounds end with a lease or with every
                // value held. The bound only guards against values churning forever.
                for _ in 0..(4 * size as usize + 16) {
                    let held: Vec<i64> = sqlx::query_scalar(sql(&self.statements.held))
                        .bind(namespace)
                        .fetch_all(&self.pool)
                        .await
                        .map_err(|err| call.failed(err))?;
                    let mut taken = vec![false; size as usize];
                    for value in held {
                        if let Ok(value) = usize::try_from(value) {
                            if let Some(slot) = taken.get_mut(value) {
                                *slot = true;
                            }
                        }
                    }
                    let free: Vec<u32> = (0..size).filter(|&v| !taken[v as usize]).collect();
                    if free.is_empty() {
                        return Err(Error::new(
                            "lease",
                            Repr::LeasesExhausted { namespace: Snippet::new(namespace), size },
                        ));
                    }
                    // From a random free value on, so that contenders spread out.
                    let start = (crate::process::random::os_u64() % free.len() as u64) as usize;
                    for &value in free[start..].iter().chain(&free[..start]).take(8) {
                        let call = Call { value: Some(value), ..call };
                        let sent = (Instant::now(), monotonic_nanos());
                        let inserted = sqlx::query(sql(&self.statements.insert))
                            .bind(namespace)
                            .bind(value as i64)
                            .bind(&holder)
                            .bind(duration)
                            .execute(&self.pool)
                            .await
                            .map_err(|err| call.failed(err))?
                            .rows_affected()
                            == 1;
                        let won = inserted
                            || sqlx::query(sql(&self.statements.take_over))
                                .bind(&holder)
                                .bind(duration)
                                .bind(namespace)
                                .bind(value as i64)
                                .execute(&self.pool)
                                .await
                                .map_err(|err| call.failed(err))?
                                .rows_affected()
                                == 1;
                        if !won {
                            continue;
                        }
                        // The first term must be recorded before its deadline, like a renewal.
                        let deadline = sent.0 + (self.duration - self.margin);
                        let started = within(
                            deadline,
                            self.start_term(namespace, value, holder.clone(), sent, call),
                        )
                        .await;
                        match started {
                            Ok(Ok(lease)) if lease.is_live() => return Ok(lease),
                            // Taken over between the win and the first term, or the first
                            // term recorded only after its deadline (this process or the
                            // database stalled for the lease's whole length): the value is
                            // not usable, so look on, as for a value lost to a contender. The
                            // store's timeout bounds the search.
                            Ok(Ok(_)) | Err(Elapsed) => {}
                            Ok(Err(err)) if err.kind() == ErrorKind::LeaseLost => {}
                            Ok(Err(err)) => return Err(err),
                        }
                    }
                }
                Err(Error::new(
                    "lease",
                    Repr::LeasesExhausted { namespace: Snippet::new(namespace), size },
                ))
            }

            /// Renews `lease` in the background on the current tokio runtime (see
            /// [`KeepAlive`]): a third of the way into each term; a renewal that fails is
            /// tried again while the term lasts, each attempt limited to half the time left.
            ///
            /// # Errors
            ///
            /// [`ErrorKind::Database`](crate::ErrorKind::Database) when called outside a tokio
            /// runtime.
            #[cfg(feature = "tokio")]
            pub fn keep_alive(&self, lease: Lease) -> Result<KeepAlive, Error> {
                let runtime = tokio::runtime::Handle::try_current()
                    .map_err(|err| lease.call(LeaseOp::KeepAlive).failed(err))?;
                Ok(KeepAlive::start(&runtime, self.clone(), lease))
            }

            /// Starts the first term of a lease just won with the request sent at `sent`:
            /// reads the value's high-water mark (the new term's floor) and records the new
            /// term's ceiling above it before any id may use it.
            async fn start_term(
                &self,
                namespace: &str,
                value: u32,
                holder: String,
                sent: (Instant, u64),
                call: Call<'_>,
            ) -> Result<Lease, Error> {
                let floor: i64 = sqlx::query_scalar(sql(&self.statements.high_water))
                    .bind(namespace)
                    .bind(value as i64)
                    .fetch_one(&self.pool)
                    .await
                    .map_err(|err| call.failed(err))?;
                let ceiling = self.first_ceiling(floor);
                let written = self.write_term(namespace, value, &holder, ceiling).await;
                if !written.map_err(|err| call.failed(err))? {
                    return Err(Error::new(
                        "lease",
                        Repr::LeaseLost {
                            namespace: Snippet::new(namespace),
                            value,
                            ended: false,
                        },
                    ));
                }
                Ok(Lease {
                    namespace: namespace.to_owned(),
                    holder,
                    deadline: sent.0 + (self.duration - self.margin),
                    term: LeaseTerm::until(value, self.deadline_after(sent.1), floor, ceiling),
                })
            }

            /// Extends the lease `holder` holds on `value` by the store's duration from now
            /// and raises its high-water mark to `ceiling`; `false` when `holder` no longer
            /// holds it.
            async fn write_term(
                &self,
                namespace: &str,
                value: u32,
                holder: &str,
                ceiling: i64,
            ) -> Result<bool, sqlx::Error> {
                Ok(sqlx::query(sql(&self.statements.renew))
                    .bind(self.duration.as_micros() as i64)
                    .bind(ceiling)
                    .bind(namespace)
                    .bind(value as i64)
                    .bind(holder)
                    .execute(&self.pool)
                    .await?
                    .rows_affected()
                    == 1)
            }

            /// Extends `lease` by the store's duration from now, if this process still holds
            /// it, and raises its ceiling (see [`LeaseTerm`]) to the clock plus the duration
            /// (the ceiling never goes down). Returns by the term's deadline at the latest: a
            /// reply after it would be of no use, since the lease may have expired in the
            /// database by then.
            ///
            /// # Errors
            ///
            /// - [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when the lease expired
            ///   and another process took the value (or it was released), or when its term had
            ///   already ended; the term ends, so its generators refuse from then on;
            /// - [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) when no reply came by the
            ///   term's deadline: the term has ended, and a renewal never revives it;
            /// - [`ErrorKind::Database`](crate::ErrorKind::Database); the term keeps its old
            ///   deadline.
            pub async fn renew(&self, lease: &mut Lease) -> Result<(), Error> {
                let deadline = lease.deadline;
                self.renew_by(lease, deadline).await
            }

            /// [`renew`](Leases::renew), limited to `limit` (capped at the term's deadline).
            async fn renew_by(&self, lease: &mut Lease, limit: Instant) -> Result<(), Error> {
                let call = lease.call(LeaseOp::Renew);
                if !lease.term.is_live() {
                    lease.term.end();
                    return Err(lease.lost(true));
                }
                let sent = (Instant::now(), monotonic_nanos());
                let limit = limit.min(lease.deadline);
                let ceiling = self.renewed_ceiling(lease.term.ceiling_micros());
                let written = within(
                    limit,
                    self.write_term(&lease.namespace, lease.value(), &lease.holder, ceiling),
                )
                .await;
                match written {
                    Ok(Ok(true)) => {
                        if lease.term.extend_until(self.deadline_after(sent.1), ceiling) {
                            lease.deadline = sent.0 + (self.duration - self.margin);
                            Ok(())
                        } else if Instant::now() >= lease.deadline {
                            // The reply came, but after the deadline: too late.
                            Err(renewal_timed_out(lease, call, sent.0, lease.deadline))
                        } else {
                            // Ended meanwhile (released through a clone of its term).
                            Err(lease.lost(true))
                        }
                    }
                    Ok(Ok(false)) => {
                        lease.term.end();
                        Err(lease.lost(false))
                    }
                    Ok(Err(err)) => {
                        if !lease.term.is_live() {
                            lease.term.end();
                        }
                        Err(call.failed(err))
                    }
                    Err(Elapsed) => Err(renewal_timed_out(lease, call, sent.0, limit)),
                }
            }

            /// Ends `lease` now: first its term (its generators refuse from their next id
            /// on), then the lease itself, within the store's timeout, so that its value is
            /// free for the next acquirer, who starts after the last timestamp the term's
            /// generators claimed (see [`LeaseTerm::claimed_micros`]): near the clock, not a
            /// lease duration ahead of it.
            ///
            /// # Errors
            ///
            /// - [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when this process no
            ///   longer held it;
            /// - [`ErrorKind::Database`](crate::ErrorKind::Database), or
            ///   [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout;
            ///   the lease then runs out at its expiry (and its next holder starts after its
            ///   ceiling).
            pub async fn release(&self, lease: Lease) -> Result<(), Error> {
                // Ended first: from here on no generator makes an id under the term, so the
                // claimed mark read next covers all of them (see `LeaseTerm::check`).
                lease.term.end();
                let mark = lease.term.claimed_micros();
                let call = lease.call(LeaseOp::Release);
                let released = within_timeout(call, self.timeout, async {
                    sqlx::query(sql(&self.statements.release))
                        .bind(mark)
                        .bind(lease.namespace.as_str())
                        .bind(lease.value() as i64)
                        .bind(lease.holder.as_str())
                        .execute(&self.pool)
                        .await
                        .map_err(|err| call.failed(err))
                })
                .await?
                .rows_affected()
                    == 1;
                if released {
                    Ok(())
                } else {
                    Err(lease.lost(false))
                }
            }
        }

        #[cfg(all(feature = $feature, feature = "tokio"))]
        impl keep_alive::Renewer for Leases<$db> {
            fn renew_by<'a>(
                &'a self,
                lease: &'a mut Lease,
                limit: Instant,
            ) -> core::pin::Pin<Box<dyn Future<Output = Result<(), Error>> + Send + 'a>> {
                Box::pin(Leases::<$db>::renew_by(self, lease, limit))
            }

            fn release(
                &self,
                lease: Lease,
            ) -> core::pin::Pin<Box<dyn Future<Output = Result<(), Error>> + Send + '_>> {
                Box::pin(Leases::<$db>::release(self, lease))
            }

            fn length(&self) -> Duration {
                self.duration - self.margin
            }
        }
    };
}

store_for!(
    "sqlx-postgres",
    sqlx::Postgres,
    sql::POSTGRES,
    postgres,
    "PostgreSQL"
);
store_for!(
    "sqlx-mysql",
    sqlx::MySql,
    sql::MYSQL,
    mysql,
    "MySQL or MariaDB"
);
store_for!("sqlx-sqlite", sqlx::Sqlite, sql::SQLITE, sqlite, "SQLite");
