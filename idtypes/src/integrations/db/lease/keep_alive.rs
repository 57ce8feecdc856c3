//! [`KeepAlive`]: a lease renewed in the background on the tokio runtime.

use core::{
    fmt,
    future::Future,
    pin::{Pin, pin},
    task::Poll,
    time::Duration,
};
use std::time::Instant;

use tokio::{
    runtime::Handle,
    sync::{Notify, oneshot},
    task::JoinHandle,
};

use super::{Call, Lease, events};
use crate::{Error, ErrorKind, LeaseTerm, error::LeaseOp};

/// A lease renewed in the background on the tokio runtime, made by `Leases::keep_alive`.
///
/// It renews a third of the way into each term. Each attempt may take half the time left to
/// the term's deadline, so that a connection that went silent leaves time for another
/// attempt; an attempt that fails quickly (a reset connection, a database error) is tried
/// again after a tenth of the term. Once the term has run out (no renewal came back by its
/// deadline) or a renewal finds the lease taken over, it ends the term, so that the
/// generators bound to it refuse, and stops; [`LeaseTerm::ended`] completes then (see
/// [`term`](KeepAlive::term)). An ended term is never revived: to go on, acquire a new lease,
/// or take ids from a [`LeasedGenerator`](super::LeasedGenerator), which does that by itself.
///
/// [`release`](KeepAlive::release) and dropping both end the term at once, before anything
/// else, and stop the renewals, abandoning one in flight. The lease itself is then released
/// in the database: `release` waits for that (within the store's timeout), dropping leaves it
/// to the background (as far as the runtime still runs). Neither ever blocks on the network.
///
/// # Examples
///
/// ```no_run
/// # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
/// use idtypes::tid::TidGenerator;
///
/// let lease = leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?;
/// let kept = leases.keep_alive(lease)?;
/// let generator = TidGenerator::new().with_lease_term(kept.term())?;
/// // ... serve requests with `generator` ...
/// kept.release().await?;
/// # Ok(())
/// # }
/// ```
pub struct KeepAlive {
    term: LeaseTerm,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), Error>>>,
    /// For the error of a task that did not finish (the runtime shut down).
    namespace: String,
}

/// What the background tasks (`KeepAlive`, `LeasedGenerator`) need of a lease store, whatever
/// its database.
pub(super) trait Renewer: Send + Sync + 'static {
    /// `Leases::renew_by`: a renewal limited to `limit` (at most the term's deadline).
    fn renew_by<'a>(
        &'a self,
        lease: &'a mut Lease,
        limit: Instant,
    ) -> Pin<Box<dyn Future<Output = Result<(), Error>> + Send + 'a>>;

    /// `Leases::release`, within the store's timeout.
    fn release(&self, lease: Lease)
    -> Pin<Box<dyn Future<Output = Result<(), Error>> + Send + '_>>;

    /// `Leases::lease_again`: a new term after `old`'s ended, on the same value while the
    /// store still shows it as this holder's, else on any free value of `0..size`; within
    /// the store's timeout.
    fn lease_again<'a>(
        &'a self,
        old: &'a Lease,
        size: u32,
    ) -> Pin<Box<dyn Future<Output = Result<Lease, Error>> + Send + 'a>>;

    /// A term's length: the lease's duration less the margin.
    fn length(&self) -> Duration;

    /// The store's name in events: `postgres`, `mysql`, `sqlite`, `etcd`.
    fn name(&self) -> &'static str;
}

/// Implements [`Renewer`] for a store type whose inherent `renew_by`, `release` and
/// `lease_again` it calls, whose `timing` gives the term's length and whose `store_name()` its
/// name.
macro_rules! renewer_for {
    ($store:ty) => {
        impl super::keep_alive::Renewer for $store {
            fn renew_by<'a>(
                &'a self,
                lease: &'a mut Lease,
                limit: Instant,
            ) -> core::pin::Pin<Box<dyn core::future::Future<Output = Result<(), Error>> + Send + 'a>>
            {
                Box::pin(<$store>::renew_by(self, lease, limit))
            }

            fn release(
                &self,
                lease: Lease,
            ) -> core::pin::Pin<Box<dyn core::future::Future<Output = Result<(), Error>> + Send + '_>>
            {
                Box::pin(<$store>::release(self, lease))
            }

            fn lease_again<'a>(
                &'a self,
                old: &'a Lease,
                size: u32,
            ) -> core::pin::Pin<Box<dyn core::future::Future<Output = Result<Lease, Error>> + Send + 'a>>
            {
                Box::pin(<$store>::lease_again(self, old, size))
            }

            fn length(&self) -> Duration {
                self.timing.length()
            }

            fn name(&self) -> &'static str {
                self.store_name()
            }
        }
    };
}
pub(super) use renewer_for;

