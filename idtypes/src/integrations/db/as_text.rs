//! [`AsText`], the adapter that stores an id as its text, for every database integration
//! (sqlx, postgres-types).

use core::fmt;

/// Stores an id in a text column (its canonical text) instead of its bytes: for people who
/// read the table. An explicit choice, never a guess at decode time: a column is bytes or text.
///
/// Text columns sort like the ids only with a byte-wise collation (see the storage table in
/// the crate docs): PostgreSQL `TEXT COLLATE "C"`, MySQL `... COLLATE ascii_bin`, SQLite's
/// default `TEXT`. A [`Snowflake`](struct@crate::Snowflake)'s decimal text never sorts like its
/// ids (`9` after `10`): store Snowflakes as themselves (`BIGINT`) to range over them.
///
/// # Examples
///
/// ```
/// use idtypes::{AsText, Tid};
///
/// let stored = AsText(Tid::from_u64(1));
/// assert_eq!(stored.to_string(), "2222222222223");
/// let id: Tid = stored.into_inner();
/// assert_eq!(id.to_u64(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AsText<T>(pub T);

impl<T> AsText<T> {
    /// The id.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::AsText(idtypes::Tid::MIN).into_inner(), idtypes::Tid::MIN);
    /// ```
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for AsText<T> {
    fn from(id: T) -> Self {
        AsText(id)
    }
}

impl<T: fmt::Display> fmt::Display for AsText<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
