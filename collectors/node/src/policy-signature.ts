// Checks a policy document's signature (docs/policy.md "Signed documents"): HMAC-SHA256
// of the exact body under HMAC-SHA256(API key, "agent-readiness policy document v1"),
// as shared/policy/document-signature.ts signs it. Web Crypto only (Node 20+, Workers,
// edge runtimes); without it no document is accepted and nothing is enforced.

const KEY_LABEL = "agent-readiness policy document v1";
const encoder = new TextEncoder();

function subtle(): SubtleCrypto | null {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle ?? null;
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * The key a collector checks documents with, derived once from its API key; null where
 * the runtime has no Web Crypto.
 */
export async function policyVerifyKey(apiKey: string): Promise<CryptoKey | null> {
  const s = subtle();
  if (!s) return null;
  const base = await s.importKey("raw", encoder.encode(apiKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const derived = await s.sign("HMAC", base, encoder.encode(KEY_LABEL));
  return s.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

/** Whether `header` (`v1=<base64url>`) signs `body` under `key` (a constant-time check by Web Crypto). */
export async function signatureValid(key: CryptoKey, body: string, header: string | null): Promise<boolean> {
  const s = subtle();
  const match = header ? /^v1=([A-Za-z0-9_-]+)$/.exec(header.trim()) : null;
  const mac = match ? fromBase64url(match[1]) : null;
  if (!s || !mac) return false;
  return s.verify("HMAC", key, mac, encoder.encode(body));
}
