import { bearerToken } from "../auth/bearer-token";
import { openSecret } from "../webhooks/secret-box";
import type { DrainRow } from "./drain-store";
import { hashDrainSecret } from "./drain-store";

export type DrainRefusal = "invalid_drain_secret" | "invalid_signature" | "revoked";

/** Equal-length strings compared without an early exit. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Bearer drains (Logpush, generic): `Authorization: Bearer <secret>`, compared as its
 * SHA-256 with the stored hash. Cloudflare Logpush sends it when the destination URL
 * carries `header_Authorization=Bearer%20<secret>` ("header_*" URL parameters,
 * https://developers.cloudflare.com/logs/get-started/enable-destinations/http/).
 */
export async function bearerRefusal(drain: DrainRow, authorization: string | null): Promise<DrainRefusal | null> {
  const token = bearerToken(authorization);
  if (!token || !sameText(await hashDrainSecret(token), drain.secretHash)) return "invalid_drain_secret";
  return drain.revokedAt === null ? null : "revoked";
}

/**
 * Vercel drains: `x-vercel-signature` is the hex HMAC-SHA1 of the raw body under the
 * drain's signature secret (https://vercel.com/docs/drains/security).
 */
export async function vercelRefusal(
  env: object,
  drain: DrainRow,
  signature: string | null,
  body: Uint8Array,
): Promise<DrainRefusal | null> {
  if (!signature || !drain.secretSealed) return "invalid_signature";
  const secret = await openSecret(env, drain.secretSealed);
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, body));
  const hex = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (!sameText(hex, signature.trim().toLowerCase())) return "invalid_signature";
  return drain.revokedAt === null ? null : "revoked";
}
