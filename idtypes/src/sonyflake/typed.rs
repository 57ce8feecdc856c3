//! What `#[derive(Sonyflake)]` adds to a typed id beside what every typed id has: the
//! Sonyflake's parts and time for a layout, time ranges for a layout and `next_from`, typed.

/// The Sonyflake part of a typed id's API: its parts and time for a layout, time ranges for
/// a layout, and `next_from` (a Sonyflake names its layout and machine: no argument-free
/// `now()`). No prefix ranges: decimal texts do not sort like the ids.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sonyflake {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Sonyflake, $checks, $prefix, $separator);

        impl $name {
            /// The parts (time in units since the start, sequence, machine id) for `layout`.
            #[inline]
            pub fn decompose(
                &self,
                layout: $crate::sonyflake::SonyflakeLayout,
            ) -> $crate::sonyflake::SonyflakeParts {
                self.0.decompose(layout)
            }

            /// The timestamp: the start of the id's unit in Unix milliseconds, for `layout`.
            #[inline]
            pub fn timestamp_millis(
                &self,
                layout: $crate::sonyflake::SonyflakeLayout,
            ) -> $crate::__private::core::primitive::u64 {
                self.0.timestamp_millis(layout)
            }

            /// The inclusive range of ids of `layout` made in the units the Unix
            /// milliseconds `start..=end` touch, or `None` when it is empty.
            pub fn range_for_millis(
                layout: $crate::sonyflake::SonyflakeLayout,
                start: $crate::__private::core::primitive::u64,
                end: $crate::__private::core::primitive::u64,
            ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>> {
                $crate::__private::typed_range::<Self>($crate::Sonyflake::range_for_millis(layout, start, end))
            }

            $crate::__idtypes_typed_sonyflake_time!();
            $crate::__idtypes_typed_next_from!(sonyflake::SonyflakeGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Sonyflake::at,
                $checks,
                "An id of `layout` at the time `time`, rounded down to the layout's unit, with a random sequence and machine id (`Sonyflake::at`): for tests and backfills.",
                layout: sonyflake::SonyflakeLayout
            );
        }
    };
}

/// A typed Sonyflake's `timestamp(layout)` and time ranges for a layout (with `std`).
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sonyflake_time {
    () => {
        /// The timestamp as a `SystemTime`, for `layout`.
        #[inline]
        pub fn timestamp(
            &self,
            layout: $crate::sonyflake::SonyflakeLayout,
        ) -> $crate::__private::SystemTime {
            self.0.timestamp(layout)
        }

        /// The inclusive range of ids of `layout` made within `span` (of `SystemTime`s, or
        /// `DateTime<Utc>`s with the `chrono` feature), or `None` when it is empty.
        pub fn range_for_time<T>(
            layout: $crate::sonyflake::SonyflakeLayout,
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::__private::typed_range::<Self>($crate::Sonyflake::range_for_time(layout, span))
        }

        /// The ids of `layout` made within `span` (of `SystemTime`s, or `DateTime<Utc>`s with
        /// the `chrono` feature), as up to two ranges (see `IdRanges`; here at most one).
        pub fn ranges_for_time<T>(
            layout: $crate::sonyflake::SonyflakeLayout,
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::IdRanges<Self>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::Sonyflake::ranges_for_time(layout, span).map(Self)
        }
    };
}

#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_sonyflake_time {
    () => {};
}
