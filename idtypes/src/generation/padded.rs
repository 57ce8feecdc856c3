//! [`Padded`]: a generator's hot state alone on its cache lines.

use core::ops::Deref;

/// A value alone in a 128-byte-aligned block of its own: two cache lines, since many CPUs
/// prefetch lines in adjacent pairs.
///
/// Each generator keeps the state that every id writes (an atomic) in one, away from what
/// every id only reads (the clock guard's window, the clock or machine id, the fork
/// generation, the policy). Threads that share a generator then move one line per id between
/// their cores, the one they all write, and keep their copies of the rest: in the same line,
/// each write took the read-mostly fields away from the other cores as well, so that their
/// next read of them waited for the line too.
#[derive(Debug)]
#[repr(align(128))]
pub(crate) struct Padded<T>(pub(crate) T);

impl<T> Deref for Padded<T> {
    type Target = T;

    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}
