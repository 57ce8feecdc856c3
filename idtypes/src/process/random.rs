//! Randomness for generators, all of it from the operating system's random source (through
//! the `getrandom` crate; in a JavaScript host, wasm32-unknown-unknown with the `js` feature,
//! from `crypto.getRandomValues()`), and all of it new in a forked child.
//!
//! | function | what it is | used for |
//! |---|---|---|
//! | [`os_u64`] | 64 bits straight from the OS | clock ids, node ids, seeds |
//! | [`secure_u64`], `secure_u128`, `secure_fill`, `secure_below` | a per-thread ChaCha12 stream, seeded from the OS | [`FullRand`](crate::FullRand), UUIDv4, the random bits of ULIDs and UUIDv7s, NanoIDs, the parts of ids made at a given time (`Tid::at`, ...) |
//! | [`fast_u64`] | a per-thread wyrand stream, seeded from the OS | tie-breakers (xid, ts-seq-rand, random TBSL) |
//!
//! ChaCha12 is a cryptographically secure generator (rand's `StdRng` and `ThreadRng` are the
//! same): its outputs tell nothing about the others. wyrand is not: a few outputs give away
//! its state, and with it every later output of that thread. That is fine for tie-breakers,
//! whose job is only to differ, and wrong for FullRand, whose whole value is its randomness.
//!
//! Both streams note the [fork generation](crate::process::fork) they were seeded in and reseed when it
//! changes, so a forked child never replays its parent's stream.

use core::cell::{Cell, RefCell};

use chacha20::{
    ChaChaCore, R12,
    rand_core::{SeedableRng, block::Generator},
    variants::Legacy,
};

use crate::process::fork;

/// 64 bits from the operating system's random source.
///
/// # Panics
///
/// When the operating system gives no random bytes (no `getrandom` system call and no
/// readable `/dev/urandom`, as in some sandboxes): there is then nothing safe to fall back on.
pub(crate) fn os_u64() -> u64 {
    let mut bytes = [0; 8];
    fill_from_os(&mut bytes);
    u64::from_ne_bytes(bytes)
}

