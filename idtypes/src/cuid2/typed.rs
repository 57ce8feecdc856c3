//! What `#[derive(Cuid2)]` adds to a typed id beside what every typed id has: `Clone` and
//! `Copy`, the accessors, and, with the `cuid2` feature, `generate()` (24 characters) and
//! `next_from(&generator)` (the generator's length).

/// `Cuid2`: what `#[derive(Cuid2)]` checks its field against. Not public API.
#[doc(hidden)]
pub trait Cuid2Family {}

impl Cuid2Family for super::Cuid2 {}

/// The CUID2 part of a typed id's API: `UserId { checked | unchecked, "usr", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_cuid2 {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        #[automatically_derived]
        impl $crate::__private::core::clone::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl $crate::__private::core::marker::Copy for $name {}

        impl $name {
            /// The typed id holding `inner`, without the type's checks (its `validate`
            /// function, when it has one): for values known to be good, or that must be read
            /// whatever they are. The value may break the type's rules; nothing else about it
            /// is unsafe.
            #[inline]
            pub const fn from_inner_unchecked(inner: $crate::Cuid2) -> Self {
                Self(inner)
            }

            /// The id inside.
            #[inline]
            pub const fn as_inner(&self) -> &$crate::Cuid2 {
                &self.0
            }

            /// The id inside, by value.
            #[inline]
            pub const fn into_inner(self) -> $crate::Cuid2 {
                self.0
            }

            /// The CUID2's text, without the type's prefix.
            #[inline]
            pub const fn as_str(&self) -> &$crate::__private::core::primitive::str {
                self.0.as_str()
            }

            $crate::__idtypes_typed_cuid2_generate!($checks);
        }
    };
}

/// `generate()` and `next_from(&generator)` (with the `cuid2` feature and the generators:
/// `std`, on a target with a host's randomness).
#[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_cuid2_generate {
    (unchecked) => {
        /// A new id of 24 characters (see `idtypes::Cuid2::generate`).
        #[inline]
        pub fn generate() -> Self {
            Self($crate::Cuid2::generate())
        }

        /// The next id from `generator`, of its length (see `idtypes::cuid2::Cuid2Generator`).
        #[inline]
        pub fn next_from<C: $crate::Clock>(generator: &$crate::cuid2::Cuid2Generator<C>) -> Self {
            Self(generator.next())
        }
    };
    (checked) => {
        /// A new id of 24 characters (see `idtypes::Cuid2::generate`), once the type's checks
        /// accept it.
        ///
        /// # Errors
        ///
        /// The type's check, when it refuses the new id.
        #[inline]
        pub fn generate() -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner($crate::Cuid2::generate())
        }

        /// The next id from `generator`, of its length (see
        /// `idtypes::cuid2::Cuid2Generator`), once the type's checks accept it.
        ///
        /// # Errors
        ///
        /// The type's check, when it refuses the new id.
        #[inline]
        pub fn next_from<C: $crate::Clock>(
            generator: &$crate::cuid2::Cuid2Generator<C>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner(generator.next())
        }
    };
}

/// Nothing, without the `cuid2` feature or the generators.
#[cfg(not(all(feature = "cuid2", feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_cuid2_generate {
    ($checks:ident) => {};
}
