import { randomBase62 } from "../auth/random-token";

// Session cookies and invitation links carry a random token; the database keeps only its
// SHA-256, so reading the table opens no session and accepts no invitation. 43 base62
// characters are ~256 bits, far beyond guessing, so a fast hash is enough.
const TOKEN_LENGTH = 43;
const TOKEN_SHAPE = /^[0-9A-Za-z]{43}$/;

export function newSecretToken(): string {
  return randomBase62(TOKEN_LENGTH);
}

export function looksLikeSecretToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export async function hashSecretToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
