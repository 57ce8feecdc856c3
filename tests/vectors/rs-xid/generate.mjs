// Test vectors for rs/xid's XID (tests/it/rs_xid_conformance.rs), from npm xid-ts 1.3.0, a
// TypeScript port of github.com/rs/xid whose codec was compared line by line with rs/xid's
// id.go (commit 643d161): the same alphabet, the same unrolled encoder, the same decoder with
// the same check of the last character (xid-ts checks its 4 padding bits; Go re-encodes the
// last byte and compares, which refuses the same texts). Every vector is also run through
// Go's codec transliterated below (`goEncode`, `goDecode`), and must agree with it.
//
//   npm install && node generate.mjs > test-vectors.json
//
// Deterministic: no clock, no randomness (ids are made with newWithTime and a fixed state).
import { Xid, newState } from 'xid-ts';

const hex = (bytes) => Buffer.from(bytes).toString('hex');

// rs/xid's codec, transliterated from id.go (`encode`, `UnmarshalText` and `decode`, commit
// 643d161), to check xid-ts against the original on every vector below. Bytes are masked to
// 8 bits where Go's `byte` arithmetic drops the high bits.
const encoding = '0123456789abcdefghijklmnopqrstuv';
function goEncode(id) {
  const e = (v) => encoding[v & 0xff];
  return [
    e(id[0] >> 3),
    e((id[1] >> 6) | ((id[0] << 2) & 0x1f)),
    e((id[1] >> 1) & 0x1f),
    e((id[2] >> 4) | ((id[1] << 4) & 0x1f)),
    e((id[3] >> 7) | ((id[2] << 1) & 0x1f)),
    e((id[3] >> 2) & 0x1f),
    e((id[4] >> 5) | ((id[3] << 3) & 0x1f)),
    e(id[4] & 0x1f),
    e(id[5] >> 3),
    e((id[6] >> 6) | ((id[5] << 2) & 0x1f)),
    e((id[6] >> 1) & 0x1f),
    e((id[7] >> 4) | ((id[6] << 4) & 0x1f)),
    e((id[8] >> 7) | ((id[7] << 1) & 0x1f)),
    e((id[8] >> 2) & 0x1f),
    e((id[9] >> 5) | ((id[8] << 3) & 0x1f)),
    e(id[9] & 0x1f),
    e(id[10] >> 3),
    e((id[11] >> 6) | ((id[10] << 2) & 0x1f)),
    e((id[11] >> 1) & 0x1f),
    e((id[11] << 4) & 0x1f),
  ].join('');
}
// Go's UnmarshalText works on bytes: the UTF-8 length, each byte through `dec`.
function goDecode(text) {
  const src = Buffer.from(text, 'utf8');
  if (src.length !== 20) return null;
  const dec = (c) => {
    const v = encoding.indexOf(String.fromCharCode(c));
    return c < 128 && v >= 0 ? v : 0xff;
  };
  if ([...src].some((c) => dec(c) === 0xff)) return null;
  const d = [...src].map(dec);
  const id = new Array(12);
  id[11] = ((d[17] << 6) | (d[18] << 1) | (d[19] >> 4)) & 0xff;
  if (encoding[(id[11] << 4) & 0x1f] !== String.fromCharCode(src[19])) return null;
  id[10] = ((d[16] << 3) | (d[17] >> 2)) & 0xff;
  id[9] = ((d[14] << 5) | d[15]) & 0xff;
  id[8] = ((d[12] << 7) | (d[13] << 2) | (d[14] >> 3)) & 0xff;
  id[7] = ((d[11] << 4) | (d[12] >> 1)) & 0xff;
  id[6] = ((d[9] << 6) | (d[10] << 1) | (d[11] >> 4)) & 0xff;
  id[5] = ((d[8] << 3) | (d[9] >> 2)) & 0xff;
  id[4] = ((d[6] << 5) | d[7]) & 0xff;
  id[3] = ((d[4] << 7) | (d[5] << 2) | (d[6] >> 3)) & 0xff;
  id[2] = ((d[3] << 4) | (d[4] >> 1)) & 0xff;
  id[1] = ((d[1] << 6) | (d[2] << 1) | (d[3] >> 4)) & 0xff;
  id[0] = ((d[0] << 3) | (d[1] >> 2)) & 0xff;
  return id;
}

function parts(xid) {
  const bytes = [...xid.toBytes()];
  if (goEncode(bytes) !== xid.toString()) throw new Error(`Go encodes ${hex(bytes)} otherwise`);
  if (hex(goDecode(xid.toString())) !== hex(bytes)) throw new Error(`Go decodes ${xid} otherwise`);
  return {
    text: xid.toString(),
    bytes: hex(xid.toBytes()),
    timestamp: xid.timestamp(),
    machine: hex(xid.machine()),
    pid: xid.pid(),
    counter: xid.counter(),
  };
}

