//! The lease table's SQL, per database. Times are the database's clock, in microseconds since
//! 1970, computed inside each statement: no client's clock is ever written or compared.

/// One database's lease statements. `{t}` stands for the table name (checked to be a plain
/// identifier before it is put in); `$n` for the `n`th bound value.
pub(super) struct Dialect {
    /// The database's name in events: `postgres`, `mysql`, `sqlite`.
    pub name: &'static str,
    /// The table, if it does not exist.
    pub create: &'static str,
    /// The database's clock, as a SQL expression of microseconds since 1970.
    pub now: &'static str,
    /// What a placeholder starts with: `$` (PostgreSQL) or `?` (MySQL, SQLite).
    pub placeholder: &'static str,
    /// Whether placeholders carry their number (`$1`, `?1`) or are all the same (`?`).
    pub numbered: bool,
    /// An insert that does nothing when the row exists: before the column list, and after
    /// the values.
    pub insert_or_ignore: (&'static str, &'static str),
    /// The larger of two values: `GREATEST` (PostgreSQL, MySQL), `MAX` (SQLite).
    pub greatest: &'static str,
    /// How a free value is taken: in one statement (PostgreSQL), or in a transaction begun
    /// with this statement (a read of a free row, then its update).
    pub claim_in: Option<&'static str>,
    /// What makes a read of a free row lock it and pass over the rows others have locked:
    /// ` FOR UPDATE SKIP LOCKED` (MySQL); nothing on SQLite, whose `BEGIN IMMEDIATE` holds the
    /// whole database.
    pub lock_free_row: &'static str,
    /// What begins a transaction that writes: SQLite's takes the write lock at once
    /// (`BEGIN IMMEDIATE`), rather than failing to upgrade a read lock later.
    pub begin_write: &'static str,
    /// What lets one process at a time seed a namespace (see `Leases::seed`), locking a
    /// name (`$1`): in the seeding transaction (PostgreSQL's advisory lock), or around it on
    /// its connection, with the statement that unlocks it (MySQL's `GET_LOCK`, which waits
    /// up to 3 s, then lets the seeding go on without it: seeding twice is safe, only
    /// slower, and the claims of others pass over the rows a seeding has locked meanwhile).
    /// SQLite's `BEGIN IMMEDIATE` serializes it already.
    pub seed_lock: SeedLock,
    /// The error codes (sqlx's `DatabaseError::code`) of a statement refused only because
    /// another connection held a lock at that moment, so that a take tries again while its
    /// time limit lasts: SQLSTATE 40001 (a serialization failure; MySQL's deadlock 1213) and,
    /// on PostgreSQL, 40P01 (a deadlock) and 55P03 (a lock not available); SQLite's
    /// `SQLITE_BUSY` and `SQLITE_LOCKED` with their extended codes, which SQLite returns once
    /// its `busy_timeout` (sqlx: 5 s) has passed while other writers kept the database.
    pub contended: &'static [&'static str],
}

