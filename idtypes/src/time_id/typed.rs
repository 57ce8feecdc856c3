//! What `#[derive(TimeId)]` adds to a typed id beside what every typed id has: the TimeId's
//! parts, time ranges and generation, typed.

/// The TimeId part of a typed id's API: `EventId { checked | unchecked, "evt", "_" }`.
///
/// A span across 1970 is two ranges (pre-1970 ids sort last): a typed TimeId has the plural
/// range forms only.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_time_id {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, TimeId, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The timestamp: microseconds since the Unix epoch (negative before 1970).
                timestamp_micros -> $crate::__private::core::primitive::i64;
                /// The node id.
                node -> $crate::time_id::NodeId;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(TimeId);

            /// The ids whose timestamps (Unix microseconds) lie in `start..=end`: up to two
            /// ranges, as `TimeId::ranges_for_micros`.
            #[inline]
            pub fn ranges_for_micros(
                start: $crate::__private::core::primitive::i64,
                end: $crate::__private::core::primitive::i64,
            ) -> $crate::IdRanges<Self> {
                $crate::TimeId::ranges_for_micros(start, end).map(Self)
            }

            $crate::__idtypes_typed_time_ranges!(TimeId, plural);
            $crate::__idtypes_typed_new!(
                TimeId,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(time_id::TimeIdGenerator, $checks);
            $crate::__idtypes_typed_at!(
                TimeId::at,
                $checks,
                "An id of the time `time`, rounded down to the microsecond, with a random best-effort node (`TimeId::at`): for tests and backfills."
            );
        }
    };
}
