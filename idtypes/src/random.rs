//! Seed randomness for generators (clock ids, node ids), from the operating system.
//!
//! std's `RandomState` is keyed from the OS random source once per thread and then
//! incremented, and SipHash of those keys is a good pseudo-random function, so hashing a
//! counter gives unpredictable, well-mixed bits without another dependency. This is for
//! choosing ids once per generator, not for cryptographic secrets.

use std::{
    collections::hash_map::RandomState,
    hash::{BuildHasher, Hasher},
    sync::atomic::{AtomicU64, Ordering},
};

/// 64 random bits.
pub(crate) fn random_u64() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

/// 64 fast pseudo-random bits for per-id random fields: wyrand on a per-thread state seeded
/// from [`random_u64`]. About a nanosecond; distinct threads draw independent streams.
pub(crate) fn fast_u64() -> u64 {
    use std::cell::Cell;
    thread_local! {
        // 0 means "not seeded yet" (wyrand's state is never 0 after seeding, see below).
        static STATE: Cell<u64> = const { Cell::new(0) };
    }
    STATE.with(|state| {
        let mut s = state.get();
        if s == 0 {
            s = random_u64() | 1;
        }
        s = s.wrapping_add(0xa076_1d64_78bd_642f);
        state.set(s);
        let t = (s as u128).wrapping_mul((s ^ 0xe703_7ed1_a0b4_28db) as u128);
        ((t >> 64) as u64) ^ (t as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_draws_differ_and_cover_low_bits() {
        let draws: std::collections::HashSet<u64> = (0..10_000).map(|_| fast_u64()).collect();
        assert_eq!(draws.len(), 10_000);
        let mut seen = [false; 1024];
        for _ in 0..20_000 {
            seen[(fast_u64() & 0x3FF) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn draws_differ() {
        let draws: std::collections::HashSet<u64> = (0..1000).map(|_| random_u64()).collect();
        assert_eq!(draws.len(), 1000);
    }

    #[test]
    fn low_bits_cover_their_range() {
        let mut seen = [false; 1024];
        for _ in 0..20_000 {
            seen[(random_u64() & 0x3FF) as usize] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every 10-bit value appears in 20k draws"
        );
    }
}
