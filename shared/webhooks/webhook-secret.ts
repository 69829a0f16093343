import { fromBase64, toBase64 } from "../encoding/base64";

// Standard Webhooks secrets are `whsec_` + base64 of random bytes; the HMAC key is the
// decoded bytes (spec "Signature scheme"). The spec asks for 24 to 64 bytes; 32 matches
// the SHA-256 block-size guidance of RFC 2104 §3.
const PREFIX = "whsec_";
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** The HMAC key bytes of a `whsec_` secret; throws on anything else (a stored secret is always ours). */
export function webhookSecretKey(secret: string): Uint8Array {
  const bytes = secret.startsWith(PREFIX) ? fromBase64(secret.slice(PREFIX.length)) : null;
  if (!bytes || bytes.length === 0) throw new Error("Not a whsec_ webhook secret");
  return bytes;
}
