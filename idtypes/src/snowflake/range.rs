//! A Snowflake's time ranges: the ids of a span of time, for a service's epoch.

use super::{Snowflake, SnowflakeEpoch};
use crate::IdRange;

impl Snowflake {
    /// The ids of `epoch` whose [`timestamp_millis`](Self::timestamp_millis) (Unix
    /// milliseconds) lies in `start_millis..=end_millis`, as an inclusive range for
    /// `WHERE id BETWEEN ? AND ?`; `None` when no id does (an empty span, or one wholly
    /// before the epoch or after its last millisecond). Bounds beyond the epoch's are clamped
    /// to it.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// let epoch = SnowflakeEpoch::DISCORD;
    /// let range = Snowflake::range_for_millis(epoch, 1_462_015_105_796, 1_462_015_105_796).unwrap();
    /// assert!(range.contains(&Snowflake::from_u64(175928847299117063)));
    /// assert_eq!(range.end().to_u64() - range.start().to_u64(), (1 << 22) - 1);
    /// assert!(Snowflake::range_for_millis(epoch, 2, 1).is_none());
    /// assert!(Snowflake::range_for_millis(epoch, 0, 1_000).is_none()); // before the epoch
    /// ```
    pub const fn range_for_millis(
        epoch: SnowflakeEpoch,
        start_millis: u64,
        end_millis: u64,
    ) -> Option<IdRange<Snowflake>> {
        let (first, last) = (epoch.unix_millis(), epoch.last_unix_millis());
        let start = if start_millis < first {
            first
        } else {
            start_millis
        };
        let end = if end_millis > last { last } else { end_millis };
        if start > end {
            return None;
        }
        Some(IdRange::new_unchecked(
            Snowflake((start - first) << 22),
            Snowflake(((end - first) << 22) | ((1 << 22) - 1)),
        ))
    }

    /// The ids of `epoch` made within a span of time, as an inclusive range; `None` when no
    /// id can be (an empty span, or one wholly outside the epoch's 69.7 years).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does). These ids hold milliseconds, so the range holds the ids of every
    /// millisecond the span touches: the span's start is rounded down to its millisecond,
    /// and so is its (inclusive) end.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1_700_006_400); // 2023-11-15T00:00:00Z
    /// let epoch = SnowflakeEpoch::TWITTER;
    /// let range = Snowflake::range_for_time(epoch, day..day + Duration::from_secs(86_400)).unwrap();
    /// assert_eq!(range.start().timestamp_millis(epoch), 1_700_006_400_000);
    /// assert_eq!(range.end().timestamp_millis(epoch), 1_700_092_799_999);
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(
        epoch: SnowflakeEpoch,
        span: impl core::ops::RangeBounds<T>,
    ) -> Option<IdRange<Snowflake>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) =
            crate::range::time::unsigned_bounds(crate::range::time::millis_bounds(span)?)?;
        Snowflake::range_for_millis(epoch, start, end)
    }

    /// [`range_for_time`](Self::range_for_time) as [`IdRanges`](crate::IdRanges), the shape
    /// every time-ordered format answers with (here never more than one range).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Snowflake, snowflake::SnowflakeEpoch};
    ///
    /// let epoch = SnowflakeEpoch::DISCORD;
    /// assert!(Snowflake::ranges_for_time(epoch, ..UNIX_EPOCH + Duration::from_secs(1)).is_empty());
    /// assert_eq!(Snowflake::ranges_for_time(epoch, UNIX_EPOCH..).len(), 1);
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(
        epoch: SnowflakeEpoch,
        span: impl core::ops::RangeBounds<T>,
    ) -> crate::IdRanges<Snowflake>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        crate::IdRanges::from_option(Snowflake::range_for_time(epoch, span), Snowflake::MIN)
    }
}
