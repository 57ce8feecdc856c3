//! What `#[derive(Tid)]` adds to a typed id beside what every typed id has: the TID's parts,
//! time ranges and generation, typed.

/// The TID part of a typed id's API: `PostId { checked | unchecked, "post", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Tid, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: microseconds since the Unix epoch.
                timestamp_micros -> $crate::__private::core::primitive::u64;
                /// The clock id, 0 to 1023.
                clock_id -> $crate::__private::core::primitive::u16;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Tid);
            $crate::__idtypes_typed_integer_range!(Tid, range_for_micros, "microseconds");
            $crate::__idtypes_typed_time_ranges!(Tid);
            $crate::__idtypes_typed_new!(
                Tid,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(tid::TidGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Tid::at,
                $checks,
                "An id of the time `time`, rounded down to the microsecond, with a random clock id (`Tid::at`): for tests and backfills."
            );
        }
    };
}
