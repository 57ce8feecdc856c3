//! How ids are made: the clocks ([`Clock`](crate::Clock)) and what they read on each target,
//! the guard that holds back a clock's wrong forward jumps, the monotonic state every
//! generator keeps, the shell every generator shares (`new`, `next`, the process-wide
//! instance), and the process-wide generators behind `Tid::now()` and the like. Each format's own generator is in its folder (`tid/generator.rs`,
//! ...), built from these.

pub(crate) mod clock;
pub(crate) mod clock_guard;
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) mod fork_lock;
pub(crate) mod generator_shell;
pub(crate) mod global;
pub(crate) mod host_clock;
pub(crate) mod lanes;
pub(crate) mod millis_sequence;
pub(crate) mod monotonic;
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) mod monotonic128;
pub(crate) mod padded;
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) mod process_counter;
pub(crate) mod run_ahead;
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) mod traits;
