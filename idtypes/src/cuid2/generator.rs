//! [`Cuid2Generator`]: CUID2s as the reference's `createId` makes them, from any number of
//! threads.

use core::{cell::Cell, fmt};

use super::{
    Cuid2, FORMAT, digest,
    inputs::{self, FINGERPRINT_LEN},
};
use crate::{
    Clock, Error, IdText, SystemClock,
    error::Bounds,
    process::{fork, random::secure_u128},
};

/// The reference's `initialCountMax`: a counter starts below it.
const INITIAL_COUNT_MAX: u64 = 476_782_367;

/// The bounds of a generator's length.
static LENGTH: Bounds = Bounds {
    part: "length",
    min: Cuid2::MIN_LEN as i128,
    max: Cuid2::MAX_LEN as i128,
};

/// Makes CUID2s the way the reference's `init()` and `createId` do: each id is a random
/// lowercase letter, then `hash(time + salt + count + fingerprint)`'s digits after the
/// first, to the generator's length (2 to 32, 24 unless chosen), where
///
/// | input | where it comes from |
/// |---|---|
/// | time | the clock, Unix milliseconds in base 36 |
/// | salt | as many random base-36 digits as the id is long |
/// | count | a counter, in base 36: it starts at a random value below 476,782,367 and goes up by one per id |
/// | fingerprint | 32 base-36 characters: the hash of 32 random base-36 characters |
///
/// The random letter and digits are drawn as the reference draws them, each from 32 random
/// bits (`floor(r * 36)` with `r` a 32-bit value over 2^32), from a per-thread ChaCha12
/// stream keyed by the operating system (where the reference uses
/// `crypto.getRandomValues()`). The reference hashes its host's global names into the
/// fingerprint as well; here the random characters stand alone, as in a reference host
/// without globals.
///
/// The counter and the fingerprint are kept per thread, as each JavaScript realm (a page, a
/// worker) keeps its own: threads never wait for each other or share a cache line, and the
/// ids of two threads differ by fingerprint as those of two hosts do. All generators of a
/// thread share them. In a process forked from the one that made them, both are drawn anew
/// (see [processes and `fork()`](crate#processes-and-fork)), so a child never repeats its
/// parent's inputs.
///
/// CUID2s are not ordered: the time is only an input of the hash, so a clock that steps
/// back changes nothing.
///
/// # Examples
///
/// ```
/// use idtypes::cuid2::Cuid2Generator;
///
/// let generator = Cuid2Generator::new();
/// let (a, b) = (generator.next(), generator.next());
/// assert_ne!(a, b);
/// assert_eq!(a.len(), 24);
/// let slugs = Cuid2Generator::new().with_length(10)?;
/// assert_eq!(slugs.next().len(), 10);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub struct Cuid2Generator<C = SystemClock> {
    clock: C,
    length: u8,
}

impl Cuid2Generator<SystemClock> {
    /// A generator of 24-character ids on the system clock.
    ///
    /// # Examples
    ///
    /// ```
    /// let generator = idtypes::cuid2::Cuid2Generator::new();
    /// assert_eq!(generator.length(), 24);
    /// ```
    pub const fn new() -> Self {
        Cuid2Generator::with_clock(SystemClock)
    }
}

impl Default for Cuid2Generator<SystemClock> {
    fn default() -> Self {
        Cuid2Generator::new()
    }
}

impl<C: Clock> Cuid2Generator<C> {
    /// A generator of 24-character ids on `clock` (a [`ManualClock`](crate::ManualClock) in
    /// tests).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ManualClock, cuid2::Cuid2Generator};
    ///
    /// let generator = Cuid2Generator::with_clock(ManualClock::new(0));
    /// assert_ne!(generator.next(), generator.next());
    /// ```
    pub const fn with_clock(clock: C) -> Self {
        Cuid2Generator {
            clock,
            length: Cuid2::DEFAULT_LEN as u8,
        }
    }

