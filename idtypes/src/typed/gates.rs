//! Macros that keep or drop the tokens given to them, as this crate's features say. The
//! derive macros' code runs in the user's crate, where `cfg(feature = ...)` would ask about
//! the user's features; these answer for idtypes' own.
//!
//! They are written out by hand, two definitions per feature, on purpose. A macro that wrote
//! them (`gate!(std => __idtypes_if_std)`) would define `#[macro_export]` macros by macro
//! expansion, and rustc refuses to let such a macro be named by path ("macro-expanded
//! `macro_export` macros from the current crate cannot be referred to by absolute paths"):
//! `__private` re-exports them by path (`pub use crate::__idtypes_if_std as if_std`), and the
//! typed-id macros call them through it. Ten short definitions are the price of paths that
//! work.

#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_std {
    ($($tokens:tt)*) => { $($tokens)* };
}

#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_std {
    ($($tokens:tt)*) => {};
}

#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_serde {
    ($($tokens:tt)*) => { $($tokens)* };
}

#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_serde {
    ($($tokens:tt)*) => {};
}

#[cfg(feature = "chrono")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_chrono {
    ($($tokens:tt)*) => { $($tokens)* };
}

#[cfg(not(feature = "chrono"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_chrono {
    ($($tokens:tt)*) => {};
}

#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_sqlx {
    ($($tokens:tt)*) => { $($tokens)* };
}

#[cfg(not(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_sqlx {
    ($($tokens:tt)*) => {};
}

#[cfg(feature = "sqlx-postgres")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_sqlx_postgres {
    ($($tokens:tt)*) => { $($tokens)* };
}

#[cfg(not(feature = "sqlx-postgres"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_if_sqlx_postgres {
    ($($tokens:tt)*) => {};
}
