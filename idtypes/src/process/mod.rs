//! What keeps ids apart beyond one process: `fork()` detection (a child never goes on with its
//! parent's ids), the operating system's randomness (the JavaScript host's on
//! wasm32-unknown-unknown: `js_crypto.rs`), the lease terms that hand a clock, node or machine
//! id to one process at a time ([`LeaseTerm`](crate::LeaseTerm)), and the timer that bounds
//! the lease calls (a thread, so not on wasm32-unknown-unknown).

pub(crate) mod fork;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod js_crypto;
pub(crate) mod lease_term;
pub(crate) mod random;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) mod timer;