    /// The same generator, making ids of `length` characters (2 to 32; the reference's
    /// `init({ length })`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a length outside 2 to 32.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, cuid2::Cuid2Generator};
    ///
    /// assert_eq!(Cuid2Generator::new().with_length(32)?.next().len(), 32);
    /// let err = Cuid2Generator::new().with_length(1).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn with_length(self, length: usize) -> Result<Self, Error> {
        if !(Cuid2::MIN_LEN..=Cuid2::MAX_LEN).contains(&length) {
            return Err(LENGTH.refuse(FORMAT, length as i128));
        }
        Ok(Cuid2Generator {
            length: length as u8,
            ..self
        })
    }

    /// The length of the ids it makes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::cuid2::Cuid2Generator;
    ///
    /// assert_eq!(Cuid2Generator::new().with_length(5)?.length(), 5);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn length(&self) -> usize {
        self.length as usize
    }

    /// The next id.
    ///
    /// # Panics
    ///
    /// Only when the operating system gives no random bytes at all (see
    /// [processes and `fork()`](crate#processes-and-fork)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Cuid2, cuid2::Cuid2Generator};
    ///
    /// let id = Cuid2Generator::new().next();
    /// assert_eq!(Cuid2::parse(id.as_str()), Ok(id));
    /// ```
    #[inline]
    // A generator is not an iterator: it never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&self) -> Cuid2 {
        generate(&self.clock, self.length as usize)
    }
}

/// Never fails: [`next`](Cuid2Generator::next) as `Ok`.
impl<C: Clock> crate::IdGenerator for Cuid2Generator<C> {
    type Id = Cuid2;

    #[inline]
    fn try_next(&self) -> Result<Cuid2, crate::Error> {
        Ok(self.next())
    }
}

impl<C> fmt::Debug for Cuid2Generator<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cuid2Generator")
            .field("length", &self.length)
            .finish_non_exhaustive()
    }
}

/// A thread's counter and fingerprint, and the fork generation they were drawn in.
#[derive(Clone, Copy)]
struct Session {
    /// The fork generation plus one: 0 before the thread's first id.
    drawn_in: u64,
    counter: u64,
    fingerprint: IdText<FINGERPRINT_LEN>,
}

thread_local! {
    static SESSION: Cell<Session> = const {
        Cell::new(Session {
            drawn_in: 0,
            counter: 0,
            fingerprint: IdText::from_ascii_prefix([0; FINGERPRINT_LEN], 0),
        })
    };
}

/// 32-bit random values, four per visit to the thread's ChaCha12 stream.
struct Draws {
    words: u128,
    left: u32,
}

impl Draws {
    const fn new() -> Self {
        Draws { words: 0, left: 0 }
    }

    /// `floor(r * n)` for `r` a random 32-bit value over 2^32: the reference's
    /// `Math.floor(rand() * n)` with its `crypto.getRandomValues()` source.
    #[inline]
    fn below(&mut self, n: u64) -> u64 {
        if self.left == 0 {
            self.words = secure_u128();
            self.left = 4;
        }
        let word = self.words as u32;
        self.words >>= 32;
        self.left -= 1;
        (u64::from(word) * n) >> 32
    }

    /// `createEntropy(out.len(), rand)`: random base-36 digits.
    #[inline]
    fn fill_base36(&mut self, out: &mut [u8]) {
        for slot in out {
            *slot = digest::DIGITS[self.below(36) as usize];
        }
    }
}

/// This thread's session: the counter's value for the next id and the fingerprint, drawn on
/// the thread's first id and again in a forked child.
#[inline]
fn next_session() -> (u64, IdText<FINGERPRINT_LEN>) {
    let generation = fork::current().generation().wrapping_add(1);
    let mut session = SESSION.get();
    if session.drawn_in != generation {
        session = draw_session();
    }
    let counter = session.counter;
    session.counter = counter.wrapping_add(1);
    SESSION.set(session);
    (counter, session.fingerprint)
}

#[cold]
fn draw_session() -> Session {
    fork::watch();
    // The generation again: `watch` may have switched to the process-id check.
    let drawn_in = fork::current().generation().wrapping_add(1);
    let mut draws = Draws::new();
    // The reference's `init` draws the counter first, then the fingerprint's entropy.
    let counter = draws.below(INITIAL_COUNT_MAX);
    let mut source = [0; FINGERPRINT_LEN];
    draws.fill_base36(&mut source);
    Session {
        drawn_in,
        counter,
        fingerprint: inputs::fingerprint_bytes(&source),
    }
}

