//! The databases: sqlx (PostgreSQL, MySQL/MariaDB, SQLite), postgres-types (tokio-postgres),
//! SeaORM, rusqlite and diesel, which store every id in the same columns (`columns`), the
//! `AsText` and `AsBytes` adapters, and leases of clock, node and machine ids (`lease`).

/// The modules every database integration shares (not leases on etcd alone).
macro_rules! with_databases {
    ($($item:item)*) => {$(
        #[cfg(any(
            feature = "sqlx-postgres",
            feature = "sqlx-mysql",
            feature = "sqlx-sqlite",
            feature = "postgres-types",
            feature = "sea-orm",
            feature = "rusqlite",
            feature = "diesel-postgres",
            feature = "diesel-mysql",
            feature = "diesel-sqlite"
        ))]
        $item
    )*};
}

with_databases! {
    pub(crate) mod as_bytes;
    pub(crate) mod as_text;
    pub(crate) mod columns;
}
#[cfg(any(
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
pub mod diesel;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "etcd"
))]
pub mod lease;
#[cfg(feature = "postgres-types")]
pub(crate) mod postgres_types;
#[cfg(feature = "rusqlite")]
pub(crate) mod rusqlite;
#[cfg(feature = "sea-orm")]
pub(crate) mod sea_orm;
// The scripts need no database client (the CLI prints them); the functions' installers do.
pub mod sql;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
pub(crate) mod sqlx;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
pub(crate) mod sqlx_typed;
