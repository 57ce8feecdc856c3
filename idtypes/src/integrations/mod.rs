//! Integrations with other crates, each in its own file and gated here, in one place.

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "serde")]
mod serde;
#[cfg(feature = "uuid")]
mod uuid;
