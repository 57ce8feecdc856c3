//! What `#[derive(Cuid2)]` adds to a typed id beside what every typed id has: `Clone` and
//! `Copy`, the accessors, and, with the `cuid2` feature, `generate()` (24 characters) and
//! `next_from(&generator)` (the generator's length).

/// `Cuid2`: what `#[derive(Cuid2)]` checks its field against. Not public API.
#[doc(hidden)]
pub trait Cuid2Family {}

impl Cuid2Family for super::Cuid2 {}

/// What a typed CUID2 does as a CUID2: `generate()` and `next_from`, typed (with the `cuid2`
/// feature and the generators: `std`, on a target with a host's randomness). Implemented for
/// every typed id over a [`Cuid2`](super::Cuid2) (`#[derive(idtypes::Cuid2)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "cuid2", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Cuid2)]
/// #[idtype(prefix = "usr")]
/// struct UserId(idtypes::Cuid2);
///
/// let id = UserId::generate();
/// assert_eq!(id.as_str().len(), 24);
/// let generator = idtypes::cuid2::Cuid2Generator::new().with_length(10)?;
/// assert_eq!(UserId::next_from(&generator).as_str().len(), 10);
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedCuid2: crate::TypedId<Inner = super::Cuid2> + Copy {
    #[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
    crate::typed::ext::new!(
        generate,
        super::Cuid2::generate,
        "A new id of 24 characters (see [`Cuid2::generate`](super::Cuid2::generate))."
    );

    /// The next id from `generator`, of its length (see
    /// [`Cuid2Generator`](super::Cuid2Generator)).
    ///
    /// It returns the id for a type without checks, and `Result<Self, Error>` for a type
    /// with checks ([`Made`](crate::checks::Made)): the check's error, when it refuses the
    /// new id.
    #[cfg(all(feature = "cuid2", feature = "std", idtypes_host))]
    #[inline]
    fn next_from<C: crate::Clock>(
        generator: &super::Cuid2Generator<C>,
    ) -> crate::checks::Made<Self> {
        <Self::Checks as crate::checks::Checks>::made::<Self>(generator.next())
    }
}

crate::typed::ext::blanket_impl!(TypedCuid2 for super::Cuid2);

/// The CUID2 part of a typed id's API: `UserId { checked | unchecked, "usr", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_cuid2 {
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
            $crate::__idtypes_typed_from_inner!($checks, $crate::Cuid2);

            /// The typed id holding `inner`, without the type's checks: for values known to be good
            /// (see `TypedId::from_inner_unchecked`).
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
            pub const fn as_str(&self) -> &$crate::__private::str {
                self.0.as_str()
            }
        }
    };
}
