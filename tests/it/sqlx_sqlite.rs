//! The sqlx integration on SQLite (embedded, in memory: always runs).
//!
//! The cases are in `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::sqlite::{Db, column, connect, ph};

const BLOB_COLUMN: &str = "BLOB";

/// Text in a single-byte character set, and text made from eight 0xFF bytes: SQLite keeps the
/// bytes of a text value as they are, valid UTF-8 or not.
const LATIN_TEXT_COLUMN: &str = "TEXT";
const FF_TEXT: &str = "CAST(x'FFFFFFFFFFFFFFFF' AS TEXT)";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "INTEGER";

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "a BLOB value, found a TEXT value";
const WRONG_FOR_TEXT: &str = "a TEXT value, found a BLOB value";

sqlx_cases!();
