//! Replays every input under `fuzz/regressions/<target>/` through the fuzz targets' checks.
//!
//! The checks are the fuzz crate's own (`fuzz/src/lib.rs`, included here as a module), so an
//! input that once made a target fail is checked the same way on every test run. When the
//! fuzzer finds a crash, copy the input from `fuzz/artifacts/<target>/` into
//! `fuzz/regressions/<target>/` (see `fuzz/README.md`). Each directory also holds a few seeds,
//! so the replay runs, and is known to find its files, even before the first find.

#[path = "../../fuzz/src/lib.rs"]
mod checks;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

fn regressions_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target)
}

/// The files of a target's directory, sorted; a missing or empty directory fails the test.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = regressions_dir(target);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    files
}

#[test]
fn every_regression_input_passes_its_targets_checks() {
    let mut failures = Vec::new();
    for &(target, check) in checks::TARGETS {
        for path in inputs(target) {
            let data = std::fs::read(&path)
                .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{}: {message}", path.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "fuzz regressions fail:\n{}",
        failures.join("\n")
    );
}
