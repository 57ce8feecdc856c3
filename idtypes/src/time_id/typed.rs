//! What a typed TimeId has beside what every typed id has: the TimeId's parts, time ranges
//! and generation ([`TypedTimeId`]), and the derive's macro.

#[cfg(all(feature = "std", idtypes_host))]
use super::TimeIdGenerator;
use super::{NodeId, TimeId};
use crate::TypedId;
use crate::typed::ext;

/// What a typed TimeId does as a TimeId: its parts, time ranges and generation, typed.
/// Implemented for every typed id over a [`TimeId`] (`#[derive(idtypes::TimeId)]`); in
/// scope with `use idtypes::prelude::*`.
///
/// A span across 1970 is two ranges (pre-1970 ids sort last): a typed TimeId has the plural
/// range forms only.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::TimeId)]
/// #[idtype(prefix = "evt")]
/// struct Id(idtypes::TimeId);
///
/// let id = Id::now();
/// let ranges = Id::ranges_for_micros(0, id.timestamp_micros());
/// assert!(ranges.iter().any(|range| range.contains(&id)));
/// assert_eq!(Id::at(id.timestamp())?.timestamp_micros(), id.timestamp_micros());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedTimeId: TypedId<Inner = TimeId> + Copy {
    ext::getters! {
        /// The timestamp: microseconds since the Unix epoch (negative before 1970).
        timestamp_micros -> i64;
        /// The node field.
        node -> NodeId;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(TimeId);

    /// The ids whose timestamps (Unix microseconds) lie in `start..=end`, as up to two
    /// ranges (see `IdRanges`).
    #[inline]
    fn ranges_for_micros(start: i64, end: i64) -> crate::IdRanges<Self> {
        TimeId::ranges_for_micros(start, end).map(Self::from_inner_unchecked)
    }

    ext::time_ranges!(TimeId, plural);
    ext::new!(
        now,
        TimeId::now,
        "A new id from the process-wide generator."
    );
    ext::next_from!(TimeIdGenerator);
    ext::at!(
        TimeId::at,
        "An id of the time `time`, rounded down to the microsecond, with a random best-effort node (`TimeId::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedTimeId for TimeId);

/// The TimeId part of a typed id: `EventId { checked | unchecked, "evt", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_time_id {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, TimeId, $checks, $prefix, $separator);
    };
}
