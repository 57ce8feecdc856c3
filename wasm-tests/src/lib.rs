//! The smallest useful idtypes in a browser: make a TID and parse one, exported to JavaScript
//! through wasm-bindgen. Its release build is what the README's size of a `.wasm` measures,
//! and `js/app.cjs` runs it in Node.js as a web page would use it:
//!
//! ```sh
//! cargo build --release --lib --target wasm32-unknown-unknown
//! wasm-bindgen --target nodejs --out-dir target/app target/wasm32-unknown-unknown/release/idtypes_wasm_tests.wasm
//! node js/app.cjs ./target/app/idtypes_wasm_tests.js
//! ```
//!
//! On other targets (the WASI tests build this crate too) it is empty.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use idtypes::Tid;
use wasm_bindgen::prelude::wasm_bindgen;

/// A new TID, from the JavaScript host's clock and randomness.
#[wasm_bindgen]
pub fn new_tid() -> String {
    Tid::now().encode().into()
}

/// The timestamp of the TID `text`, in µs since 1970 (a JavaScript number holds it exactly:
/// TID timestamps have 53 bits); a `text` that is not a TID throws an `Error` saying why.
#[wasm_bindgen]
pub fn tid_timestamp_micros(text: &str) -> Result<f64, wasm_bindgen::JsError> {
    let tid: Tid = text.parse()?;
    Ok(tid.timestamp_micros() as f64)
}
