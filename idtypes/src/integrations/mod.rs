//! Integrations with other crates, each in its own file and gated here, in one place.

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
pub mod lease;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "serde")]
pub(crate) mod serde_typed;
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
#[cfg(feature = "uuid")]
mod uuid;
