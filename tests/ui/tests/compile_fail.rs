//! Each program in `cases/` misuses a derive macro and must fail to compile with the error
//! recorded next to it in the `.stderr` file of the same name.
//!
//! After changing a message or adding a case, regenerate the `.stderr` files with
//! `TRYBUILD=overwrite cargo test -p idtypes-ui-tests`, then read every changed one: the
//! error must point at the offending token and say how to fix it.

#[test]
fn derive_mistakes_are_compile_errors_at_their_tokens() {
    trybuild::TestCases::new().compile_fail("cases/*.rs");
}
