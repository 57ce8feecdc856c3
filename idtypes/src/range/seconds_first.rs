//! Ranges by time of the formats whose first 4 bytes are Unix seconds and whose other bytes
//! take any value (rs/xid's XID, MongoDB's ObjectId): an id of each second from all zeros to
//! all ones after its seconds.

/// `range_for_seconds`, `range_for_time` and `ranges_for_time` for `$ty`, a format of 12
/// bytes (`from_bytes`, `timestamp_seconds`, `MAX_TIMESTAMP_SECONDS`, `MIN`) whose bytes are
/// its Unix seconds (4, big-endian) and then anything.
macro_rules! seconds_first_ranges {
    ($ty:ident) => {
        impl $ty {
            /// The inclusive range of ids whose timestamps (Unix seconds) lie in
            /// `start_seconds..=end_seconds`, with any other parts; `None` when it is empty.
            /// An end past
            #[doc = concat!("[`MAX_TIMESTAMP_SECONDS`](", stringify!($ty), "::MAX_TIMESTAMP_SECONDS)")]
            /// is taken as that.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            #[doc = concat!("let range = ", stringify!($ty), "::range_for_seconds(1_700_000_000, 1_700_000_000).unwrap();")]
            /// assert_eq!(range.start().timestamp_seconds(), 1_700_000_000);
            /// assert_eq!(range.end().timestamp_seconds(), 1_700_000_000);
            /// assert_eq!(range.start().to_bytes()[4..], [0; 8]);
            /// assert_eq!(range.end().to_bytes()[4..], [0xFF; 8]);
            #[doc = concat!("assert!(", stringify!($ty), "::range_for_seconds(2, 1).is_none());")]
            /// ```
            pub const fn range_for_seconds(
                start_seconds: u64,
                end_seconds: u64,
            ) -> Option<crate::IdRange<$ty>> {
                let end = if end_seconds > $ty::MAX_TIMESTAMP_SECONDS {
                    $ty::MAX_TIMESTAMP_SECONDS
                } else {
                    end_seconds
                };
                if start_seconds > end {
                    return None;
                }
                Some(crate::IdRange::new_unchecked(
                    $ty::from_bytes(crate::range::seconds_first::with_seconds(
                        start_seconds as u32,
                        0,
                    )),
                    $ty::from_bytes(crate::range::seconds_first::with_seconds(end as u32, 0xFF)),
                ))
            }

            /// The ids made within a span of time, as an inclusive range; `None` when no id
            /// can be (an empty span, or one wholly outside 1970 to 2106).
            ///
            /// Takes any range of `SystemTime` (or of a type that converts to it, as every
            /// [`UtcTime`](crate::UtcTime) does): `start..end` leaves `end` out,
            /// `start..=end` keeps it, `start..` runs to the last id; times are taken to the
            /// second.
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::{Duration, UNIX_EPOCH};
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            /// let day = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
            #[doc = concat!("let range = ", stringify!($ty), "::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();")]
            /// assert_eq!(range.start().timestamp(), day);
            /// assert_eq!(range.end().timestamp_seconds(), 1_700_086_399);
            /// ```
            #[cfg(feature = "std")]
            pub fn range_for_time<T>(
                span: impl core::ops::RangeBounds<T>,
            ) -> Option<crate::IdRange<$ty>>
            where
                T: Clone + Into<std::time::SystemTime>,
            {
                let (start, end) = crate::range::time::unsigned_bounds(
                    crate::range::time::millis_bounds(span)?,
                )?;
                // Milliseconds to the seconds that hold them: a second is in the span when any
                // of its milliseconds is.
                $ty::range_for_seconds(start / 1000, end / 1000)
            }

            /// The ids made within a span of time, as [`IdRanges`](crate::IdRanges) (one
            /// range, or none): the same as
            #[doc = concat!("[`range_for_time`](", stringify!($ty), "::range_for_time),")]
            /// in the shape every format's `ranges_for_time` has.
            ///
            /// # Examples
            ///
            /// ```
            /// use std::time::UNIX_EPOCH;
            #[doc = concat!("use idtypes::", stringify!($ty), ";")]
            ///
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ranges_for_time(UNIX_EPOCH..).len(), 1);")]
            #[doc = concat!("assert!(", stringify!($ty), "::ranges_for_time(..UNIX_EPOCH).is_empty());")]
            /// ```
            #[cfg(feature = "std")]
            pub fn ranges_for_time<T>(
                span: impl core::ops::RangeBounds<T>,
            ) -> crate::IdRanges<$ty>
            where
                T: Clone + Into<std::time::SystemTime>,
            {
                crate::IdRanges::from_option($ty::range_for_time(span), $ty::MIN)
            }
        }
    };
}

pub(crate) use seconds_first_ranges;

/// The 12 bytes of `seconds` (big-endian) and then `rest` in every other byte.
pub(crate) const fn with_seconds(seconds: u32, rest: u8) -> [u8; 12] {
    let s = seconds.to_be_bytes();
    let mut bytes = [rest; 12];
    bytes[0] = s[0];
    bytes[1] = s[1];
    bytes[2] = s[2];
    bytes[3] = s[3];
    bytes
}
