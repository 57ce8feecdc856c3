//! What a typed Sonyflake has beside what every typed id has: the Sonyflake's parts and time
//! for a layout, time ranges for a layout and `next_from` ([`TypedSonyflake`]), and the
//! derive's macro.

#[cfg(all(feature = "std", idtypes_host))]
use super::SonyflakeGenerator;
use super::{Sonyflake, SonyflakeLayout, SonyflakeParts};
use crate::TypedId;
use crate::typed::ext;

/// What a typed Sonyflake does as a Sonyflake: its parts and time for a layout, time ranges
/// for a layout, and `next_from` (a Sonyflake names its layout and machine: no argument-free
/// `now()`), typed. No prefix ranges: decimal texts do not sort like the ids. Implemented for
/// every typed id over a [`Sonyflake`] (`#[derive(idtypes::Sonyflake)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::{prelude::*, sonyflake::SonyflakeLayout};
///
/// #[derive(idtypes::Sonyflake)]
/// #[idtype(prefix = "job")]
/// struct JobId(idtypes::Sonyflake);
///
/// let id = JobId::at(SonyflakeLayout::V1, std::time::SystemTime::now())?;
/// let millis = id.timestamp_millis(SonyflakeLayout::V1);
/// let range = JobId::range_for_millis(SonyflakeLayout::V1, 0, millis).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(id.decompose(SonyflakeLayout::V1).time_units, id.as_inner().time_units(SonyflakeLayout::V1));
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedSonyflake: TypedId<Inner = Sonyflake> + Copy {
    /// The parts for `layout`.
    #[inline]
    fn decompose(&self, layout: SonyflakeLayout) -> SonyflakeParts {
        self.as_inner().decompose(layout)
    }

    /// The timestamp: Unix milliseconds, for `layout` (its epoch and time unit).
    #[inline]
    fn timestamp_millis(&self, layout: SonyflakeLayout) -> u64 {
        self.as_inner().timestamp_millis(layout)
    }

    ext::integer_range!(Sonyflake, range_for_millis, "milliseconds", layout: SonyflakeLayout);

    /// The timestamp as a `SystemTime`, for `layout`.
    #[cfg(feature = "std")]
    #[inline]
    fn timestamp(&self, layout: SonyflakeLayout) -> std::time::SystemTime {
        self.as_inner().timestamp(layout)
    }

    ext::time_ranges!(Sonyflake, layout: SonyflakeLayout);

    ext::next_from!(SonyflakeGenerator);
    ext::at!(
        Sonyflake::at,
        "An id of `layout` at the time `time`, rounded down to the layout's unit, with a random sequence and machine id (`Sonyflake::at`): for tests and backfills.",
        layout: SonyflakeLayout
    );
}

ext::blanket_impl!(TypedSonyflake for Sonyflake);

/// The Sonyflake part of a typed id: `JobId { checked | unchecked, "job", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sonyflake {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Sonyflake, $checks, $prefix, $separator);
    };
}