// A small deterministic PRNG (splitmix32) for byte patterns.
let seed = 0x9e3779b9;
function next() {
  seed = (seed + 0x9e3779b9) >>> 0;
  let z = seed;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

const valid = [];
const add = (bytes) => valid.push(parts(new Xid(Uint8Array.from(bytes))));

// rs/xid's own vectors (id_test.go, `IDs`), the nil id and the largest.
add([0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9]);
add(new Array(12).fill(0));
add([0x00, 0x00, 0x00, 0x00, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0x00, 0x00, 0x01]);
add(new Array(12).fill(0xff));
// Every bit alone, and every bit but one: each symbol's every value, each byte edge.
for (let bit = 0; bit < 96; bit++) {
  const one = new Array(12).fill(0);
  one[Math.floor(bit / 8)] = 0x80 >> bit % 8;
  add(one);
  add(one.map((b) => 0xff ^ b));
}
// The field edges: the last second (2106-02-07T06:28:15Z), 2^31 (2038), counters at 0 and 2^24-1.
add([0x7f, 0xff, 0xff, 0xff, 1, 2, 3, 0, 1, 0xff, 0xff, 0xff]);
add([0x80, 0x00, 0x00, 0x00, 1, 2, 3, 0xff, 0xff, 0, 0, 0]);
add([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0]);
// Pseudo-random ids.
for (let i = 0; i < 64; i++) {
  add(Array.from({ length: 12 }, () => next() & 0xff));
}

// Ids as the generator makes them: newWithTime with a fixed state, whose counter goes up by
// one before each id (the first id has counter + 1) and wraps at 2^24.
const generated = [];
for (const [time, counter] of [
  [1_300_816_219, 4_271_560],
  [1_700_000_000, 0xfffffe],
  [0, 0],
  [0xffffffff, 5],
]) {
  const state = newState();
  state.machineId = Uint8Array.from([0x60, 0xf4, 0x86]);
  state.pid = 0xe428;
  state.counter = counter;
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(parts(Xid.newWithTime(time, state)));
  generated.push({ time, machine: '60f486', pid: 0xe428, counter_before: counter, ids });
}

// Texts xid-ts refuses, near every boundary: each with the reason and, for a character, its
// byte position (where this crate reports it; xid-ts and rs/xid say only "invalid ID").
const invalid = [];
function refuse(text, reason, position) {
  let refused = false;
  try {
    Xid.parse(text);
  } catch {
    refused = true;
  }
  if (!refused) throw new Error(`xid-ts accepts ${JSON.stringify(text)}`);
  if (goDecode(text) !== null) throw new Error(`Go accepts ${JSON.stringify(text)}`);
  invalid.push(position === undefined ? { text, reason } : { text, reason, position });
}
const base = '9m4e2mr0ui3e8a215n4g';
refuse('', 'length');
refuse(base.slice(0, 19), 'length');
refuse(base + '0', 'length');
refuse(base.slice(0, 19) + 'ü', 'length'); // 20 UTF-16 units, 21 UTF-8 bytes
refuse('invalid', 'length'); // rs/xid's TestFromStringInvalid
// Characters just outside the alphabet, and uppercase (rs/xid reads lowercase only), at
// every position.
for (let position = 0; position < 20; position++) {
  for (const c of ['/', ':', '`', 'w', 'z', 'A', 'V', 'G', ' ', '\u0000']) {
    const text = base.slice(0, position) + c + base.slice(position + 1);
    refuse(text, 'character', position);
  }
}
// The last character carries one bit and 4 zero bits: only `0` and `g` may stand there.
for (const c of '123456789abcdefhijklmnopqrstuv') {
  refuse(base.slice(0, 19) + c, 'last character', 19);
}
refuse('c6e52g2mrqcjl44hf179', 'last character', 19); // rs/xid's TestFromStringInvalid
refuse('vvvvvvvvvvvvvvvvvvvv', 'last character', 19); // past the largest, vvvvvvvvvvvvvvvvvvvg
refuse('vvvvvvvvvvvvvvvvvvvh', 'last character', 19);
// Non-ASCII of 20 bytes: a character error at its first byte.
refuse(base.slice(0, 18) + 'é', 'character', 18);

const out = {
  source: 'npm xid-ts 1.3.0 (https://github.com/yiwen-ai/xid-ts), a port of github.com/rs/xid',
  generator: 'tests/vectors/rs-xid/generate.mjs',
  valid,
  generated,
  invalid,
};
process.stdout.write(JSON.stringify(out, null, 1) + '\n');
