//! [`AsBytes`], the adapter that stores an id as its big-endian bytes, for every database
//! integration (sqlx, postgres-types): the columns of earlier releases.

use core::fmt;

/// Stores an id as its big-endian bytes (`BYTEA`, `BINARY(8)`/`BINARY(10)`, `BLOB`) instead
/// of the integer column a 64-bit id gets: for tables made before integer columns were the
/// default (this crate's earlier releases stored every id so), and for the rare TID with its
/// top bit set, which a signed `BIGINT` cannot hold. A [`Tbsl`](struct@crate::Tbsl) is
/// stored as bytes already; `AsBytes<Tbsl>` is the same column.
///
/// The bytes sort like the ids on every database (PostgreSQL and SQLite compare bytes; MySQL's
/// binary strings too). An explicit choice, never a guess at decode time: an `AsBytes` reads
/// bytes only, the id alone integers only. To move a table to integers, see
/// [migrating from bytes](crate#migrating-a-bytes-column-to-integers).
///
/// # Examples
///
/// ```
/// use idtypes::{AsBytes, Tid};
///
/// let stored = AsBytes(Tid::from_u64(1));
/// assert_eq!(stored.to_string(), "2222222222223");
/// let id: Tid = stored.into_inner();
/// assert_eq!(id.to_bytes(), [0, 0, 0, 0, 0, 0, 0, 1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AsBytes<T>(pub T);

impl<T> AsBytes<T> {
    /// The id.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::AsBytes(idtypes::Tid::MIN).into_inner(), idtypes::Tid::MIN);
    /// ```
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for AsBytes<T> {
    fn from(id: T) -> Self {
        AsBytes(id)
    }
}

impl<T: fmt::Display> fmt::Display for AsBytes<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
