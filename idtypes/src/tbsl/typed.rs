//! What `#[derive(Tbsl)]` adds to a typed id beside what every typed id has: the TBSL's parts,
//! time ranges and generation, typed.

/// The TBSL part of a typed id's API: `TxnId { checked | unchecked, "txn", "_" }`.
///
/// A TBSL generator fails by policies its user chose (a clock policy, a sequence provider): it
/// has only `try_next`, and so has the typed id (`try_next_from`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tbsl {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Tbsl, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: microseconds since the Unix epoch.
                timestamp_micros -> $crate::__private::core::primitive::u64;
                /// The machine id, 0 to 99.
                machine_id -> $crate::__private::core::primitive::u8;
                /// The 20-bit sequence suffix.
                suffix -> $crate::__private::core::primitive::u32;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Tbsl);
            $crate::__idtypes_typed_integer_range!(Tbsl, range_for_micros, "microseconds");
            $crate::__idtypes_typed_time_ranges!(Tbsl);
            $crate::__idtypes_typed_tbsl_next_from!();
            $crate::__idtypes_typed_at!(
                Tbsl::at,
                $checks,
                "An id of the time `time`, rounded down to the microsecond, with a random machine id and suffix (`Tbsl::at`): for tests and backfills."
            );
        }
    };
}

/// `try_next_from(&generator)` for a TBSL generator, which has `try_next` only (with the
/// generators: `std`, on a target with a host clock).
#[cfg(all(feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tbsl_next_from {
    () => {
        /// The next id from `generator`, or the generator's error.
        ///
        /// # Errors
        ///
        /// The generator's error (its clock policy refused a clock that went back, its
        /// sequence ran out, its lease ran out), or the type's check, when it refuses the new
        /// id.
        pub fn try_next_from<C: $crate::Clock, P: $crate::tbsl::SequenceProvider>(
            generator: &$crate::tbsl::TbslGenerator<C, P>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner(generator.try_next()?)
        }
    };
}

#[cfg(not(all(feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_tbsl_next_from {
    () => {};
}
