//! Sets `cfg(idtypes_host)` on every target whose host gives the generators a wall clock, a
//! monotonic clock and randomness through `std`: every target but wasm32-unknown-unknown, whose
//! `SystemTime::now` panics and which getrandom refuses, unless the `js` feature says there is
//! a JavaScript host to read them from. The generators are gated on `all(feature = "std",
//! idtypes_host)`; the crate docs' "Targets" section says what each target gets.
//!
//! A build script, because no Cargo feature can depend on the target, and spelling the target
//! out on every generator, `now()` and re-export would bury them.

use std::env;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(idtypes_host)");
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let js = env::var_os("CARGO_FEATURE_JS").is_some();
    if !(arch == "wasm32" && os == "unknown") || js {
        println!("cargo::rustc-cfg=idtypes_host");
    }
}
