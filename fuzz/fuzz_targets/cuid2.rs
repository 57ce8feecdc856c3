#![no_main]

// The checks are in `src/lib.rs`, shared with the regression test (`tests/it/fuzz_regressions.rs`).
libfuzzer_sys::fuzz_target!(|data: &[u8]| idtypes_fuzz::cuid2(data));
