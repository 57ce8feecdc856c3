//! What a typed TBSL has beside what every typed id has: the TBSL's parts, time ranges and
//! generation ([`TypedTbsl`]), and the derive's macro.

use super::Tbsl;
#[cfg(all(feature = "std", idtypes_host))]
use super::{SequenceProvider, TbslGenerator};
use crate::TypedId;
use crate::typed::ext;

/// What a typed TBSL does as a TBSL: its parts, time ranges and generation, typed.
/// Implemented for every typed id over a [`Tbsl`] (`#[derive(idtypes::Tbsl)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// A TBSL generator fails by policies its user chose (a clock policy, a sequence provider): it
/// has only `try_next`, and so has the typed id (`try_next_from`).
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Tbsl)]
/// #[idtype(prefix = "txn")]
/// struct Id(idtypes::Tbsl);
///
/// let id = Id::at(std::time::SystemTime::now())?;
/// let range = Id::range_for_micros(0, id.timestamp_micros()).unwrap();
/// assert!(range.contains(&id));
/// assert!(id.machine_id() < 100);
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedTbsl: TypedId<Inner = Tbsl> + Copy {
    ext::getters! {
        /// The timestamp: microseconds since the Unix epoch.
        timestamp_micros -> u64;
        /// The machine id: the payload modulo 100.
        machine_id -> u8;
        /// The 20-bit suffix (the last 5 characters), opaque: a sequence or random.
        suffix -> u32;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(Tbsl);
    ext::integer_range!(Tbsl, range_for_micros, "microseconds");
    ext::time_ranges!(Tbsl);

    /// The next id from `generator`, or the generator's error (its clock policy, its sequence
    /// provider).
    ///
    /// # Errors
    ///
    /// The generator's `try_next` error, or the type's check, when it refuses the new id.
    #[cfg(all(feature = "std", idtypes_host))]
    #[inline]
    fn try_next_from<C: crate::Clock, P: SequenceProvider>(
        generator: &TbslGenerator<C, P>,
    ) -> Result<Self, crate::Error> {
        Self::try_from_inner(generator.try_next()?)
    }

    ext::at!(
        Tbsl::at,
        "An id of the time `time`, rounded down to the microsecond, with a random machine id and suffix (`Tbsl::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedTbsl for Tbsl);

/// The TBSL part of a typed id: `TxnId { checked | unchecked, "txn", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tbsl {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Tbsl, $checks, $prefix, $separator);
    };
}
