//! The sqlx integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The cases are in `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
const BLOB_COLUMN: &str = "VARBINARY(16)";

/// Text in a single-byte character set, and text made from eight 0xFF bytes.
const LATIN_TEXT_COLUMN: &str = "VARCHAR(16) CHARACTER SET latin1";
const FF_TEXT: &str = "CONVERT(x'FFFFFFFFFFFFFFFF' USING latin1)";

/// A signed 64-bit integer column, and whether the ids' own columns are unsigned.
const SIGNED_COLUMN: &str = "BIGINT";
const UNSIGNED_INTEGERS: bool = true;

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "binary data (BINARY, VARBINARY or BLOB), found text (VARCHAR)";
const WRONG_FOR_TEXT: &str =
    "text (CHAR, VARCHAR or TEXT, not of the binary character set), found binary data (VARBINARY)";

sqlx_cases!();
