//! Inclusive [`Tid`] ranges for a text prefix and for a span of time.

#[cfg(feature = "std")]
use core::ops::RangeBounds;

use super::{FORMAT, Tid};
use crate::{Error, IdRange, codec::base32_sortable as b32};

/// The largest `timestamp_micros()` of any `u64`: 54 bits.
const LAST_MICROS: u64 = u64::MAX >> 10;

impl Tid {
    /// The TIDs whose text starts with `prefix` (0 to 13 symbols), as an inclusive range.
    ///
    /// The empty prefix gives every TID; a full TID gives itself.
    ///
    /// # Errors
    ///
    /// As [`Tid::parse`] for a prefix: [`ErrorKind::Length`](crate::ErrorKind::Length) over 13
    /// symbols, [`ErrorKind::Character`](crate::ErrorKind::Character) with the position of a
    /// symbol outside the alphabet, and [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) when
    /// the first symbol is `k`..`z` (no TID starts with it).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, tid};
    ///
    /// let range = Tid::range_for_prefix("3jzfcij")?;
    /// assert_eq!(range.start(), tid!("3jzfcij222222"));
    /// assert_eq!(range.end(), tid!("3jzfcijzzzzzz"));
    ///
    /// // Every TID of that prefix was made within about 1.07 seconds.
    /// let span = range.end().timestamp_micros() - range.start().timestamp_micros();
    /// assert_eq!(span, (1 << 20) - 1);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_prefix(prefix: &str) -> Result<IdRange<Tid>, Error> {
        let bytes = prefix.as_bytes();
        let len = bytes.len();
        if len > Tid::TEXT_LEN {
            return Err(Error::length(FORMAT, 0, Tid::TEXT_LEN, len));
        }
        if len == 0 {
            return Ok(IdRange::new_unchecked(Tid::MIN, Tid::MAX));
        }
        let mut value = 0u64;
        let mut i = 0;
        while i < len {
            let symbol = b32::DECODE[bytes[i] as usize];
            if symbol == b32::INVALID {
                return Err(Error::character(FORMAT, bytes, i, b32::ALPHABET_STR));
            }
            if i == 0 && symbol >= 16 {
                return Err(Error::overflow(FORMAT, bytes, 0, "234567abcdefghij"));
            }
            value = (value << 5) | symbol as u64;
            i += 1;
        }
        // `len >= 1`, so the free bits number at most 60.
        let free = 5 * (Tid::TEXT_LEN - len) as u32;
        let start = value << free;
        let end = start | ((1u64 << free) - 1);
        Ok(IdRange::new_unchecked(Tid(start), Tid(end)))
    }

    /// The TIDs whose [`timestamp_micros`](Tid::timestamp_micros) lies in
    /// `start_micros..=end_micros`, with any clock id; `None` when no TID does
    /// (`start_micros > end_micros`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// let range = Tid::range_for_micros(1688137381887007, 1688137381887007).unwrap();
    /// assert_eq!(range.start(), Tid::from_parts(1688137381887007, 0)?);
    /// assert_eq!(range.end(), Tid::from_parts(1688137381887007, 1023)?);
    /// assert!(Tid::range_for_micros(2, 1).is_none());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_micros(start_micros: u64, end_micros: u64) -> Option<IdRange<Tid>> {
        let end_micros = if end_micros > LAST_MICROS {
            LAST_MICROS
        } else {
            end_micros
        };
        if start_micros > end_micros {
            return None;
        }
        Some(IdRange::new_unchecked(
            Tid(start_micros << 10),
            Tid((end_micros << 10) | 0x3FF),
        ))
    }

    /// The TIDs made within a span of time, as an inclusive range; `None` when no TID can be
    /// (an empty span, or one that ends before 1970).
    ///
    /// Takes any range of `SystemTime` (or of a type that converts to it, like chrono's
    /// `DateTime<Utc>`): `start..end` leaves `end` out, `start..=end` keeps it, `start..` runs
    /// to the last TID. Times are compared at microsecond precision, as TIDs hold them.
    ///
    /// # Examples
    ///
    /// One day's TIDs, for `WHERE id BETWEEN ? AND ?`:
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tid;
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1688083200); // 2023-06-30T00:00:00Z
    /// let range = Tid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
    /// assert_eq!(range.start(), Tid::from_parts(1688083200000000, 0)?);
    /// assert_eq!(range.end(), Tid::from_parts(1688169599999999, 1023)?);
    /// assert!(range.contains(&idtypes::tid!("3jzfcijpj2z2a")));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn range_for_time<T>(span: impl RangeBounds<T>) -> Option<IdRange<Tid>>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        let (start, end) = crate::time::micros_bounds(span)?;
        // Clamp to what a u64 holds before converting: an open end is `i128::MAX`, and
        // `range_for_micros` clamps further to the last TID.
        let start = u64::try_from(start.max(0)).ok()?;
        let end = u64::try_from(end.clamp(-1, u64::MAX as i128)).ok()?;
        Tid::range_for_micros(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn one_symbol_prefix_spans_60_bits() {
        let range = Tid::range_for_prefix("3").unwrap();
        assert_eq!(range.start().to_u64(), 1 << 60);
        assert_eq!(range.end().to_u64(), (2 << 60) - 1);
    }

    #[test]
    fn a_full_tid_is_its_own_range() {
        let range = Tid::range_for_prefix("3jzfcijpj2z2a").unwrap();
        assert_eq!(range.start(), range.end());
        assert_eq!(range.start().to_u64(), 1728652679052295174);
    }

    #[test]
    fn prefix_errors_name_the_problem() {
        let err = Tid::range_for_prefix("3jzfcijpj2z2aa").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(
            err.to_string(),
            "invalid atproto TID: expected 0 to 13 characters, found 14 bytes"
        );
        assert_eq!(
            Tid::range_for_prefix("k").unwrap_err().kind(),
            ErrorKind::Overflow
        );
        let err = Tid::range_for_prefix("3j-").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(2))
        );
    }

    #[test]
    fn an_open_ended_span_runs_to_the_last_tid() {
        let range = Tid::range_for_time(std::time::UNIX_EPOCH..).unwrap();
        assert_eq!(range.into_bounds(), (Tid::MIN, Tid::MAX));
        let before_1970 = std::time::UNIX_EPOCH - std::time::Duration::from_secs(1);
        assert!(Tid::range_for_time(..before_1970).is_none());
    }

    #[test]
    fn micros_beyond_any_tid_are_clamped() {
        let range = Tid::range_for_micros(0, u64::MAX).unwrap();
        assert_eq!(range.into_bounds(), (Tid::MIN, Tid::MAX));
        assert!(Tid::range_for_micros(LAST_MICROS + 1, u64::MAX).is_none());
    }
}
