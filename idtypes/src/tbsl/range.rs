//! Inclusive [`Tbsl`] ranges for a text prefix and for a span of time.

#[cfg(feature = "std")]
use core::ops::RangeBounds;

use super::{FORMAT, MAX_PAYLOAD, Tbsl};
#[cfg(feature = "std")]
use crate::IdRanges;
use crate::{
    Error, IdRange,
    codec::hex,
    error::{Lengths, Repr, char_at},
};

impl Tbsl {
    /// The TBSLs whose text starts with `prefix` (0 to 20 uppercase hex characters), as an
    /// inclusive range; `None` never happens (every 20-hex text is a TBSL) but keeps the shape
    /// every format's `range_for_prefix` has.
    ///
    /// The first 15 characters are the time-machine payload: a prefix of up to 15 characters
    /// is a span of time (and machines).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) over 20 characters,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character other than
    /// `0-9A-F`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// let id: Tbsl = "25BF6196C8D610700001".parse()?;
    /// let range = Tbsl::range_for_prefix("25BF6196C8")?.unwrap();
    /// assert_eq!(range.start().to_string(), "25BF6196C80000000000");
    /// assert_eq!(range.end().to_string(), "25BF6196C8FFFFFFFFFF");
    /// assert!(range.contains(&id));
    /// assert!(Tbsl::range_for_prefix("25bf").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Tbsl>>, Error> {
        let bytes = prefix.as_bytes();
        let len = bytes.len();
        if len > Tbsl::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, Tbsl::TEXT_LEN),
                    found: len,
                },
            ));
        }
        let mut value = 0u128;
        let mut i = 0;
        while i < len {
            let digit = hex::DECODE[bytes[i] as usize];
            if digit == hex::INVALID {
                return Err(Error::new(
                    FORMAT,
                    Repr::Character {
                        position: i,
                        found: char_at(bytes, i),
                        expected: "0123456789ABCDEF",
                    },
                ));
            }
            value = (value << 4) | digit as u128;
            i += 1;
        }
        let free = 4 * (Tbsl::TEXT_LEN - len) as u32;
        let start = value << free;
        let end = start | ((1u128 << free) - 1);
        Ok(Some(IdRange::new_unchecked(
            Tbsl::from_u128_unchecked(start),
            Tbsl::from_u128_unchecked(end),
        )))
    }

    /// The TBSLs whose [`timestamp_micros`](Tbsl::timestamp_micros) lies in
    /// `start_micros..=end_micros`, any machine and suffix, as an inclusive range; `None` when
    /// none does (`start_micros > end_micros`, or a start after the last TBSL).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// let range = Tbsl::range_for_micros(1_700_000_000_123_456, 1_700_000_000_123_456).unwrap();
    /// assert_eq!(range.start(), Tbsl::from_parts(1_700_000_000_123_456, 0, 0)?);
    /// assert_eq!(range.end(), Tbsl::from_parts(1_700_000_000_123_456, 99, Tbsl::MAX_SUFFIX)?);
    /// assert!(Tbsl::range_for_micros(2, 1).is_none());
    /// assert_eq!(Tbsl::range_for_micros(0, u64::MAX).unwrap().end(), Tbsl::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_micros(start_micros: u64, end_micros: u64) -> Option<IdRange<Tbsl>> {
        let end_micros = if end_micros > Tbsl::MAX_TIMESTAMP_MICROS {
            Tbsl::MAX_TIMESTAMP_MICROS
        } else {
            end_micros
        };
        if start_micros > end_micros {
            return None;
        }
        // `micros * 100 + machine`: the last microsecond has machines up to 75 only.
        let last = end_micros * 100 + 99;
        let last = if last > MAX_PAYLOAD {
            MAX_PAYLOAD
        } else {
            last
        };
        Some(IdRange::new_unchecked(
            Tbsl::from_fields(start_micros * 100, 0),
            Tbsl::from_fields(last, Tbsl::MAX_SUFFIX),
        ))
    }

    /// The TBSLs made within a span of time, as an inclusive range; `None` when none can be
    /// (an empty span, or one that ends before 1970 or starts after 2335).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does), at microsecond precision, as TBSLs hold time.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tbsl;
    ///
    /// let second = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// let range = Tbsl::range_for_time(second..second + Duration::from_secs(1)).unwrap();
    /// assert!(range.contains(&"25BF6196C8D610700001".parse()?));
    /// assert_eq!(range.end().timestamp_micros(), 1_700_000_000_999_999);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(span: impl RangeBounds<T>) -> Option<IdRange<Tbsl>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) =
            crate::range::time::unsigned_bounds(crate::range::time::micros_bounds(span)?)?;
        Tbsl::range_for_micros(start, end)
    }

    /// [`range_for_time`](Tbsl::range_for_time) as [`IdRanges`], the shape every
    /// time-ordered format answers with (for TBSLs, never more than one range).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::UNIX_EPOCH;
    /// use idtypes::Tbsl;
    ///
    /// assert_eq!(Tbsl::ranges_for_time(UNIX_EPOCH..).single().unwrap().start(), Tbsl::MIN);
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(span: impl RangeBounds<T>) -> IdRanges<Tbsl>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        IdRanges::from_option(Tbsl::range_for_time(span), Tbsl::MIN)
    }
}