impl KeepAlive {
    /// Starts renewing `lease` with `store` on `runtime`.
    pub(super) fn start(runtime: &Handle, store: impl Renewer, lease: Lease) -> KeepAlive {
        let term = lease.term();
        let namespace = lease.namespace().to_owned();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = runtime.spawn(keep(store, lease, stopped));
        KeepAlive {
            term,
            stop: Some(stop),
            task: Some(task),
            namespace,
        }
    }

    /// The lease's term, for generators (see [`LeaseTerm`]); its
    /// [`ended`](LeaseTerm::ended) future completes when the lease is lost, runs out or is
    /// released.
    ///
    /// # Examples
    ///
    /// Stop answering with ids once the lease is gone, as a 503 (here, a flag the health
    /// check and the handlers read):
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::Leases<sqlx::Sqlite>) -> Result<(), idtypes::Error> {
    /// use std::sync::{Arc, atomic::{AtomicBool, Ordering}};
    /// use idtypes::tid::TidGenerator;
    ///
    /// let kept = leases.keep_alive(leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?)?;
    /// let serving = Arc::new(AtomicBool::new(true));
    /// tokio::spawn({
    ///     let (term, serving) = (kept.term(), Arc::clone(&serving));
    ///     async move {
    ///         term.ended().await;
    ///         serving.store(false, Ordering::Release); // handlers answer 503 from now on
    ///     }
    /// });
    /// # Ok(())
    /// # }
    /// ```
    pub fn term(&self) -> LeaseTerm {
        self.term.clone()
    }

    /// Whether the lease is still held: its term is live.
    pub fn is_live(&self) -> bool {
        self.term.is_live()
    }

    /// Ends the term at once (when this is called, not when the future is first polled),
    /// stops renewing, and releases the lease in the database within the store's timeout.
    ///
    /// # Errors
    ///
    /// What the release, or the renewal that ended the keep-alive, reported:
    /// [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when the lease had been taken
    /// over, [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) when a renewal did not come
    /// back by the term's deadline or the release not within the store's timeout,
    /// [`ErrorKind::Database`](crate::ErrorKind::Database) when the database failed.
    pub fn release(mut self) -> impl Future<Output = Result<(), Error>> + Send + 'static {
        self.stop();
        let task = self.task.take();
        let namespace = core::mem::take(&mut self.namespace);
        let value = self.term.value();
        async move {
            match task {
                Some(task) => match task.await {
                    Ok(result) => result,
                    Err(err) => Err(Call {
                        op: LeaseOp::KeepAlive,
                        subject: &namespace,
                        value: Some(value),
                    }
                    .failed(err)),
                },
                None => Ok(()),
            }
        }
    }

    /// Ends the term and tells the task to release the lease.
    fn stop(&mut self) {
        // The stop before the end: a task that finds the term ended finds the stop too (see
        // `keep_term`), and releases rather than reporting a loss.
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.term.end();
    }
}

impl Drop for KeepAlive {
    /// Ends the term at once and tells the background task to release the lease; it does so
    /// if the runtime still runs.
    fn drop(&mut self) {
        self.stop();
    }
}

impl fmt::Debug for KeepAlive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeepAlive")
            .field("term", &self.term)
            .finish_non_exhaustive()
    }
}

