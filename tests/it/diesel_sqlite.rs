//! The diesel integration on SQLite (embedded, in memory: always runs), through diesel's own
//! connection.
//!
//! The cases are in `common/diesel_cases.rs`.

use diesel::Connection;

pub use crate::common::sqlx_cases::sqlite::{column, ph};

type Db = diesel::sqlite::Sqlite;
type Conn = diesel::SqliteConnection;
type IntegerSql = diesel::sql_types::BigInt;

/// A new in-memory database (each connection has its own).
pub fn connect() -> Option<Conn> {
    Some(Conn::establish(":memory:").expect("open an in-memory SQLite database"))
}

const BLOB_COLUMN: &str = "BLOB";
const REAL_COLUMN: &str = "REAL";

/// A signed 64-bit integer column, and whether the ids' own columns are unsigned.
const SIGNED_COLUMN: &str = "INTEGER";
const UNSIGNED_INTEGERS: bool = false;

/// SQLite says each value's storage class: text is never bytes.
const TEXT_APART_FROM_BYTES: bool = true;

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "a BLOB value, found a TEXT value";
const WRONG_FOR_TEXT: &str = "a TEXT value, found a BLOB value";

diesel_cases!();
