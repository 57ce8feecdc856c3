//! The diesel integration on PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset),
//! through diesel's own connection (libpq).
//!
//! The shared cases are in `common/diesel_cases.rs`; PostgreSQL's own (arrays) are here.

use diesel::Connection;

pub use crate::common::sqlx_cases::postgres::{column, ph};

type Db = diesel::pg::Pg;
type Conn = diesel::PgConnection;
type IntegerSql = diesel::sql_types::BigInt;

/// A connection to `IDTYPES_TEST_POSTGRES_URL`, or `None` (a skip) when it is unset.
pub fn connect() -> Option<Conn> {
    let url = idtypes_tests::postgres_url()?;
    Some(Conn::establish(&url).unwrap_or_else(|err| panic!("connect to {url}: {err}")))
}

const BLOB_COLUMN: &str = "BYTEA";
const REAL_COLUMN: &str = "DOUBLE PRECISION";

/// A signed 64-bit integer column, and whether the ids' own columns are unsigned.
const SIGNED_COLUMN: &str = "BIGINT";
const UNSIGNED_INTEGERS: bool = false;

/// PostgreSQL says each value's type: text is never bytes.
const TEXT_APART_FROM_BYTES: bool = true;

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "BYTEA, found TEXT";
const WRONG_FOR_TEXT: &str = "text (TEXT, VARCHAR or CHAR), found BYTEA";

diesel_cases!();
