//! The diesel integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset),
//! through diesel's own connection (libmysqlclient, or MariaDB's libmariadb).
//!
//! The cases are in `common/diesel_cases.rs`.

use diesel::Connection;

use crate::common::sqlx_cases::mysql::{column, ph};

type Db = diesel::mysql::Mysql;
type Conn = diesel::MysqlConnection;
type SqlxDb = sqlx::MySql;
type IntegerSql = diesel::sql_types::Unsigned<diesel::sql_types::BigInt>;

/// A connection to `IDTYPES_TEST_MYSQL_URL`, or `None` (a skip) when it is unset.
pub fn connect() -> Option<Conn> {
    let url = idtypes_tests::mysql_url()?;
    Some(Conn::establish(&url).unwrap_or_else(|err| panic!("connect to {url}: {err}")))
}

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
/// diesel's connection and sqlx's pool to the server, or `None` (a skip).
fn both() -> Option<(
    Conn,
    sqlx::Pool<SqlxDb>,
    tokio::runtime::Runtime,
    Option<std::path::PathBuf>,
)> {
    let conn = connect()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let pool = runtime.block_on(crate::common::sqlx_cases::mysql::connect())?;
    Some((conn, pool, runtime, None))
}

const BLOB_COLUMN: &str = "VARBINARY(16)";
const REAL_COLUMN: &str = "DOUBLE";

/// A signed 64-bit integer column, and whether the ids' own columns are unsigned.
const SIGNED_COLUMN: &str = "BIGINT";
const UNSIGNED_INTEGERS: bool = true;

/// diesel's MySQL values do not tell text from bytes: an `ascii_bin` column's text comes as
/// bytes (see the `idtypes::diesel` docs).
const TEXT_APART_FROM_BYTES: bool = false;
const WRONG_FOR_BYTES: &str = "";
const WRONG_FOR_TEXT: &str = "";

diesel_cases!();
