//! What the generators share around their own logic, written once by `generator_shell!`:
//! `new` on the system clock and `Default`, `next` (`try_next` or a panic), and the
//! process-wide instance behind the format's `now()`.

/// The shell of the generator `$gen` of `$id`s, a `struct $gen<C = SystemClock>` with
/// `with_clock(clock) -> Self` and `try_next(&self) -> Result<$id, Error>`:
///
/// - `fn new;`: `new()` on the system clock, and `Default` (the same);
/// - `fn next;`: `next()`, `try_next` or a panic with the error's message, and the
///   [`IdGenerator`](crate::IdGenerator) impl;
/// - `fn global;`: `global()`, the process-wide generator behind the format's `now()`, made
///   with `new` on first use.
///
/// The attributes before `fn new;` and `fn next;` (their docs) go on those methods.
macro_rules! generator_shell {
    (
        $gen:ident => $id:ident;
        $(#[$new:meta])* fn new;
        $(#[$next:meta])* fn next;
        fn global;
    ) => {
        impl $gen<$crate::SystemClock> {
            $(#[$new])*
            pub fn new() -> Self {
                $gen::with_clock($crate::SystemClock)
            }
        }

        impl Default for $gen<$crate::SystemClock> {
            fn default() -> Self {
                $gen::new()
            }
        }

        $crate::generation::generator_shell::generator_shell! {
            $gen => $id;
            $(#[$next])* fn next;
        }

        /// The process-wide generator behind the format's `now()`.
        pub(super) fn global() -> &'static $gen {
            static GLOBAL: $crate::generation::global::Global<$gen> = $crate::generation::global::Global::new();
            GLOBAL.get_or_make($gen::new)
        }
    };
    (
        $gen:ident => $id:ident;
        $(#[$next:meta])* fn next;
    ) => {
        impl<C: $crate::Clock> $gen<C> {
            $(#[$next])*
            #[inline]
            // A generator is not an iterator: it never ends.
            #[allow(clippy::should_implement_trait)]
            pub fn next(&self) -> $id {
                match self.try_next() {
                    Ok(id) => id,
                    Err(err) => panic!("{err}"),
                }
            }
        }

        impl<C: $crate::Clock> $crate::IdGenerator for $gen<C> {
            type Id = $id;

            #[inline]
            fn try_next(&self) -> Result<$id, $crate::Error> {
                $gen::try_next(self)
            }
        }
    };
}

pub(crate) use generator_shell;

/// `with_lanes` and `lanes` for the generator `$gen`, whose time-and-sequence state is the
/// field `$state` (a `Padded<Monotonic>`); the doc examples import `$uses` and make one with
/// `$make`; `$unit` is what of an id the lanes split, and `$rate` an example of a lane's
/// share of the format's rate.
macro_rules! lanes {
    (
        $gen:ident . $state:ident,
        use $uses:literal,
        make $make:literal,
        unit $unit:literal,
        rate $rate:literal $(,)?
    ) => {
        impl<C: $crate::Clock> $gen<C> {
            /// The same generator in `lanes` lanes (1..=64, rounded up to a power of two), so
            /// that that many threads make ids side by side instead of taking turns at one
            /// shared state. One lane, the default, is that shared state.
            ///
            /// Shared by threads, a generator's state moves between cores on every id, and
            /// the move costs more than the rest of the id: two threads then make fewer ids
            /// together than one alone (see [threads](crate#threads-one-generator-lanes-or-one-each)).
            /// In lanes, each thread takes its ids from one lane (threads are numbered in the
            /// order they first make an id in lanes, and thread `i` takes lane `i % lanes`),
            /// and lanes share nothing.
            ///
            /// What the generator promises changes in one way. Its ids never repeat (lane `k`
            #[doc = concat!("of `n` only makes those whose ", $unit, " is `k` modulo `n`),")]
            /// and each thread's ids strictly increase, but two threads' ids are no longer in
            /// the order they were made: one thread's id may sort before an id another thread
            /// made before it, by up to `lanes - 1` steps of that count plus what a burst ran
            /// ahead of the clock. Each lane has its share of the format's rate
            #[doc = concat!("(", $rate, ").")]
            /// The lanes start where the generator is, and the rest (the clock guard, and the
            /// run-ahead bound, leases and `fork()` handling where the generator has them)
            /// works as with one lane.
            ///
            /// # Errors
            ///
            /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for 0 or more than 64.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use ", $uses, ";")]
            ///
            #[doc = concat!("let generator = ", $make, ".with_lanes(2)?;")]
            /// let (mine, theirs) = std::thread::scope(|s| {
            ///     let theirs = s.spawn(|| [generator.next(), generator.next()]);
            ///     ([generator.next(), generator.next()], theirs.join().unwrap())
            /// });
            /// assert!(mine[0] < mine[1] && theirs[0] < theirs[1]);
            /// assert!(mine.iter().all(|id| !theirs.contains(id)));
            #[doc = concat!("assert!(", $make, ".with_lanes(65).is_err());")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            pub fn with_lanes(mut self, lanes: usize) -> Result<Self, $crate::Error> {
                self.$state.0.set_lanes(lanes, FORMAT)?;
                Ok(self)
            }

            /// How many lanes (see [`with_lanes`](Self::with_lanes)): 1 unless set.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("use ", $uses, ";")]
            ///
            #[doc = concat!("assert_eq!(", $make, ".lanes(), 1);")]
            #[doc = concat!("assert_eq!(", $make, ".with_lanes(3)?.lanes(), 4);")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            pub fn lanes(&self) -> usize {
                self.$state.lanes()
            }
        }
    };
}

pub(crate) use lanes;

/// What the generators' tests share.
#[cfg(test)]
pub(crate) mod tests {
    use core::{fmt::Debug, hash::Hash, time::Duration};
    use std::collections::HashSet;

    use crate::ManualClock;

    /// Makes an id with `next`, then `steps` more while `clock` steps back by `back` every
    /// third step and on by `on` otherwise: each id must be `later` than the one before it
    /// (a decrease would be a bug), and none may repeat.
    pub(crate) fn assert_steps_back_never_repeat<T: Copy + Eq + Hash + Debug>(
        clock: &ManualClock,
        (back, on): (Duration, Duration),
        steps: usize,
        next: impl Fn() -> T,
        later: impl Fn(&T, &T) -> bool,
    ) {
        let mut last = next();
        let mut seen = HashSet::from([last]);
        for step in 0..steps {
            if step % 3 == 0 {
                clock.step_back(back);
            } else {
                clock.advance(on);
            }
            let id = next();
            assert!(later(&id, &last), "step {step}: {id:?} after {last:?}");
            assert!(seen.insert(id), "step {step}: {id:?} again");
            last = id;
        }
    }
}
