//! What a typed KSUID has beside what every typed id has: the KSUID's parts, time ranges and
//! generation ([`TypedKsuid`]), and the derive's macro.

use super::Ksuid;
#[cfg(all(feature = "std", idtypes_host))]
use super::KsuidGenerator;
use crate::TypedId;
use crate::typed::ext;

/// What a typed KSUID does as a KSUID: its parts, time ranges and generation, typed.
/// Implemented for every typed id over a [`Ksuid`] (`#[derive(idtypes::Ksuid)]`); in scope
/// with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Ksuid)]
/// #[idtype(prefix = "event")]
/// struct Id(idtypes::Ksuid);
///
/// let id = Id::now();
/// let range = Id::range_for_seconds(0, id.timestamp_seconds()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(Id::at(id.timestamp())?.timestamp_seconds(), id.timestamp_seconds());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedKsuid: TypedId<Inner = Ksuid> + Copy {
    ext::getters! {
        /// The timestamp: seconds since the Unix epoch.
        timestamp_seconds -> u64;
        /// The 128-bit random payload.
        payload -> u128;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(Ksuid);
    ext::integer_range!(Ksuid, range_for_seconds, "seconds");
    ext::time_ranges!(Ksuid);
    ext::new!(
        now,
        Ksuid::now,
        "A new id from the process-wide generator (a fresh random payload)."
    );
    ext::next_from!(KsuidGenerator);
    ext::at!(
        Ksuid::at,
        "An id of the time `time`, rounded down to the second, with a random payload (`Ksuid::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedKsuid for Ksuid);

/// The KSUID part of a typed id: `EventId { checked | unchecked, "event", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ksuid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Ksuid, $checks, $prefix, $separator);
    };
}
