// Test vectors for KSUID from the npm `ksuid` package (3.0.0), run with `npm install && npm run
// generate`. Every valid text is parsed by `KSUID.parse` and written back by `.string`; every
// 20-byte value is written by `new KSUID(buffer).string`. For the texts idtypes refuses, the
// file records what npm `ksuid` does with them and what segmentio/ksuid's Go `Parse` does: the
// Go reference cannot run here, so `goParse` below is a line-by-line port of its
// `fastDecodeBase62` and `base62Value` (base62.go at d337249), kept apart from npm's code.
import KSUID from 'ksuid'

const hex = (buffer) => Buffer.from(buffer).toString('hex')

// segmentio/ksuid base62.go `base62Value`: Go bytes wrap, so a byte outside the alphabet maps
// to `36 + (b - 'a')` modulo 256 (`:` is 253, `{` is 62, `/` is 253 - 11 = 242...).
function base62Value (digit) {
  if (digit >= 0x30 && digit <= 0x39) return digit - 0x30
  if (digit >= 0x41 && digit <= 0x5a) return 10 + (digit - 0x41)
  return (36 + (digit - 0x61)) & 0xff
}

// segmentio/ksuid `Parse`: the length in bytes, then `fastDecodeBase62`, which fails (and
// `Parse` returns errStrValue) when the value needs more than 20 bytes.
function goParse (text) {
  const src = Buffer.from(text, 'utf8')
  if (src.length !== 27) return { error: 'Valid encoded KSUIDs are 27 characters' }
  let bp = Array.from(src, base62Value)
  const dst = Buffer.alloc(20)
  let n = 20
  while (bp.length > 0) {
    const quotient = []
    let remainder = 0n
    for (const c of bp) {
      const value = BigInt(c) + remainder * 62n
      const digit = value / 4294967296n
      remainder = value % 4294967296n
      if (quotient.length !== 0 || digit !== 0n) quotient.push(Number(digit))
    }
    if (n < 4) {
      return {
        error: 'Valid encoded KSUIDs are bounded by 000000000000000000000000000 and aWgEPTl1tmebfsQzFP4bxwgy80V'
      }
    }
    dst.writeUInt32BE(Number(remainder), n - 4)
    n -= 4
    bp = quotient
  }
  return { hex: hex(dst) }
}

function npmParse (text) {
  try {
    return { hex: hex(KSUID.parse(text).raw) }
  } catch (err) {
    return { error: err.message }
  }
}

function valid (buffer, note) {
  const id = new KSUID(Buffer.from(buffer))
  const text = id.string
  const back = KSUID.parse(text)
  if (!back.equals(id)) throw new Error(`round trip failed for ${text}`)
  const go = goParse(text)
  if (go.hex !== hex(buffer)) throw new Error(`the Go port disagrees on ${text}`)
  return {
    text,
    bytes: hex(id.raw),
    timestamp: id.timestamp,
    unix_seconds: id.timestamp + 1400000000,
    payload: hex(id.payload),
    note
  }
}

const bytesOf = (bigint) => Buffer.from(bigint.toString(16).padStart(40, '0'), 'hex')
const MAX = (1n << 160n) - 1n

// A fixed xorshift stream, so the file is the same on every run.
let state = 0x2545f4914f6cdd1dn
function nextByte () {
  state ^= (state << 13n) & 0xffffffffffffffffn
  state ^= state >> 7n
  state ^= (state << 17n) & 0xffffffffffffffffn
  return Number(state >> 56n)
}

const validVectors = [
  valid(Buffer.alloc(20), 'nil, the smallest'),
  valid(Buffer.alloc(20, 0xff), 'the largest'),
  valid(Buffer.from('0669F7EFB5A1CD34B5F99D1154FB6853345C9735', 'hex'), "segmentio's README example"),
  valid(bytesOf(1n), 'one'),
  valid(bytesOf(61n), 'the last symbol in the last place'),
  valid(bytesOf(62n), 'the first carry'),
  valid(bytesOf(62n ** 26n - 1n), 'the largest with a leading 0'),
  valid(bytesOf(62n ** 26n), 'the smallest without a leading 0'),
  valid(bytesOf((1n << 128n) - 1n), 'timestamp 0, payload all ones'),
  valid(bytesOf(1n << 128n), 'timestamp 1, payload 0'),
  valid(bytesOf(MAX - 1n), 'the largest but one'),
  valid(Buffer.from('ffffffff00000000000000000000000000000000', 'hex'), 'the last second, payload 0'),
  valid(Buffer.from('7fffffffffffffffffffffffffffffffffffffff', 'hex'), 'top bit clear')
]
for (const [seconds, note] of [
  [1400000000, 'at the epoch'],
  [1494985761, '2017-05-17T01:49:21Z'],
  [1700000000, '2023-11-14T22:13:20Z'],
  [5694967295, 'the last second, 2150-06-19T23:21:35Z']
]) {
  const payload = Buffer.from(Array.from({ length: 16 }, nextByte))
  const id = KSUID.fromParts(seconds * 1000, payload)
  validVectors.push(valid(id.raw, `fromParts(${seconds} s)`))
}
for (let i = 0; i < 24; i++) {
  validVectors.push(valid(Buffer.from(Array.from({ length: 20 }, nextByte)), 'random bytes'))
}

