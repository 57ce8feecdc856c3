// Test vectors for idtypes' CUID2, from the reference implementation itself
// (@paralleldrive/cuid2, the exact version pinned in package.json).
//
//   npm install && node generate.mjs > cuid2.json
//
// Every id is made by the reference's `init({ random, counter, length, fingerprint })` with a
// deterministic `random` (32-bit words over 2^32, as the reference's own crypto source gives
// them) and a mocked `Date.now`; the script records the inputs each id was made from (first
// letter, time, salt, counter, fingerprint), worked out from the random values the reference
// drew, and the id. `isCuid` is run on texts near every boundary of its rule.
import { init, isCuid } from "@paralleldrive/cuid2";
// The package exports only `init`, `createId`, `getConstants` and `isCuid`; its source file
// exports the helpers too (the same module instance, so the same `init`).
import {
  init as sourceInit,
  createFingerprint,
  createCounter,
  bufToBigInt,
} from "./node_modules/@paralleldrive/cuid2/src/index.js";
import { sha3_512 } from "@noble/hashes/sha3.js";
import { createRequire } from "node:module";

if (sourceInit !== init) throw new Error("two copies of the reference's module");
const require = createRequire(import.meta.url);
const version = require("@paralleldrive/cuid2/package.json").version;

// mulberry32: a small deterministic generator of 32-bit words.
function words(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

// A `random` for the reference that logs what it hands out.
function recordingRandom(seed) {
  const next = words(seed);
  const log = [];
  const random = () => {
    const value = next() / 0x100000000;
    log.push(value);
    return value;
  };
  return { random, log };
}

const digit36 = (r) => Math.floor(r * 36).toString(36);
const letter = (r) => String.fromCharCode(97 + Math.floor(r * 26));

const realNow = Date.now;
const ids = [];
const times = [0, 1, 35, 36, 1_700_000_000_000, 1_764_200_000_123, 8_640_000_000_000_000, -1_500];
const lengths = [2, 3, 10, 24, 31, 32];

let seed = 1;
for (const length of lengths) {
  for (const [i, time] of times.entries()) {
    const { random, log } = recordingRandom(seed++);
    // The fingerprint as the reference makes it on a host without globals.
    const fingerprint = createFingerprint({ globalObj: {}, random });
    const start = Math.floor(random() * 476782367);
    // Alternate: a counter the script starts, and near the top of JavaScript's exact integers.
    const counterStart = i % 4 === 3 ? Number.MAX_SAFE_INTEGER - 2 : start;
    const generate = init({ random, counter: createCounter(counterStart), length, fingerprint });
    Date.now = () => time;
    for (let k = 0; k < 2; k++) {
      const before = log.length;
      const id = generate();
      const drawn = log.slice(before);
      ids.push({
        length,
        first_letter: letter(drawn[0]),
        time_millis: time,
        salt: drawn.slice(1).map(digit36).join(""),
        counter: counterStart + k,
        fingerprint,
        id,
      });
    }
    Date.now = realNow;
  }
}

// Fingerprints the caller passes in: any text is hashed as it is.
for (const [i, fingerprint] of ["", "my-host", "0".repeat(32), "ü-not-ascii"].entries()) {
  const { random, log } = recordingRandom(1000 + i);
  const generate = init({ random, counter: createCounter(i * 7), length: 24, fingerprint });
  Date.now = () => 1_700_000_000_000 + i;
  const before = log.length;
  const id = generate();
  const drawn = log.slice(before);
  Date.now = realNow;
  ids.push({
    length: 24,
    first_letter: letter(drawn[0]),
    time_millis: 1_700_000_000_000 + i,
    salt: drawn.slice(1).map(digit36).join(""),
    counter: i * 7,
    fingerprint,
    id,
  });
}

// createFingerprint: `hash(globals + entropy).substring(0, 32)`; the source is what is hashed.
const fingerprints = [];
for (const [i, globalObj] of [{}, {}, { a: 1, b: 2 }, { process: 1 }].entries()) {
  const { random, log } = recordingRandom(2000 + i);
  const fingerprint = createFingerprint({ globalObj, random });
  const globals = Object.keys(globalObj).toString();
  fingerprints.push({ source: globals + log.map(digit36).join(""), fingerprint });
}

// The reference's big-endian digest to integer, in base 36 (`hash` without `.slice(1)`).
const hex = (bytes) => Buffer.from(bytes).toString("hex");
const base36 = [];
const digests = [
  new Uint8Array(64),
  new Uint8Array(64).fill(0xff),
  Uint8Array.from({ length: 64 }, (_, i) => (i === 63 ? 1 : 0)),
  Uint8Array.from({ length: 64 }, (_, i) => (i === 0 ? 0x80 : 0)),
  Uint8Array.from({ length: 64 }, (_, i) => (i < 20 ? 0 : 0xab)),
];
for (const input of ["", "a", "cuid2", "lonkc6o0abcdefghijklmnopqrstuvwx5o6pa"]) {
  digests.push(sha3_512(new TextEncoder().encode(input)));
}
for (const digest of digests) {
  base36.push({ digest: hex(digest), base36: bufToBigInt(digest).toString(36) });
}

// isCuid near every edge: lengths 1, 2, 32, 33; the character classes' neighbours.
const texts = new Set([
  "", "a", "aa", "a0", "z9", "za", "ab", "a".repeat(32), "z".repeat(32), "a".repeat(33),
  "a" + "0".repeat(31), "a" + "0".repeat(32), "tz4a98xxat96iws9zmbrgj3a", "cjld2cjxh0000qzrmn831i7rn",
  "0a", "9a", "Aa", "Za", "`a", "{a", "/a", ":a", "@a", "[a", " a", "-a", "_a",
  "a/", "a:", "a`", "a{", "aA", "aZ", "a@", "a[", "a-", "a_", "a ", "a.",
  "abc\n", "\nabc", "ab\u0000", "aé", "éa", "a\u00e9b", "TZ4A98XXAT96IWS9ZMBRGJ3A",
  "tz4a98xxat96iws9zmbrgj3", "tz4a98xxat96iws9zmbrgj3a0000000", "tz4a98xxat96iws9zmbrgj3a00000000",
  "tz4a98xxat96iws9zmbrgj3a000000000",
]);
const is_cuid = [...texts].map((text) => ({ text, valid: isCuid(text) }));

const out = {
  source: `@paralleldrive/cuid2 ${version} (npm), made by tests/vectors/cuid2/generate.mjs`,
  ids,
  fingerprints,
  base36,
  is_cuid,
};
console.log(JSON.stringify(out, null, 1));
