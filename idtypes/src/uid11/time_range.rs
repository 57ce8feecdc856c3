//! Time ranges of the timed uid11 profiles (xid, snowish, ts-seq-rand), which share a layout:
//! milliseconds since the xid epoch in the top 42 bits, 22 bits below that order ids within
//! a millisecond.

/// `range_for_millis`, `range_for_time` and `ranges_for_time` for the profile `$ty`, whose
/// payload is `(millis_since_epoch << 22) | low` with any 22-bit `low`.
macro_rules! millis_ranges {
    ($ty:ident, $example:literal) => {
        impl $ty {
            /// The ids whose [`timestamp_millis`](Self::timestamp_millis) (Unix milliseconds)
            /// lies in `start_millis..=end_millis`, as an inclusive range; `None` when no id
            /// does (an empty span, or one wholly before the xid epoch or after the last
            /// millisecond). Bounds beyond the format's are clamped to it.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            #[doc = concat!("let range = ", stringify!($ty), "::range_for_millis(1_700_000_000_000, 1_700_000_000_000).unwrap();")]
            /// assert_eq!(range.start().timestamp_millis(), 1_700_000_000_000);
            /// assert_eq!(range.end().timestamp_millis(), 1_700_000_000_000);
            /// assert_eq!(range.end().to_u64() - range.start().to_u64(), (1 << 22) - 1);
            #[doc = concat!("assert!(", stringify!($ty), "::range_for_millis(2, 1).is_none());")]
            #[doc = concat!("assert!(", stringify!($ty), "::range_for_millis(0, 1_000).is_none()); // before the epoch")]
            /// ```
            pub const fn range_for_millis(
                start_millis: u64,
                end_millis: u64,
            ) -> Option<crate::IdRange<$ty>> {
                let start = if start_millis < crate::uid11::UID11_XID_EPOCH_MILLIS {
                    crate::uid11::UID11_XID_EPOCH_MILLIS
                } else {
                    start_millis
                };
                let end = if end_millis > $ty::MAX_TIMESTAMP_MILLIS {
                    $ty::MAX_TIMESTAMP_MILLIS
                } else {
                    end_millis
                };
                if start > end {
                    return None;
                }
                let first = (start - crate::uid11::UID11_XID_EPOCH_MILLIS) << 22;
                let last = ((end - crate::uid11::UID11_XID_EPOCH_MILLIS) << 22) | ((1 << 22) - 1);
                Some(crate::IdRange::new_unchecked($ty(first), $ty(last)))
            }

            /// The ids made within a span of time, as an inclusive range; `None` when no id
            /// can be (an empty span, or one wholly outside the format's years).
            ///
            /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does). These ids hold milliseconds, so the range holds the ids of
            /// every millisecond the span touches: the span's start is rounded down to its
            /// millisecond, and so is its (inclusive) end.
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::{Duration, UNIX_EPOCH};
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            /// let day = UNIX_EPOCH + Duration::from_secs(1_700_006_400); // 2023-11-15T00:00:00Z
            #[doc = concat!("let range = ", stringify!($ty), "::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();")]
            /// assert_eq!(range.start().timestamp_millis(), 1_700_006_400_000);
            /// assert_eq!(range.end().timestamp_millis(), 1_700_092_799_999);
            /// ```
            #[cfg(feature = "std")]
            pub fn range_for_time<T>(
                span: impl core::ops::RangeBounds<T>,
            ) -> Option<crate::IdRange<$ty>>
            where
                T: Clone + Into<std::time::SystemTime>,
            {
                let (start, end) =
                    crate::range::time::unsigned_bounds(crate::range::time::millis_bounds(span)?)?;
                $ty::range_for_millis(start, end)
            }

            /// [`range_for_time`](Self::range_for_time) as [`IdRanges`](crate::IdRanges), the
            /// shape every time-ordered format answers with (here never more than one range).
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::{Duration, UNIX_EPOCH};
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            #[doc = concat!("assert!(", stringify!($ty), "::ranges_for_time(..UNIX_EPOCH + Duration::from_secs(1)).is_empty());")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ranges_for_time(UNIX_EPOCH..).len(), 1);")]
            /// ```
            #[cfg(feature = "std")]
            pub fn ranges_for_time<T>(
                span: impl core::ops::RangeBounds<T>,
            ) -> crate::IdRanges<$ty>
            where
                T: Clone + Into<std::time::SystemTime>,
            {
                crate::IdRanges::from_option($ty::range_for_time(span), $ty(0))
            }
        }
    };
}

pub(crate) use millis_ranges;
