//! What several suites share.

/// The sqlx cases of `sqlx_postgres`, `sqlx_mysql` and `sqlx_sqlite` (the [`sqlx_cases!`]
/// macro), and the sample values `sqlx_derive` uses too.
#[macro_use]
pub mod sqlx_cases;

/// The SeaORM entities and cases of `sea_orm_postgres`, `sea_orm_mysql` and `sea_orm_sqlite`.
pub mod sea_orm_cases;
