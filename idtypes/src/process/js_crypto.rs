//! The JavaScript host's random source, on wasm32-unknown-unknown with the `js` feature:
//! `crypto.getRandomValues()` (the Web Crypto API: every browser and web worker, Node.js 19+,
//! Deno, Bun), what getrandom's `wasm_js` backend reads too.

use wasm_bindgen::prelude::wasm_bindgen;

// `getRandomValues` refuses a view of shared memory, which WebAssembly with threads has.
#[cfg(target_feature = "atomics")]
compile_error!(
    "idtypes' `js` feature does not support WebAssembly with shared memory (the `atomics` \
     target feature): crypto.getRandomValues() refuses views of shared memory"
);

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = ["globalThis", "crypto"], js_name = getRandomValues)]
    fn get_random_values(bytes: &mut [u8]) -> Result<(), wasm_bindgen::JsValue>;
}

/// Fills `bytes` (at most 65,536 of them, the API's limit) from `crypto.getRandomValues()`.
pub(crate) fn fill(bytes: &mut [u8]) -> Result<(), &'static str> {
    debug_assert!(bytes.len() <= 65_536);
    get_random_values(bytes)
        .map_err(|_| "crypto.getRandomValues() failed: the JavaScript host has no Web Crypto API")
}