const base = '0ujtsYcgvSTl8PAuAdqWYSMnLOv'
const at = (i, ch) => base.slice(0, i) + ch + base.slice(i + 1)

function invalid (text, kind, position, note) {
  const npm = npmParse(text)
  const go = goParse(text)
  return {
    text,
    kind,
    position,
    note,
    npm_ksuid: npm,
    segmentio_go_port: go,
    references_accept: npm.hex !== undefined || go.hex !== undefined
  }
}

const invalidVectors = [
  invalid('', 'length', null, 'empty'),
  invalid(base.slice(0, 26), 'length', null, 'one character short'),
  invalid(base + '0', 'length', null, 'one character long'),
  invalid('0'.repeat(54), 'length', null, 'two texts'),
  invalid(at(26, '/'), 'character', 26, "'/', just below '0'"),
  invalid(at(26, ':'), 'character', 26, "':', just above '9'"),
  invalid(at(0, ':'), 'character', 0, "':' first"),
  invalid(at(13, '@'), 'character', 13, "'@', just below 'A'"),
  invalid(at(13, '['), 'character', 13, "'[', just above 'Z'"),
  invalid(at(5, '`'), 'character', 5, "'`', just below 'a'"),
  invalid(at(5, '{'), 'character', 5, "'{', just above 'z'"),
  invalid(at(20, '-'), 'character', 20, "'-'"),
  invalid(at(20, '_'), 'character', 20, "'_'"),
  invalid(at(20, ' '), 'character', 20, 'a space'),
  invalid(at(1, '\u0000'), 'character', 1, 'NUL'),
  invalid(at(10, '\u007f'), 'character', 10, 'DEL'),
  invalid(base.slice(0, 25) + 'é', 'character', 25, "'é', two bytes in UTF-8: 27 bytes, 26 characters"),
  invalid(base.slice(0, 26) + 'é', 'length', null, "'é' last: 28 bytes"),
  invalid('aWgEPTl1tmebfsQzFP4bxwgy80W', 'overflow', null, 'the largest plus one'),
  invalid('aWgEPTl1tmebfsQzFP4bxwgy810', 'overflow', null, 'above the largest by a carry'),
  invalid('aWgEPTl1tmebfsQzFP4bxwgy8zz', 'overflow', null, 'above the largest in the last three'),
  invalid('aX000000000000000000000000', 'length', null, 'a short text above the largest'),
  invalid('aX0000000000000000000000000', 'overflow', null, 'above the largest at the second character'),
  invalid('b00000000000000000000000000', 'overflow', null, 'above the largest at the first character'),
  invalid('zzzzzzzzzzzzzzzzzzzzzzzzzzz', 'overflow', null, 'the largest text'),
  invalid('aWgEPTl1tmebfsQzFP4bxwgy80:', 'character', 26, "the largest with ':' last (npm reads ':' as '3': the largest minus 28; the Go port overflows)"),
  invalid('0000000000000000000000000:0', 'character', 25, "':' that the Go reference reads as 253")
]

const output = {
  source: 'npm ksuid 3.0.0 (base-convert-int-array 1.0.1), and a port of segmentio/ksuid Parse (base62.go at d337249) for texts outside the alphabet',
  alphabet: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  epoch_seconds: 1400000000,
  min: KSUID.MIN_STRING_ENCODED,
  max: KSUID.MAX_STRING_ENCODED,
  valid: validVectors,
  invalid: invalidVectors
}
process.stdout.write(JSON.stringify(output, null, 2) + '\n')
