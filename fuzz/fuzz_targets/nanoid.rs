#![no_main]

// The checks are in `src/lib.rs`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| idtypes_fuzz::nanoid(data));
