//! Leases: one value of a bounded id space (a TID clock id, a TimeId node, a snowish, TBSL
//! or Sonyflake machine id, a Snowflake worker id) held by one process at a time, handed out
//! by the database every process of a fleet already shares ([`Leases`], on PostgreSQL,
//! MySQL/MariaDB or SQLite), or by its etcd cluster ([`EtcdLeases`], feature `etcd`: see
//! [etcd](#etcd) and [when to choose it](#etcd-or-the-sql-database)). Both stores have the
//! same calls, the same [`Lease`], [`KeepAlive`] and [`LeasedGenerator`], and the guarantees
//! below.
//!
//! A service takes its ids from a [`LeasedGenerator`] (`leases.generator(namespace,
//! template)`, feature `tokio`): a generator on a leased value whose lease is renewed in the
//! background and, when it is lost, taken again by itself ([a generator that stays
//! leased](#a-generator-that-stays-leased)). The calls beneath it (`acquire`, `renew`,
//! `release`, `keep_alive`) are there for leases kept by hand.
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
//! // By hand: one lease, whose term the generator checks on every id.
//! let lease = leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?;
//! let posts = TidGenerator::new().with_lease_term(lease.term())?;
//! // A generator that stays leased takes the size from its template (`Leasable`).
//! let posts = leases.generator("posts-tid", TidGenerator::new()).await?;
//! # Ok(())
//! # }
//! ```
//!
//! # A generator that stays leased
//!
//! ```no_run
//! # async fn run(leases: idtypes::lease::Leases<sqlx::Postgres>) -> Result<(), idtypes::Error> {
//! use std::{sync::Arc, time::Duration};
//! use idtypes::tid::TidGenerator;
//!
//! let posts = Arc::new(leases.generator("posts-tid", TidGenerator::new()).await?);
//! let tid = posts.try_next()?; // an id now, or `LeaseExpired` at once while it leases again
//! let tid = posts.next_within(Duration::from_millis(500)).await?; // or wait for a lease
//! # Ok(())
//! # }
//! ```
//!
//! [`Leases::generator`] takes a lease (within the store's timeout; when the store cannot
//! give one, that is the caller's error) and returns a [`LeasedGenerator`], which renews it
//! as [`KeepAlive`] does. When a term ends without a release (the store unreachable until the
//! term's deadline, a takeover, a term ended in place), its ids stop at once and it leases
//! again: the same value while the store still shows it as this holder's, any free value
//! otherwise; at once, then every tenth of a term (less up to half of that at random, so that
//! a fleet that lost its store together does not come back together), each attempt within the
//! store's timeout, until one succeeds. The new term starts after the value's high-water mark
//! and after every id of the term before, so ids never repeat, in the process or in the
//! fleet, and one generator's ids keep increasing across the switch, which is a single atomic
//! swap for every caller.
//!
//! While no term is live, [`try_next`](LeasedGenerator::try_next) refuses at once with
//! [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired), saying for how long and why:
//! ``lease `posts-tid`: no live term for 2310 ms (the last was on value 7); leasing again;
//! because: lease store: renew of `posts-tid` value 7 timed out: ...``, and
//! [`next_within`](LeasedGenerator::next_within) waits for one up to a bound of the caller's.
//! Neither ever hangs. A service answers 503 (or waits a little, then answers 503), and its
//! readiness check reads [`status`](LeasedGenerator::status) ([observing
//! leases](#observing-leases)).
//!
//! Measured in the repository (`cargo test -p idtypes-tests --test it lease_recovery --
//! --nocapture` with the servers' URLs set; the ranges of several runs): six OS processes,
//! each making TIDs from a `LeasedGenerator` all along (leases of 2 s, terms of 1.5 s, a
//! store timeout of 1 s), while the store goes away for 4 s:
//!
//! | store | how it goes away | ids stop for | every process makes ids again, after the store is back, within |
//! |---|---|---|---|
//! | PostgreSQL 15 | its traffic black-holed (the tests' fault proxy) | 2.5 to 3.1 s | 9 to 89 ms (the test's bound: 2.5 s) |
//! | MariaDB 10.11 | the same | 2.5 to 3.0 s | 11 to 58 ms (2.5 s) |
//! | SQLite | its file locked by another connection | 2.5 to 2.6 s | 68 to 109 ms (2.5 s) |
//! | etcd 3.4, three members | two members killed (no quorum, no leader), then restarted | 3.9 to 6.7 s | 1.4 to 4.1 s (8 s): the members start, rejoin and elect a leader first |
//!
//! Ids stop for the time the store is away less what was left of the term when it went (up
//! to a term: 1.5 s here, 25 s with the defaults), plus the time to lease again once it is
//! back: an attempt in flight (at most the store's timeout) and the pause before the next (a
//! tenth of a term). With 0 TIDs repeated over the fleet in every run. The same test with
//! one holder per process is `lease_healing` (each store; a takeover while away; a clock
//! step; a term ended in place).
//!
//! # What a service sees when the store fails
//!
//! | failure | what a `LeasedGenerator` does | what its callers see |
//! |---|---|---|
//! | the store unreachable for less than what is left of the term | its renewals fail and are tried again, each attempt within half the time left, until one gets through | ids all along; the events `lease renewal failed` and `lease renewed late` |
//! | the store unreachable past the term's deadline (down, failing over, black-holed) | the term ends at its deadline; it leases again at once, then every tenth of a term; once the store is back, the same value (its row still this holder's) | `LeaseExpired` from the deadline until the store is back (plus one attempt); `lease lost`, then `lease acquired again` with `outage_ms` |
//! | a partition that cuts this process off while the store stays up for others | as above; meanwhile the lease expires in the store (a duration after its last renewal) and another process may take the value | the same; back, it takes another free value (`same_value = false`) if its own was taken; no id repeats: the value's next holder starts after its high-water mark |
//! | a takeover: this process stalled or froze past the lease's duration, and another took the value | its next renewal finds the lease another's: the term ends at once, and it leases another value at once | `LeaseExpired` for a round trip or two |
//! | a clock step forward past the term's ceiling (a jump of more than the lease's duration less a third of the term: 21 s with the defaults) | ids past the ceiling are refused, and a renewal is asked for at once, which raises the ceiling to the clock plus the duration | `LeaseExpired` for a round trip (3 ms measured on SQLite); `next_within` waits through it |
//! | a clock step back | nothing in the lease changes (deadlines are on the monotonic clock, expiry on the store's); the generator counts on from its last id, as it does without a lease | ids all along |
//! | every value held by live processes | at start, `generator` fails with `LeasesExhausted`; later, it keeps trying until a value is freed | `LeaseExpired` until then |
//!
//! # Observing leases
//!
//! With the `tracing` feature, each lease event is a `tracing` event of target
//! `idtypes::lease`, with the fields `namespace`, `value` (once there is one) and `store`
//! (`postgres`, `mysql`, `sqlite` or `etcd`), and durations in milliseconds:
//!
//! | message | level | its own fields | when |
//! |---|---|---|---|
//! | `lease acquired` | INFO | `took_ms`, `tries` (values tried), `floor_micros` | `acquire`, and the first lease of `generator` |
//! | `lease renewed` | DEBUG | `took_ms` | a renewal in time, every third of a term |
//! | `lease renewal failed; trying again` | WARN | `error`, `left_ms` (of the term) | a renewal attempt failed while the term lasts |
//! | `lease renewed late` | WARN | `attempts`, `late_ms`, `left_ms` | a renewal that came after failed attempts |
//! | `lease lost: its ids stop` | ERROR | `error` | a term that ended without a release |
//! | `lease not taken again yet; trying again` | WARN | `attempt`, `error`, `outage_ms` | an attempt of a `LeasedGenerator` to lease again failed |
//! | `lease acquired again: ids go on` | WARN | `same_value`, `attempts`, `outage_ms` | a `LeasedGenerator` leased again |
//! | `lease released` | INFO | | a release |
//! | `lease release failed: the value stays held until its expiry` | WARN | `error` | a release that failed |
//! | `an id waited for a lease` (DEBUG), `an id waited for a lease in vain` (WARN) | | `waited_ms` | a `next_within` that had to wait |
//!
//! A service's subscriber shows them with its other logs (`tracing_subscriber::fmt()` with an
//! `EnvFilter` of `idtypes::lease=info`, say). Without the feature, none is made.
//!
//! For a health or readiness check, [`LeasedGenerator::status`] tells, without a call to the
//! store, whether the generator makes ids and since when, on which value, how many leases it
//! has taken and why it has none ([`LeaseStatus`]):
//!
//! ```no_run
//! # async fn run(posts: std::sync::Arc<idtypes::lease::LeasedGenerator<idtypes::tid::TidGenerator>>) {
//! let status = posts.status();
//! if status.is_making_ids() {
//!     // ready: 200
//! } else {
//!     // not ready: 503, with `status.for_how_long()` and `status.reason()`
//! }
//! # }
//! ```
//!
//! # The table
//!
//! One table holds the leases of every space, keyed by a namespace of your choosing (say
//! `"posts-tid"`), so several services and formats share it, and so does SQL: on PostgreSQL, the
//! repository's extension (`idtypes-postgres/`: `DEFAULT atproto_tid_generate('posts-tid')`) leases
//! from the same table and namespace through this code, on a connection of each backend's own, so
//! that ids made in SQL and by the application never repeat. [`Leases::setup`] creates it if it
//! does not exist; the statement per database (table name `idtypes_leases` unless chosen with
//! [`Leases::with_table`]):
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
//! A row is a value of a namespace: `holder` is a random token of the process holding it
//! (empty once released), `expires_at` the end of the lease in microseconds since 1970 by the
//! *database's* clock (no process's clock is written or compared), `high_water` the largest
//! timestamp its holders have said they may issue ids with. The first acquire that finds no
//! free row in a namespace seeds it: a free row (no holder, expired in 1970, a mark of 0) for
//! every value of its space it has none for, one process at a time (a PostgreSQL advisory
//! lock, MySQL's `GET_LOCK`, SQLite's write lock), in statements of up to 1,024 rows. Tables
//! of earlier versions, whose rows are the values leased so far, are seeded the same way.
//!
//! # Guarantees
//!
//! - [`acquire`](Leases::acquire) takes a value that no live lease holds, atomically: a
//!   *claim* of a free row (one whose lease has expired, or never began), which locks the row
//!   it takes so that contenders pass over it to the next free one instead of racing for it
//!   (PostgreSQL: one statement, `FOR UPDATE SKIP LOCKED`; MySQL and MariaDB: a read `FOR
//!   UPDATE SKIP LOCKED` and an update in one transaction, which needs MySQL 8.0 or MariaDB
//!   10.6; SQLite: the same under its write lock, `BEGIN IMMEDIATE`). Each claim reads from a
//!   random value on, so that it passes over few held rows. Two contenders never hold the
//!   same value. When every value is held, it fails with
//!   [`ErrorKind::LeasesExhausted`](crate::ErrorKind::LeasesExhausted) at once. A claim the
//!   database refuses only for a lock that others hold at that moment (SQLite's `database is
//!   locked` once its `busy_timeout` has passed, a serialization failure, a deadlock,
//!   PostgreSQL's `lock_timeout`) is tried again a few milliseconds later, within the
//!   store's timeout: a busy database makes an acquire slower, not fail.
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
//! renews the term (for the first term, the claim that takes the value), and only after that
//! write succeeds may a generator bound to the term use it; the generator makes no id with a
//! timestamp above it. A new holder reads the row's `high_water` in the claim that takes the
//! value, locked, and starts its ids after it (the term's *floor*).
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
//! | [`Leases::generator`] | the store's timeout (its first lease) | its error |
//! | a `LeasedGenerator`'s leasing again | each attempt within the store's timeout, a tenth of a term apart | another attempt, until one succeeds or it is released |
//! | `LeasedGenerator::try_next` | at once (a check in memory) | `LeaseExpired` while no term is live |
//! | `LeasedGenerator::next_within(limit)` | `limit` | `LeaseExpired` |
//! | `LeasedGenerator::release` | ends the term when called; the store's timeout | the release's result |
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
//!     // Fail the health check, and acquire a new lease: what a `LeasedGenerator` does.
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
//!
//! # A thousand at once
//!
//! A fleet's cold start (a deployment rolling out, a region coming back) has its processes
//! acquire together. Measured with 1,000 acquirers from 20 OS processes (50 each, on one store
//! per process: a pool of 3 connections, so 60 on servers whose default limits are 100 and
//! 151; one etcd client, with the pings of [etcd](#etcd)'s example), all told to start at the
//! same instant once every process has connected, for a space of 1,000 values, with the
//! stores' defaults (10 s timeout) and the servers' (`cargo test -p idtypes-tests --test it
//! lease_cold_start -- --nocapture --test-threads 1`, with the servers' URLs set; two cores,
//! the processes built without optimization; the ranges of two runs). "First start" is a
//! namespace never used (seeded by the first claim that finds it empty), "again" the same once
//! every value was released:
//!
//! | store | all leased in | latency p50 | p99 | max | acquirers that tried more than one value |
//! |---|---|---|---|---|---|
//! | PostgreSQL 15, first start | 0.86 to 1.3 s | 0.45 to 0.88 s | 0.77 to 1.2 s | 0.83 to 1.3 s | 15 to 512 (a second claim after the seeding) |
//! | PostgreSQL 15, again | 0.67 to 0.86 s | 0.39 to 0.47 s | 0.60 to 0.72 s | 0.63 to 0.75 s | 0 |
//! | MariaDB 10.11, first start | 1.0 s | 0.51 to 0.55 s | 0.96 to 0.97 s | 0.98 to 1.0 s | 75 to 237 (the same) |
//! | MariaDB 10.11, again | 0.84 to 1.1 s | 0.39 to 0.45 s | 0.78 to 0.99 s | 0.81 to 1.0 s | 0 |
//! | SQLite (a file, rollback journal), first start | 2.2 to 4.2 s | 1.2 to 2.1 s | 2.0 to 3.9 s | 2.2 to 4.1 s | 49 to 444 (the same) |
//! | SQLite, again | 1.8 to 4.3 s | 0.75 to 2.2 s | 1.5 to 3.9 s | 1.8 to 4.2 s | 0 |
//! | etcd 3.4, one member, first start | 1.9 to 2.0 s | 1.04 to 1.05 s | 1.77 to 1.80 s | 1.82 to 1.90 s | 473 to 479 (2,098 to 2,142 candidates past the first) |
//! | etcd 3.4, again | 1.76 to 1.80 s | 0.99 to 1.02 s | 1.61 to 1.67 s | 1.72 to 1.75 s | 476 to 477 |
//!
//! Every acquirer got a value, and none an error; one more, beyond the space, got
//! `LeasesExhausted` in 4 to 26 ms. Before the claims (when an acquire read the held values,
//! then raced the others for a random free one, in up to five statements), the same run took
//! PostgreSQL 2.2 s (p99 2.15 s, 1,814 values tried in vain, up to 25 by one acquirer),
//! MariaDB 2.0 s (p99 1.97 s, 1,458), etcd 2.9 s (p99 2.77 s), and on SQLite 140 of the 1,000
//! acquires ran into the 10 s timeout. What a fleet can do for its start: leave each
//! process's pool small (2 to 4 connections: a take holds one for a statement or a short
//! transaction, and the acquirers of a process wait for it in turn), keep processes times
//! pool size under the server's connection limit, give etcd's clients HTTP/2 pings that a
//! busy server can answer (a timeout of a second or two: with 500 ms, in a run beside another
//! test, the connections of four processes were dropped and 200 acquires failed, before an
//! acquire tried again), and give etcd a leader with a fast disk (its writes, two a lease,
//! are what it spends its time on). An etcd acquire whose connection drops under it now
//! revokes the etcd lease it was taking with (which deletes any key the take may have put)
//! and tries again, up to three times.
//!
//! # etcd
//!
//! [`EtcdLeases`] (feature `etcd`, through the `etcd-client` crate 0.21) keeps the same
//! leases in etcd's key space (v3 API), under a key prefix (`idtypes/leases/` unless chosen
//! with [`EtcdLeases::with_prefix`]) instead of a table:
//!
//! | key | value | written by |
//! |---|---|---|
//! | `{prefix}{namespace}/held/{value}` | the holder's random token, bound to an etcd lease of the holder's | a transaction conditioned on the key's absence (`version = 0`), which one contender wins; deleted by etcd when the etcd lease runs out, and by a release |
//! | `{prefix}{namespace}/mark/{value}` | the high-water mark, µs since 1970 in decimal | only a transaction conditioned on the held key carrying this holder's etcd lease and token; it has no lease, and outlives its holders |
//!
//! (`%` and `/` in a namespace are written `%25` and `%2F`.) The calls map onto etcd as
//! follows, each within the same [time limits](#time-limits):
//!
//! - **acquire**: a read of eight candidates' marks and, at the same time, a grant of an etcd
//!   lease; then one transaction that takes the first candidate whose key is absent and
//!   whose mark is as read: it puts the key (bound to the etcd lease) and writes the first
//!   term's ceiling above the mark, in one step (the candidates as nested transactions, each
//!   the `else` of the one before). The first candidates are consecutive values from a random
//!   one on; only when all eight are taken does the next round read which keys are held. The
//!   term's deadline counts from when the grant was sent.
//! - **renew**: a keep-alive of the etcd lease and, sent at the same time, the transaction
//!   that writes the new ceiling to the mark if the key is still this lease's. The term is
//!   extended only when both succeed; a keep-alive that finds the etcd lease gone, or a
//!   transaction whose condition fails, is [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost).
//! - **release**: the term ends; then a transaction that writes the claimed mark and deletes
//!   the key if it is still this lease's; then a revoke of the etcd lease (a revoke that fails
//!   leaves it to run out, holding no key).
//!
//! So the [handover guarantee](#handover-the-exact-guarantee) reads the same with "the row"
//! as the two keys: only the holder of the current term writes the mark, a takeover happens
//! only once the key is gone (its etcd lease ran out by the *server's* clock, or it was
//! released after the term ended), and the next holder reads the mark in the transaction
//! that takes the value.
//!
//! The differences:
//!
//! - **Expiry is etcd's**: an etcd lease runs out when the leader has had no keep-alive for
//!   its TTL, counted by the leader's monotonic clock, in whole seconds. The store asks for
//!   the lease's duration rounded up to a second, and etcd raises a TTL below its minimum
//!   (1.5 times the election timeout, rounded up: 2 s with etcd's defaults), so the server's expiry never
//!   comes before this process's deadline; it may come a second or two later, which only
//!   delays the next holder. A new leader extends every lease it takes over, so an election
//!   never expires one early.
//! - **Members that are down**: a client of several endpoints (`Client::connect` with every
//!   member's URL) sends a call to another member when the connection to the one it chose
//!   cannot be made (up to four sendings, 20 ms apart); a call is sent again only when it
//!   surely never left, and when no member can be reached, the connection's error is the
//!   answer at once. A kept lease rides through the loss of a member, and through the loss of the
//!   leader while the others elect a new one (a second or two with etcd's defaults), when
//!   its term is a few seconds longer than that (tested with a three-member cluster on
//!   loopback, leases of 6 s with a 1.5 s margin).
//! - **One connection**: etcd's client carries every call over one HTTP/2 connection per
//!   member. A connection that goes silent holds every call on it until the store's limits
//!   end them, unless the client's HTTP/2 pings notice it first: set
//!   `ConnectOptions::with_keep_alive` (interval and timeout) well under a third of the term,
//!   so that a kept lease's next attempt goes out on a new connection. Tested through the
//!   fault proxy: with pings every 500 ms (500 ms to answer), a kept lease survives a
//!   connection frozen in the middle of its renewal.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use std::time::Duration;
//! use idtypes::lease::EtcdLeases;
//!
//! let options = etcd_client::ConnectOptions::new()
//!     .with_connect_timeout(Duration::from_secs(2))
//!     .with_keep_alive(Duration::from_secs(2), Duration::from_secs(2));
//! let endpoints = ["http://etcd-0:2379", "http://etcd-1:2379", "http://etcd-2:2379"];
//! let client = etcd_client::Client::connect(endpoints, Some(options)).await?;
//! let leases = EtcdLeases::new(client).with_prefix("billing/ids/")?;
//! leases.setup().await?;
//! # Ok(())
//! # }
//! ```
//!
//! # etcd or the SQL database
//!
//! The SQL database is enough when the fleet already shares one database it cannot work
//! without: the leases are then as available as the service itself, and need no other
//! server. Choose etcd when the fleet has no shared SQL database (a Kubernetes deployment
//! whose services each own their data), spans several databases or regions, or must go on
//! making ids while its database fails over: etcd stays available through the loss of a
//! minority of its members.
//!
//! What a call costs, measured on one two-core machine over loopback (the servers' default
//! settings, each write made durable on the same SSD; `tests/it/lease_cost.rs`,
//! `measure_lease_calls`, 300 calls each, median and 90th percentile):
//!
//! | store | `renew` | `acquire` + `release` | the same before the claims (one run apart) |
//! |---|---|---|---|
//! | PostgreSQL 15 | 0.35 ms (p90 0.49 ms) | 0.87 ms (p90 1.3 ms) | 1.7 ms (p90 2.3 ms) |
//! | MariaDB 10.11 | 0.31 ms (p90 0.63 ms) | 1.2 ms (p90 1.9 ms) | 2.7 ms (p90 3.4 ms) |
//! | SQLite (a file, one process) | 0.88 ms (p90 1.1 ms) | 2.0 ms (p90 2.5 ms) | 3.4 ms (p90 3.9 ms) |
//! | etcd 3.4, one member | 1.8 ms (p90 2.4 ms) | 6.9 ms (p90 8.1 ms) | 9.5 ms (p90 11 ms) |
//! | etcd 3.4, three members | 2.7 ms (p90 3.4 ms) | 10 ms (p90 14 ms) | 13 ms (p90 17 ms) |
//!
//! (The last column is the version before acquires became claims, measured in the same
//! session, the two versions' runs alternated.)
//!
//! A renewal on etcd is two requests sent together: the keep-alive, which the leader
//! answers, and the mark's transaction, a write that etcd makes durable (fsync) on a quorum
//! of its members. An acquire and a release are five requests, four of them writes (the
//! grant, the taking with the first mark, the release, the revoke). None of this is on the
//! path of an id: a generator checks its term in memory, and a kept lease renews a third of
//! the way into each term (every 8 s by default), so either store costs a fleet a few
//! requests a minute per process.

