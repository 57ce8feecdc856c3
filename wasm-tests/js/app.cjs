// Uses the release build of src/lib.rs, as made by `wasm-bindgen --target nodejs`, the way a
// page would: `node js/app.cjs <the generated .js>`. Fails (exit 1) on any wrong answer.
"use strict";
const assert = require("node:assert/strict");
const path = require("node:path");

const app = require(path.resolve(process.argv[2]));

const before = Date.now();
const first = app.new_tid();
const second = app.new_tid();
const after = Date.now();
assert.match(first, /^[2-7a-j][2-7a-z]{12}$/);
assert.ok(second > first, `${second} after ${first}`);
const millis = app.tid_timestamp_micros(first) / 1000;
assert.ok(before <= millis && millis < after + 1, `${before} <= ${millis} <= ${after}`);
assert.equal(app.tid_timestamp_micros("3jzfcijpj2z2a"), 1688137381887007);
assert.throws(() => app.tid_timestamp_micros("3jzfcijpj2z2"), /atproto TID/);
console.log(`app: made ${first} and ${second}, parsed them and a known TID`);
