//! A Sonyflake's time ranges: the ids of a span of time, for a layout.

use super::{Sonyflake, SonyflakeLayout};
use crate::IdRange;

impl Sonyflake {
    /// The ids of `layout` made in the units that the Unix milliseconds
    /// `start_millis..=end_millis` touch, as an inclusive range for
    /// `WHERE id BETWEEN ? AND ?`; `None` when there are none (an empty span, or one wholly
    /// before the start or after the last unit). An id's time is the start of its unit, so
    /// the first ids' may be before `start_millis` (in v1's 10 ms units, by up to 9 ms).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let layout = SonyflakeLayout::V1;
    /// let range = Sonyflake::range_for_millis(layout, 1_754_371_024_425, 1_754_371_024_425).unwrap();
    /// assert!(range.contains(&Sonyflake::from_u64(578547906324398081)));
    /// assert_eq!(range.end().to_u64() - range.start().to_u64(), (1 << 24) - 1);
    /// assert!(Sonyflake::range_for_millis(layout, 2, 1).is_none());
    /// assert!(Sonyflake::range_for_millis(layout, 0, 1_000).is_none()); // before the start
    /// ```
    pub const fn range_for_millis(
        layout: SonyflakeLayout,
        start_millis: u64,
        end_millis: u64,
    ) -> Option<IdRange<Sonyflake>> {
        if start_millis > end_millis {
            return None;
        }
        let first = layout.units_at_nanos(start_millis as i128 * 1_000_000);
        let last = layout.units_at_nanos((end_millis as i128 + 1) * 1_000_000 - 1);
        let max = layout.max_time_units() as i128;
        if last < 0 || first > max {
            return None;
        }
        let first = if first < 0 { 0 } else { first as u64 };
        let last = if last > max { max as u64 } else { last as u64 };
        let shift = layout.time_shift();
        Some(IdRange::new_unchecked(
            Sonyflake(first << shift),
            Sonyflake((last << shift) | ((1 << shift) - 1)),
        ))
    }

    /// The ids of `layout` made within a span of time, as an inclusive range; `None` when
    /// no id can be (an empty span, or one wholly outside the layout's units).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does). The range holds the ids of every unit the span touches (to the
    /// millisecond: the span's ends are first rounded down to theirs).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1_700_006_400); // 2023-11-15T00:00:00Z
    /// let layout = SonyflakeLayout::V1;
    /// let range = Sonyflake::range_for_time(layout, day..day + Duration::from_secs(86_400)).unwrap();
    /// assert_eq!(range.start().timestamp_millis(layout), 1_700_006_400_000);
    /// assert_eq!(range.end().timestamp_millis(layout), 1_700_092_799_990);
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(
        layout: SonyflakeLayout,
        span: impl core::ops::RangeBounds<T>,
    ) -> Option<IdRange<Sonyflake>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) =
            crate::range::time::unsigned_bounds(crate::range::time::millis_bounds(span)?)?;
        Sonyflake::range_for_millis(layout, start, end)
    }

    /// [`range_for_time`](Self::range_for_time) as [`IdRanges`](crate::IdRanges), the shape
    /// every time-ordered format answers with (here never more than one range).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let layout = SonyflakeLayout::V2;
    /// assert!(Sonyflake::ranges_for_time(layout, ..UNIX_EPOCH + Duration::from_secs(1)).is_empty());
    /// assert_eq!(Sonyflake::ranges_for_time(layout, UNIX_EPOCH..).len(), 1);
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(
        layout: SonyflakeLayout,
        span: impl core::ops::RangeBounds<T>,
    ) -> crate::IdRanges<Sonyflake>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        crate::IdRanges::from_option(Sonyflake::range_for_time(layout, span), Sonyflake::MIN)
    }
}
