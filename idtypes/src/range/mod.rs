//! Ranges of ids: [`IdRange`], an inclusive range ready for `WHERE id BETWEEN start AND end`;
//! [`IdRanges`](ranges::IdRanges), the up to two ranges a span of time gives; and the
//! `SystemTime` arithmetic the time ranges share (`time`).

pub(crate) mod ranges;
pub(crate) mod seconds_first;
#[cfg(feature = "std")]
pub(crate) mod time;

use core::{
    fmt,
    ops::{Bound, RangeBounds, RangeInclusive},
};

/// A non-empty inclusive range of ids: every id `x` with `start <= x <= end`.
///
/// Range helpers ([`Tid::range_for_prefix`](crate::Tid::range_for_prefix),
/// [`Tid::range_for_micros`](crate::Tid::range_for_micros), ...) return one. Bind
/// [`start`](IdRange::start) and [`end`](IdRange::end) to a `BETWEEN` query, test membership with
/// [`contains`](IdRange::contains), or pass it to `BTreeMap::range`, since it implements
/// [`RangeBounds`].
///
/// # Examples
///
/// ```
/// use std::collections::BTreeSet;
/// use idtypes::{Tid, tid};
///
/// let range = Tid::range_for_prefix("3jzf")?.unwrap();
/// assert_eq!(range.start(), tid!("3jzf222222222"));
/// assert_eq!(range.end(), tid!("3jzfzzzzzzzzz"));
/// assert!(range.contains(&tid!("3jzfcijpj2z2a")));
///
/// let set: BTreeSet<Tid> = [tid!("3jzfcijpj2z2a"), tid!("3kzz222222222")].into();
/// assert_eq!(set.range(range).count(), 1);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IdRange<T> {
    start: T,
    end: T,
}

impl<T: Copy> IdRange<T> {
    /// `start..=end`, which the caller knows to be non-empty.
    pub(crate) const fn new_unchecked(start: T, end: T) -> Self {
        IdRange { start, end }
    }

    /// The first id in the range.
    ///
    /// # Examples
    ///
    /// ```
    /// let range = idtypes::Tid::range_for_prefix("")?.unwrap();
    /// assert_eq!(range.start(), idtypes::Tid::MIN);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn start(&self) -> T {
        self.start
    }

    /// The last id in the range (included).
    ///
    /// # Examples
    ///
    /// ```
    /// let range = idtypes::Tid::range_for_prefix("")?.unwrap();
    /// assert_eq!(range.end(), idtypes::Tid::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn end(&self) -> T {
        self.end
    }

    /// `(start, end)`.
    ///
    /// # Examples
    ///
    /// ```
    /// let (start, end) = idtypes::Tid::range_for_prefix("3")?.unwrap().into_bounds();
    /// assert!(start < end);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn into_bounds(self) -> (T, T) {
        (self.start, self.end)
    }
}

impl<T: Copy + Ord> IdRange<T> {
    /// `start..=end`, or `None` when `start > end`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdRange, Tid};
    ///
    /// assert!(IdRange::new(Tid::MIN, Tid::MAX).is_some());
    /// assert!(IdRange::new(Tid::MAX, Tid::MIN).is_none());
    /// ```
    pub fn new(start: T, end: T) -> Option<Self> {
        (start <= end).then_some(IdRange { start, end })
    }

    /// Whether `id` lies in the range.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// let range = Tid::range_for_micros(100, 200).unwrap();
    /// assert!(range.contains(&Tid::from_parts(150, 9)?));
    /// assert!(!range.contains(&Tid::from_parts(201, 0)?));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn contains(&self, id: &T) -> bool {
        self.start <= *id && *id <= self.end
    }
}

impl<T> RangeBounds<T> for IdRange<T> {
    fn start_bound(&self) -> Bound<&T> {
        Bound::Included(&self.start)
    }

    fn end_bound(&self) -> Bound<&T> {
        Bound::Included(&self.end)
    }
}

impl<T> From<IdRange<T>> for RangeInclusive<T> {
    fn from(range: IdRange<T>) -> Self {
        range.start..=range.end
    }
}

impl<T: fmt::Display> fmt::Display for IdRange<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.start, self.end)
    }
}

impl<T: fmt::Debug> fmt::Debug for IdRange<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}..={:?}", self.start, self.end)
    }
}
