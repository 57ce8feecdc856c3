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
