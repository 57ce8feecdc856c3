//! The sqlx integration on SQLite (embedded, in memory: always runs).
//!
//! The cases are in `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::sqlite::{Db, column, connect, ph};

const BLOB_COLUMN: &str = "BLOB";

sqlx_cases!();
