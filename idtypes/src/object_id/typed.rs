//! What a typed ObjectId has beside what every typed id has: the ObjectId's parts, time
//! ranges and generation ([`TypedObjectId`]), and the derive's macro.

use super::ObjectId;
#[cfg(all(feature = "std", idtypes_host))]
use super::ObjectIdGenerator;
use crate::TypedId;
use crate::typed::ext;

/// What a typed ObjectId does as an ObjectId: its parts, time ranges and generation, typed.
/// Implemented for every typed id over an [`ObjectId`] (`#[derive(idtypes::ObjectId)]`); in
/// scope with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::ObjectId)]
/// #[idtype(prefix = "order")]
/// struct OrderId(idtypes::ObjectId);
///
/// let id = OrderId::now();
/// let range = OrderId::range_for_seconds(0, id.timestamp_seconds()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(OrderId::at(id.timestamp())?.process_unique(), id.process_unique());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedObjectId: TypedId<Inner = ObjectId> + Copy {
    ext::getters! {
        /// The timestamp: seconds since the Unix epoch.
        timestamp_seconds -> u64;
        /// The random value of the process that made the id: bytes 4 to 8.
        process_unique -> [u8; 5];
        /// The counter: bytes 9 to 11, big-endian.
        counter -> u32;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(ObjectId);
    ext::integer_range!(ObjectId, range_for_seconds, "seconds");
    ext::time_ranges!(ObjectId);
    ext::new!(
        now,
        ObjectId::now,
        "A new id from the process-wide generator."
    );
    ext::next_from!(ObjectIdGenerator);
    ext::at!(
        ObjectId::at,
        "An id of the time `time`, rounded down to the second, with this process's random value and the next count (`ObjectId::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedObjectId for ObjectId);

/// The ObjectId part of a typed id: `OrderId { checked | unchecked, "order", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_object_id {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, ObjectId, $checks, $prefix, $separator);
    };
}
