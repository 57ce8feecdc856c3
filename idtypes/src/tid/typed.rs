//! What a typed TID has beside what every typed id has: the TID's parts, time ranges and
//! generation ([`TypedTid`]), and the derive's macro.

use super::Tid;
#[cfg(all(feature = "std", idtypes_host))]
use super::TidGenerator;
use crate::TypedId;
use crate::typed::ext;

/// What a typed TID does as a TID: its parts, time ranges and generation, typed. Implemented
/// for every typed id over a [`Tid`] (`#[derive(idtypes::Tid)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post")]
/// struct PostId(idtypes::Tid);
///
/// let id = PostId::now();
/// assert!(id.clock_id() < 1024);
/// let range = PostId::range_for_micros(0, id.timestamp_micros()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(PostId::at(id.timestamp())?.timestamp_micros(), id.timestamp_micros());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedTid: TypedId<Inner = Tid> + Copy {
    ext::getters! {
        /// The timestamp: microseconds since the Unix epoch.
        timestamp_micros -> u64;
        /// The clock id, 0 to 1023.
        clock_id -> u16;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(Tid);
    ext::integer_range!(Tid, range_for_micros, "microseconds");
    ext::time_ranges!(Tid);
    ext::new!(now, Tid::now, "A new id from the process-wide generator.");
    ext::next_from!(TidGenerator);
    ext::at!(
        Tid::at,
        "An id of the time `time`, rounded down to the microsecond, with a random clock id (`Tid::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedTid for Tid);

/// The TID part of a typed id: `PostId { checked | unchecked, "post", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Tid, $checks, $prefix, $separator);
    };
}
