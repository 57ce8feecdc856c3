//! [`IdRanges`]: the ids of a span of time, as up to two inclusive ranges.

use core::fmt;

use crate::IdRange;

/// The ids made within a span of time: zero, one or two [`IdRange`]s, in `Ord` order.
///
/// Every time-ordered format answers `ranges_for_time` with one: [`Tid`](struct@crate::Tid),
/// [`TimeId`](struct@crate::TimeId), [`Uid11Xid`](struct@crate::Uid11Xid), [`Snowish`](struct@crate::Snowish),
/// [`TsSeqRand`](struct@crate::TsSeqRand), [`Snowflake`](struct@crate::Snowflake) (given its epoch)
/// and [`Tbsl`](struct@crate::Tbsl), and the typed ids over them. It is
/// empty when no id of the format can hold a time of the span, and one range for every format
/// but `TimeId`, whose pre-1970 ids sort after all later ones: a span across 1970 is two
/// ranges. Query with `WHERE id BETWEEN ? AND ? OR id BETWEEN ? AND ?` over its ranges.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use idtypes::{Tid, TimeId};
///
/// let around_1970 = UNIX_EPOCH - Duration::from_secs(1)..UNIX_EPOCH + Duration::from_secs(1);
/// assert_eq!(TimeId::ranges_for_time(around_1970.clone()).len(), 2);
/// // No TID is from before 1970: only the second after.
/// let tids = Tid::ranges_for_time(around_1970);
/// assert_eq!(tids.len(), 1);
/// for range in &tids {
///     assert_eq!(range.start(), Tid::MIN);
/// }
/// ```
#[derive(Clone, Copy)]
pub struct IdRanges<T> {
    /// The ranges in `..len`; the rest repeat one of them (or a filler when empty).
    ranges: [IdRange<T>; 2],
    len: u8,
}

impl<T: Copy> IdRanges<T> {
    /// No range; `filler` is never shown.
    pub(crate) const fn none(filler: T) -> Self {
        IdRanges {
            ranges: [IdRange::new_unchecked(filler, filler); 2],
            len: 0,
        }
    }

    /// One range.
    pub(crate) const fn one(range: IdRange<T>) -> Self {
        IdRanges {
            ranges: [range; 2],
            len: 1,
        }
    }

    /// Two ranges, `first` before `second` in `Ord` order.
    pub(crate) const fn two(first: IdRange<T>, second: IdRange<T>) -> Self {
        IdRanges {
            ranges: [first, second],
            len: 2,
        }
    }

    /// One range, or none.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) const fn from_option(range: Option<IdRange<T>>, filler: T) -> Self {
        match range {
            Some(range) => IdRanges::one(range),
            None => IdRanges::none(filler),
        }
    }

    /// The same ranges over another id type (a typed id's, without its checks: bounds are
    /// query bounds).
    #[doc(hidden)]
    pub fn map<U: Copy>(self, wrap: impl Fn(T) -> U) -> IdRanges<U> {
        let map = |range| crate::typed::support::map_range(range, &wrap);
        IdRanges {
            ranges: [map(self.ranges[0]), map(self.ranges[1])],
            len: self.len,
        }
    }

    /// The ranges, in `Ord` order.
    ///
    /// # Examples
    ///
    /// ```
    /// let ranges = idtypes::TimeId::ranges_for_micros(-1, 0);
    /// assert_eq!(ranges.as_slice()[0].start().timestamp_micros(), 0);
    /// assert_eq!(ranges.as_slice()[1].start().timestamp_micros(), -1);
    /// ```
    pub fn as_slice(&self) -> &[IdRange<T>] {
        &self.ranges[..self.len as usize]
    }

    /// The ranges, in `Ord` order.
    ///
    /// # Examples
    ///
    /// ```
    /// let ranges = idtypes::TimeId::ranges_for_micros(-1, 0);
    /// assert_eq!(ranges.iter().count(), 2);
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, IdRange<T>> {
        self.as_slice().iter()
    }

    /// How many ranges: 0, 1 or 2.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::TimeId::ranges_for_micros(5, 9).len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no id lies in the span.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(idtypes::TimeId::ranges_for_micros(9, 5).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The one range, when there is exactly one.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let range = TimeId::ranges_for_micros(5, 9).single().unwrap();
    /// assert_eq!(range.start().timestamp_micros(), 5);
    /// assert!(TimeId::ranges_for_micros(-1, 0).single().is_none());
    /// ```
    pub fn single(&self) -> Option<IdRange<T>> {
        match self.as_slice() {
            [range] => Some(*range),
            _ => None,
        }
    }
}

impl<T: Copy + Ord> IdRanges<T> {
    /// Whether `id` lies in one of the ranges.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// assert!(TimeId::ranges_for_micros(i64::MIN, i64::MAX).contains(&TimeId::MAX));
    /// ```
    pub fn contains(&self, id: &T) -> bool {
        self.iter().any(|range| range.contains(id))
    }
}

impl<T: Copy + PartialEq> PartialEq for IdRanges<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Eq> Eq for IdRanges<T> {}

impl<T: Copy + core::hash::Hash> core::hash::Hash for IdRanges<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + fmt::Debug> fmt::Debug for IdRanges<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, T: Copy> IntoIterator for &'a IdRanges<T> {
    type Item = &'a IdRange<T>;
    type IntoIter = core::slice::Iter<'a, IdRange<T>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy> IntoIterator for IdRanges<T> {
    type Item = IdRange<T>;
    type IntoIter = core::iter::Take<core::array::IntoIter<IdRange<T>, 2>>;

    fn into_iter(self) -> Self::IntoIter {
        self.ranges.into_iter().take(self.len as usize)
    }
}
