//! [`ForkLock`]: a value behind a spin lock that a forked child can take over, for generator
//! states too wide for an atomic (a KSUID's 160 bits).
//!
//! The lock word is the holder's [fork generation](crate::process::fork) plus one, so a child
//! forked while another thread of its parent held the lock (a thread that does not exist in
//! the child) takes the lock over instead of waiting forever; the value notes the generation
//! it was last written in, so its user can tell a state inherited from a parent. It is the
//! lock of [`Monotonic128`](super::monotonic128::Monotonic128) and of the KSUID generator. The lock is
//! held for a few instructions: no allocation, system call, clock read or random draw should
//! run inside it.

use core::{
    cell::UnsafeCell,
    sync::atomic::{AtomicU64, Ordering},
};

use crate::process::fork;

/// A `T` behind a fork-aware spin lock, with the fork generation it was last written in.
pub(crate) struct ForkLock<T> {
    /// 0 when free; otherwise the holder's fork generation plus one.
    lock: AtomicU64,
    state: UnsafeCell<(T, u64)>,
}

// SAFETY: `state` is only read or written while `lock` is held (`with`), and the lock's
// acquire/release orderings publish each holder's writes to the next.
unsafe impl<T: Send> Sync for ForkLock<T> {}

impl<T> ForkLock<T> {
    /// `value`, written in this process.
    pub(crate) fn new(value: T) -> Self {
        fork::watch();
        ForkLock {
            lock: AtomicU64::new(0),
            state: UnsafeCell::new((value, fork::current().generation())),
        }
    }

    /// Runs `f` on the value with the lock held, telling it whether the value was last
    /// written in another process (a parent: this process was forked since). The value then
    /// counts as written in this process.
    #[inline]
    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut T, bool) -> R) -> R {
        self.locked(|(value, written_in), generation| {
            let inherited = *written_in != generation;
            *written_in = generation;
            f(value, inherited)
        })
    }

    /// Runs `f` on the value with the lock held, leaving the generation it was written in as
    /// it is (a read, as `Debug`'s, must not make a parent's value look like this process's).
    pub(crate) fn peek<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.locked(|(value, _), _| f(value))
    }

    /// Takes the lock (over from a thread of another process generation, which does not
    /// exist in this process), runs `f` on the state with this process's generation, and
    /// releases it.
    #[inline]
    fn locked<R>(&self, f: impl FnOnce(&mut (T, u64), u64) -> R) -> R {
        let generation = fork::current().generation();
        let mine = generation.wrapping_add(1);
        let mut spins = 0u32;
        loop {
            match self
                .lock
                .compare_exchange_weak(0, mine, Ordering::Acquire, Ordering::Relaxed)
            {
                Ok(_) => break,
                Err(0) => {}
                Err(holder) if holder != mine => {
                    // Held by a thread of another process generation: in this process that
                    // thread does not exist (it was left behind by `fork()`).
                    if self
                        .lock
                        .compare_exchange(holder, mine, Ordering::Acquire, Ordering::Relaxed)
                        .is_ok()
                    {
                        break;
                    }
                }
                Err(_) => {}
            }
            spins += 1;
            if spins < 64 {
                core::hint::spin_loop();
            } else {
                // The holder may have been preempted: let it run.
                std::thread::yield_now();
            }
        }
        // SAFETY: the lock is held: no other thread reads or writes `state` until the release
        // store below.
        let result = f(unsafe { &mut *self.state.get() }, generation);
        self.lock.store(0, Ordering::Release);
        result
    }

    /// Marks the value as written in the parent of this process, as a fork leaves it.
    #[cfg(test)]
    pub(crate) fn as_if_written_by_a_parent(&self) {
        self.with(|_, _| ());
        // SAFETY: the lock is free and tests hold the only reference that writes.
        unsafe { (*self.state.get()).1 = (*self.state.get()).1.wrapping_add(1) };
    }

    /// Leaves the lock held as a thread of this process's parent would have left it at a
    /// fork.
    #[cfg(test)]
    pub(crate) fn as_if_held_by_a_parent(&self) {
        let parents = fork::current().generation().wrapping_add(2);
        self.lock.store(parents, Ordering::Relaxed);
    }

    /// Whether the lock is free.
    #[cfg(test)]
    pub(crate) fn is_free(&self) -> bool {
        self.lock.load(Ordering::Relaxed) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn threads_take_turns() {
        let lock = Arc::new(ForkLock::new(0u128));
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let lock = Arc::clone(&lock);
                std::thread::spawn(move || {
                    for _ in 0..10_000 {
                        lock.with(|value, _| *value += 1);
                    }
                })
            })
            .collect();
        for handle in handles {
            handle.join().unwrap();
        }
        assert_eq!(lock.with(|value, _| *value), 40_000);
    }

    #[test]
    fn a_lock_left_by_another_generation_is_taken_over_and_the_value_is_inherited() {
        let lock = ForkLock::new(5u32);
        let mine = fork::current().generation().wrapping_add(1);
        // As a parent's thread would have left it, holding the lock at the fork.
        lock.lock.store(mine.wrapping_add(1), Ordering::Relaxed);
        // SAFETY: no other thread has `lock`.
        unsafe { (*lock.state.get()).1 = (*lock.state.get()).1.wrapping_add(1) };
        assert_eq!(lock.with(|value, inherited| (*value, inherited)), (5, true));
        assert!(!lock.with(|_, inherited| inherited));
        assert_eq!(lock.lock.load(Ordering::Relaxed), 0);
    }
}
