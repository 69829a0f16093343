// Random identifiers and secrets from the platform CSPRNG, in base62 so they survive
// copy-paste, URLs and shell quoting unescaped.
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` base62 characters; rejection sampling keeps every character equally likely. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      // 248 = 4 * 62: bytes at or above it would bias the first characters.
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** A prefixed random id, e.g. `site_3kTq...`: the prefix says what the id names. */
export function prefixedId(prefix: string, length = 20): string {
  return `${prefix}_${randomBase62(length)}`;
}
