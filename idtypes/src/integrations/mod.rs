//! Integrations with other crates, each in its own file and gated here, in one place: the
//! databases (`db/`: sqlx, postgres-types, SeaORM, rusqlite, diesel, the columns they share,
//! leases), the schemas (`schema/`: schemars, utoipa), serde, the date-time libraries (chrono,
//! jiff, time: each an impl of `UtcTime`), uuid, arbitrary and axum (`axum/`: extractors
//! rejecting with problem details), and async-graphql (`async_graphql/`: every id type and
//! typed id a GraphQL scalar).

#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary;
#[cfg(feature = "async-graphql")]
pub mod async_graphql;
#[cfg(feature = "axum")]
pub mod axum;
#[cfg(feature = "chrono")]
pub(crate) mod chrono;
// `alloc` for the SQL scripts (`idtypes::sql`); every database feature implies it.
#[cfg(feature = "alloc")]
pub(crate) mod db;
#[cfg(feature = "jiff")]
pub(crate) mod jiff;
#[cfg(any(
    feature = "schemars",
    feature = "utoipa",
    feature = "utoipa6",
    feature = "async-graphql"
))]
pub(crate) mod schema;
#[cfg(feature = "serde")]
pub mod serde;
#[cfg(feature = "time")]
pub(crate) mod time;
#[cfg(feature = "uuid")]
pub(crate) mod uuid;

/// Every integration's impls for a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: one line per integration, each a template in
/// that integration's file. A new integration adds its line here, and the derive and its
/// expansion snapshots stay as they are.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_integrations {
    ($name:ident, $inner:ty) => {
        $crate::__idtypes_typed_serde! { $name }
        $crate::__idtypes_typed_sqlx! { $name, $inner }
        $crate::__idtypes_typed_sqlx_postgres! { $name }
        $crate::__idtypes_typed_postgres_types! { $name }
        $crate::__idtypes_typed_sea_orm! { $name }
        $crate::__idtypes_typed_sea_orm_postgres! { $name }
        $crate::__idtypes_typed_rusqlite! { $name }
        $crate::__idtypes_typed_diesel! { $name, $inner }
        $crate::__idtypes_typed_arbitrary! { $name }
        $crate::__idtypes_typed_schemars! { $name }
        $crate::__idtypes_typed_utoipa! { $name }
        $crate::__idtypes_typed_utoipa6! { $name }
        $crate::__idtypes_typed_async_graphql! { $name }
    };
}

// The typed-id templates write nothing without their integration (the derive invokes them
// whatever the features).

#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_serde {
    ($($tokens:tt)*) => {};
}

#[cfg(not(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite"
)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sqlx {
    ($name:ident, $inner:ty) => {};
}

#[cfg(not(feature = "sqlx-postgres"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sqlx_postgres {
    ($name:ident) => {};
}

#[cfg(not(feature = "postgres-types"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_postgres_types {
    ($name:ident) => {};
}

#[cfg(not(any(
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_diesel {
    ($name:ident, $inner:ty) => {};
}

#[cfg(not(feature = "sea-orm"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sea_orm {
    ($name:ident) => {};
}

#[cfg(not(all(feature = "sea-orm", feature = "sqlx-postgres")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sea_orm_postgres {
    ($name:ident) => {};
}

#[cfg(not(feature = "rusqlite"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_rusqlite {
    ($name:ident) => {};
}

#[cfg(not(feature = "arbitrary"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_arbitrary {
    ($name:ident) => {};
}

#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_schemars {
    ($name:ident) => {};
}

#[cfg(not(feature = "utoipa"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_utoipa {
    ($name:ident) => {};
}

#[cfg(not(feature = "utoipa6"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_utoipa6 {
    ($name:ident) => {};
}

#[cfg(not(feature = "async-graphql"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_async_graphql {
    ($name:ident) => {};
}
