//! [`KeepAlive`]: a lease renewed in the background on the tokio runtime.

use core::fmt;

use tokio::{sync::oneshot, task::JoinHandle};

use crate::{Error, LeaseTerm};

/// A lease renewed in the background on the tokio runtime, made by `Leases::keep_alive`.
///
/// It renews a third of the way into each term. A renewal that fails for a database error
/// is retried every tenth of a term while the term lasts; once the term has run out (or a
/// renewal finds the lease taken over), it ends the term, so that the generators bound to it
/// refuse, and stops. [`release`](KeepAlive::release) stops it and frees the value at once;
/// dropping it does the same in the background, as far as the runtime still runs.
///
/// # Examples
///
/// ```no_run
/// # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
/// let lease = leases.acquire("posts-tid", 1024).await?;
/// let kept = leases.keep_alive(lease)?;
/// let generator = idtypes::tid::TidGenerator::new().with_lease_term(kept.term())?;
/// // ... serve requests with `generator` ...
/// kept.release().await?;
/// # Ok(())
/// # }
/// ```
pub struct KeepAlive {
    term: LeaseTerm,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), Error>>>,
}

impl KeepAlive {
    pub(super) fn new(
        term: LeaseTerm,
        stop: oneshot::Sender<()>,
        task: JoinHandle<Result<(), Error>>,
    ) -> Self {
        KeepAlive {
            term,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// The lease's term, for generators (see [`LeaseTerm`]).
    pub fn term(&self) -> LeaseTerm {
        self.term.clone()
    }

    /// Whether the lease is still held: its term is live.
    pub fn is_live(&self) -> bool {
        self.term.is_live()
    }

    /// Stops renewing and releases the lease (ending its term first).
    ///
    /// # Errors
    ///
    /// What the release, or the renewal that ended the keep-alive, reported:
    /// [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when the lease had been taken
    /// over, [`ErrorKind::Database`](crate::ErrorKind::Database) when the database failed.
    pub async fn release(mut self) -> Result<(), Error> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.task.take() {
            Some(task) => match task.await {
                Ok(result) => result,
                Err(err) => Err(super::database(err)),
            },
            None => Ok(()),
        }
    }
}

impl Drop for KeepAlive {
    /// Tells the background task to release the lease; it does so if the runtime still runs.
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl fmt::Debug for KeepAlive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeepAlive")
            .field("term", &self.term)
            .finish_non_exhaustive()
    }
}
