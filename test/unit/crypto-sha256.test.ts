import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex, hmacSha256Key, hmacSha256TextKey } from "../../shared/crypto/hmac-sha256";
import { sha256Hex } from "../../shared/crypto/sha256";

/** A deterministic string of `n` characters, ASCII or with non-ASCII ones mixed in. */
function text(n: number, seed: number, nonAscii = false): string {
  const alphabet = nonAscii ? "aZ09/-é€ü😀 " : "abcXYZ0189/-_:. ";
  let s = "";
  let x = seed;
  while (s.length < n) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += alphabet[x % alphabet.length];
  }
  return s.slice(0, n);
}

// Lengths around the padding's edges: 55 bytes fit one block with the length, 56 need two.
const LENGTHS = [0, 1, 31, 32, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200, 1000];

describe("SHA-256 and HMAC-SHA-256 written out (shared/crypto)", () => {
  it("gives node:crypto's digest for every length around the block and padding edges, ASCII and not", () => {
    for (const n of LENGTHS)
      for (const nonAscii of [false, true]) {
        const input = text(n, n + 1, nonAscii);
        expect(sha256Hex(input), `${n} chars, non-ASCII ${nonAscii}`).toBe(
          createHash("sha256").update(input, "utf8").digest("hex"),
        );
      }
    expect(sha256Hex("abc", 32)).toBe(createHash("sha256").update("abc").digest("hex").slice(0, 32));
  });

  it("gives node:crypto's HMAC for keys shorter than, equal to and longer than a block", () => {
    for (const keyLength of [0, 16, 32, 63, 64, 65, 100])
      for (const n of LENGTHS) {
        const key = text(keyLength, keyLength + 7);
        const message = new TextEncoder().encode(text(n, n + 3, n % 2 === 0));
        expect(hmacSha256Hex(hmacSha256TextKey(key), message), `key ${keyLength}, message ${n}`).toBe(
          createHmac("sha256", key).update(message).digest("hex"),
        );
      }
    const binaryKey = Uint8Array.from({ length: 90 }, (_, i) => (i * 37) & 0xff);
    const message = new TextEncoder().encode("m");
    expect(hmacSha256Hex(hmacSha256Key(binaryKey), message, 32)).toBe(
      createHmac("sha256", binaryKey).update(message).digest("hex").slice(0, 32),
    );
  });
});
