//! What `#[derive(Ulid)]` adds to a typed id beside what every typed id has: the ULID's parts,
//! time ranges and generation, typed.

/// The ULID part of a typed id's API: `OrderId { checked | unchecked, "order", "_" }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ulid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Ulid, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: milliseconds since the Unix epoch.
                timestamp_millis -> $crate::__private::core::primitive::u64;
                /// The 80-bit random field.
                random -> $crate::__private::core::primitive::u128;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Ulid);
            $crate::__idtypes_typed_integer_range!(Ulid, range_for_millis, "milliseconds");
            $crate::__idtypes_typed_time_ranges!(Ulid);
            $crate::__idtypes_typed_new!(
                Ulid,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(ulid::UlidGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Ulid::at,
                $checks,
                "An id of the time `time`, rounded down to the millisecond, with 80 random bits (`Ulid::at`): for tests and backfills."
            );
        }
    };
}
