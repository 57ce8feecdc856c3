//! [`Leases`]: the lease store on an SQL database through sqlx (PostgreSQL, MySQL/MariaDB,
//! SQLite), one table for every namespace.

use core::{fmt, time::Duration};
use std::{sync::Arc, time::Instant};

use super::{
    Call, Lease, Wanted, check_space, events, new_holder,
    sql::{self, Dialect, Statements},
    timing::Timing,
    within_timeout,
};
#[cfg(feature = "tokio")]
use super::{KeepAlive, LeasedGenerator, keep_alive};
use crate::{
    Clock, Error, LeaseTerm,
    error::{LeaseOp, Repr, Snippet},
    process::lease_term::monotonic_nanos,
    process::timer::within,
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
    timing: Timing,
}

/// Another handle on the same pool and table (cheap: the pool is shared).
impl<DB: sqlx::Database> Clone for Leases<DB> {
    fn clone(&self) -> Self {
        Leases {
            pool: self.pool.clone(),
            statements: self.statements.clone(),
            dialect: self.dialect,
            timing: self.timing.clone(),
        }
    }
}

impl<DB: sqlx::Database> fmt::Debug for Leases<DB> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Leases")
            .field("table", &self.statements.table)
            .field("duration", &self.timing.duration)
            .field("margin", &self.timing.margin)
            .field("timeout", &self.timing.timeout)
            .finish_non_exhaustive()
    }
}

impl<DB: sqlx::Database> Leases<DB> {
    fn with_dialect(pool: sqlx::Pool<DB>, dialect: &'static Dialect) -> Self {
        Leases {
            pool,
            statements: Statements::new(dialect, DEFAULT_TABLE),
            dialect,
            timing: Timing::new(),
        }
    }

    /// The connection pool the store uses.
    pub fn pool(&self) -> &sqlx::Pool<DB> {
        &self.pool
    }

    /// The database's name in events: `postgres`, `mysql` or `sqlite`.
    fn store_name(&self) -> &'static str {
        self.dialect.name
    }

    /// The same store, with `clock` for the timestamps it records (the ceiling of each term,
    /// see [`LeaseTerm`]): the clock of the generators bound to its leases. The system clock
    /// unless chosen.
    pub fn with_clock(mut self, clock: impl Clock + 'static) -> Self {
        self.timing.clock = Arc::new(clock);
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
        self.timing.set_duration(duration, margin)?;
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
        self.timing.set_timeout(timeout)?;
        Ok(self)
    }
}

/// The table's name unless chosen.
const DEFAULT_TABLE: &str = "idtypes_leases";

