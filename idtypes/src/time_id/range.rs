//! Inclusive [`TimeId`] ranges for a text prefix and for a span of time.

use core::ops::RangeInclusive;

use super::{FORMAT, TimeId};
use crate::{
    Error, IdRange,
    codec::base32_sortable as b32,
    error::{Lengths, Repr, char_at},
};

impl TimeId {
    /// The TimeIds whose text starts with `prefix`, as an inclusive range in `Ord` order;
    /// `None` when no TimeId does (a first symbol `c`..`r`).
    ///
    /// The prefix is 0 to 13 symbols, plain (`3kxnlhr`) or dashed (`3kxn-lhr`, dashes where
    /// the display form has them); the empty prefix gives every TimeId. The range is
    /// `[prefix + "22…", prefix + "zz…"]`; its ends' [`timestamp`](TimeId::timestamp)s give the
    /// span of time the prefix covers.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a too long prefix,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a foreign character or a
    /// misplaced dash.
    ///
    /// # Examples
    ///
    /// The prefix table of the draft, in UTC:
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let range = TimeId::range_for_prefix("3kxn-lhr")?.unwrap();
    /// assert_eq!(range.start().timestamp_micros(), 1721407246434304); // 16:40:46.434304Z
    /// assert_eq!(range.end().timestamp_micros(), 1721407247482879); //   16:40:47.482879Z
    /// assert!(range.contains(&"3kxn-lhr-3gxq-23".parse()?));
    /// assert_eq!(TimeId::range_for_prefix("c")?, None);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<TimeId>>, Error> {
        let bytes = prefix.as_bytes();
        let len = bytes.len();
        // A prefix of the dashed form has its first dash at 4; any other prefix is plain.
        let dashed = len > 4 && bytes[4] == b'-';
        let max = if dashed {
            TimeId::DASHED_LEN
        } else {
            TimeId::TEXT_LEN
        };
        if len > max {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, max),
                    found: len,
                },
            ));
        }
        if len == 0 {
            return Ok(Some(IdRange::new_unchecked(TimeId::MIN, TimeId::MAX)));
        }
        let mut value = 0u64;
        let mut symbols = 0;
        let mut i = 0;
        while i < len {
            if dashed && (i == 4 || i == 8 || i == 13) {
                if bytes[i] != b'-' {
                    return Err(Error::new(
                        FORMAT,
                        Repr::Character {
                            position: i,
                            found: char_at(bytes, i),
                            expected: "-",
                        },
                    ));
                }
            } else {
                let symbol = b32::DECODE[bytes[i] as usize];
                if symbol == b32::INVALID {
                    return Err(Error::new(
                        FORMAT,
                        Repr::Character {
                            position: i,
                            found: char_at(bytes, i),
                            expected: b32::ALPHABET_STR,
                        },
                    ));
                }
                // The first symbol's fifth bit is the sign extension: it falls off the top.
                value = (value << 5) | symbol as u64;
                symbols += 1;
            }
            i += 1;
        }
        if symbols == 0 {
            // Only possible for input like "----": caught above as a character error.
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(1, max),
                    found: 0,
                },
            ));
        }
        // A first symbol `c`..`r` is well formed but names no TimeId.
        let first = b32::DECODE[bytes[0] as usize];
        if first >= 8 && first <= 23 {
            return Ok(None);
        }
        // `symbols >= 1`, so at most 60 bits are free.
        let free = 5 * (TimeId::TEXT_LEN - symbols) as u32;
        let start = value.wrapping_shl(free);
        let end = start | ((1u64 << free) - 1);
        Ok(Some(IdRange::new_unchecked(
            TimeId(start as i64),
            TimeId(end as i64),
        )))
    }

    /// The timestamps (microseconds) of the TimeIds whose text starts with `prefix`: the span
    /// of time the prefix covers, inclusive.
    ///
    /// A prefix never mixes the two sides of 1970 (its first symbol fixes the sign), so this is
    /// one span, and it is exactly the timestamps of
    /// [`range_for_prefix`](TimeId::range_for_prefix)'s ends; the empty prefix spans every
    /// timestamp. `None` when no TimeId has the prefix.
    ///
    /// # Errors
    ///
    /// As [`range_for_prefix`](TimeId::range_for_prefix).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// // 2023-07-08T20:57:40.263936Z ..= 2024-08-19T02:23:52.352767Z
    /// assert_eq!(
    ///     TimeId::micros_range_for_prefix("3k")?,
    ///     Some(1688849860263936..=1724034232352767)
    /// );
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn micros_range_for_prefix(prefix: &str) -> Result<Option<RangeInclusive<i64>>, Error> {
        if prefix.is_empty() {
            return Ok(Some(
                TimeId::MIN_TIMESTAMP_MICROS..=TimeId::MAX_TIMESTAMP_MICROS,
            ));
        }
        let range = TimeId::range_for_prefix(prefix)?;
        Ok(range.map(|range| range.start().timestamp_micros()..=range.end().timestamp_micros()))
    }
}

mod span {
    #[cfg(feature = "std")]
    use core::ops::RangeBounds;

    use super::super::{NodeId, TimeId};
    use crate::{IdRange, IdRanges};

    /// One range, or the span's split at 1970.
    const fn of_chronological(start: TimeId, end: TimeId) -> IdRanges<TimeId> {
        if start.to_i64() < 0 && end.to_i64() >= 0 {
            IdRanges::two(
                IdRange::new_unchecked(TimeId::MIN, end),
                IdRange::new_unchecked(start, TimeId::MAX),
            )
        } else {
            IdRanges::one(IdRange::new_unchecked(start, end))
        }
    }

