//! The clocks of the JavaScript host, on wasm32-unknown-unknown with the `js` feature:
//! `Date.now()` and `performance.now()`, which every browser, web worker, Node.js, Deno and
//! Bun have.
//!
//! `Date.now()` counts whole milliseconds: a clock of milliseconds, whose ids the generators
//! pad within each millisecond (see [`Clock`](crate::Clock)). `performance.now()` counts
//! milliseconds with a fraction (coarsened by browsers to between 5 µs and 1 ms), from the
//! start of the page or process, and never goes back.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    // `catch`: called through a small JavaScript function that catches what they throw, not
    // imported bare (Cloudflare Workers refuse `Date.now` as a bare import: "function import
    // requires a callable").
    #[wasm_bindgen(catch, js_namespace = Date, js_name = now)]
    fn date_now() -> Result<f64, wasm_bindgen::JsValue>;

    #[wasm_bindgen(catch, js_namespace = performance, js_name = now)]
    fn performance_now() -> Result<f64, wasm_bindgen::JsValue>;
}

/// The wall clock, in µs since 1970: `Date.now()`, whole milliseconds. `Date` is part of the
/// language itself, so the call cannot fail; should it, the reading is 1970, which the
/// generators take as a clock gone back (they count on from their last id).
#[inline]
pub(crate) fn wall_micros() -> i64 {
    // `as` saturates (and makes NaN 0): no undefined value can come of a strange answer.
    (date_now().unwrap_or(0.0) as i64).saturating_mul(1000)
}

/// `performance.now()` in µs, or `None` on a host without it: the generators then follow the
/// wall clock without the guard against its wrong forward jumps.
pub(crate) fn monotonic_micros() -> Option<i64> {
    performance_now()
        .ok()
        .map(|millis| (millis * 1000.0) as i64)
}

/// `performance.now()` in ns, plus one (so that 0 keeps meaning "ended" for a lease term), or
/// `u64::MAX` on a host without it: every lease term then refuses.
pub(crate) fn monotonic_nanos() -> u64 {
    match performance_now() {
        Ok(millis) => ((millis * 1_000_000.0) as u64).saturating_add(1),
        Err(_) => u64::MAX,
    }
}

/// [`monotonic_nanos`]: there is no cheaper reading of it here.
#[inline]
pub(crate) fn coarse_monotonic_nanos() -> u64 {
    monotonic_nanos()
}
