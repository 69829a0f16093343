/// <reference types="node" />
// Passwords are hashed with scrypt (RFC 7914), the memory-hard function OWASP's Password
// Storage Cheat Sheet lists after Argon2id, through workerd's native node:crypto (nodejs_compat):
// no WebAssembly (dynamic compilation is refused on Workers) and no pure-JS loop that
// exceeds a Worker's CPU budget. Parameters are OWASP's "N=2^14, r=8, p=5" line (16 MiB,
// equivalent strength to N=2^17, p=1 within a Worker's 128 MB memory). WebCrypto PBKDF2 was
// the alternative; Workers cap it at 100,000 iterations, below OWASP's 600,000 for SHA-256.
// Measured cost: docs/app.md "Password hash".
import { scrypt, timingSafeEqual } from "node:crypto";
import { fromBase64Url, toBase64Url } from "../encoding/base64";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const PASSWORD_HASH_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 5 };
// The cost new hashes get in this isolate: production's, unless a test entry lowered it
// (test/app/worker-main.ts, from the vitest-only TEST_PASSWORD_HASH_PARAMS binding; no
// production entry calls the setter). A stored hash names its own parameters, so
// verification never depends on it; test/unit/password-hash.test.ts pins production's.
let inForce: ScryptParams = PASSWORD_HASH_PARAMS;
export function setPasswordHashParams(params: ScryptParams): void {
  inForce = params;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// 128 * N * r * p bytes at most, with headroom; node's default (32 MiB) would refuse larger N.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key)),
    );
  });
}

/**
 * `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash. `params`
 * unset (or undefined): the cost in force.
 */
export async function hashPassword(password: string, params: ScryptParams = inForce): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, toBase64Url(salt), toBase64Url(key)].join("$");
}

/** Constant-time comparison against a stored hash; false for any malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every(Number.isSafeInteger)) return false;
  const salt = fromBase64Url(parts[4]);
  const expected = fromBase64Url(parts[5]);
  if (!salt || !expected) return false;
  const key = await derive(password, salt, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with weaker parameters than today's (rehash on sign-in). */
export function needsRehash(stored: string, params: ScryptParams = inForce): boolean {
  const [, N, r, p] = stored.split("$").map(Number);
  return N !== params.N || r !== params.r || p !== params.p;
}

// A fixed hash for sign-in attempts with an unknown email: verifying against it costs the
// same as a real check, so response time does not tell registered emails apart.
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(): Promise<string> {
  const key = `${inForce.N}$${inForce.r}$${inForce.p}`;
  const hash = dummyHashes.get(key) ?? hashPassword("not-a-real-password");
  dummyHashes.set(key, hash);
  return hash;
}