/// The next id of `length` (2 to 32) characters on `clock`, from this thread's session.
pub(super) fn generate<C: Clock + ?Sized>(clock: &C, length: usize) -> Cuid2 {
    let mut draws = Draws::new();
    loop {
        let first_letter = b'a' + draws.below(26) as u8;
        let time_millis = clock.now_micros().div_euclid(1000);
        let (counter, fingerprint) = next_session();
        let mut salt = [0; Cuid2::MAX_LEN];
        let salt = &mut salt[..length];
        draws.fill_base36(salt);
        let (time, count) = (
            digest::Number::signed(time_millis),
            digest::Number::unsigned(counter),
        );
        let parts = [
            time.as_bytes(),
            &*salt,
            count.as_bytes(),
            fingerprint.as_bytes(),
        ];
        // Fails only for a hash whose text is at most two digits (odds of 2^-500): then
        // another salt.
        if let Ok(id) = inputs::assemble(first_letter, &parts, length) {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ManualClock;
    use std::{collections::HashSet, sync::Arc};

    #[test]
    fn ids_are_valid_of_the_generators_length_and_unique() {
        for length in [2, 3, 10, 24, 31, 32] {
            let generator = Cuid2Generator::new().with_length(length).unwrap();
            let ids: HashSet<Cuid2> = (0..2000).map(|_| generator.next()).collect();
            assert!(ids.len() >= 1990 || length <= 3, "{length}: {}", ids.len());
            for id in &ids {
                assert_eq!(id.len(), length);
                assert_eq!(Cuid2::parse(id.as_str()), Ok(*id));
            }
        }
    }

    #[test]
    fn lengths_outside_2_to_32_are_refused() {
        for length in [0, 1, 33, 1000] {
            let err = Cuid2Generator::new().with_length(length).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::OutOfRange);
        }
    }

    #[test]
    fn the_counter_starts_below_the_references_maximum_and_counts_up() {
        let (first, fingerprint) = next_session();
        let (second, again) = next_session();
        assert_eq!(second, first + 1);
        assert!(first < INITIAL_COUNT_MAX + 1_000_000);
        assert_eq!(fingerprint.as_bytes(), again.as_bytes());
        assert_eq!(fingerprint.as_bytes().len(), 32);
        assert!(
            fingerprint
                .as_bytes()
                .iter()
                .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
        );
    }

    #[test]
    fn threads_have_their_own_fingerprints() {
        let fingerprint = || next_session().1.as_bytes().to_vec();
        let a = std::thread::spawn(fingerprint).join().unwrap();
        let b = std::thread::spawn(fingerprint).join().unwrap();
        assert_ne!(a, b);
    }

    /// A forked child draws its own fingerprint and counter; the parent keeps its own.
    #[cfg(unix)]
    #[test]
    fn a_forked_child_draws_a_new_fingerprint_and_counter() {
        let (counter, fingerprint) = next_session();
        // SAFETY: the child only draws from its streams, hashes, and exits.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let (child_counter, child_fingerprint) = next_session();
            let moved = child_counter != counter + 1
                && child_fingerprint.as_bytes() != fingerprint.as_bytes();
            // SAFETY: ends the child at once.
            unsafe { libc::_exit(if moved { 0 } else { 1 }) };
        }
        let mut status = 0;
        // SAFETY: `pid` is our child, `status` a valid place for its status.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "{status}"
        );
        let (again, same) = next_session();
        assert_eq!(again, counter + 1);
        assert_eq!(same.as_bytes(), fingerprint.as_bytes());
    }

    #[test]
    fn first_letters_and_salt_digits_cover_their_alphabets() {
        let mut draws = Draws::new();
        let mut letters = [0u32; 26];
        let mut digits = [0u32; 36];
        for _ in 0..26_000 {
            letters[draws.below(26) as usize] += 1;
            digits[draws.below(36) as usize] += 1;
        }
        // Each count is about 1000 (letters) or 722 (digits); a miss by half has odds far below 1e-9.
        assert!(letters.iter().all(|&n| n > 500), "{letters:?}");
        assert!(digits.iter().all(|&n| n > 361), "{digits:?}");
    }

    #[test]
    fn the_same_clock_reading_still_makes_different_ids() {
        let generator = Arc::new(Cuid2Generator::with_clock(ManualClock::new(0)));
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let generator = Arc::clone(&generator);
                std::thread::spawn(move || (0..5000).map(|_| generator.next()).collect::<Vec<_>>())
            })
            .collect();
        let mut seen = HashSet::new();
        for handle in handles {
            seen.extend(handle.join().unwrap());
        }
        assert_eq!(seen.len(), 20_000);
    }
}
