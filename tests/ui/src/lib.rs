//! Compile-fail cases for the derive macros live in `cases/`; `tests/compile_fail.rs` runs them.
