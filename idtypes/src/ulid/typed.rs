//! What a typed ULID has beside what every typed id has: the ULID's parts, time ranges and
//! generation ([`TypedUlid`]), and the derive's macro.

use super::Ulid;
#[cfg(all(feature = "std", idtypes_host))]
use super::UlidGenerator;
use crate::TypedId;
use crate::typed::ext;

/// What a typed ULID does as a ULID: its parts, time ranges and generation, typed.
/// Implemented for every typed id over a [`Ulid`] (`#[derive(idtypes::Ulid)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Ulid)]
/// #[idtype(prefix = "order")]
/// struct Id(idtypes::Ulid);
///
/// let id = Id::now();
/// let range = Id::range_for_millis(0, id.timestamp_millis()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(Id::at(id.timestamp())?.timestamp_millis(), id.timestamp_millis());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedUlid: TypedId<Inner = Ulid> + Copy {
    ext::getters! {
        /// The timestamp: milliseconds since the Unix epoch.
        timestamp_millis -> u64;
        /// The 80 random bits.
        random -> u128;
    }
    ext::timestamps!(option);
    crate::__idtypes_typed_prefix_range!(Ulid);
    ext::integer_range!(Ulid, range_for_millis, "milliseconds");
    ext::time_ranges!(Ulid);
    ext::new!(now, Ulid::now, "A new id from the process-wide generator.");
    ext::next_from!(UlidGenerator);
    ext::at!(
        Ulid::at,
        "An id of the time `time`, rounded down to the millisecond, with 80 random bits (`Ulid::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedUlid for Ulid);

/// The ULID part of a typed id: `OrderId { checked | unchecked, "order", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ulid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Ulid, $checks, $prefix, $separator);
    };
}
