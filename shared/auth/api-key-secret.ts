import { randomBase62 } from "./random-token";

// Keys look like `ar_live_` + 40 base62 characters (~238 bits). The fixed prefix lets
// secret scanners (GitHub push protection, trufflehog) recognise a leaked key.
export const API_KEY_PREFIX = "ar_live_";
const SECRET_LENGTH = 40;
const API_KEY_SHAPE = /^ar_live_[0-9A-Za-z]{40}$/;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBase62(SECRET_LENGTH)}`;
}

/** True when `value` has the shape of a key, so garbage is refused without a lookup. */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}

/**
 * Hex SHA-256 of the key: the only form stored. A fast hash is enough because the key
 * has ~238 bits of entropy, so there is nothing to brute-force (unlike a password).
 */
export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What may be shown later to tell keys apart: the prefix and four characters. */
export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}