/// Sleeps until `wake`, or until `early` is notified, or until `ended` completes (the term
/// was ended: found lost elsewhere, or by hand).
async fn sleep_unless_woken(
    wake: Instant,
    early: Option<&Notify>,
    ended: impl Future<Output = ()>,
) {
    let mut sleep = pin!(tokio::time::sleep_until(wake.into()));
    let mut ended = pin!(ended);
    let mut notified = pin!(early.map(Notify::notified));
    core::future::poll_fn(|cx| {
        let notified = notified
            .as_mut()
            .as_pin_mut()
            .is_some_and(|notified| notified.poll(cx).is_ready());
        if notified || sleep.as_mut().poll(cx).is_ready() || ended.as_mut().poll(cx).is_ready() {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
}

/// Whether a stop was asked for (or its sender dropped) by now: for a task that found its
/// term ended, which `stop` does after sending the stop, so that the stop is seen.
fn stop_asked(stopped: &mut oneshot::Receiver<()>) -> bool {
    !matches!(stopped.try_recv(), Err(oneshot::error::TryRecvError::Empty))
}

/// `future`'s output, or `None` as soon as `stopped` completes (a stop request, or the
/// `KeepAlive` dropped): then `future` is dropped, which abandons a renewal in flight.
pub(super) async fn unless_stopped<F: Future>(
    stopped: &mut oneshot::Receiver<()>,
    future: F,
) -> Option<F::Output> {
    let mut future = pin!(future);
    core::future::poll_fn(|cx| {
        if Pin::new(&mut *stopped).poll(cx).is_ready() {
            return Poll::Ready(None);
        }
        future.as_mut().poll(cx).map(Some)
    })
    .await
}

/// The background task: renews `lease` until stopped (then releases it) or until the term
/// ends (then reports why).
async fn keep(
    store: impl Renewer,
    mut lease: Lease,
    mut stopped: oneshot::Receiver<()>,
) -> Result<(), Error> {
    match keep_term(&store, &mut lease, &mut stopped, None).await {
        // Stopped: `KeepAlive` has ended the term already.
        None => store.release(lease).await,
        Some(why) => Err(why),
    }
}

/// Renews `lease` a third of the way into each term until `stopped` completes (`None`) or
/// the term ends (`Some`, why: it ran out, or the lease was found taken over), which it
/// reports as the event `lost`. A notification of `early` makes the next renewal come at once
/// (a generator whose ids reached the term's ceiling, after its clock stepped forward), unless
/// the last attempt failed: attempts after a failure keep their pace.
pub(super) async fn keep_term(
    store: &impl Renewer,
    lease: &mut Lease,
    stopped: &mut oneshot::Receiver<()>,
    early: Option<&Notify>,
) -> Option<Error> {
    let length = store.length();
    // The last renewal's failure, while the term lasts: the next attempt comes sooner.
    let mut failure: Option<Error> = None;
    // Failed attempts since the last renewal, and when the first of them was due.
    let mut attempts = 0u32;
    let mut due = None;
    let why = loop {
        let now = Instant::now();
        let next = match &failure {
            // A third of the way into the term: its deadline less two thirds of its length.
            None => lease.deadline.checked_sub(length * 2 / 3).unwrap_or(now),
            // A time-out has waited already; a quick failure waits a tenth of a term.
            Some(err) if err.kind() == ErrorKind::Timeout => now,
            Some(_) => now + length / 10,
        };
        // Never past the deadline: the term ends then, and so does this task, on time.
        let wake = next.min(lease.deadline);
        let early = early.filter(|_| failure.is_none());
        let ended = lease.term.ended_untimed();
        unless_stopped(stopped, sleep_unless_woken(wake, early, ended)).await?;
        if !lease.is_live() {
            if stop_asked(stopped) {
                return None;
            }
            lease.term().end();
            break failure.unwrap_or_else(|| lease.lost(true));
        }
        // Half the time left, so that a stuck attempt leaves time for another.
        let now = Instant::now();
        let first_due = *due.get_or_insert(now);
        let limit = now + lease.deadline.saturating_duration_since(now) / 2;
        let renewed = unless_stopped(stopped, store.renew_by(lease, limit)).await?;
        let subject = lease.subject(store.name());
        match renewed {
            Ok(()) => {
                if attempts == 0 {
                    events::renewed(subject, now.elapsed());
                } else {
                    let left = lease.deadline.saturating_duration_since(Instant::now());
                    events::renewed_late(subject, attempts + 1, first_due.elapsed(), left);
                }
                failure = None;
                attempts = 0;
                due = None;
            }
            Err(err) => {
                // `renew_by` has ended the term if it was lost or ran out.
                if !lease.is_live() {
                    if stop_asked(stopped) {
                        return None;
                    }
                    lease.term().end();
                    break err;
                }
                let left = lease.deadline.saturating_duration_since(Instant::now());
                events::renewal_failed(subject, &err, left);
                attempts += 1;
                failure = Some(err);
            }
        }
    };
    events::lost(lease.subject(store.name()), &why);
    Some(why)
}
