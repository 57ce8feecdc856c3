//! The sqlx integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The cases are in `common/sqlx_cases.rs`.

#[macro_use]
#[path = "common/sqlx_cases.rs"]
mod sqlx_cases;

type Db = sqlx::MySql;

async fn connect() -> Option<sqlx::Pool<Db>> {
    let url = idtypes_tests::mysql_url()?;
    let pool = sqlx::mysql::MySqlPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    Some(pool)
}

fn ph(_n: usize) -> String {
    "?".to_owned()
}

/// The documented columns. Text must compare bytes: the server default (`utf8mb4_general_ci`)
/// would make `a` equal `A`.
fn column(storage: Storage) -> &'static str {
    match storage {
        Storage::Bytes8 => "BINARY(8)",
        Storage::Bytes10 => "BINARY(10)",
        Storage::Text => "VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin",
    }
}

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
const BLOB_COLUMN: &str = "VARBINARY(16)";

sqlx_cases!();
