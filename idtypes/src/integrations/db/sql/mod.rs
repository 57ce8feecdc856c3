//! SQL functions that read the ids inside the database: `SELECT tid_text(id) FROM posts` in
//! psql or the mysql client, and `WHERE id = tid_from_text('3jzfcijpj2z2a')`.
//!
//! For every format, `<format>_text(id)` gives a stored id's canonical text and
//! `<format>_from_text(text)` the value its column holds, so the two are inverses, and the
//! text is exactly what the id's `Display` writes:
//!
//! | format | functions | column |
//! |---|---|---|
//! | [`Tid`](struct@crate::Tid) | `tid_text`, `tid_from_text` | `BIGINT` |
//! | [`TimeId`](struct@crate::TimeId) | `time_id_text`, `time_id_from_text` (reads the dashed form too) | `BIGINT` |
//! | [`Uid11`](struct@crate::Uid11) | `uid11_text`, `uid11_from_text` | `BIGINT` |
//! | [`Uid11Xid`](struct@crate::Uid11Xid) | `uid11_xid_text`, `uid11_xid_from_text` (and, deprecated, their v0.1.0 names `xid_text`, `xid_from_text`) | `BIGINT` |
//! | [`Snowish`](struct@crate::Snowish) | `snowish_text`, `snowish_from_text` | `BIGINT` |
//! | [`TsSeqRand`](struct@crate::TsSeqRand) | `ts_seq_rand_text`, `ts_seq_rand_from_text` | `BIGINT` |
//! | [`FullRand`](struct@crate::FullRand) | `fullrand_text`, `fullrand_from_text` | `BIGINT` |
//! | [`Snowflake`](struct@crate::Snowflake) | `snowflake_text`, `snowflake_from_text` | `BIGINT` |
//! | [`Tbsl`](struct@crate::Tbsl) | `tbsl_text`, `tbsl_from_text` | `BYTEA` / `BINARY(10)` |
//! | [`Ulid`](struct@crate::Ulid) | `ulid_text`, `ulid_from_text` (either case) | `UUID` / `BINARY(16)` |
//! | [`Ksuid`](struct@crate::Ksuid) | `ksuid_text`, `ksuid_from_text` | `BYTEA` / `BINARY(20)` |
//! | [`Sonyflake`](struct@crate::Sonyflake) | `sonyflake_text`, `sonyflake_from_text` | `BIGINT` |
//! | [`RsXid`](struct@crate::RsXid) | `rs_xid_text`, `rs_xid_from_text` (lowercase only) | `BYTEA` / `BINARY(12)` |
//!
//! They take the columns of this crate's default storage (see
//! [databases](crate#databases-sqlx)), with the same mapping: a TID's, a snowish id's or a
//! Snowflake's `BIGINT` is its own integer and the other 64-bit formats' is their bits with
//! the top one flipped ([`Column::to_signed`](crate::Column::to_signed)). Typed ids are
//! stored as their inner id, so `tid_text` reads a `PostId` column too (without the prefix:
//! `'post_' || tid_text(id)` adds it). Text that is no id raises an error naming the format
//! (PostgreSQL SQLSTATE `22P02`, MySQL `22023`); NULL gives NULL. The functions are
//! deterministic (`IMMUTABLE`), so they can back an expression index or a generated column.
//!
//! Create them once per database with [`create_functions`], or run the scripts yourself:
//! [`POSTGRES`] with psql, [`MYSQL`] with the mysql client (it sets its own `DELIMITER`). They
//! go in the connection's schema (PostgreSQL's `search_path`, MySQL's current database), and
//! creating them again replaces them. Helper functions are named `idtypes_*`. MySQL with binary
//! logging on needs `log_bin_trust_function_creators = 1` (or the SUPER privilege) to create
//! functions.
//!
//! SQLite has no SQL-defined functions: there the same functions, written in Rust, are
//! registered on a rusqlite connection ([`sqlite::register_functions`], `rusqlite` feature) or
//! loaded into the `sqlite3` shell from the extension in the repository's `idtypes-sqlite/`
//! (`.load ./libidtypes_sqlite`); see [`sqlite`]. The CLI reads stored ids too (`idtypes inspect`).
//!
//! ```no_run
//! # async fn run(pool: sqlx::PgPool) -> Result<(), sqlx::Error> {
//! idtypes::sql::create_functions(&pool).await?;
//! let text: String = sqlx::query_scalar("SELECT tid_text(tid_from_text('3jzfcijpj2z2a'))")
//!     .fetch_one(&pool)
//!     .await?;
//! assert_eq!(text, "3jzfcijpj2z2a");
//! # Ok(())
//! # }
//! ```

#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
use core::future::Future;

/// The PostgreSQL script (PL/pgSQL, PostgreSQL 11 and later): `CREATE OR REPLACE FUNCTION`s.
///
/// # Examples
///
/// ```
/// assert!(idtypes::sql::POSTGRES.contains("CREATE OR REPLACE FUNCTION tid_text(id bigint)"));
/// ```
pub const POSTGRES: &str = include_str!("postgres.sql");

