//! Helpers for the workspace's cross-crate tests (see `tests/tests/`).
//!
//! The README's Rust examples are compiled and run as this crate's doctests.
#![doc = include_str!("../../README.md")]

use std::path::PathBuf;

/// The path of a conformance vector file under `tests/vectors/`.
pub fn vector_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("vectors")
        .join(relative)
}

/// The test lines of an atproto interop syntax file: without blank lines and `#` comments.
///
/// # Panics
///
/// When the file cannot be read: a missing vector file must fail the test, not skip it.
pub fn interop_lines(relative: &str) -> Vec<String> {
    let path = vector_path(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Sets a flag when dropped, also while a panic unwinds: a test that runs a helper thread
/// until the workers finish (a clock stepper, say) holds one, so that a failing worker stops
/// the helper instead of leaving the test waiting for it forever.
pub struct SetOnDrop<'a>(pub &'a std::sync::atomic::AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}