/// How a dialect serializes seeding (see [`Dialect::seed_lock`]).
#[derive(Debug, Clone, Copy)]
pub(super) enum SeedLock {
    /// Its transaction serializes it.
    #[cfg_attr(not(feature = "sqlx-sqlite"), allow(dead_code))]
    None,
    /// A lock taken in the seeding transaction, released with it.
    #[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
    InTransaction(&'static str),
    /// A lock of the connection, taken before and released after (lock, unlock).
    #[cfg_attr(not(feature = "sqlx-mysql"), allow(dead_code))]
    OnConnection(&'static str, &'static str),
}

#[cfg(feature = "sqlx-postgres")]
pub(super) const POSTGRES: Dialect = Dialect {
    name: "postgres",
    create: "CREATE TABLE IF NOT EXISTS {t} (\
             namespace TEXT COLLATE \"C\" NOT NULL, \
             value BIGINT NOT NULL, \
             holder TEXT NOT NULL, \
             expires_at BIGINT NOT NULL, \
             high_water BIGINT NOT NULL, \
             PRIMARY KEY (namespace, value))",
    now: "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)",
    placeholder: "$",
    numbered: true,
    insert_or_ignore: ("INSERT INTO", "ON CONFLICT DO NOTHING"),
    greatest: "GREATEST",
    claim_in: None,
    lock_free_row: "",
    begin_write: "BEGIN",
    seed_lock: SeedLock::InTransaction("SELECT pg_advisory_xact_lock(hashtext($1))"),
    contended: &["40001", "40P01", "55P03"],
};

#[cfg(feature = "sqlx-mysql")]
pub(super) const MYSQL: Dialect = Dialect {
    name: "mysql",
    create: "CREATE TABLE IF NOT EXISTS {t} (\
             namespace VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, \
             value BIGINT NOT NULL, \
             holder CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL, \
             expires_at BIGINT NOT NULL, \
             high_water BIGINT NOT NULL, \
             PRIMARY KEY (namespace, value))",
    now: "CAST(UNIX_TIMESTAMP(SYSDATE(6)) * 1000000 AS SIGNED)",
    placeholder: "?",
    numbered: false,
    insert_or_ignore: ("INSERT IGNORE INTO", ""),
    greatest: "GREATEST",
    // Read committed: the rows the read passes over (held ones) are not left locked.
    claim_in: Some("SET TRANSACTION ISOLATION LEVEL READ COMMITTED; START TRANSACTION"),
    lock_free_row: " FOR UPDATE SKIP LOCKED",
    begin_write: "START TRANSACTION",
    seed_lock: SeedLock::OnConnection(
        "SELECT GET_LOCK(SHA1($1), 3)",
        "SELECT RELEASE_LOCK(SHA1($1))",
    ),
    contended: &["40001"],
};

#[cfg(feature = "sqlx-sqlite")]
pub(super) const SQLITE: Dialect = Dialect {
    name: "sqlite",
    create: "CREATE TABLE IF NOT EXISTS {t} (\
             namespace TEXT NOT NULL, \
             value INTEGER NOT NULL, \
             holder TEXT NOT NULL, \
             expires_at INTEGER NOT NULL, \
             high_water INTEGER NOT NULL, \
             PRIMARY KEY (namespace, value))",
    now: "CAST((julianday('now') - 2440587.5) * 86400000000.0 AS INTEGER)",
    placeholder: "?",
    numbered: true,
    insert_or_ignore: ("INSERT INTO", "ON CONFLICT DO NOTHING"),
    greatest: "MAX",
    claim_in: Some("BEGIN IMMEDIATE"),
    lock_free_row: "",
    begin_write: "BEGIN IMMEDIATE",
    seed_lock: SeedLock::None,
    // SQLITE_BUSY (5) and its RECOVERY, SNAPSHOT and TIMEOUT; SQLITE_LOCKED (6) and its
    // SHAREDCACHE and VTAB.
    contended: &["5", "261", "517", "773", "6", "262", "518"],
};

use std::sync::Arc;

/// The statements for one table, with its name and the dialect's placeholders put in.
#[derive(Debug, Clone)]
pub(super) struct Statements {
    /// The table's name.
    pub table: Arc<str>,
    pub create: Arc<str>,
    /// PostgreSQL: `namespace, start, size, holder, duration, clock` → takes the first free
    /// row of `start..size`, else of `0..start`, passing over the rows other transactions
    /// have locked, and writes its first term's ceiling (the larger of its high-water mark
    /// and the clock, plus the duration); returns the value and its high-water mark before.
    /// One statement, and contenders never take the same row.
    pub claim: Arc<str>,
    /// `namespace, start, size` → the first free row of `start..size` (by the primary key's
    /// order, so that the read stops there), its value and high-water mark, locked on MySQL;
    /// in a claim's transaction.
    pub free_row: Arc<str>,
    /// `holder, duration, ceiling, namespace, value` → takes the row read by `free_row`, in
    /// the same transaction, and raises its high-water mark to the first term's ceiling.
    pub take_row: Arc<str>,
    /// `namespace, size` → how many rows of `0..size` the namespace has.
    pub rows: Arc<str>,
    /// `namespace, size` → the values of `0..size` that have rows.
    pub values: Arc<str>,
    /// `name`: the lock and unlock of a seeding's connection, where the dialect has them.
    pub seed_lock: Option<(Arc<str>, Arc<str>)>,
    /// `name`: the seeding transaction's lock, where the dialect has one.
    pub seed_xact_lock: Option<Arc<str>>,
    /// `duration, high_water, namespace, value, holder` → extends a held lease and raises
    /// its high-water mark (never lowers it: a renewal whose reply was lost may reach the
    /// database after a later one, and must not undo it).
    pub renew: Arc<str>,
    /// `high_water, namespace, value, holder` → expires a held lease now and sets its
    /// high-water mark (lower than the ceilings renewals wrote: the term's claimed mark), and
    /// clears the holder, so that a renewal of the same lease still on its way does nothing.
    pub release: Arc<str>,
    /// For `seed`: the insert that ignores existing rows, before and after the rows, and
    /// the namespace's placeholder in each row.
    seed_parts: (Arc<str>, &'static str, Arc<str>),
}

impl Statements {
    pub(super) fn new(dialect: &Dialect, table: &str) -> Statements {
        let Dialect {
            name: _,
            create,
            now,
            placeholder,
            numbered,
            insert_or_ignore: (insert, ignore),
            greatest,
            claim_in: _,
            lock_free_row,
            begin_write: _,
            seed_lock,
            contended: _,
        } = *dialect;
        // The statements below number their placeholders `$1`..`$6` in the order they appear,
        // so positional `?` binds the same values (PostgreSQL's `claim`, which refers to
        // `$1` twice, is PostgreSQL's alone).
        let sql = |text: &str| -> Arc<str> {
            let mut out = text.replace("{t}", table).replace("{now}", now);
            for n in 1..=6 {
                let own = if numbered {
                    format!("{placeholder}{n}")
                } else {
                    placeholder.to_owned()
                };
                out = out.replace(&format!("${n}"), &own);
            }
            out.into()
        };
        Statements {
            table: table.into(),
            create: sql(create),
            claim: sql(
                "WITH free AS (SELECT * FROM (SELECT value, high_water FROM {t} \
                 WHERE namespace = $1 AND value >= $2 AND value < $3 AND expires_at <= {now} \
                 ORDER BY value LIMIT 1 FOR UPDATE SKIP LOCKED) AS after_start \
                 UNION ALL SELECT * FROM (SELECT value, high_water FROM {t} \
                 WHERE namespace = $1 AND value < $2 AND expires_at <= {now} \
                 ORDER BY value LIMIT 1 FOR UPDATE SKIP LOCKED) AS before_start LIMIT 1) \
                 UPDATE {t} AS l SET holder = $4, expires_at = {now} + $5, \
                 high_water = GREATEST(free.high_water, $6) + $5 \
                 FROM free WHERE l.namespace = $1 AND l.value = free.value \
                 RETURNING l.value, free.high_water",
            ),
            free_row: sql(&format!(
                "SELECT value, high_water FROM {{t}} \
                 WHERE namespace = $1 AND value >= $2 AND value < $3 AND expires_at <= {{now}} \
                 ORDER BY value LIMIT 1{lock_free_row}"
            )),
            take_row: sql(&format!(
                "UPDATE {{t}} SET holder = $1, expires_at = {{now}} + $2, \
                 high_water = {greatest}(high_water, $3) WHERE namespace = $4 AND value = $5"
            )),
            rows: sql("SELECT COUNT(*) FROM {t} WHERE namespace = $1 AND value < $2"),
            values: sql("SELECT value FROM {t} WHERE namespace = $1 AND value < $2"),
            seed_lock: match seed_lock {
                SeedLock::OnConnection(lock, unlock) => Some((sql(lock), sql(unlock))),
                SeedLock::None | SeedLock::InTransaction(_) => None,
            },
            seed_xact_lock: match seed_lock {
                SeedLock::InTransaction(lock) => Some(sql(lock)),
                SeedLock::None | SeedLock::OnConnection(..) => None,
            },
            renew: sql(&format!(
                "UPDATE {{t}} SET expires_at = {{now}} + $1, \
                 high_water = {greatest}(high_water, $2) \
                 WHERE namespace = $3 AND value = $4 AND holder = $5"
            )),
            release: sql(
                "UPDATE {t} SET expires_at = {now}, high_water = $1, holder = '' \
                 WHERE namespace = $2 AND value = $3 AND holder = $4",
            ),
            seed_parts: (
                sql(&format!(
                    "{insert} {{t}} (namespace, value, holder, expires_at, high_water) VALUES "
                )),
                ignore,
                sql("$1"),
            ),
        }
    }

    /// The statement that seeds rows for `values` (free ones: no holder, expired since 1970,
    /// a high-water mark of 0), leaving those that exist as they are; it binds the namespace
    /// once, or once per row where placeholders are positional (MySQL): the number of binds.
    pub(super) fn seed(&self, values: &[u32]) -> (String, usize) {
        let (insert, ignore, namespace) = &self.seed_parts;
        let mut out = String::with_capacity(insert.len() + values.len() * 24 + ignore.len());
        out.push_str(insert);
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push('(');
            out.push_str(namespace);
            out.push_str(&format!(", {value}, '', 0, 0)"));
        }
        out.push(' ');
        out.push_str(ignore);
        let binds = if &**namespace == "?" { values.len() } else { 1 };
        (out, binds)
    }
}