/// A statement for sqlx. Safe: the only text put into them is the table name, checked to be
/// a plain identifier by [`Leases::with_table`]; values are bound.
fn sql(statement: &Arc<str>) -> sqlx::AssertSqlSafe<Arc<str>> {
    sqlx::AssertSqlSafe(Arc::clone(statement))
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
                within_timeout(call, self.timing.timeout, async {
                    let create = || sqlx::query(sql(&self.statements.create)).execute(&self.pool);
                    match create().await {
                        Ok(_) => Ok(()),
                        // PostgreSQL's `CREATE TABLE IF NOT EXISTS` is not safe against
                        // itself: of processes setting up together, all but one may find the
                        // table or its type made under them (23505, 42P07, 42710). It exists then.
                        Err(sqlx::Error::Database(err))
                            if matches!(err.code().as_deref(), Some("23505" | "42P07" | "42710")) =>
                        {
                            create().await.map_err(|err| call.failed(err))?;
                            Ok(())
                        }
                        Err(err) => Err(call.failed(err)),
                    }
                })
                .await
            }

            /// Takes a value of `0..size` in `namespace` that no live lease holds, within the
            /// store's timeout (see [`with_timeout`](Leases::with_timeout)). Each generator
            /// names the size of its namespace ([the spaces](crate::lease#the-spaces)):
            /// `leases.acquire("posts-tid", TidGenerator::LEASE_VALUES)`.
            ///
            /// A take the database refuses only because other connections hold a lock at that
            /// moment (SQLite's `database is locked` once its `busy_timeout` has passed, a
            /// serialization failure or a deadlock) is tried again after a pause of a few
            /// milliseconds, until the store's timeout: a busy database makes an acquire
            /// slower, not fail.
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
                let start = Instant::now();
                let lease =
                    within_timeout(call, self.timing.timeout, self.take(namespace, size, Wanted::default()))
                        .await?;
                events::acquired(
                    lease.subject(self.store_name()),
                    start.elapsed(),
                    lease.tries,
                    lease.previous_high_water(),
                );
                Ok(lease)
            }

            /// A new lease after `old`'s term ended (see `LeasedGenerator`): the same value
            /// while its row is still this holder's, else a free one (see
            /// [`lease_again`](super::lease_again)).
            #[cfg(feature = "tokio")]
            async fn lease_again(&self, old: &Lease, size: u32) -> Result<Lease, Error> {
                super::lease_again(
                    old,
                    &self.timing,
                    |ceiling| self.write_term(&old.namespace, old.value(), &old.holder, ceiling),
                    |wanted| self.take(&old.namespace, size, wanted),
                )
                .await
            }

            /// [`acquire`](Leases::acquire) without its time limit, for what `wanted` says.
            ///
            /// One claim takes the first free row of the namespace, passing over the rows
            /// other contenders have locked, so contenders never try the same value; the
            /// namespace's rows are seeded (every value of `0..size` as a free row) the first
            /// time a claim finds none free while values remain.
            async fn take(
                &self,
                namespace: &str,
                size: u32,
                wanted: Wanted,
            ) -> Result<Lease, Error> {
                let call = Call {
                    op: LeaseOp::Acquire,
                    subject: namespace,
                    value: None,
                };
                let holder = new_holder();
                let mut seeded = false;
                let mut tries = 0;
                // A claimed value whose first term came too late (this process or the
                // database stalled for the term's whole length) is left to expire and
                // another taken; the store's timeout bounds the search.
                loop {
                    tries += 1;
                    let sent = (Instant::now(), monotonic_nanos());
                    // The clock once: the ceiling written and the one the term keeps agree.
                    let clock = self.timing.clock.now_micros().max(wanted.after);
                    let claimed = match self.claim(namespace, size, wanted.prefer, &holder, clock).await {
                        Ok(claimed) => claimed,
                        Err(err) if self.contended(&err) => {
                            self.pause().await;
                            continue;
                        }
                        Err(err) => return Err(call.failed(err)),
                    };
                    let Some((value, mark)) = claimed else {
                        // No free row: the namespace's rows may not all exist yet (seeded
                        // now, or by another process meanwhile); one more claim after.
                        if !seeded {
                            match self.seed(namespace, size).await {
                                Ok(_) => seeded = true,
                                Err(err) if self.contended(&err) => self.pause().await,
                                Err(err) => return Err(call.failed(err)),
                            }
                            continue;
                        }
                        return Err(Error::new(
                            "lease",
                            Repr::LeasesExhausted { namespace: Snippet::new(namespace), size },
                        ));
                    };
                    let value = u32::try_from(value).unwrap_or(u32::MAX);
                    let floor = mark.max(wanted.after);
                    let ceiling = self.timing.ceiling_at(clock, mark);
                    let lease = Lease {
                        namespace: namespace.to_owned(),
                        holder: holder.clone(),
                        deadline: sent.0 + self.timing.length(),
                        term: LeaseTerm::until(value, self.timing.deadline_after(sent.1), floor, ceiling),
                        tries,
                        #[cfg(feature = "etcd")]
                        etcd_lease: 0,
                    };
                    if lease.is_live() {
                        return Ok(lease);
                    }
                }
            }

            /// Whether `err` refused a statement only because another connection held a
            /// lock then (see `Dialect::contended`): a take tries again, as a busy
            /// database is no reason to fail a call whose time limit has not passed.
            fn contended(&self, err: &sqlx::Error) -> bool {
                let sqlx::Error::Database(err) = err else {
                    return false;
                };
                err.code().is_some_and(|code| self.dialect.contended.contains(&&*code))
            }

            /// A pause of 1 to 16 ms before a contended take tries again, random so that
            /// the contenders do not come back together.
            async fn pause(&self) {
                let pause = Duration::from_micros(1_000 + crate::process::random::os_u64() % 15_000);
                crate::process::timer::Sleep::until(Instant::now() + pause).await;
            }

            /// Takes a free row of `0..size` in `namespace` for `holder`, with its first
            /// term's ceiling above `clock` (µs since 1970): the first free one from `prefer`
            /// on, or from a random value on, so that contenders' reads pass over few held
            /// rows (wrapping around to 0); the value and its high-water mark before, or
            /// `None` when no row is free.
            async fn claim(
                &self,
                namespace: &str,
                size: u32,
                prefer: Option<u32>,
                holder: &str,
                clock: i64,
            ) -> Result<Option<(i64, i64)>, sqlx::Error> {
                let duration = self.timing.duration_micros();
                let start = i64::from(prefer.filter(|&value| value < size).unwrap_or_else(|| {
                    (crate::process::random::os_u64() % u64::from(size)) as u32
                }));
                let Some(begin) = self.dialect.claim_in else {
                    return sqlx::query_as(sql(&self.statements.claim))
                        .bind(namespace)
                        .bind(start)
                        .bind(i64::from(size))
                        .bind(holder)
                        .bind(duration)
                        .bind(clock)
                        .fetch_optional(&self.pool)
                        .await;
                };
                let mut tx = self.pool.begin_with(sqlx::AssertSqlSafe(begin)).await?;
                let mut free = None;
                for (from, to) in [(start, i64::from(size)), (0, start)] {
                    free = sqlx::query_as(sql(&self.statements.free_row))
                        .bind(namespace)
                        .bind(from)
                        .bind(to)
                        .fetch_optional(&mut *tx)
                        .await?;
                    if free.is_some() {
                        break;
                    }
                }
                let Some((value, mark)): Option<(i64, i64)> = free else {
                    tx.rollback().await?;
                    return Ok(None);
                };
                sqlx::query(sql(&self.statements.take_row))
                    .bind(holder)
                    .bind(duration)
                    .bind(self.timing.ceiling_at(clock, mark))
                    .bind(namespace)
                    .bind(value)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(Some((value, mark)))
            }

            /// Gives `namespace` a free row for every value of `0..size` it has none for, in
            /// statements of up to 1,024 rows, one process at a time (the dialect's seeding
            /// lock, under which the rows are counted again: a fleet starting at once waits
            /// for the first seeding and then finds nothing to do); whether any was missing.
            async fn seed(&self, namespace: &str, size: u32) -> Result<bool, sqlx::Error> {
                let lock_name = format!("{}/{namespace}", self.statements.table);
                let mut conn = self.pool.acquire().await?;
                if self.seeded(&mut conn, namespace, size).await? {
                    return Ok(false);
                }
                let Some((lock, unlock)) = &self.statements.seed_lock else {
                    return self.seed_locked(&mut conn, namespace, size, &lock_name).await;
                };
                sqlx::query(sql(lock)).bind(&lock_name).execute(&mut *conn).await?;
                let seeded = match self.seeded(&mut conn, namespace, size).await {
                    Ok(true) => Ok(false),
                    Ok(false) => self.seed_locked(&mut conn, namespace, size, &lock_name).await,
                    Err(err) => Err(err),
                };
                sqlx::query(sql(unlock)).bind(&lock_name).execute(&mut *conn).await?;
                seeded
            }

            /// Whether `namespace` has a row for every value of `0..size`.
            async fn seeded(
                &self,
                conn: &mut sqlx::pool::PoolConnection<$db>,
                namespace: &str,
                size: u32,
            ) -> Result<bool, sqlx::Error> {
                let rows: i64 = sqlx::query_scalar(sql(&self.statements.rows))
                    .bind(namespace)
                    .bind(i64::from(size))
                    .fetch_one(&mut **conn)
                    .await?;
                Ok(rows >= i64::from(size))
            }

            /// [`seed`](Leases::seed) in a transaction on `conn` (with its lock on
            /// `lock_name`, where the dialect has one).
            async fn seed_locked(
                &self,
                conn: &mut sqlx::pool::PoolConnection<$db>,
                namespace: &str,
                size: u32,
                lock_name: &str,
            ) -> Result<bool, sqlx::Error> {
                let mut tx = sqlx::Connection::begin_with(
                    &mut **conn,
                    sqlx::AssertSqlSafe(self.dialect.begin_write),
                )
                .await?;
                if let Some(lock) = &self.statements.seed_xact_lock {
                    sqlx::query(sql(lock)).bind(lock_name).execute(&mut *tx).await?;
                }
                let existing: Vec<i64> = sqlx::query_scalar(sql(&self.statements.values))
                    .bind(namespace)
                    .bind(i64::from(size))
                    .fetch_all(&mut *tx)
                    .await?;
                let mut present = vec![false; size as usize];
                for value in existing {
                    if let Some(slot) = usize::try_from(value).ok().and_then(|v| present.get_mut(v)) {
                        *slot = true;
                    }
                }
                let missing: Vec<u32> = (0..size).filter(|&v| !present[v as usize]).collect();
                for chunk in missing.chunks(1024) {
                    let (statement, binds) = self.statements.seed(chunk);
                    let mut seed = sqlx::query(sqlx::AssertSqlSafe(statement));
                    for _ in 0..binds {
                        seed = seed.bind(namespace);
                    }
                    seed.execute(&mut *tx).await?;
                }
                tx.commit().await?;
                Ok(!missing.is_empty())
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

            /// A generator that stays leased: a lease of `template.lease_values()` values
            /// in `namespace`, taken now (within the store's timeout), renewed in the
            /// background on the current tokio runtime, and taken again by itself whenever
            /// its term ends; its generators have `template`'s settings (see
            /// [`LeasedGenerator`]).
            ///
            /// # Errors
            ///
            /// The first lease's: [`ErrorKind::LeasesExhausted`](crate::ErrorKind::LeasesExhausted),
            /// [`ErrorKind::Database`](crate::ErrorKind::Database),
            /// [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) (see [`acquire`](Leases::acquire));
            /// [`ErrorKind::Database`](crate::ErrorKind::Database) outside a tokio runtime.
            ///
            /// # Examples
            ///
            /// ```no_run
            /// # async fn run(pool: sqlx::SqlitePool) -> Result<(), idtypes::Error> {
            /// use idtypes::{lease::Leases, tid::TidGenerator};
            ///
            /// let leases = Leases::sqlite(pool);
            /// leases.setup().await?;
            /// let posts = leases.generator("posts-tid", TidGenerator::new()).await?;
            /// println!("{}", posts.try_next()?);
            /// # Ok(())
            /// # }
            /// ```
            #[cfg(feature = "tokio")]
            pub async fn generator<G: crate::Leasable>(
                &self,
                namespace: &str,
                template: G,
            ) -> Result<LeasedGenerator<G>, Error> {
                let runtime = tokio::runtime::Handle::try_current().map_err(|err| {
                    Call { op: LeaseOp::KeepAlive, subject: namespace, value: None }.failed(err)
                })?;
                let lease = self.acquire(namespace, template.lease_values()).await?;
                LeasedGenerator::start(&runtime, self.clone(), lease, template)
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
                    .bind(self.timing.duration_micros())
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
                let renewal = lease.start_renewal(limit, &self.timing)?;
                let written = within(
                    renewal.limit,
                    self.write_term(&lease.namespace, lease.value(), &lease.holder, renewal.ceiling),
                )
                .await;
                lease.finish_renewal(renewal, &self.timing, written)
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
                let subject = lease.subject(self.store_name());
                let released = within_timeout(call, self.timing.timeout, async {
                    sqlx::query(sql(&self.statements.release))
                        .bind(mark)
                        .bind(lease.namespace.as_str())
                        .bind(lease.value() as i64)
                        .bind(lease.holder.as_str())
                        .execute(&self.pool)
                        .await
                        .map_err(|err| call.failed(err))
                })
                .await
                .map(|done| done.rows_affected() == 1);
                let released = match released {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(lease.lost(false)),
                    Err(err) => Err(err),
                };
                events::released(subject, &released);
                released
            }
        }

        #[cfg(all(feature = $feature, feature = "tokio"))]
        keep_alive::renewer_for!(Leases<$db>);
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
