//! The sqlx integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The cases are in `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
const BLOB_COLUMN: &str = "VARBINARY(16)";

sqlx_cases!();
