//! What `#[derive(RsXid)]` adds to a typed id beside what every typed id has: the XID's parts,
//! time ranges and generation, typed.

/// The rs/xid XID part of a typed id's API: `RequestId { checked | unchecked, "req", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_rs_xid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, RsXid, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: seconds since the Unix epoch.
                timestamp_seconds -> $crate::__private::core::primitive::u64;
                /// The 3-byte machine id.
                machine_id -> [$crate::__private::core::primitive::u8; 3];
                /// The process id.
                process_id -> $crate::__private::core::primitive::u16;
                /// The 3-byte counter.
                counter -> $crate::__private::core::primitive::u32;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(RsXid);
            $crate::__idtypes_typed_integer_range!(RsXid, range_for_seconds, "seconds");
            $crate::__idtypes_typed_time_ranges!(RsXid);
            $crate::__idtypes_typed_new!(
                RsXid,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(rs_xid::RsXidGenerator, $checks);
            $crate::__idtypes_typed_at!(
                RsXid::at,
                $checks,
                "An id of the time `time`, rounded down to the second, with this host's machine id, this process's id and the next count (`RsXid::at`): for tests and backfills."
            );
        }
    };
}
