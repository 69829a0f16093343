/**
 * SHA-256 (FIPS 180-4, https://csrc.nist.gov/pubs/fips/180-4/upd1/final) of a string's
 * UTF-8 bytes, as lower-case hex: the same digest as `crypto.subtle.digest` and
 * `node:crypto`. Written out because a drain hashes every stored line's identity (about
 * 36,000 in the 10 MB bench batch) and `createHash` costs a native object, a call and a
 * hex string per line: about 10 µs each in workerd, near 400 ms of CPU for that batch,
 * where this takes a few µs (docs/performance/log.md, "Drains", issue 46). Synchronous,
 * as the ids are made line by line.
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
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const encoder = new TextEncoder();
const W = new Int32Array(64);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let buffer = new Uint8Array(256);

/** The SHA-256 digest of `text` (UTF-8) as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; the padding adds 1 to 72 bytes (§5.1.1).
  const room = text.length * 3 + 72;
  if (buffer.length < room) buffer = new Uint8Array(Math.max(room, buffer.length * 2));
  const length = encoder.encodeInto(text, buffer).written;
  const blocks = Math.ceil((length + 9) / 64);
  const end = blocks * 64;
  buffer[length] = 0x80;
  buffer.fill(0, length + 1, end);
  // The message length in bits, big-endian, in the last 8 bytes (lengths here stay under 2^32 bits).
  const bits = length * 8;
  buffer[end - 4] = bits >>> 24;
  buffer[end - 3] = (bits >>> 16) & 0xff;
  buffer[end - 2] = (bits >>> 8) & 0xff;
  buffer[end - 1] = bits & 0xff;

  let [h0, h1, h2, h3, h4, h5, h6, h7] = H0;
  for (let offset = 0; offset < end; offset += 64) {
    for (let t = 0; t < 16; t++) {
      const i = offset + t * 4;
      W[t] = (buffer[i] << 24) | (buffer[i + 1] << 16) | (buffer[i + 2] << 8) | buffer[i + 3];
    }
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15];
      const w2 = W[t - 2];
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
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
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  let out = "";
  for (const word of [h0, h1, h2, h3, h4, h5, h6, h7])
    out += HEX[word >>> 24] + HEX[(word >>> 16) & 0xff] + HEX[(word >>> 8) & 0xff] + HEX[word & 0xff];
  return out;
}
