// Vectors for idtypes' NanoID from the reference implementation, nanoid 5.1.16 (npm), and
// the alphabets of nanoid-dictionary 5.0.0. Run: `npm install && npm run generate`.
//
// - custom_random: customRandom(alphabet, size, getRandom) with a getRandom that records every
//   buffer it hands out (deterministic bytes from a seeded xorshift32): the Rust side replays
//   the same buffers through NanoId::from_random and must get the same id, asking for buffers
//   of the same sizes.
// - nanoid_default: nanoid() (21 URL-safe symbols) with crypto.getRandomValues replaced by the
//   same deterministic bytes: the id is urlAlphabet[byte & 63] of the first 21 bytes, read
//   forward (customRandom reads its buffer backward).
// - valid / invalid: texts of the default alphabet and length 21 and of a lowercase 16, each
//   with whether every character is a symbol and the length is right; for the invalid ones,
//   the byte position of the first character outside the alphabet (null for a wrong length).
import { webcrypto } from 'node:crypto'
import { createRequire } from 'node:module'

import { customRandom, nanoid, urlAlphabet } from 'nanoid'

const require = createRequire(import.meta.url)
const dictionary = require('nanoid-dictionary')

function xorshift(seed) {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state & 0xff
  }
}

const hex = bytes => Buffer.from(bytes).toString('hex')

const alphabets = {
  url_safe: urlAlphabet,
  alphanumeric: dictionary.alphanumeric,
  lowercase: dictionary.lowercase,
  numbers: dictionary.numbers,
  hex_lowercase: dictionary.hexadecimalLowercase,
  no_lookalikes: dictionary.nolookalikes
}

const sizes = [1, 2, 10, 16, 21, 36, 255]

const customRandomCases = []
let seed = 1
for (const [name, alphabet] of Object.entries(alphabets)) {
  for (const size of sizes) {
    for (let round = 0; round < 3; round++) {
      // Round 2 skews the bytes high, so that alphabets whose size is not a power of two
      // drop many of them and ask for more buffers.
      const next = xorshift(seed++)
      const byte = round === 2 ? () => 0xe0 | next() : next
      const calls = []
      const getRandom = n => {
        const bytes = new Uint8Array(n)
        for (let i = 0; i < n; i++) bytes[i] = byte()
        calls.push(hex(bytes))
        return bytes
      }
      const id = customRandom(alphabet, size, getRandom)()
      customRandomCases.push({ alphabet: name, size, calls, id })
    }
  }
}

// nanoid() with deterministic bytes in place of the OS's.
const original = webcrypto.getRandomValues
const defaultCases = []
for (let round = 0; round < 8; round++) {
  const next = xorshift(1000 + round)
  let filled = null
  Object.defineProperty(webcrypto, 'getRandomValues', {
    configurable: true,
    writable: true,
    value: array => {
      for (let i = 0; i < array.length; i++) array[i] = next()
      filled = array
      return array
    }
  })
  // A fresh fill per case: the first call makes the pool (21 x 128 bytes); asking for the
  // pool's whole length after that refills it from its start.
  const id = nanoid(round === 0 ? 21 : 21 * 128)
  const first = id.slice(0, 21)
  defaultCases.push({ pool: hex(filled.subarray(0, 21)), id: first })
}
Object.defineProperty(webcrypto, 'getRandomValues', {
  configurable: true,
  writable: true,
  value: original
})

function check(text, alphabet, size) {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length !== size) return { text, valid: false, position: null }
  let position = 0
  for (const c of text) {
    if (!alphabet.includes(c)) return { text, valid: false, position }
    position += Buffer.byteLength(c, 'utf8')
  }
  return { text, valid: true, position: null }
}

const base = 'V1StGXR8_Z5jdHi6B-myT'
const defaultTexts = [
  base,
  'useandom-26T198340PX7',
  '_________________________'.slice(0, 21),
  '---------------------',
  'AAAAAAAAAAAAAAAAAAAAA',
  'zzzzzzzzzzzzzzzzzzzzz',
  '000000000000000000000',
  '999999999999999999999',
  ...Array.from({ length: 4 }, () => nanoid()),
  '',
  base.slice(0, 20),
  base + 'x',
  base.slice(0, 20) + '@',
  base.slice(0, 20) + '[',
  base.slice(0, 20) + '`',
  base.slice(0, 20) + '{',
  base.slice(0, 20) + '.',
  base.slice(0, 20) + '~',
  base.slice(0, 20) + '/',
  base.slice(0, 20) + ':',
  base.slice(0, 20) + ' ',
  base.slice(0, 20) + '+',
  '@' + base.slice(1),
  base.slice(0, 10) + '=' + base.slice(11),
  base.slice(0, 19) + 'é',
  base.slice(0, 20) + 'é',
  'é' + base.slice(2),
  base.slice(0, 17) + '😀'
]
const lowercaseTexts = [
  'abcdefghijklmnop',
  'zzzzzzzzzzzzzzzz',
  'aaaaaaaaaaaaaaaa',
  'abcdefghijklmnoA',
  'abcdefghijklmno`',
  'abcdefghijklmno{',
  'abcdefghijklmno0',
  'abcdefghijklmno_',
  'abcdefghijklmno',
  'abcdefghijklmnopq'
]

console.log(
  JSON.stringify(
    {
      source: 'nanoid 5.1.16 and nanoid-dictionary 5.0.0 (npm), tests/vectors/nanoid/generate.mjs',
      alphabets,
      custom_random: customRandomCases,
      nanoid_default: defaultCases,
      texts: {
        url_safe_21: defaultTexts.map(t => check(t, urlAlphabet, 21)),
        lowercase_16: lowercaseTexts.map(t => check(t, dictionary.lowercase, 16))
      }
    },
    null,
    1
  )
)
