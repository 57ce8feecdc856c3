//! What generic code needs of a generator: [`IdGenerator`] (the next id, or why not), and
//! [`Leasable`] for the generators whose clock, node, machine or worker id can come from a
//! lease ([`LeaseTerm`]).

use crate::{Error, LeaseTerm};

/// A generator of ids: every generator of this crate, and a
/// [`LeasedGenerator`](crate::lease::LeasedGenerator) around one of them.
///
/// A typed id's `try_next_from(&generator)` takes any generator of its format, so that the
/// same handler code serves a generator of its own, a leased one, or one that leases again
/// by itself.
///
/// # Examples
///
/// Code generic over where the ids come from:
///
/// ```
/// use idtypes::{IdGenerator, Tid};
/// use idtypes::tid::TidGenerator;
///
/// fn batch(generator: &impl IdGenerator<Id = Tid>, n: usize) -> Result<Vec<Tid>, idtypes::Error> {
///     (0..n).map(|_| generator.try_next()).collect()
/// }
///
/// let tids = batch(&TidGenerator::new(), 3)?;
/// assert!(tids[0] < tids[1] && tids[1] < tids[2]);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait IdGenerator: Send + Sync {
    /// The ids it makes.
    type Id;

    /// The next id, or the generator's error (see each generator's `try_next`): its
    /// timestamps are used up, its fixed id belongs to a parent process, its lease has ended.
    ///
    /// # Errors
    ///
    /// The generator's own: [`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted),
    /// [`ErrorKind::Forked`](crate::ErrorKind::Forked),
    /// [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired), ...
    fn try_next(&self) -> Result<Self::Id, Error>;
}

impl<G: IdGenerator + ?Sized> IdGenerator for &G {
    type Id = G::Id;

    #[inline]
    fn try_next(&self) -> Result<G::Id, Error> {
        (**self).try_next()
    }
}

impl<G: IdGenerator + ?Sized> IdGenerator for std::sync::Arc<G> {
    type Id = G::Id;

    #[inline]
    fn try_next(&self) -> Result<G::Id, Error> {
        (**self).try_next()
    }
}

/// A generator whose clock, node, machine or worker id can come from a lease: the TID,
/// TimeId, snowish, Snowflake, TBSL and Sonyflake generators, on a clock that can be cloned
/// (`SystemClock`, an `Arc` of any clock).
///
/// A [`LeasedGenerator`](crate::lease::LeasedGenerator) takes one as the template of every
/// generator it binds to a new lease: its settings (clock, run-ahead policy, epoch, layout,
/// mode) carry over, its own clock or machine id does not.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use idtypes::{IdGenerator, Leasable, LeaseTerm, RunAhead};
/// use idtypes::tid::TidGenerator;
///
/// let template = TidGenerator::new().with_run_ahead(RunAhead::refuse(Duration::from_millis(5)));
/// assert_eq!(template.lease_values(), 1024);
/// let term = LeaseTerm::new(9, Duration::from_secs(25), 0, i64::MAX);
/// let bound = template.with_term(term)?;
/// assert_eq!(bound.try_next()?.clock_id(), 9);
/// assert_eq!(bound.run_ahead(), template.run_ahead());
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait Leasable: IdGenerator + Sized + 'static {
    /// How many values its lease namespace has: the generator's `LEASE_VALUES` (a Sonyflake
    /// generator's layout's [`lease_values`](crate::sonyflake::SonyflakeLayout::lease_values)).
    fn lease_values(&self) -> u32;

    /// A new generator with this one's settings, bound to `term`: what
    /// `with_lease_term(term)` on a generator made with the same settings gives.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a leased value outside
    /// the generator's space.
    fn with_term(&self, term: LeaseTerm) -> Result<Self, Error>;
}
