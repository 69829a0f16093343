// The policy document's signature (docs/policy.md "Signed documents"): HMAC-SHA256 of the
// exact body under a key derived from the API key that asked for it. The service keeps
// only the key's hash, so it signs with the key the request presented; the collector
// holds the same key and checks the body before it reads it, so a document altered or
// swapped on the way (a proxy, a cache, another site's document) is refused and the last
// good one stays. collectors/node/src/policy-signature.ts is the checking side.

/** The header the signature travels in: `v1=<base64url>`. */
export const POLICY_SIGNATURE_HEADER = "X-Policy-Signature";
/** Domain separation: the derived key signs policy documents and nothing else. */
const KEY_LABEL = "agent-readiness policy document v1";

const encoder = new TextEncoder();

async function hmac(key: ArrayBuffer | Uint8Array, data: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, encoder.encode(data));
}

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The signature header's value for `body` as sent to the holder of `apiKey`. */
export async function signPolicyDocument(body: string, apiKey: string): Promise<string> {
  const derived = await hmac(encoder.encode(apiKey), KEY_LABEL);
  return `v1=${base64url(await hmac(derived, body))}`;
}
