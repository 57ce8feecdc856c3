//! A timer for futures that works on any async runtime: the time limits of lease calls and
//! the deadline half of [`LeaseTerm::ended`](crate::LeaseTerm::ended).
//!
//! Why not the runtime's timer: the lease store runs on whatever runtime the application's
//! sqlx runs on (tokio, async-std, smol), and this crate does not know which; tokio's timer
//! also panics on a runtime built without `enable_time`. A timer here is one parked thread
//! per armed [`Sleep`], which lives as long as the `Sleep` and no longer (dropping it wakes
//! the thread, which exits). Lease calls are rare (a renewal every few seconds), so a thread
//! each costs nothing that matters, and there is no process-wide timer state that a `fork()`
//! could leave locked in a child.

use core::{
    future::Future,
    pin::Pin,
    sync::atomic::{AtomicBool, Ordering},
    task::{Context, Poll, Waker},
};
use std::{
    sync::{Arc, Mutex, PoisonError},
    thread::{self, Thread},
    time::Instant,
};

/// A future that completes at `deadline` (by [`Instant`], the monotonic clock).
///
/// The thread is started on the first poll that finds the deadline ahead, so a `Sleep`
/// that is never polled, or polled only after its deadline, costs no thread.
pub(crate) struct Sleep {
    deadline: Instant,
    armed: Option<Armed>,
    /// The operating system refused a thread: the timer cannot wake anyone.
    unarmable: bool,
}

/// A running timer thread and what it shares with its `Sleep`.
struct Armed {
    shared: Arc<Shared>,
    thread: Thread,
}

struct Shared {
    /// Whom to wake at the deadline: the last task that polled.
    waker: Mutex<Option<Waker>>,
    /// Set by the thread at the deadline, before it takes the waker.
    fired: AtomicBool,
    /// Set when the `Sleep` is dropped: the thread exits without waking anyone.
    cancelled: AtomicBool,
}

impl Sleep {
    /// A timer for `deadline`.
    pub(crate) fn until(deadline: Instant) -> Sleep {
        Sleep {
            deadline,
            armed: None,
            unarmable: false,
        }
    }

    /// The instant it completes at.
    pub(crate) fn deadline(&self) -> Instant {
        self.deadline
    }

    /// Whether it could not start its thread (see [`Sleep::poll`]).
    pub(crate) fn unarmable(&self) -> bool {
        self.unarmable
    }

    /// Starts the thread that wakes `waker` at the deadline.
    fn arm(&mut self, waker: &Waker) {
        let shared = Arc::new(Shared {
            waker: Mutex::new(Some(waker.clone())),
            fired: AtomicBool::new(false),
            cancelled: AtomicBool::new(false),
        });
        let deadline = self.deadline;
        let theirs = Arc::clone(&shared);
        // A parked thread needs little stack; 64 KiB leaves room for the waker's own work.
        let spawned = thread::Builder::new()
            .name("idtypes-timer".into())
            .stack_size(64 * 1024)
            .spawn(move || run(&theirs, deadline));
        match spawned {
            Ok(handle) => {
                self.armed = Some(Armed {
                    shared,
                    thread: handle.thread().clone(),
                })
            }
            Err(_) => self.unarmable = true,
        }
    }
}

/// The timer thread: parks until the deadline (parking may end early, spuriously or on a
/// cancellation), then wakes the last waker unless cancelled.
fn run(shared: &Shared, deadline: Instant) {
    loop {
        if shared.cancelled.load(Ordering::Acquire) {
            return;
        }
        let now = Instant::now();
        if now >= deadline {
            shared.fired.store(true, Ordering::Release);
            let waker = shared
                .waker
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            if let Some(waker) = waker {
                waker.wake();
            }
            return;
        }
        thread::park_timeout(deadline - now);
    }
}

impl Future for Sleep {
    type Output = ();

    /// Ready once the deadline has passed. When the operating system refuses a thread, a
    /// `Sleep` is ready at once (check [`unarmable`](Sleep::unarmable)): a time limit that
    /// cannot be kept counts as reached, so a call fails rather than waits without bound.
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.unarmable || Instant::now() >= self.deadline {
            return Poll::Ready(());
        }
        match &self.armed {
            None => self.arm(cx.waker()),
            Some(armed) => {
                // The waker first, then `fired`: the thread sets `fired` before it takes the
                // waker, so either it takes this one or this poll sees `fired`.
                let mut waker = armed
                    .shared
                    .waker
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if !waker.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
                    *waker = Some(cx.waker().clone());
                }
                drop(waker);
                if armed.shared.fired.load(Ordering::Acquire) {
                    return Poll::Ready(());
                }
            }
        }
        if self.unarmable {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    }
}

