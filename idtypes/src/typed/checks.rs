//! Whether a typed id has checks, as a type: what its constructors return.
//!
//! A typed id without checks (no `validate` function, not a record key with a key type) can
//! always hold a new id of its format, so `PostId::now()` returns a `PostId`. A type with
//! checks may refuse one, so its `now()` returns `Result<PostId, Error>`. The derive says
//! which in [`TypedId::Checks`]: [`Unchecked`] or [`Checked`]. The format's extension traits
//! ([`TypedTid`](crate::tid::TypedTid), ...) write the return type as [`Made<Self>`], which
//! is the one or the other.
//!
//! # Examples
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "std"))] {
//! use idtypes::prelude::*;
//!
//! #[derive(idtypes::Tid)]
//! #[idtype(prefix = "post")]
//! struct PostId(idtypes::Tid);
//!
//! fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
//!     match tid.timestamp_micros() < 1_700_000_000_000_000 {
//!         true => Err("made before November 2023"),
//!         false => Ok(()),
//!     }
//! }
//!
//! #[derive(idtypes::Tid)]
//! #[idtype(prefix = "note", validate = recent)]
//! struct NoteId(idtypes::Tid);
//!
//! let post: PostId = PostId::now(); // no checks: the id
//! let note: Result<NoteId, idtypes::Error> = NoteId::now(); // checks: a `Result`
//! assert!(post.timestamp_micros() > 0);
//! assert!(note.is_ok());
//! # }
//! ```

use crate::{Error, TypedId};

/// What a new id of a typed id type is: the type itself ([`Unchecked`]), or a `Result` of it
/// ([`Checked`]). Implemented by those two only.
///
/// # Examples
///
/// ```
/// use idtypes::checks::{Checked, Checks, Unchecked};
///
/// fn has_checks<C: Checks>() -> bool {
///     C::HAS_CHECKS
/// }
///
/// assert!(has_checks::<Checked>());
/// assert!(!has_checks::<Unchecked>());
/// ```
pub trait Checks: sealed::Sealed + 'static {
    /// Whether a type of this kind has checks (its new ids may be refused).
    const HAS_CHECKS: bool;

    /// What a constructor of a typed id `T` returns: `T`, or `Result<T, Error>`.
    type Made<T>;

    /// `T` holding `inner`: the check's result for [`Checked`], the id for [`Unchecked`].
    /// Called by the extension traits; not public API.
    #[doc(hidden)]
    fn made<T: TypedId>(inner: T::Inner) -> Self::Made<T>;
}

/// A typed id type without checks: its constructors return the id
/// ([`TypedId::Checks`]).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{TypedId, checks::Unchecked};
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post")]
/// struct PostId(idtypes::Tid);
///
/// fn unchecked<T: TypedId<Checks = Unchecked>>() {}
/// unchecked::<PostId>();
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unchecked {}

/// A typed id type with checks (a `validate` function, or a record key type): its
/// constructors return `Result<Self, Error>` ([`TypedId::Checks`]).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{TypedId, checks::Checked};
///
/// fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
///     Ok(())
/// }
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post", validate = recent)]
/// struct PostId(idtypes::Tid);
///
/// fn checked<T: TypedId<Checks = Checked>>() {}
/// checked::<PostId>();
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Checked {}

/// What a constructor of the typed id `T` returns (`now()`, `next_from`, `random()`, ...):
/// `T` for a type without checks, `Result<T, Error>` for a type with checks.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::{checks::Made, prelude::*};
///
/// #[derive(idtypes::Ulid)]
/// #[idtype(prefix = "order")]
/// struct OrderId(idtypes::Ulid);
///
/// let id: Made<OrderId> = OrderId::now();
/// let _: OrderId = id;
/// # }
/// ```
pub type Made<T> = <<T as TypedId>::Checks as Checks>::Made<T>;

impl Checks for Unchecked {
    const HAS_CHECKS: bool = false;

    type Made<T> = T;

    #[inline]
    fn made<T: TypedId>(inner: T::Inner) -> T {
        T::from_inner_unchecked(inner)
    }
}

impl Checks for Checked {
    const HAS_CHECKS: bool = true;

    type Made<T> = Result<T, Error>;

    #[inline]
    fn made<T: TypedId>(inner: T::Inner) -> Result<T, Error> {
        T::try_from_inner(inner)
    }
}

mod sealed {
    pub trait Sealed {}

    impl Sealed for super::Unchecked {}
    impl Sealed for super::Checked {}
}
