import { type HmacSha256Key, hmacSha256Hex, hmacSha256TextKey } from "../crypto/hmac-sha256";
import { truncateIp } from "../ip/cidr";

const encoder = new TextEncoder();

/**
 * Unambiguous encoding of the hashed fields: each is prefixed by its byte length
 * (4 bytes, big-endian), so ("ab","c") and ("a","bc") never collide, unlike Plausible's
 * plain concatenation (traffic-facts §1.3). Fields are UTF-8; when all are ASCII (ids,
 * networks and header values nearly always are) the bytes are the character codes and
 * are written here, without a call into the runtime's encoder per field, which was a
 * measurable share of a beacon's cost (docs/performance/log.md). Same bytes either way.
 */
export function encodeFields(fields: readonly string[]): Uint8Array {
  if (fields.some((f) => NON_ASCII.test(f))) return encodeUtf8Fields(fields);
  const out = new Uint8Array(fields.reduce((n, f) => n + 4 + f.length, 0));
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const f of fields) {
    view.setUint32(offset, f.length);
    offset += 4;
    for (let i = 0; i < f.length; i++) out[offset + i] = f.charCodeAt(i);
    offset += f.length;
  }
  return out;
}

const NON_ASCII = /[\u0080-\uffff]/;

function encodeUtf8Fields(fields: readonly string[]): Uint8Array {
  const parts = fields.map((f) => encoder.encode(f));
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.byteLength, 0));
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const p of parts) {
    view.setUint32(offset, p.byteLength);
    out.set(p, offset + 4);
    offset += 4 + p.byteLength;
  }
  return out;
}

const keys = new Map<string, HmacSha256Key>();

function hmacKey(salt: string): HmacSha256Key {
  let key = keys.get(salt);
  if (!key) {
    key = hmacSha256TextKey(salt);
    // Two salts live at a time; keep the cache from growing across rotations.
    if (keys.size > 4) keys.clear();
    keys.set(salt, key);
  }
  return key;
}

/**
 * Daily pseudonymous visitor id (contract, privacy rules): HMAC-SHA-256 keyed with the
 * day's random salt over (workspace, site, IP truncated to /24 or /64, User-Agent).
 * The raw IP is only an input here and goes nowhere else. Once the salt is deleted
 * (48 h), nobody can recompute the hash. Returns 32 hex chars (128 bits).
 */
export function visitorHash(
  salt: string,
  workspaceId: string,
  siteId: string,
  clientIp: string | null,
  userAgent: string | null,
): string {
  return signVisitor(salt, visitorFields(workspaceId, siteId, (clientIp && truncateIp(clientIp)) || "", userAgent));
}

/**
 * The hashed input of one visitor, encoded once: a beacon signs the same bytes under
 * both kept salts (hash-visitor.ts).
 */
export function visitorFields(workspaceId: string, siteId: string, network: string, userAgent: string | null) {
  return encodeFields(["v1", workspaceId, siteId, network, userAgent ?? ""]);
}

/**
 * HMAC-SHA-256 of `fields` under `salt` (its key blocks hashed once), as 32 hex chars:
 * the MAC `crypto.subtle.sign` gives with the salt's bytes as a raw key, synchronously
 * (shared/crypto/hmac-sha256.ts), since every page view is signed under both kept salts
 * and a promise per signature was a tenth of a drain's acceptance path (issue 46).
 */
export function signVisitor(salt: string, fields: Uint8Array): string {
  return hmacSha256Hex(hmacKey(salt), fields, 32);
}
