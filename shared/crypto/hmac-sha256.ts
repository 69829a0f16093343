import {
  type Sha256State,
  sha256Block,
  sha256Finish,
  sha256Start,
  sha256StateHex,
  sha256StateInto,
  utf8Into,
} from "./sha256";

/**
 * HMAC-SHA-256 (RFC 2104, FIPS 198-1) with the key's two padded blocks hashed once: a
 * key is a daily salt that signs every visitor of the day (shared/salt/visitor-hash.ts),
 * so a signature costs the message's blocks and one more, synchronously. The same MACs
 * as `crypto.subtle.sign("HMAC", …)` with a raw key of the same bytes.
 */
export interface HmacSha256Key {
  /** The state after the key XOR ipad block. */
  inner: Sha256State;
  /** The state after the key XOR opad block. */
  outer: Sha256State;
}

/** The key prepared from its bytes (a key longer than a block is hashed first, RFC 2104 §2). */
export function hmacSha256Key(key: Uint8Array): HmacSha256Key {
  const block = new Uint8Array(64);
  if (key.byteLength > 64) {
    const state = sha256Start();
    sha256Finish(state, key, key.byteLength);
    sha256StateInto(state, new DataView(block.buffer));
  } else block.set(key);
  const padded = (pad: number) => {
    const state = sha256Start();
    sha256Block(
      state,
      block.map((b) => b ^ pad),
      0,
    );
    return state;
  };
  return { inner: padded(0x36), outer: padded(0x5c) };
}

/** The key prepared from a string's UTF-8 bytes. */
export function hmacSha256TextKey(key: string): HmacSha256Key {
  const { bytes, length } = utf8Into(key);
  return hmacSha256Key(bytes.slice(0, length));
}

const innerDigest = new Uint8Array(32);
const innerView = new DataView(innerDigest.buffer);

/** The MAC of `message`, as its first `chars` (even, at most 64) lower-case hex characters. */
export function hmacSha256Hex(key: HmacSha256Key, message: Uint8Array, chars = 64): string {
  const inner = key.inner.slice();
  sha256Finish(inner, message, message.byteLength, 64);
  sha256StateInto(inner, innerView);
  const outer = key.outer.slice();
  sha256Finish(outer, innerDigest, 32, 64);
  return sha256StateHex(outer, chars);
}
