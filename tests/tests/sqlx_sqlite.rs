//! The sqlx integration on SQLite (embedded, in memory: always runs).
//!
//! The cases are in `common/sqlx_cases.rs`.

#[macro_use]
#[path = "common/sqlx_cases.rs"]
mod sqlx_cases;

use sqlx_cases::sqlite::{Db, column, connect, ph};

const BLOB_COLUMN: &str = "BLOB";

sqlx_cases!();
