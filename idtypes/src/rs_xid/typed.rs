//! What a typed rs/xid XID has beside what every typed id has: the XID's parts, time ranges
//! and generation ([`TypedRsXid`]), and the derive's macro.

use super::RsXid;
#[cfg(all(feature = "std", idtypes_host))]
use super::RsXidGenerator;
use crate::TypedId;
use crate::typed::ext;

/// What a typed rs/xid XID does as an XID: its parts, time ranges and generation, typed.
/// Implemented for every typed id over an [`RsXid`] (`#[derive(idtypes::RsXid)]`); in scope
/// with `use idtypes::prelude::*`.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::RsXid)]
/// #[idtype(prefix = "req")]
/// struct Id(idtypes::RsXid);
///
/// let id = Id::now();
/// let range = Id::range_for_seconds(0, id.timestamp_seconds()).unwrap();
/// assert!(range.contains(&id));
/// assert_eq!(Id::at(id.timestamp())?.machine_id(), id.machine_id());
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedRsXid: TypedId<Inner = RsXid> + Copy {
    ext::getters! {
        /// The timestamp: seconds since the Unix epoch.
        timestamp_seconds -> u64;
        /// The machine id: bytes 4 to 6 (rs/xid's `Machine()`).
        machine_id -> [u8; 3];
        /// The process id: bytes 7 and 8, big-endian (rs/xid's `Pid()`).
        process_id -> u16;
        /// The counter: bytes 9 to 11, big-endian (rs/xid's `Counter()`).
        counter -> u32;
    }
    ext::timestamps!();
    crate::__idtypes_typed_prefix_range!(RsXid);
    ext::integer_range!(RsXid, range_for_seconds, "seconds");
    ext::time_ranges!(RsXid);
    ext::new!(now, RsXid::now, "A new id from the process-wide generator.");
    ext::next_from!(RsXidGenerator);
    ext::at!(
        RsXid::at,
        "An id of the time `time`, rounded down to the second, with this host's machine id, this process's id and the next count (`RsXid::at`): for tests and backfills."
    );
}

ext::blanket_impl!(TypedRsXid for RsXid);

/// The rs/xid XID part of a typed id: `RequestId { checked | unchecked, "req", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_rs_xid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, RsXid, $checks, $prefix, $separator);
    };
}