/// The MySQL / MariaDB script (MySQL 8, MariaDB 10.5 and later), for the mysql client: it
/// sets `DELIMITER $$`, and each function is dropped and created again.
///
/// # Examples
///
/// ```
/// assert!(idtypes::sql::MYSQL.contains("CREATE FUNCTION tid_text(id BIGINT)"));
/// ```
pub const MYSQL: &str = include_str!("mysql.sql");

/// The statements of [`MYSQL`], without the client's `DELIMITER` lines, one by one.
#[cfg(feature = "sqlx-mysql")]
fn mysql_statements() -> impl Iterator<Item = &'static str> {
    let body = MYSQL
        .split_once("DELIMITER $$")
        .map_or(MYSQL, |(_, rest)| rest);
    let body = body
        .rsplit_once("DELIMITER ;")
        .map_or(body, |(rest, _)| rest);
    body.split("$$")
        .map(without_leading_comments)
        .filter(|s| !s.is_empty())
}

/// `statement` from its first line that is not a comment, trimmed.
#[cfg(feature = "sqlx-mysql")]
fn without_leading_comments(statement: &str) -> &str {
    let mut rest = statement.trim();
    while rest.starts_with("--") {
        rest = rest
            .split_once('\n')
            .map_or("", |(_, after)| after)
            .trim_start();
    }
    rest.trim_end()
}

/// The databases that have the functions: PostgreSQL and MySQL/MariaDB (with their sqlx
/// features).
#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
pub trait SqlFunctions: sqlx::Database + sealed::Sealed {
    /// Creates (or replaces) the functions in the database of `pool`; see
    /// [`create_functions`].
    fn create(pool: &sqlx::Pool<Self>) -> impl Future<Output = Result<(), sqlx::Error>> + Send;
}

#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
mod sealed {
    pub trait Sealed {}
}

#[cfg(feature = "sqlx-postgres")]
impl sealed::Sealed for sqlx::Postgres {}

#[cfg(feature = "sqlx-postgres")]
impl SqlFunctions for sqlx::Postgres {
    async fn create(pool: &sqlx::Pool<Self>) -> Result<(), sqlx::Error> {
        // One transaction: a concurrent caller sees the old functions or the new ones.
        let mut tx = pool.begin().await?;
        sqlx::raw_sql(POSTGRES).execute(&mut *tx).await?;
        tx.commit().await
    }
}

#[cfg(feature = "sqlx-mysql")]
impl sealed::Sealed for sqlx::MySql {}

#[cfg(feature = "sqlx-mysql")]
impl SqlFunctions for sqlx::MySql {
    async fn create(pool: &sqlx::Pool<Self>) -> Result<(), sqlx::Error> {
        // DDL commits on its own in MySQL: one statement at a time.
        let mut conn = pool.acquire().await?;
        for statement in mysql_statements() {
            sqlx::raw_sql(statement).execute(&mut *conn).await?;
        }
        Ok(())
    }
}

/// Creates (or replaces) the functions `<format>_text(id)` and `<format>_from_text(text)`
/// for every format in the database of `pool` (see the [module docs](self)).
///
/// # Errors
///
/// sqlx's error if a statement fails (a missing privilege, say).
///
/// # Examples
///
/// ```no_run
/// # async fn run(pool: sqlx::MySqlPool) -> Result<(), sqlx::Error> {
/// idtypes::sql::create_functions(&pool).await?;
/// let id: i64 = sqlx::query_scalar("SELECT tid_from_text('3jzfcijpj2z2a')")
///     .fetch_one(&pool)
///     .await?;
/// assert_eq!(id, 1728652679052295174);
/// # Ok(())
/// # }
/// ```
#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
pub async fn create_functions<DB: SqlFunctions>(pool: &sqlx::Pool<DB>) -> Result<(), sqlx::Error> {
    DB::create(pool).await
}

#[cfg(feature = "rusqlite")]
pub mod sqlite;

#[cfg(all(test, feature = "sqlx-mysql"))]
mod tests {
    #[test]
    fn the_mysql_script_is_its_statements() {
        let statements: Vec<&str> = super::mysql_statements().collect();
        assert!(statements.iter().all(|s| !s.contains("DELIMITER")));
        let creates = statements
            .iter()
            .filter(|s| s.starts_with("CREATE FUNCTION"))
            .count();
        let drops = statements
            .iter()
            .filter(|s| s.starts_with("DROP FUNCTION IF EXISTS"))
            .count();
        assert_eq!(creates, drops);
        assert_eq!(creates + drops, statements.len());
        // Two helpers for the codes, two for the integers, two for uid11s, two per format, and
        // the uid11 xid's two of v0.1.0 (`xid_text`, `xid_from_text`).
        assert_eq!(creates, 6 + 2 * 13 + 2);
    }
}
