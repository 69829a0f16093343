/**
 * SHA-256 (FIPS 180-4, https://csrc.nist.gov/pubs/fips/180-4/upd1/final), synchronous:
 * the same digests as `crypto.subtle.digest` and `node:crypto`. Written out because the
 * hot paths hash many short inputs one at a time: a drain hashes every stored line's
 * identity (about 36,000 in bench:drains' batch), and every page view's visitor is signed
 * twice (hmac-sha256.ts). `createHash` costs a native object per line (about 10 µs each
 * in workerd) and `crypto.subtle` a promise per call; one block here is a few hundred ns
 * (docs/performance/log.md, "Drains", issue 46).
 */

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (§4.2.2).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

// Initial hash value: first 32 bits of the fractional parts of the square roots of the first 8 primes (§5.3.3).
const H0 = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** SHA-256's running state: eight 32-bit words. */
export type Sha256State = Int32Array;

/** A fresh state (the initial hash value). */
export function sha256Start(): Sha256State {
  return H0.slice();
}

const W = new Int32Array(64);

/** One 64-byte block of `bytes` at `offset` into `state`, in place (§6.2.2). */
export function sha256Block(state: Sha256State, bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const i = offset + t * 4;
    W[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15];
    const w2 = W[t - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t] + W[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

// The last one or two blocks: the message's tail, the 0x80 byte, zeros and the length.
const TAIL = new Uint8Array(128);
const TAIL_VIEW = new DataView(TAIL.buffer);

/**
 * Hashes the first `length` bytes of `bytes` into `state` and pads (§5.1.1), so `state`
 * is then the digest. `hashedBefore`: bytes already put into `state` in whole blocks
 * (HMAC's key block), counted in the length the padding states.
 */
export function sha256Finish(state: Sha256State, bytes: Uint8Array, length: number, hashedBefore = 0): void {
  let offset = 0;
  for (; offset + 64 <= length; offset += 64) sha256Block(state, bytes, offset);
  const rest = length - offset;
  TAIL.fill(0);
  TAIL.set(bytes.subarray(offset, length));
  TAIL[rest] = 0x80;
  const end = rest + 9 <= 64 ? 64 : 128;
  const bits = (hashedBefore + length) * 8;
  TAIL_VIEW.setUint32(end - 8, Math.floor(bits / 0x1_0000_0000));
  TAIL_VIEW.setUint32(end - 4, bits >>> 0);
  sha256Block(state, TAIL, 0);
  if (end === 128) sha256Block(state, TAIL, 64);
}

/** A finished state's digest, its eight words big-endian (§6.2.2), into `into`'s first 32 bytes. */
export function sha256StateInto(state: Sha256State, into: DataView): void {
  for (let i = 0; i < 8; i++) into.setInt32(i * 4, state[i]);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The first `chars` hex characters (even, at most 64) of a finished state, lower-case. */
export function sha256StateHex(state: Sha256State, chars = 64): string {
  let out = "";
  for (let i = 0; i < chars / 8; i++) {
    const word = state[i];
    out += HEX[word >>> 24] + HEX[(word >>> 16) & 0xff] + HEX[(word >>> 8) & 0xff] + HEX[word & 0xff];
  }
  return out;
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(256);

/**
 * `text` as UTF-8 in a reused buffer: its length in bytes. ASCII (ids, keys, nearly every
 * header value) is written from the character codes, without a call into the runtime.
 */
export function utf8Into(text: string): { bytes: Uint8Array; length: number } {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(Math.max(text.length * 3, scratch.length * 2));
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return { bytes: scratch, length: encoder.encodeInto(text, scratch).written };
    scratch[i] = code;
  }
  return { bytes: scratch, length: text.length };
}

/** The SHA-256 digest of `text` (UTF-8) as 64 lower-case hex characters (or the first `chars`). */
export function sha256Hex(text: string, chars = 64): string {
  const { bytes, length } = utf8Into(text);
  const state = sha256Start();
  sha256Finish(state, bytes, length);
  return sha256StateHex(state, chars);
}
