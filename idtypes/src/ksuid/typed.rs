//! What `#[derive(Ksuid)]` adds to a typed id beside what every typed id has: the KSUID's
//! parts, time ranges and generation, typed.

/// The KSUID part of a typed id's API: `EventId { checked | unchecked, "event", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ksuid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Ksuid, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: seconds since the Unix epoch.
                timestamp_seconds -> $crate::__private::core::primitive::u64;
                /// The 128-bit payload.
                payload -> $crate::__private::core::primitive::u128;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Ksuid);
            $crate::__idtypes_typed_integer_range!(Ksuid, range_for_seconds, "seconds");
            $crate::__idtypes_typed_time_ranges!(Ksuid);
            $crate::__idtypes_typed_new!(
                Ksuid,
                $checks,
                now,
                "A new id from the process-wide generator (a fresh random payload)."
            );
            $crate::__idtypes_typed_next_from!(ksuid::KsuidGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Ksuid::at,
                $checks,
                "An id of the time `time`, rounded down to the second, with a random payload (`Ksuid::at`): for tests and backfills."
            );
        }
    };
}
