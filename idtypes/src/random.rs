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

#[cfg(test)]
mod tests {
    use super::*;

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
