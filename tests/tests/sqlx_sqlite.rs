//! The sqlx integration on SQLite (embedded, in memory: always runs).
//!
//! The cases are in `common/sqlx_cases.rs`.

#[macro_use]
#[path = "common/sqlx_cases.rs"]
mod sqlx_cases;

type Db = sqlx::Sqlite;

/// One in-memory database per test: one connection, since each connection has its own.
async fn connect() -> Option<sqlx::Pool<Db>> {
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect("sqlite::memory:")
        .await
        .expect("open an in-memory SQLite database");
    Some(pool)
}

fn ph(_n: usize) -> String {
    "?".to_owned()
}

fn column(storage: Storage) -> &'static str {
    match storage {
        Storage::Bytes8 | Storage::Bytes10 => "BLOB",
        Storage::Text => "TEXT",
    }
}

const BLOB_COLUMN: &str = "BLOB";

sqlx_cases!();
