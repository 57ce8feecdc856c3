//! Sets `cfg(idtypes_generators)` where ids can be made: with the `std` feature, on a target
//! whose host gives the generators a clock and randomness. Every target with `std` does, but
//! wasm32-unknown-unknown, which has neither (its `SystemTime::now` panics, and getrandom
//! refuses to build there) unless the `js` feature takes them from the JavaScript host.
//!
//! A build script, because Cargo features cannot depend on the target: without it, the
//! condition would be spelled out on every generator, `now()` and re-export. The crate docs'
//! "Targets" section says what each target gets.

use std::env;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(idtypes_generators)");
    let std = env::var_os("CARGO_FEATURE_STD").is_some();
    let js = env::var_os("CARGO_FEATURE_JS").is_some();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let hostless = arch == "wasm32" && os == "unknown";
    if std && (js || !hostless) {
        println!("cargo::rustc-cfg=idtypes_generators");
    }
}
