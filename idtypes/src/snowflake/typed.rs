//! What a typed Snowflake has beside what every typed id has: the Snowflake's parts, its
//! time for an epoch, time ranges for an epoch and `next_from` ([`TypedSnowflake`]), and the
//! derive's macro.

#[cfg(all(feature = "std", idtypes_host))]
use super::SnowflakeGenerator;
use super::{Snowflake, SnowflakeEpoch};
use crate::TypedId;
use crate::typed::ext;

/// What a typed Snowflake does as a Snowflake: its worker id and sequence, its milliseconds
/// since the epoch, its time and time ranges for an epoch, and `next_from` (a Snowflake names
/// its epoch and worker: no argument-free `now()`), typed. No prefix ranges: decimal texts do
/// not sort like the ids. Implemented for every typed id over a [`Snowflake`]
/// (`#[derive(idtypes::Snowflake)]`); in scope with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::{prelude::*, snowflake::SnowflakeEpoch};
///
/// #[derive(idtypes::Snowflake)]
/// #[idtype(prefix = "msg")]
/// struct MessageId(idtypes::Snowflake);
///
/// let id = MessageId::at(SnowflakeEpoch::DISCORD, std::time::SystemTime::now())?;
/// let millis = id.timestamp_millis(SnowflakeEpoch::DISCORD);
/// let range = MessageId::range_for_millis(SnowflakeEpoch::DISCORD, 0, millis).unwrap();
/// assert!(range.contains(&id));
/// assert!(id.worker_id() < 1024);
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedSnowflake: TypedId<Inner = Snowflake> + Copy {
    ext::getters! {
        /// The worker id, 0 to 1023.
        worker_id -> u16;
        /// The sequence within the millisecond.
        sequence -> u16;
        /// The timestamp: milliseconds since the epoch, whichever it is.
        millis_since_epoch -> u64;
    }

    /// The timestamp: Unix milliseconds, for the service's `epoch`.
    #[inline]
    fn timestamp_millis(&self, epoch: SnowflakeEpoch) -> u64 {
        self.as_inner().timestamp_millis(epoch)
    }

    ext::integer_range!(Snowflake, range_for_millis, "milliseconds", epoch: SnowflakeEpoch);

    /// The timestamp as a `SystemTime`, for the service's `epoch`.
    #[cfg(feature = "std")]
    #[inline]
    fn timestamp(&self, epoch: SnowflakeEpoch) -> std::time::SystemTime {
        self.as_inner().timestamp(epoch)
    }

    ext::time_ranges!(Snowflake, epoch: SnowflakeEpoch);

    ext::next_from!(SnowflakeGenerator);
    ext::at!(
        Snowflake::at,
        "An id of `epoch` at the time `time`, rounded down to the millisecond, with a random worker id and sequence (`Snowflake::at`): for tests and backfills.",
        epoch: SnowflakeEpoch
    );
}

ext::blanket_impl!(TypedSnowflake for Snowflake);

/// The Snowflake part of a typed id: `MessageId { checked | unchecked, "msg", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowflake {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Snowflake, $checks, $prefix, $separator);
    };
}