impl Drop for Sleep {
    /// Stops the thread (it exits on its next wake-up, which this causes).
    fn drop(&mut self) {
        if let Some(armed) = &self.armed {
            armed.shared.cancelled.store(true, Ordering::Release);
            armed.thread.unpark();
        }
    }
}

/// `future`'s output if it completes before `deadline`, else `Err(Elapsed)` at the deadline
/// (and `future` is dropped, which cancels it).
#[cfg_attr(
    not(any(
        feature = "sqlx-postgres",
        feature = "sqlx-mysql",
        feature = "sqlx-sqlite",
        feature = "etcd"
    )),
    allow(dead_code)
)]
pub(crate) async fn within<F: Future>(deadline: Instant, future: F) -> Result<F::Output, Elapsed> {
    let mut future = core::pin::pin!(future);
    let mut sleep = Sleep::until(deadline);
    core::future::poll_fn(move |cx| {
        // The future first: a reply that is already there wins over a deadline just passed.
        if let Poll::Ready(output) = future.as_mut().poll(cx) {
            return Poll::Ready(Ok(output));
        }
        match Pin::new(&mut sleep).poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(Elapsed)),
            Poll::Pending => Poll::Pending,
        }
    })
    .await
}

/// A time limit ran out (see [`within`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Elapsed;

#[cfg(test)]
mod tests {
    use super::*;
    use std::{
        sync::atomic::AtomicUsize,
        task::Wake,
        time::{Duration, Instant},
    };

    /// Counts its wake-ups.
    struct Counter(AtomicUsize);

    impl Wake for Counter {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// Polls `future` to completion on this thread, parking between polls (the test's own
    /// tiny executor: the timer must work without any runtime).
    fn block_on<F: Future>(future: F) -> F::Output {
        struct Unparker(Thread);
        impl Wake for Unparker {
            fn wake(self: Arc<Self>) {
                self.0.unpark();
            }
        }
        let waker = Waker::from(Arc::new(Unparker(thread::current())));
        let mut cx = Context::from_waker(&waker);
        let mut future = core::pin::pin!(future);
        loop {
            if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
                return output;
            }
            thread::park();
        }
    }

    #[test]
    fn a_sleep_completes_at_its_deadline_without_a_runtime() {
        let start = Instant::now();
        block_on(Sleep::until(start + Duration::from_millis(50)));
        let waited = start.elapsed();
        assert!(waited >= Duration::from_millis(50), "{waited:?}");
        assert!(waited < Duration::from_secs(5), "{waited:?}");
    }

    #[test]
    fn a_past_deadline_is_ready_at_once_and_starts_no_thread() {
        let mut sleep = Sleep::until(Instant::now());
        let waker = Waker::from(Arc::new(Counter(AtomicUsize::new(0))));
        let ready = Pin::new(&mut sleep).poll(&mut Context::from_waker(&waker));
        assert!(ready.is_ready());
        assert!(sleep.armed.is_none());
    }

    #[test]
    fn the_last_waker_is_woken_once() {
        let first = Arc::new(Counter(AtomicUsize::new(0)));
        let second = Arc::new(Counter(AtomicUsize::new(0)));
        let mut sleep = Sleep::until(Instant::now() + Duration::from_millis(30));
        let waker = Waker::from(Arc::clone(&first));
        assert!(
            Pin::new(&mut sleep)
                .poll(&mut Context::from_waker(&waker))
                .is_pending()
        );
        let waker = Waker::from(Arc::clone(&second));
        assert!(
            Pin::new(&mut sleep)
                .poll(&mut Context::from_waker(&waker))
                .is_pending()
        );
        thread::sleep(Duration::from_millis(300));
        assert_eq!(first.0.load(Ordering::SeqCst), 0);
        assert_eq!(second.0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_dropped_sleep_wakes_nobody() {
        let counter = Arc::new(Counter(AtomicUsize::new(0)));
        let mut sleep = Sleep::until(Instant::now() + Duration::from_millis(30));
        let waker = Waker::from(Arc::clone(&counter));
        let _ = Pin::new(&mut sleep).poll(&mut Context::from_waker(&waker));
        drop(sleep);
        thread::sleep(Duration::from_millis(200));
        assert_eq!(counter.0.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn within_returns_the_output_or_elapsed() {
        let soon = Instant::now() + Duration::from_secs(5);
        assert_eq!(block_on(within(soon, async { 7 })), Ok(7));
        let start = Instant::now();
        let never = core::future::pending::<()>();
        let result = block_on(within(start + Duration::from_millis(40), never));
        assert_eq!(result, Err(Elapsed));
        let waited = start.elapsed();
        assert!(
            waited >= Duration::from_millis(40) && waited < Duration::from_secs(5),
            "{waited:?}"
        );
    }
}
