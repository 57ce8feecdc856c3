//! Inclusive [`Tid`] ranges for a text prefix and for a span of time.

#[cfg(feature = "std")]
use core::ops::RangeBounds;

use super::{FORMAT, Tid};
#[cfg(feature = "std")]
use crate::IdRanges;
use crate::{
    Error, IdRange,
    codec::base32_sortable as b32,
    error::{Lengths, Repr, char_at},
};

/// The largest timestamp a TID's layout holds (53 bits, the top bit 0): time ranges end
/// there, at the last TID a generator or [`Tid::from_parts`] can make (`bzzzzzzzzzzzz`, whose
/// integer is `i64::MAX`, so that a range's bounds fit a signed `BIGINT`). A TID with the top
/// bit set, which only text starting `c`..`j` makes, has no time in the layout and is in no
/// time range (prefix ranges still reach it).
const LAST_MICROS: u64 = Tid::MAX_TIMESTAMP_MICROS;

impl Tid {
    /// The TIDs whose text starts with `prefix` (0 to 13 symbols), as an inclusive range;
    /// `None` when no TID does (a first symbol `k`..`z`).
    ///
    /// The empty prefix gives every TID; a full TID gives itself.
    ///
    /// # Errors
    ///
    /// As [`Tid::parse`] for a prefix: [`ErrorKind::Length`](crate::ErrorKind::Length) over 13
    /// symbols, [`ErrorKind::Character`](crate::ErrorKind::Character) with the position of a
    /// symbol outside the alphabet.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, tid};
    ///
    /// let range = Tid::range_for_prefix("3jzfcij")?.unwrap();
    /// assert_eq!(range.start(), tid!("3jzfcij222222"));
    /// assert_eq!(range.end(), tid!("3jzfcijzzzzzz"));
    ///
    /// // Every TID of that prefix was made within about 1.07 seconds.
    /// let span = range.end().timestamp_micros() - range.start().timestamp_micros();
    /// assert_eq!(span, (1 << 20) - 1);
    ///
    /// // Well-formed, but no TID starts with `k`.
    /// assert_eq!(Tid::range_for_prefix("k")?, None);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn range_for_prefix(prefix: &str) -> Result<Option<IdRange<Tid>>, Error> {
        let bytes = prefix.as_bytes();
        let len = bytes.len();
        if len > Tid::TEXT_LEN {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(0, Tid::TEXT_LEN),
                    found: len,
                },
            ));
        }
        if len == 0 {
            return Ok(Some(IdRange::new_unchecked(Tid::MIN, Tid::MAX)));
        }
        let mut value = 0u64;
        let mut i = 0;
        while i < len {
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
            value = (value << 5) | symbol as u64;
            i += 1;
        }
        // A first symbol `k`..`z` is well formed (the whole prefix was checked) but beyond
        // every TID.
        if b32::DECODE[bytes[0] as usize] >= 16 {
            return Ok(None);
        }
        // `len >= 1`, so the free bits number at most 60.
        let free = 5 * (Tid::TEXT_LEN - len) as u32;
        let start = value << free;
        let end = start | ((1u64 << free) - 1);
        Ok(Some(IdRange::new_unchecked(Tid(start), Tid(end))))
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
    /// Takes any range of `SystemTime` (or of a type that converts to it, as every
    /// [`UtcTime`](crate::UtcTime) does): `start..end` leaves `end` out, `start..=end` keeps it, `start..` runs
    /// to the last TID the layout holds (`bzzzzzzzzzzzz`, 2255-06-05; TIDs with the top bit
    /// set, which only text makes, are in no time range). Times are compared at microsecond
    /// precision, as TIDs hold them.
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
        let (start, end) =
            crate::range::time::unsigned_bounds(crate::range::time::micros_bounds(span)?)?;
        Tid::range_for_micros(start, end)
    }

    /// [`range_for_time`](Tid::range_for_time) as [`IdRanges`], the shape every time-ordered
    /// format answers with (for TIDs, never more than one range).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tid;
    ///
    /// let day = UNIX_EPOCH + Duration::from_secs(1688083200); // 2023-06-30T00:00:00Z
    /// let ranges = Tid::ranges_for_time(day..day + Duration::from_secs(86_400));
    /// assert_eq!(ranges.len(), 1);
    /// assert!(ranges.contains(&idtypes::tid!("3jzfcijpj2z2a")));
    /// assert!(Tid::ranges_for_time(..UNIX_EPOCH).is_empty());
    /// ```
    #[cfg(feature = "std")]
    pub fn ranges_for_time<T>(span: impl RangeBounds<T>) -> IdRanges<Tid>
    where
        T: Clone + Into<std::time::SystemTime>,
    {
        IdRanges::from_option(Tid::range_for_time(span), Tid::MIN)
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    #[test]
    fn one_symbol_prefix_spans_60_bits() {
        let range = Tid::range_for_prefix("3").unwrap().unwrap();
        assert_eq!(range.start().to_u64(), 1 << 60);
        assert_eq!(range.end().to_u64(), (2 << 60) - 1);
    }

    #[test]
    fn a_full_tid_is_its_own_range() {
        let range = Tid::range_for_prefix("3jzfcijpj2z2a").unwrap().unwrap();
        assert_eq!(range.start(), range.end());
        assert_eq!(range.start().to_u64(), 1728652679052295174);
    }

    #[test]
    fn prefix_errors_name_the_problem() {
        let err = Tid::range_for_prefix("3jzfcijpj2z2aa").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        assert_eq!(
            err.to_string(),
            "invalid atproto TID: expected 0 to 13 bytes, found 14 bytes"
        );
        // Well formed but beyond every TID: nothing, not an error.
        assert_eq!(Tid::range_for_prefix("k"), Ok(None));
        assert_eq!(Tid::range_for_prefix("zzzzzzzzzzzzz"), Ok(None));
        let err = Tid::range_for_prefix("k1").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(1))
        );
        let err = Tid::range_for_prefix("3j-").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(2))
        );
    }

    #[cfg(feature = "std")]
    #[test]
    fn an_open_ended_span_runs_to_the_last_tid() {
        let range = Tid::range_for_time(std::time::UNIX_EPOCH..).unwrap();
        assert_eq!(range.into_bounds(), (Tid::MIN, last_tid()));
        let before_1970 = std::time::UNIX_EPOCH - std::time::Duration::from_secs(1);
        assert!(Tid::range_for_time(..before_1970).is_none());
    }

    /// The last TID of the layout: the largest microsecond and clock id.
    fn last_tid() -> Tid {
        Tid::from_parts(Tid::MAX_TIMESTAMP_MICROS, Tid::MAX_CLOCK_ID).unwrap()
    }

    #[test]
    fn micros_beyond_any_tid_are_clamped() {
        let range = Tid::range_for_micros(0, u64::MAX).unwrap();
        assert_eq!(range.into_bounds(), (Tid::MIN, last_tid()));
        assert_eq!(last_tid().to_u64(), i64::MAX as u64);
        assert!(Tid::range_for_micros(LAST_MICROS + 1, u64::MAX).is_none());
    }
}
