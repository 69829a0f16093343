import { fromBase64Url, toBase64Url } from "../encoding/base64";
import { ok, type Refusal, type Result, refusal } from "../result/result";

// Opaque, tamper-evident keyset cursors (contract: "passed unchanged, never
// constructed"; docs/decisions.md#2-v1-errors: "bad or foreign cursor" → 400 invalid_cursor).
//
// A cursor is base64url(JSON {v, l: list, p: position}) "." base64url(HMAC-SHA-256
// truncated to 128 bits). The MAC covers the workspace id and the list name too, so a
// cursor of another workspace or another list fails verification like a forged one.
//
// Key: the Worker secret CURSOR_SECRET (`wrangler secret put CURSOR_SECRET -c
// workers/v1/wrangler.toml`). Without it a built-in key is used: cursors are still
// bound and checked, but whoever reads this source could mint one. That grants
// nothing: every list query is filtered by the key's workspace, so a forged position
// only moves a caller within its own data. Production should set the secret anyway.

export type CursorPosition = (string | number)[];

export interface CursorBinding {
  /** Which list the cursor pages, e.g. `sites`. */
  list: string;
  /** The workspace the cursor was issued to. */
  workspaceId: string;
}

const BUILT_IN_SECRET = "agent-readiness/v1/cursor/built-in";
const MAC_BYTES = 16;
/** Longest cursor accepted, so a hostile value cannot cost more than a bounded parse. */
export const MAX_CURSOR_LENGTH = 512;

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key for `env.CURSOR_SECRET` (or the built-in key), imported once per isolate. */
export function cursorKey(env: object): Promise<CryptoKey> {
  const configured = (env as { CURSOR_SECRET?: unknown }).CURSOR_SECRET;
  const secret = typeof configured === "string" && configured.length > 0 ? configured : BUILT_IN_SECRET;
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
}

async function mac(key: CryptoKey, binding: CursorBinding, payload: string): Promise<Uint8Array> {
  const data = new TextEncoder().encode(`${binding.workspaceId}\n${binding.list}\n${payload}`);
  const full = new Uint8Array(await crypto.subtle.sign("HMAC", key, data));
  return full.slice(0, MAC_BYTES);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function encodeCursor(key: CryptoKey, binding: CursorBinding, position: CursorPosition): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify({ v: 1, l: binding.list, p: position })));
  return `${payload}.${toBase64Url(await mac(key, binding, payload))}`;
}

/** The one message of a refused cursor (400 `invalid_cursor`), for every list. */
export const INVALID_CURSOR_MESSAGE = "The cursor is invalid: pass next_cursor from the previous page unchanged";

/** The refusal of a bad, edited or foreign cursor, as the lists return it. */
export const invalidCursor = (): Refusal<"invalid_cursor"> => refusal("invalid_cursor", INVALID_CURSOR_MESSAGE);

/** The position inside a cursor issued for `binding`, or null when it is forged, foreign or malformed. */
export async function readCursor(
  key: CryptoKey,
  binding: CursorBinding,
  cursor: string,
): Promise<CursorPosition | null> {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) return null;
  const [payload, tag, extra] = cursor.split(".");
  if (extra !== undefined || !payload || !tag) return null;
  const given = fromBase64Url(tag);
  if (!given || !sameBytes(given, await mac(key, binding, payload))) return null;
  const bytes = fromBase64Url(payload);
  if (!bytes) return null;
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { v?: unknown; l?: unknown; p?: unknown };
    const position = body.p;
    if (body.v !== 1 || body.l !== binding.list || !Array.isArray(position)) return null;
    if (!position.every((x) => typeof x === "string" || typeof x === "number")) return null;
    return position as CursorPosition;
  } catch {
    return null;
  }
}

/**
 * `readCursor` as an outcome: the position, or the `invalid_cursor` refusal that the
 * route turns into its 400 (`valueOrThrow`, shared/errors/api-error.ts).
 * New lists use `keysetPager` (./keyset-pager.ts).
 */
export async function decodeCursor(
  key: CryptoKey,
  binding: CursorBinding,
  cursor: string,
): Promise<Result<CursorPosition, "invalid_cursor">> {
  const position = await readCursor(key, binding, cursor);
  return position === null ? invalidCursor() : ok(position);
}
