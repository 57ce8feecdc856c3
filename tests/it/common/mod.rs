//! What several suites share.

/// Bad stored values and this crate's errors for them, through every integration (the
/// [`stored_value_cases!`] macro). First, so that the cases below can use the macro.
#[macro_use]
pub mod refused;

/// The sqlx cases of `sqlx_postgres`, `sqlx_mysql` and `sqlx_sqlite` (the [`sqlx_cases!`]
/// macro), and the sample values `sqlx_derive` uses too.
#[macro_use]
pub mod sqlx_cases;

/// The diesel cases of `diesel_postgres`, `diesel_mysql` and `diesel_sqlite` (the
/// [`diesel_cases!`] macro), on the sqlx cases' sample values.
#[macro_use]
pub mod diesel_cases;

/// The SeaORM entities and cases of `sea_orm_postgres`, `sea_orm_mysql` and `sea_orm_sqlite`.
pub mod sea_orm_cases;

/// Typed UUIDs and their sample values, for the diesel, SeaORM and rusqlite suites.
pub mod typed_uuid;

/// Reading the JSON conformance vectors: a section, a field, hex bytes.
pub mod vectors;