/// Fills `bytes` from the operating system's random source, or the JavaScript host's.
///
/// # Panics
///
/// As [`os_u64`].
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn fill_from_os(bytes: &mut [u8]) {
    if let Err(err) = getrandom::fill(bytes) {
        panic!("idtypes: the operating system's random source failed: {err}");
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn fill_from_os(bytes: &mut [u8]) {
    if let Err(err) = crate::process::js_crypto::fill(bytes) {
        panic!("idtypes: the JavaScript host's random source failed: {err}");
    }
}

/// A per-thread ChaCha12 stream: the cipher core and four blocks of its output.
///
/// The core is kept without rand_core's `BlockRng` wrapper, whose `Drop` would make every
/// access to the thread-local check whether its destructor is registered.
struct SecureStream {
    /// The fork generation the key was drawn in.
    seeded_in: u64,
    core: ChaChaCore<R12, Legacy>,
    buffer: [u32; 64],
    /// The next unread word of `buffer`.
    next: usize,
}

impl SecureStream {
    fn new(seeded_in: u64) -> Self {
        let mut key = [0u8; 32];
        fill_from_os(&mut key);
        SecureStream::with_key(seeded_in, key)
    }

    fn with_key(seeded_in: u64, key: [u8; 32]) -> Self {
        SecureStream {
            seeded_in,
            core: ChaChaCore::from_seed(key),
            buffer: [0; 64],
            next: 64,
        }
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        if self.next >= self.buffer.len() {
            self.core.generate(&mut self.buffer);
            self.next = 0;
        }
        let (low, high) = (self.buffer[self.next], self.buffer[self.next + 1]);
        self.next += 2;
        (u64::from(high) << 32) | u64::from(low)
    }
}

/// 64 unpredictable bits: ChaCha12 on a per-thread key from the operating system, rekeyed in
/// a forked child.
#[inline]
pub(crate) fn secure_u64() -> u64 {
    with_secure_stream(SecureStream::next_u64)
}

/// 128 unpredictable bits: two words of [`secure_u64`]'s stream, drawn in one visit to it
/// (UUIDs: one visit instead of two is a few nanoseconds of a UUIDv4's dozen or two).
#[inline]
pub(crate) fn secure_u128() -> u128 {
    with_secure_stream(|stream| {
        let high = stream.next_u64();
        (u128::from(high) << 64) | u128::from(stream.next_u64())
    })
}

/// An unpredictable number below `n` (which is not 0), from [`secure_u64`]'s stream: the
/// high word of `secure_u64() * n`, uneven by at most `n / 2^64` (for the parts of an id made
/// at a given time, `Tid::at` and the like: `n` at most 2^30).
#[inline]
pub(crate) fn secure_below(n: u64) -> u64 {
    ((u128::from(secure_u64()) * u128::from(n)) >> 64) as u64
}

/// Fills `bytes` with unpredictable bytes from [`secure_u64`]'s stream, in one visit to it
/// (NanoIDs: 21 bytes are three words).
#[inline]
pub(crate) fn secure_fill(bytes: &mut [u8]) {
    with_secure_stream(|stream| {
        for chunk in bytes.chunks_mut(8) {
            let word = stream.next_u64().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    });
}

/// Runs `draw` on this thread's ChaCha12 stream, keyed (again) when this thread has none yet
/// or was forked since it was keyed.
#[inline]
fn with_secure_stream<R>(draw: impl FnOnce(&mut SecureStream) -> R) -> R {
    thread_local! {
        static STREAM: RefCell<Option<SecureStream>> = const { RefCell::new(None) };
    }
    let generation = fork::current().generation();
    STREAM.with_borrow_mut(|stream| match stream {
        Some(stream) if stream.seeded_in == generation => draw(stream),
        slot => {
            fork::watch();
            // The generation again: `watch` may have switched to the process-id check.
            draw(slot.insert(SecureStream::new(fork::current().generation())))
        }
    })
}

/// 64 fast pseudo-random bits for tie-breakers: wyrand on a per-thread state seeded from the
/// operating system, reseeded in a forked child. About a nanosecond; predictable from its own
/// earlier outputs, so never for values that must be secret or unguessable.
#[inline]
pub(crate) fn fast_u64() -> u64 {
    thread_local! {
        /// The fork generation the state was seeded in, plus one (0: not seeded yet).
        static SEEDED_IN: Cell<u64> = const { Cell::new(0) };
        static STATE: Cell<u64> = const { Cell::new(0) };
    }
    let generation = fork::current().generation().wrapping_add(1);
    let mut s = if SEEDED_IN.get() == generation {
        STATE.get()
    } else {
        fork::watch();
        SEEDED_IN.set(fork::current().generation().wrapping_add(1));
        os_u64()
    };
    s = s.wrapping_add(0xa076_1d64_78bd_642f);
    STATE.set(s);
    let t = (s as u128).wrapping_mul((s ^ 0xe703_7ed1_a0b4_28db) as u128);
    ((t >> 64) as u64) ^ (t as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// `n` draws of `draw` are all different, and every 10-bit value turns up in 20,000 draws
    /// (a miss has odds below 1e-8).
    fn assert_draws_differ_and_cover_low_bits(n: usize, draw: fn() -> u64) {
        let draws: HashSet<u64> = (0..n).map(|_| draw()).collect();
        assert_eq!(draws.len(), n);
        let mut seen = [false; 1024];
        for _ in 0..20_000 {
            seen[(draw() & 0x3FF) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn os_draws_differ_and_cover_low_bits() {
        assert_draws_differ_and_cover_low_bits(1000, os_u64);
    }

    #[test]
    fn fast_draws_differ_and_cover_low_bits() {
        assert_draws_differ_and_cover_low_bits(10_000, fast_u64);
    }

    #[test]
    fn secure_draws_differ_and_cover_low_bits() {
        assert_draws_differ_and_cover_low_bits(10_000, secure_u64);
        assert_draws_differ_and_cover_low_bits(10_000, || secure_u128() as u64);
        assert_draws_differ_and_cover_low_bits(10_000, || (secure_u128() >> 64) as u64);
    }

    #[test]
    fn the_secure_stream_is_chacha12_as_rand_core_reads_it() {
        use chacha20::{ChaCha12Rng, rand_core::Rng};

        let key: [u8; 32] = core::array::from_fn(|i| i as u8 * 7 + 1);
        let mut ours = SecureStream::with_key(0, key);
        let mut reference = ChaCha12Rng::from_seed(key);
        for i in 0..200 {
            assert_eq!(ours.next_u64(), reference.next_u64(), "word {i}");
        }
    }

    #[test]
    fn secure_draws_below_a_bound_stay_below_it_and_cover_it() {
        let mut seen = [false; 100];
        for _ in 0..20_000 {
            let draw = secure_below(100);
            assert!(draw < 100);
            seen[draw as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(secure_below(1), 0);
    }

    #[test]
    fn threads_draw_different_streams() {
        let first = |draw: fn() -> u64| {
            std::thread::scope(|s| {
                let a = s.spawn(move || (0..4).map(|_| draw()).collect::<Vec<_>>());
                let b = s.spawn(move || (0..4).map(|_| draw()).collect::<Vec<_>>());
                (a.join().unwrap(), b.join().unwrap())
            })
        };
        for draw in [fast_u64 as fn() -> u64, secure_u64] {
            let (a, b) = first(draw);
            assert_ne!(a, b);
        }
    }
}