    impl TimeId {
        /// The TimeIds whose timestamp lies in `start_micros..=end_micros`, any node.
        ///
        /// Bounds beyond the TimeId range are clamped to it. See [`IdRanges`] for why
        /// there may be two ranges.
        ///
        /// # Examples
        ///
        /// ```
        /// use idtypes::TimeId;
        /// use idtypes::time_id::NodeId;
        ///
        /// let ranges = TimeId::ranges_for_micros(1721407246480310, 1721407246480310);
        /// let range = ranges.as_slice()[0];
        /// assert_eq!(range.start(), TimeId::from_parts(1721407246480310, NodeId::MIN)?);
        /// assert_eq!(range.end(), TimeId::from_parts(1721407246480310, NodeId::MAX)?);
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        pub fn ranges_for_micros(start_micros: i64, end_micros: i64) -> IdRanges<TimeId> {
            let start = start_micros.max(TimeId::MIN_TIMESTAMP_MICROS);
            let end = end_micros.min(TimeId::MAX_TIMESTAMP_MICROS);
            if start > end {
                return IdRanges::none(TimeId::MIN);
            }
            of_chronological(
                TimeId::from_parts_unchecked(start, NodeId::MIN),
                TimeId::from_parts_unchecked(end, NodeId::MAX),
            )
        }

        /// The TimeIds made within a span of time (any range of `SystemTime`, or of a type that
        /// converts to it, as every [`UtcTime`](crate::UtcTime) does), at microsecond precision.
        ///
        /// # Examples
        ///
        /// ```
        /// use std::time::{Duration, UNIX_EPOCH};
        /// use idtypes::TimeId;
        ///
        /// let day = UNIX_EPOCH + Duration::from_secs(1721347200); // 2024-07-19T00:00:00Z
        /// let ranges = TimeId::ranges_for_time(day..day + Duration::from_secs(86_400));
        /// assert!(ranges.contains(&"3kxn-lhr-3gxq-23".parse()?));
        /// assert_eq!(ranges.len(), 1);
        ///
        /// let around_1970 = UNIX_EPOCH - Duration::from_secs(1)..UNIX_EPOCH + Duration::from_secs(1);
        /// assert_eq!(TimeId::ranges_for_time(around_1970).len(), 2);
        /// # Ok::<(), idtypes::Error>(())
        /// ```
        #[cfg(feature = "std")]
        pub fn ranges_for_time<T>(span: impl RangeBounds<T>) -> IdRanges<TimeId>
        where
            T: Clone + Into<std::time::SystemTime>,
        {
            let Some((start, end)) = crate::range::time::micros_bounds(span) else {
                return IdRanges::none(TimeId::MIN);
            };
            let clamp = |micros: i128| {
                micros.clamp(
                    TimeId::MIN_TIMESTAMP_MICROS as i128,
                    TimeId::MAX_TIMESTAMP_MICROS as i128,
                ) as i64
            };
            if end < TimeId::MIN_TIMESTAMP_MICROS as i128
                || start > TimeId::MAX_TIMESTAMP_MICROS as i128
            {
                return IdRanges::none(TimeId::MIN);
            }
            TimeId::ranges_for_micros(clamp(start), clamp(end))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn the_drafts_prefix_table_in_utc() {
        let micros = |prefix: &str| {
            let range = TimeId::range_for_prefix(prefix).unwrap().unwrap();
            (
                range.start().timestamp_micros(),
                range.end().timestamp_micros(),
            )
        };
        // 2024-07-19T16:40:46.480310Z, a single microsecond
        assert_eq!(
            micros("3kxn-lhr-3gxq"),
            (1721407246480310, 1721407246480310)
        );
        // 16:40:46.434304Z ..= 16:40:47.482879Z
        assert_eq!(micros("3kxn-lhr"), (1721407246434304, 1721407247482879));
        // 11:28:52.498432Z ..= 21:01:32.236799Z
        assert_eq!(micros("3kxn"), (1721388532498432, 1721422892236799));
        // 2023-07-08T20:57:40.263936Z ..= 2024-08-19T02:23:52.352767Z
        assert_eq!(micros("3k"), (1688849860263936, 1724034232352767));
    }

    #[test]
    fn plain_and_dashed_prefixes_agree() {
        for (plain, dashed) in [
            ("3kxnlhr", "3kxn-lhr"),
            ("3kxnl", "3kxn-l"),
            ("3kxn", "3kxn-"),
        ] {
            assert_eq!(
                TimeId::range_for_prefix(plain),
                TimeId::range_for_prefix(dashed),
                "{plain} / {dashed}"
            );
        }
    }

    #[test]
    fn negative_prefixes_cover_pre_1970_ids() {
        let range = TimeId::range_for_prefix("z").unwrap().unwrap();
        assert_eq!(range.end(), TimeId::MAX);
        assert!(range.start().timestamp_micros() < 0);
        let range = TimeId::range_for_prefix("s").unwrap().unwrap();
        assert_eq!(range.start(), TimeId::EARLIEST);
    }

    #[test]
    fn bad_prefixes_name_their_problem() {
        // The empty prefix is every TimeId; `c` is well formed but starts none.
        assert_eq!(
            TimeId::range_for_prefix(""),
            Ok(Some(IdRange::new_unchecked(TimeId::MIN, TimeId::MAX)))
        );
        assert_eq!(TimeId::range_for_prefix("c"), Ok(None));
        let err = TimeId::range_for_prefix("3kxn-lhr3").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(8))
        );
        let err = TimeId::range_for_prefix("3kxnlhr3gxq23x").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
    }
}
