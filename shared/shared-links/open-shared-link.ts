import { timingSafeEqual } from "node:crypto";
import { dummyPasswordHash, verifyPassword } from "../accounts/password-hash";
import { PASSWORD_MAX_LENGTH } from "../accounts/password-policy";
import { hashSecretToken, looksLikeSecretToken } from "../accounts/secret-token";
import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import type { RateWindow } from "../rate-limit/rate-window";
import { subjectName } from "../rate-limit/subject-name";
import type { WindowSpec } from "../rate-limit/window";
import { ok, type Result, refusal } from "../result/result";
import { type OpenLinkRow, openLinkByTokenHash, touchViewed } from "./shared-link-store";

// Opening a shared link (docs/app.md "Shared links"): the token in its address finds the
// live link (an unknown, malformed or revoked token is the same "not found"), and a link
// with a password is opened by a proof the browser keeps after the password was right: an
// HMAC of the link id and an expiry keyed with the password's stored hash, so a changed
// password or a revoked link ends every proof, and nothing but the hash has to be kept.
// Password attempts are limited per link and per client address, counted before the hash
// is checked (as sign-in does: workers/app/throttle.ts), so parallel guesses cannot pass.

const FIFTEEN_MINUTES = 15 * 60;

/** Failed password attempts (OWASP Authentication Cheat Sheet, "Login Throttling"). */
export const sharedLinkPasswordLimits = {
  link: [{ name: "shared_link_password", limit: 10, periodSeconds: FIFTEEN_MINUTES }],
  address: [{ name: "shared_link_password", limit: 30, periodSeconds: FIFTEEN_MINUTES }],
} as const satisfies Record<string, WindowSpec[]>;

/**
 * Dashboards opened through shared links, per client address: a person clicking through
 * filters stays far below it, a script replaying 90-day filtered reads does not.
 */
export const sharedLinkViewLimits: WindowSpec[] = [{ name: "shared_link_views", limit: 60, periodSeconds: 60 }];

/** How long a right password keeps the link open in that browser. */
export const UNLOCK_TTL_MS = 12 * 3_600_000;

/** The viewed time is written at most this often per link. */
const VIEW_RESOLUTION_MS = 60_000;

export interface SharedLinkEnv {
  DB: D1Database;
  LOGIN_THROTTLE: DurableObjectNamespace<RateWindow>;
}

/** The live link of a token, or null (malformed, unknown and revoked alike). */
export async function findOpenLink(db: D1Database, token: string): Promise<OpenLinkRow | null> {
  if (!looksLikeSecretToken(token)) return null;
  return openLinkByTokenHash(database(db), await hashSecretToken(token));
}

async function hmac(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(message)));
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The proof that the link's password was right, valid until `expiresAt`: `{expiresAt}.{hmac}`. */
export async function unlockProof(link: Pick<OpenLinkRow, "id" | "passwordHash">, expiresAt: number): Promise<string> {
  return `${expiresAt}.${hex(await hmac(link.passwordHash ?? "", `${link.id}.${expiresAt}`))}`;
}

/** True when `proof` opens `link` at `nowMs` (a link without a password needs none). */
export async function proofHolds(
  link: Pick<OpenLinkRow, "id" | "passwordHash">,
  proof: string | undefined,
  nowMs: number,
): Promise<boolean> {
  if (link.passwordHash === null) return true;
  const match = /^(\d{13})\.([0-9a-f]{64})$/.exec(proof ?? "");
  if (!match || Number(match[1]) <= nowMs || Number(match[1]) > nowMs + UNLOCK_TTL_MS) return false;
  const expected = new TextEncoder().encode(await unlockProof(link, Number(match[1])));
  const given = new TextEncoder().encode(proof);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Counts one dashboard view from `address`; the seconds to wait when past the limit, else 0. */
export async function viewAllowed(env: SharedLinkEnv, address: string, nowMs: number): Promise<number> {
  const window = env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(await subjectName("address", address)));
  const hit = await window.hit(sharedLinkViewLimits, nowMs);
  return hit.allowed ? 0 : hit.retryAfter;
}

/** A browser keeps a proof per link it opened (a handful): this many are checked at most. */
const PROOFS_CHECKED = 20;

/** True when one of the browser's proofs opens `link` (a link without a password needs none). */
export async function anyProofHolds(
  link: Pick<OpenLinkRow, "id" | "passwordHash">,
  proofs: readonly string[],
  nowMs: number,
): Promise<boolean> {
  if (link.passwordHash === null) return true;
  for (const proof of proofs.slice(0, PROOFS_CHECKED)) if (await proofHolds(link, proof, nowMs)) return true;
  return false;
}

/** Notes that the dashboard was opened through the link (at most once a minute). */
export async function noteViewed(db: D1Database, link: OpenLinkRow, nowMs: number): Promise<void> {
  if (link.lastViewedAt !== null && nowMs - link.lastViewedAt < VIEW_RESOLUTION_MS) return;
  await touchViewed(database(db), link.id, nowMs);
}

/**
 * A password typed for a link: the proof to keep when it is right. One failure is
 * reserved in the link's and the address's windows before scrypt runs and given back
 * when the password was right, so at most `limit` wrong guesses per window are checked.
 */
export async function unlockSharedLink(
  ctx: AppContext<SharedLinkEnv>,
  input: { token: string; password: string; address: string },
): Promise<
  Result<{ link: OpenLinkRow; proof: string; expiresAt: number }, "not_found" | "rate_limited" | "invalid_request">
> {
  const { env, nowMs } = ctx;
  const link = await findOpenLink(env.DB, input.token);
  if (!link) return refusal("not_found", "This shared link does not exist or was revoked.");
  const expiresAt = nowMs + UNLOCK_TTL_MS;
  if (link.passwordHash === null) return ok({ link, proof: await unlockProof(link, expiresAt), expiresAt });
  const wrong = () => refusal("invalid_request", "That password is not right.", { field: "password" });
  if (input.password.length === 0 || input.password.length > PASSWORD_MAX_LENGTH) return wrong();
  const windows = await Promise.all(
    [subjectName("shared_link", link.id), subjectName("address", input.address)].map((name) =>
      name.then((n) => env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(n))),
    ),
  );
  const specs = [sharedLinkPasswordLimits.link, sharedLinkPasswordLimits.address];
  const hits = await Promise.all(windows.map((w, i) => w.hit(specs[i], nowMs)));
  const refund = () => Promise.all(windows.map((w, i) => (hits[i].allowed ? w.refund(specs[i], nowMs) : null)));
  if (hits.some((h) => !h.allowed)) {
    await refund();
    const retryAfterSeconds = Math.max(...hits.map((h) => h.retryAfter));
    return refusal("rate_limited", "Too many wrong passwords for this link: try again later.", { retryAfterSeconds });
  }
  const right = await verifyPassword(input.password, link.passwordHash ?? (await dummyPasswordHash()));
  if (!right) return wrong();
  await refund();
  return ok({ link, proof: await unlockProof(link, expiresAt), expiresAt });
}
