// Test vectors for MongoDB's ObjectId (tests/it/object_id_conformance.rs), made by npm bson
// 6.10.4's `ObjectId`, the reference the MongoDB Node.js driver uses:
//
//   npm install && node generate.mjs > test-vectors.json
//
// - valid: texts bson reads (`ObjectId.isValid`, `new ObjectId(text)`), in either case, with
//   the 12 bytes, the canonical text (`toHexString`) and the timestamp (`getTimestamp`);
// - bytes: ids made from bytes (`new ObjectId(Uint8Array)`) and from a time
//   (`ObjectId.createFromTime`), with their text;
// - generated: ids as `new ObjectId()` makes them in one process, in order, with the counter
//   set near its end (`ObjectId.index`) so that the vectors show where bson wraps it;
// - invalid: texts bson refuses (`isValid` false and the constructor throws), near every
//   boundary.
//
// The bytes and times are fixed; only `generated` depends on the run (bson's random process
// value), which the test reads as parts, not as fixed values.
import { ObjectId } from 'bson';

const hex = (bytes) => Buffer.from(bytes).toString('hex');

function entry(id) {
  return {
    text: id.toHexString(),
    bytes: hex(id.id),
    timestamp: Math.floor(id.getTimestamp().getTime() / 1000),
  };
}

// Deterministic bytes: a simple LCG.
let seed = 0x1234567;
const next = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed >>> 24;
};
const byteSets = [new Uint8Array(12), new Uint8Array(12).fill(0xff)];
for (let place = 0; place < 12; place++) {
  for (const value of [0x01, 0x7f, 0x80, 0xa5, 0xff]) {
    const b = new Uint8Array(12);
    b[place] = value;
    byteSets.push(b);
  }
}
for (let i = 0; i < 40; i++) byteSets.push(Uint8Array.from({ length: 12 }, next));

const bytes = byteSets.map((b) => entry(new ObjectId(b)));
for (const seconds of [0, 1, 1_689_776_289, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
  bytes.push({ ...entry(ObjectId.createFromTime(seconds)), seconds });
}

// Texts in either case: bson reads `0-9a-fA-F` (its `isValid` and `createFromHexString`).
const valid = [];
for (const b of bytes.slice(0, 30)) {
  const lower = b.text;
  const upper = lower.toUpperCase();
  const mixed = [...lower].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  for (const text of [lower, upper, mixed]) {
    if (!ObjectId.isValid(text)) throw new Error(`bson refuses ${text}`);
    valid.push({ ...entry(new ObjectId(text)), input: text });
  }
}

// As `new ObjectId()` makes them, with bson's counter set near its end.
ObjectId.index = 0xfffffd;
const generated = Array.from({ length: 6 }, () => entry(new ObjectId()));
for (let i = 0; i < generated.length; i++) {
  generated[i].counter = parseInt(generated[i].bytes.slice(18), 16);
  generated[i].process_unique = generated[i].bytes.slice(8, 18);
}

const good = '64b7f0a1c2d3e4f5a6b7c8d9';
const refusedTexts = [
  '',
  good.slice(0, 23),
  good + '0',
  good.slice(0, 12), // 12 characters: older bson took them as 12 bytes
  'abcdefghijkl',
  ' ' + good.slice(1),
  good.slice(0, 23) + ' ',
  '0x' + good.slice(2),
  good.slice(0, 23) + 'g',
  'g' + good.slice(1),
  good.slice(0, 11) + 'G' + good.slice(12),
  good.slice(0, 11) + '-' + good.slice(12),
  good.slice(0, 11) + 'ü' + good.slice(13),
  good.slice(0, 22) + 'é',
  `ObjectId("${good}")`,
];
for (const c of ['/', ':', '@', '`', '{', 'z', 'Z']) {
  refusedTexts.push(good.slice(0, 5) + c + good.slice(6));
}
const invalid = refusedTexts.map((text) => {
  if (ObjectId.isValid(text)) throw new Error(`bson reads ${text}`);
  let thrown = false;
  try {
    new ObjectId(text);
  } catch {
    thrown = true;
  }
  if (!thrown) throw new Error(`bson constructs ${text}`);
  return { text };
});

console.log(
  JSON.stringify(
    { reference: 'npm bson 6.10.4 ObjectId', valid, bytes, generated, invalid },
    null,
    1,
  ),
);
