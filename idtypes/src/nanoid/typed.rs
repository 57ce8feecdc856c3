//! What `#[derive(NanoId)]` adds to a typed id beside what every typed id has: `Clone` and
//! `Copy`, the accessors, and `random()`, a random id.

/// Every `NanoId<A, LEN>`: what `#[derive(NanoId)]` checks its field against. Not public API.
#[doc(hidden)]
pub trait NanoIdFamily {}

impl<A: super::NanoAlphabet, const LEN: usize> NanoIdFamily for super::NanoId<A, LEN> {}

/// The NanoID part of a typed id's API: `InviteId { checked | unchecked, "inv", "_" }`. The
/// inner type is the field's (`NanoId<Lowercase, 16>`), read as `<Self as TypedId>::Inner`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_nano_id {
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
            pub const fn from_inner_unchecked(inner: <Self as $crate::TypedId>::Inner) -> Self {
                Self(inner)
            }

            /// The id inside.
            #[inline]
            pub const fn as_inner(&self) -> &<Self as $crate::TypedId>::Inner {
                &self.0
            }

            /// The id inside, by value.
            #[inline]
            pub const fn into_inner(self) -> <Self as $crate::TypedId>::Inner {
                self.0
            }

            /// The NanoID's text, without the type's prefix.
            #[inline]
            pub const fn as_str(&self) -> &$crate::__private::core::primitive::str {
                self.0.as_str()
            }

            $crate::__idtypes_typed_nano_id!(@new $checks);
        }
    };
    (@new unchecked) => {
        $crate::__idtypes_typed_nano_id!(@if_host
            /// A new random id (see `idtypes::NanoId::random`).
            #[inline]
            pub fn random() -> Self {
                Self(<Self as $crate::TypedId>::Inner::random())
            }
        );
    };
    (@new checked) => {
        $crate::__idtypes_typed_nano_id!(@if_host
            /// A new random id (see `idtypes::NanoId::random`), once the type's checks accept
            /// it.
            ///
            /// # Errors
            ///
            /// The type's check, when it refuses the new id.
            #[inline]
            pub fn random() -> $crate::__private::core::result::Result<Self, $crate::Error> {
                <Self as $crate::TypedId>::try_from_inner(<Self as $crate::TypedId>::Inner::random())
            }
        );
    };
    (@if_host $($item:tt)*) => {
        $crate::__idtypes_typed_nano_id_new! { $($item)* }
    };
}

/// The items given, with the generators (`std`, on a target with a host's randomness).
#[cfg(all(feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_nano_id_new {
    ($($item:tt)*) => { $($item)* };
}

/// Nothing, without the generators.
#[cfg(not(all(feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_nano_id_new {
    ($($item:tt)*) => {};
}
