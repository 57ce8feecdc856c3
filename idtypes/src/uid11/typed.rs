//! What a typed uid11 has beside what every typed id has, one extension trait per profile
//! ([`TypedUid11`], [`TypedUid11Xid`], [`TypedSnowish`], [`TypedTsSeqRand`],
//! [`TypedFullRand`]): each profile's parts, time ranges and generation, typed; and the
//! derives' macros.

use super::{FullRand, Snowish, TsSeqRand, Uid11, Uid11Xid};
#[cfg(all(feature = "std", idtypes_host))]
use super::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};
use crate::TypedId;
use crate::typed::ext;

/// What a typed plain uid11 does as a uid11: prefix ranges (a plain uid11 holds no time).
/// Implemented for every typed id over a [`Uid11`] (`#[derive(idtypes::Uid11)]`); in scope
/// with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Uid11)]
/// #[idtype(prefix = "file")]
/// struct Id(idtypes::Uid11);
///
/// let range = Id::range_for_prefix("file_1111111N")?.unwrap();
/// let id: Id = "file_1111111NVpb".parse()?;
/// assert!(range.contains(&id));
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedUid11: TypedId<Inner = Uid11> + Copy {
    crate::__idtypes_typed_prefix_range!(Uid11);
}

ext::blanket_impl!(TypedUid11 for Uid11);

/// What a typed fullrand uid11 does as one: prefix ranges and `random()`. Implemented for
/// every typed id over a [`FullRand`] (`#[derive(idtypes::FullRand)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::FullRand)]
/// #[idtype(prefix = "tok")]
/// struct Id(idtypes::FullRand);
///
/// let a = Id::random();
/// let b = Id::random();
/// assert_ne!(a, b);
/// assert!(Id::range_for_prefix("tok_")?.unwrap().contains(&a));
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedFullRand: TypedId<Inner = FullRand> + Copy {
    crate::__idtypes_typed_prefix_range!(FullRand);
    ext::new!(random, FullRand::random, "A new, fully random id.");
}

ext::blanket_impl!(TypedFullRand for FullRand);

/// What a typed xid-profile uid11 does as one: its random field, its millisecond time, time
/// ranges and generation, typed. Implemented for every typed id over a [`Uid11Xid`]
/// (`#[derive(idtypes::Uid11Xid)]`); in scope with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Uid11Xid)]
/// #[idtype(prefix = "order")]
/// struct Id(idtypes::Uid11Xid);
///
/// let id = Id::now();
/// let range = Id::range_for_millis(0, id.timestamp_millis()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(Id::at(id.timestamp())?.timestamp_millis(), id.timestamp_millis());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedUid11Xid: TypedId<Inner = Uid11Xid> + Copy {
    ext::getters! {
        /// The random field: the low 22 bits.
        random -> u32;
        /// Milliseconds since the xid epoch.
        millis_since_epoch -> u64;
        /// Unix milliseconds.
        timestamp_millis -> u64;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(Uid11Xid);
    ext::integer_range!(Uid11Xid, range_for_millis, "milliseconds");
    ext::time_ranges!(Uid11Xid);
    ext::new!(
        now,
        Uid11Xid::now,
        "A new id from the process-wide generator."
    );
    ext::next_from!(Uid11XidGenerator);
    ext::at!(
        Uid11Xid::at,
        "An id of the time `time`, rounded down to the millisecond, with random bits (`Uid11Xid::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedUid11Xid for Uid11Xid);

/// What a typed snowish uid11 does as one: its machine id and sequence, its millisecond
/// time, time ranges and `next_from` (a snowish id names its machine: no argument-free
/// `now()`), typed. Implemented for every typed id over a [`Snowish`]
/// (`#[derive(idtypes::Snowish)]`); in scope with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Snowish)]
/// #[idtype(prefix = "node")]
/// struct Id(idtypes::Snowish);
///
/// let id = Id::at(std::time::SystemTime::now())?;
/// let range = Id::range_for_millis(0, id.timestamp_millis()).unwrap();
/// assert!(range.contains(&id));
/// assert!(id.machine_id() < 1024 && id.sequence() < 4096);
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedSnowish: TypedId<Inner = Snowish> + Copy {
    ext::getters! {
        /// The machine id, 0..=1023.
        machine_id -> u16;
        /// The sequence within the millisecond, 0..=4095.
        sequence -> u16;
        /// Milliseconds since the xid epoch.
        millis_since_epoch -> u64;
        /// Unix milliseconds.
        timestamp_millis -> u64;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(Snowish);
    ext::integer_range!(Snowish, range_for_millis, "milliseconds");
    ext::time_ranges!(Snowish);
    ext::next_from!(SnowishGenerator);
    ext::at!(
        Snowish::at,
        "An id of the time `time`, rounded down to the millisecond, with a random machine id and sequence (`Snowish::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedSnowish for Snowish);

/// What a typed ts-seq-rand uid11 does as one: its sequence and random field, its
/// millisecond time, time ranges and generation, typed. Implemented for every typed id over a
/// [`TsSeqRand`] (`#[derive(idtypes::TsSeqRand)]`); in scope with
/// `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::TsSeqRand)]
/// #[idtype(prefix = "msg")]
/// struct Id(idtypes::TsSeqRand);
///
/// let id = Id::now();
/// let range = Id::range_for_millis(0, id.timestamp_millis()).unwrap();
/// assert!(range.contains(&id));
/// assert!(id.sequence() < 4096 && id.random() < 1024);
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedTsSeqRand: TypedId<Inner = TsSeqRand> + Copy {
    ext::getters! {
        /// The sequence within the millisecond, 0..=4095.
        sequence -> u16;
        /// The random field, 0..=1023.
        random -> u16;
        /// Milliseconds since the xid epoch.
        millis_since_epoch -> u64;
        /// Unix milliseconds.
        timestamp_millis -> u64;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(TsSeqRand);
    ext::integer_range!(TsSeqRand, range_for_millis, "milliseconds");
    ext::time_ranges!(TsSeqRand);
    ext::new!(
        now,
        TsSeqRand::now,
        "A new id from the process-wide generator."
    );
    ext::next_from!(TsSeqRandGenerator);
    ext::at!(
        TsSeqRand::at,
        "An id of the time `time`, rounded down to the millisecond, with a random sequence and random field (`TsSeqRand::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedTsSeqRand for TsSeqRand);

/// The plain uid11 part of a typed id: `FileId { checked | unchecked, "file", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_uid11 {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Uid11, $checks, $prefix, $separator);
    };
}

/// The fullrand part of a typed id.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_full_rand {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, FullRand, $checks, $prefix, $separator);
    };
}

/// The xid part of a typed id.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_uid11_xid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Uid11Xid, $checks, $prefix, $separator);
    };
}

/// The snowish part of a typed id.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowish {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Snowish, $checks, $prefix, $separator);
    };
}

/// The ts-seq-rand part of a typed id.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ts_seq_rand {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, TsSeqRand, $checks, $prefix, $separator);
    };
}