#[cfg(feature = "etcd")]
mod etcd;
mod events;
#[cfg(feature = "tokio")]
mod keep_alive;
#[cfg(feature = "tokio")]
mod leased;
/// Items of the SQL stores (an sqlx feature), which `etcd` alone leaves out.
macro_rules! with_sqlx {
    ($($item:item)*) => {$(
        #[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql", feature = "sqlx-sqlite"))]
        $item
    )*};
}

with_sqlx! {
    mod sql;
    mod sqlx_store;
    pub use sqlx_store::Leases;
}
mod timing;

#[cfg(feature = "etcd")]
pub use etcd::EtcdLeases;
#[cfg(feature = "tokio")]
pub use keep_alive::KeepAlive;
#[cfg(feature = "tokio")]
pub use leased::{LeaseStatus, LeasedGenerator};

use core::{fmt, future::Future, time::Duration};
use std::time::Instant;

use timing::Timing;

use crate::{
    Error, LeaseTerm,
    error::{Bounds, Int, LeaseCall, LeaseOp, OutOfLine, Repr, Snippet, TimeLimit, reason_text},
    process::lease_term::monotonic_nanos,
    process::timer::{Elapsed, within},
};

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
    /// How many values the acquire that took it tried (for its event); 0 for a lease taken
    /// again on the same value.
    tries: u32,
    /// The etcd lease the value's key is bound to (`EtcdLeases`); 0 in the SQL stores.
    #[cfg(feature = "etcd")]
    etcd_lease: i64,
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

    /// This lease in an event of `store`'s.
    fn subject(&self, store: &'static str) -> events::Subject<'_> {
        events::Subject {
            namespace: &self.namespace,
            value: Some(self.value()),
            store,
        }
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

/// A renewal on its way: when it was sent (by both clocks), its limit (at most the term's
/// deadline), and the ceiling it writes.
struct Renewal {
    sent: (Instant, u64),
    limit: Instant,
    ceiling: i64,
}

impl Lease {
    /// Starts a renewal limited to `limit`, whose ceiling `timing` gives; the error when the
    /// term has already ended (a renewal never revives one).
    fn start_renewal(&self, limit: Instant, timing: &Timing) -> Result<Renewal, Error> {
        if !self.term.is_live() {
            self.term.end();
            return Err(self.lost(true));
        }
        Ok(Renewal {
            sent: (Instant::now(), monotonic_nanos()),
            limit: limit.min(self.deadline),
            ceiling: timing.renewed_ceiling(self.term.ceiling_micros()),
        })
    }

    /// Ends a renewal with what the store answered by its limit: `Ok(true)` when it extended
    /// the lease and wrote the ceiling, `Ok(false)` when the lease is no longer this
    /// process's, or its reason for failing.
    fn finish_renewal(
        &mut self,
        renewal: Renewal,
        timing: &Timing,
        written: Result<Result<bool, impl fmt::Display>, Elapsed>,
    ) -> Result<(), Error> {
        let Renewal {
            sent,
            limit,
            ceiling,
        } = renewal;
        let call = self.call(LeaseOp::Renew);
        match written {
            Ok(Ok(true)) => {
                if self
                    .term
                    .extend_until(timing.deadline_after(sent.1), ceiling)
                {
                    self.deadline = sent.0 + timing.length();
                    Ok(())
                } else if Instant::now() >= self.deadline {
                    // The reply came, but after the deadline: too late.
                    Err(renewal_timed_out(self, call, sent.0, self.deadline))
                } else {
                    // Ended meanwhile (released through a clone of its term).
                    Err(self.lost(true))
                }
            }
            Ok(Ok(false)) => {
                self.term.end();
                Err(self.lost(false))
            }
            Ok(Err(err)) => {
                if !self.term.is_live() {
                    self.term.end();
                }
                Err(call.failed(err))
            }
            Err(Elapsed) => Err(renewal_timed_out(self, call, sent.0, limit)),
        }
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

/// What a take looks for besides a free value (see `lease_again`): a term whose ids come
/// after `after` (µs since 1970) as well as after the value's high-water mark, and the value
/// `prefer` first when it is free. `Wanted::default()` for a plain acquire.
#[derive(Debug, Clone, Copy, Default)]
struct Wanted {
    after: i64,
    prefer: Option<u32>,
}

/// `lease_again` of either store: after `old`'s term ended, within the store's timeout, the
/// same value under a new term while the store still shows it as this holder's (`retake`,
/// which writes the new term's ceiling it is given and says whether the value was still this
/// holder's: then nobody took it over, so no id but this holder's was made with it, and the
/// new term's floor is the old term's claimed mark); else a free value of the space (`take`,
/// for what it is given: after that mark, the old value first). Either way the new term's
/// ids come after every id of the old term.
#[cfg(feature = "tokio")]
async fn lease_again<E, R, T>(
    old: &Lease,
    timing: &Timing,
    retake: impl FnOnce(i64) -> R,
    take: impl FnOnce(Wanted) -> T,
) -> Result<Lease, Error>
where
    E: fmt::Display,
    R: Future<Output = Result<bool, E>>,
    T: Future<Output = Result<Lease, Error>>,
{
    let call = Call {
        op: LeaseOp::Acquire,
        subject: &old.namespace,
        value: None,
    };
    // Read after the term ended: no id under it is later.
    let after = old.term.claimed_micros();
    within_timeout(call, timing.timeout, async {
        let value = old.value();
        let sent = (Instant::now(), monotonic_nanos());
        let ceiling = timing.first_ceiling(after);
        let kept = retake(ceiling).await.map_err(|err| {
            Call {
                value: Some(value),
                ..call
            }
            .failed(err)
        })?;
        if kept {
            return Ok(Lease {
                namespace: old.namespace.clone(),
                holder: old.holder.clone(),
                deadline: sent.0 + timing.length(),
                term: LeaseTerm::until(value, timing.deadline_after(sent.1), after, ceiling),
                tries: 0,
                #[cfg(feature = "etcd")]
                etcd_lease: old.etcd_lease,
            });
        }
        take(Wanted {
            after,
            prefer: Some(value),
        })
        .await
    })
    .await
}

/// A new holder token: 128 random bits from the operating system, as 32 hex digits.
fn new_holder() -> String {
    let (a, b) = (
        crate::process::random::os_u64(),
        crate::process::random::os_u64(),
    );
    format!("{a:016x}{b:016x}")
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
