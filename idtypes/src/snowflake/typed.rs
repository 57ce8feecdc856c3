//! What `#[derive(Snowflake)]` adds to a typed id beside what every typed id has: the
//! Snowflake's parts, its time for an epoch, time ranges for an epoch and `next_from`, typed.

/// The Snowflake part of a typed id's API: its worker id and sequence, its milliseconds
/// since the epoch, its time and time ranges for an epoch, and `next_from` (a Snowflake names
/// its epoch and worker: no argument-free `now()`). No prefix ranges: decimal texts do not
/// sort like the ids.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowflake {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Snowflake, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The worker id, 0 to 1023.
                worker_id -> $crate::__private::core::primitive::u16;
                /// The sequence within the millisecond.
                sequence -> $crate::__private::core::primitive::u16;
                /// The timestamp: milliseconds since the epoch, whichever it is.
                millis_since_epoch -> $crate::__private::core::primitive::u64;
            }

            /// The timestamp: Unix milliseconds, for the service's `epoch`.
            #[inline]
            pub fn timestamp_millis(
                &self,
                epoch: $crate::snowflake::SnowflakeEpoch,
            ) -> $crate::__private::core::primitive::u64 {
                self.0.timestamp_millis(epoch)
            }

            /// The inclusive range of ids of `epoch` whose timestamps (Unix milliseconds) lie
            /// in `start..=end`, or `None` when it is empty.
            pub fn range_for_millis(
                epoch: $crate::snowflake::SnowflakeEpoch,
                start: $crate::__private::core::primitive::u64,
                end: $crate::__private::core::primitive::u64,
            ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>> {
                $crate::__private::typed_range::<Self>($crate::Snowflake::range_for_millis(epoch, start, end))
            }

            $crate::__idtypes_typed_snowflake_time!();
            $crate::__idtypes_typed_next_from!(snowflake::SnowflakeGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Snowflake::at,
                $checks,
                "An id of `epoch` at the time `time`, rounded down to the millisecond, with a random worker id and sequence (`Snowflake::at`): for tests and backfills.",
                epoch: snowflake::SnowflakeEpoch
            );
        }
    };
}

/// A typed Snowflake's `timestamp(epoch)` and time ranges for an epoch (with `std`).
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowflake_time {
    () => {
        /// The timestamp as a `SystemTime`, for the service's `epoch`.
        #[inline]
        pub fn timestamp(
            &self,
            epoch: $crate::snowflake::SnowflakeEpoch,
        ) -> $crate::__private::SystemTime {
            self.0.timestamp(epoch)
        }

        /// The inclusive range of ids of `epoch` made within `span` (of `SystemTime`s, or
        /// `DateTime<Utc>`s with the `chrono` feature), or `None` when it is empty.
        pub fn range_for_time<T>(
            epoch: $crate::snowflake::SnowflakeEpoch,
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::__private::typed_range::<Self>($crate::Snowflake::range_for_time(epoch, span))
        }

        /// The ids of `epoch` made within `span` (of `SystemTime`s, or `DateTime<Utc>`s with
        /// the `chrono` feature), as up to two ranges (see `IdRanges`; here at most one).
        pub fn ranges_for_time<T>(
            epoch: $crate::snowflake::SnowflakeEpoch,
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::IdRanges<Self>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::Snowflake::ranges_for_time(epoch, span).map(Self)
        }
    };
}

#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowflake_time {
    () => {};
}
