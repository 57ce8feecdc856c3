//! Creating the functions through sqlx: in the connection's schema or database, or in a named
//! one.

use alloc::string::ToString;
use core::future::Future;

#[cfg(feature = "sqlx-postgres")]
use super::scripts::postgres_script;
#[cfg(feature = "sqlx-mysql")]
use super::scripts::{MYSQL, mysql_script, mysql_statements};

/// The databases that have the functions: PostgreSQL and MySQL/MariaDB (with their sqlx
/// features).
pub trait SqlFunctions: sqlx::Database + sealed::Sealed {
    /// Creates (or replaces) the functions in the connection's schema or database; see
    /// [`create_functions`].
    fn create(pool: &sqlx::Pool<Self>) -> impl Future<Output = Result<(), sqlx::Error>> + Send;

    /// Creates (or replaces) the functions in `schema` (PostgreSQL) or `database` (MySQL);
    /// see [`create_functions_in`].
    fn create_in(
        pool: &sqlx::Pool<Self>,
        schema: &str,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send;
}

mod sealed {
    pub trait Sealed {}
}

/// A name the script functions refuse, as sqlx's error for a bad argument.
#[cold]
fn invalid(err: crate::Error) -> sqlx::Error {
    sqlx::Error::InvalidArgument(err.to_string())
}

#[cfg(feature = "sqlx-postgres")]
impl sealed::Sealed for sqlx::Postgres {}

#[cfg(feature = "sqlx-postgres")]
impl SqlFunctions for sqlx::Postgres {
    async fn create(pool: &sqlx::Pool<Self>) -> Result<(), sqlx::Error> {
        // One transaction: a concurrent caller sees the old functions or the new ones.
        let mut tx = pool.begin().await?;
        let schema: Option<alloc::string::String> = sqlx::query_scalar("SELECT current_schema()")
            .fetch_one(&mut *tx)
            .await?;
        let Some(schema) = schema else {
            return Err(sqlx::Error::InvalidArgument(
                "no schema to create the SQL functions in: the connection's search_path names \
                 no schema that exists (name one with idtypes::sql::create_functions_in)"
                    .into(),
            ));
        };
        let script = postgres_script(&schema).map_err(invalid)?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(script))
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    async fn create_in(pool: &sqlx::Pool<Self>, schema: &str) -> Result<(), sqlx::Error> {
        let script = postgres_script(schema).map_err(invalid)?;
        let mut tx = pool.begin().await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(script))
            .execute(&mut *tx)
            .await?;
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
        for statement in mysql_statements(MYSQL) {
            sqlx::raw_sql(statement).execute(&mut *conn).await?;
        }
        Ok(())
    }

    async fn create_in(pool: &sqlx::Pool<Self>, database: &str) -> Result<(), sqlx::Error> {
        let script = mysql_script(database).map_err(invalid)?;
        let mut conn = pool.acquire().await?;
        for statement in mysql_statements(&script) {
            sqlx::raw_sql(sqlx::AssertSqlSafe(statement))
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
}

/// Creates (or replaces) the functions `<format>_text(id)`, `<format>_from_text(text)` and the
/// others of the [module docs](super) for every format, in the connection's schema: on
/// PostgreSQL the current schema (the first of `search_path` that exists), on MySQL the
/// current database.
///
/// # Errors
///
/// sqlx's error if a statement fails (a missing privilege, say), and
/// [`sqlx::Error::InvalidArgument`] on PostgreSQL when `search_path` names no schema that
/// exists.
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
pub async fn create_functions<DB: SqlFunctions>(pool: &sqlx::Pool<DB>) -> Result<(), sqlx::Error> {
    DB::create(pool).await
}

/// Creates (or replaces) the functions in `schema` (PostgreSQL, which must exist: `CREATE
/// SCHEMA` first) or `database` (MySQL), whatever the connection's: the scripts of
/// [`postgres_script`](super::postgres_script) and [`mysql_script`](super::mysql_script).
/// Call them with the name, from a connection to anywhere: `SELECT ids.tid_text(id)`.
///
/// # Errors
///
/// [`sqlx::Error::InvalidArgument`] for a name the script functions refuse (its message is
/// their [`Error`](crate::Error)'s), and sqlx's error if a statement fails (a missing schema
/// or privilege, say).
///
/// # Examples
///
/// ```no_run
/// # async fn run(pool: sqlx::PgPool) -> Result<(), sqlx::Error> {
/// sqlx::query("CREATE SCHEMA IF NOT EXISTS ids").execute(&pool).await?;
/// idtypes::sql::create_functions_in(&pool, "ids").await?;
/// let text: String = sqlx::query_scalar("SELECT ids.tid_text(1728652679052295174)")
///     .fetch_one(&pool)
///     .await?;
/// assert_eq!(text, "3jzfcijpj2z2a");
/// # Ok(())
/// # }
/// ```
pub async fn create_functions_in<DB: SqlFunctions>(
    pool: &sqlx::Pool<DB>,
    schema: &str,
) -> Result<(), sqlx::Error> {
    DB::create_in(pool, schema).await
}
