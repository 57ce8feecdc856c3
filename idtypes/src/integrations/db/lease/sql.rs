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
};

use std::sync::Arc;

/// The statements for one table, with its name and the dialect's placeholders put in.
#[derive(Debug, Clone)]
pub(super) struct Statements {
    /// The table's name.
    pub table: Arc<str>,
    pub create: Arc<str>,
    /// `namespace` → the values whose lease has not expired.
    pub held: Arc<str>,
    /// `namespace, value, holder, duration` → a new row, or nothing when the row exists.
    pub insert: Arc<str>,
    /// `holder, duration, namespace, value` → takes over an expired row.
    pub take_over: Arc<str>,
    /// `namespace, value` → the row's high-water mark.
    pub high_water: Arc<str>,
    /// `duration, high_water, namespace, value, holder` → extends a held lease and raises
    /// its high-water mark (never lowers it: a renewal whose reply was lost may reach the
    /// database after a later one, and must not undo it).
    pub renew: Arc<str>,
    /// `high_water, namespace, value, holder` → expires a held lease now and sets its
    /// high-water mark (lower than the ceilings renewals wrote: the term's claimed mark), and
    /// clears the holder, so that a renewal of the same lease still on its way does nothing.
    pub release: Arc<str>,
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
        } = *dialect;
        // The statements below number their placeholders `$1`..`$5` in the order they appear,
        // so positional `?` binds the same values.
        let sql = |text: &str| -> Arc<str> {
            let mut out = text.replace("{t}", table).replace("{now}", now);
            for n in 1..=5 {
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
            held: sql("SELECT value FROM {t} WHERE namespace = $1 AND expires_at > {now}"),
            insert: sql(&format!(
                "{insert} {{t}} (namespace, value, holder, expires_at, high_water) \
                 VALUES ($1, $2, $3, {{now}} + $4, 0) {ignore}"
            )),
            take_over: sql("UPDATE {t} SET holder = $1, expires_at = {now} + $2 \
                 WHERE namespace = $3 AND value = $4 AND expires_at <= {now}"),
            high_water: sql("SELECT high_water FROM {t} WHERE namespace = $1 AND value = $2"),
            renew: sql(&format!(
                "UPDATE {{t}} SET expires_at = {{now}} + $1, \
                 high_water = {greatest}(high_water, $2) \
                 WHERE namespace = $3 AND value = $4 AND holder = $5"
            )),
            release: sql(
                "UPDATE {t} SET expires_at = {now}, high_water = $1, holder = '' \
                 WHERE namespace = $2 AND value = $3 AND holder = $4",
            ),
        }
    }
}
