//! What `#[derive(NanoId)]` adds to a typed id beside what every typed id has: `Clone` and
//! `Copy`, the accessors, and `random()`, a random id.

/// Every `NanoId<A, LEN>`: what `#[derive(NanoId)]` checks its field against. Not public API.
#[doc(hidden)]
pub trait NanoIdFamily {}

impl<A: super::NanoAlphabet, const LEN: usize> NanoIdFamily for super::NanoId<A, LEN> {}

/// What a typed NanoID does as a NanoID: `random()`, typed (with the generators: `std`, on a
/// target with a host's randomness). Implemented for every typed id over a
/// [`NanoId`](super::NanoId) of any alphabet and length (`#[derive(idtypes::NanoId)]`); in
/// scope with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::{nanoid::Lowercase, prelude::*};
///
/// #[derive(idtypes::NanoId)]
/// #[idtype(prefix = "inv")]
/// struct InviteId(idtypes::NanoId<Lowercase, 16>);
///
/// let id = InviteId::random();
/// assert_eq!(id.as_str().len(), 16);
/// assert_ne!(id, InviteId::random());
/// # }
/// ```
pub trait TypedNanoId: crate::TypedId + Copy {
    /// A new random id of the type's alphabet and length (see
    /// [`NanoId::random`](super::NanoId::random)).
    ///
    /// It returns the id for a type without checks, and `Result<Self, Error>` for a type
    /// with checks ([`Made`](crate::checks::Made)): the check's error, when it refuses the
    /// new id.
    #[cfg(all(feature = "std", idtypes_host))]
    fn random() -> crate::checks::Made<Self>;
}

impl<T, A, const LEN: usize> TypedNanoId for T
where
    T: crate::TypedId<Inner = super::NanoId<A, LEN>> + Copy,
    A: super::NanoAlphabet,
{
    #[cfg(all(feature = "std", idtypes_host))]
    #[inline]
    fn random() -> crate::checks::Made<Self> {
        <T::Checks as crate::checks::Checks>::made::<T>(super::NanoId::<A, LEN>::random())
    }
}

/// The NanoID part of a typed id's API: `InviteId { checked | unchecked, "inv", "_" }`. The
/// inner type is the field's (`NanoId<Lowercase, 16>`), read as `<Self as TypedId>::Inner`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_nano_id {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        #[automatically_derived]
        impl $crate::__private::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl $crate::__private::Copy for $name {}

        impl $name {
            $crate::__idtypes_typed_from_inner!($checks, <Self as $crate::TypedId>::Inner);

            /// The typed id holding `inner`, without the type's checks: for values known to be good
            /// (see `TypedId::from_inner_unchecked`).
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
            pub const fn as_str(&self) -> &$crate::__private::str {
                self.0.as_str()
            }
        }
    };
}
