//! The process-wide generators behind `Tid::now()`, `TimeId::now()` and `Uid11Xid::now()`.
//!
//! Made on first use without a lock: each thread that finds none makes one and offers it, the
//! first offer wins and the others are dropped. A `OnceLock` would block instead, and a fork
//! while another thread of the parent was inside its initialisation would leave the child
//! waiting forever for a thread it does not have.

use core::{
    ptr,
    sync::atomic::{AtomicPtr, Ordering},
};

/// A slot for one process-wide generator, filled on first use.
pub(crate) struct Global<T>(AtomicPtr<T>);

impl<T> Global<T> {
    /// An empty slot.
    pub(crate) const fn new() -> Self {
        Global(AtomicPtr::new(ptr::null_mut()))
    }

    /// The generator, made by `make` if there is none yet. Never blocks.
    #[inline]
    pub(crate) fn get_or_make(&'static self, make: fn() -> T) -> &'static T {
        let current = self.0.load(Ordering::Acquire);
        if current.is_null() {
            return self.install(make);
        }
        // SAFETY: a non-null pointer in the slot comes from `Box::into_raw` in `install` and
        // is never freed or replaced, so it is valid for `'static`.
        unsafe { &*current }
    }

    #[cold]
    fn install(&'static self, make: fn() -> T) -> &'static T {
        let offer = Box::into_raw(Box::new(make()));
        match self
            .0
            .compare_exchange(ptr::null_mut(), offer, Ordering::AcqRel, Ordering::Acquire)
        {
            // SAFETY: `offer` is now the slot's for good (see `get_or_make`).
            Ok(_) => unsafe { &*offer },
            Err(winner) => {
                // SAFETY: `offer` came from `Box::into_raw` above and was never shared.
                drop(unsafe { Box::from_raw(offer) });
                // SAFETY: as in `get_or_make`.
                unsafe { &*winner }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_thread_gets_the_same_generator() {
        static SLOT: Global<u64> = Global::new();
        let addresses: Vec<usize> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..8)
                .map(|_| s.spawn(|| SLOT.get_or_make(|| 7) as *const u64 as usize))
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        assert!(addresses.windows(2).all(|pair| pair[0] == pair[1]));
        assert_eq!(*SLOT.get_or_make(|| 8), 7);
    }
}
