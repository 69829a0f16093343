import type { RateWindow } from "../rate-limit/rate-window";
import { subjectName } from "../rate-limit/subject-name";
import { grantIdOf } from "./authorization-server";

// Refresh-token rotation with reuse detection (RFC 9700 §4.14.2): each refresh token
// works once. The library (workers-oauth-provider 1.2.3, handleRefreshTokenGrant) keeps
// accepting the token before the current one, and each use of it makes it "previous"
// again, so a stolen, rotated-out token kept working; and a reuse revoked nothing. This
// ledger, one record per grant in OAUTH_KV beside the library's, tells the current token
// from the one just rotated out and from older ones:
// - the current one refreshes;
// - the one rotated out is accepted once more, within GRACE_SECONDS of its rotation (a
//   client whose answer was lost on the network retries with it);
// - any other token this grant ever issued is a reuse: the grant is revoked, access and
//   refresh tokens with it, and both holders must connect again.
// Token values are never stored, only their SHA-256 (as the library stores them).

export const GRACE_SECONDS = 60;
/** Rotated-out tokens remembered per grant; a refresh every hour fills it in a day. */
const RETIRED_KEPT = 48;
const LEDGER_TTL_SECONDS = 30 * 24 * 3600;

interface Ledger {
  current: string;
  previous: string | null;
  /** Unix ms when `previous` was rotated out. */
  rotatedAt: number;
  retired: string[];
}

export interface RotationContext {
  kv: KVNamespace;
  /** One-shot windows: the grace use of a rotated-out token is counted atomically. */
  windows: DurableObjectNamespace<RateWindow>;
  now: number;
}

export type RefreshVerdict =
  /** Let the library decide: the current token, the one grace use, or a token this ledger never saw. */
  | { kind: "pass"; presented: string; grace: boolean }
  /** A token of this grant that was already rotated out: revoke the grant. */
  | { kind: "reused"; userId: string; grantId: string };

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const ledgerKey = (grantId: string) => `refresh_ledger:${grantId}`;

async function graceOnce(ctx: RotationContext, presented: string): Promise<boolean> {
  const name = await subjectName("refresh-grace", presented);
  const stub = ctx.windows.get(ctx.windows.idFromName(name));
  const result = await stub.hit([{ name: "grace", limit: 1, periodSeconds: 24 * 3600 }], ctx.now);
  return result.allowed;
}

/** What to do with a refresh request presenting `token`. */
export async function judgeRefreshToken(ctx: RotationContext, token: string): Promise<RefreshVerdict> {
  const grantId = grantIdOf(token);
  const presented = await tokenHash(token);
  if (!grantId) return { kind: "pass", presented, grace: false };
  const ledger = await ctx.kv.get<Ledger>(ledgerKey(grantId), "json");
  if (!ledger || ledger.current === presented) return { kind: "pass", presented, grace: false };
  const userId = token.split(":")[0];
  if (ledger.previous === presented) {
    const inGrace = ctx.now - ledger.rotatedAt <= GRACE_SECONDS * 1000;
    if (inGrace && (await graceOnce(ctx, presented))) return { kind: "pass", presented, grace: true };
    return { kind: "reused", userId, grantId };
  }
  if (ledger.retired.includes(presented)) return { kind: "reused", userId, grantId };
  return { kind: "pass", presented, grace: false };
}

/**
 * Records a refresh token the library just issued for a grant: after a code exchange
 * (`presented` null) or a refresh. A refresh with the current token rotates it out; the
 * grace use of the previous one leaves that one as previous (it has had its one extra
 * use) and retires the token the first refresh had issued.
 */
export async function recordIssued(
  ctx: RotationContext,
  issued: string,
  presented: { hash: string; grace: boolean } | null,
): Promise<void> {
  const grantId = grantIdOf(issued);
  if (!grantId) return;
  const current = await tokenHash(issued);
  const before = presented ? await ctx.kv.get<Ledger>(ledgerKey(grantId), "json") : null;
  let next: Ledger;
  if (!presented || !before) {
    next = { current, previous: presented?.hash ?? null, rotatedAt: ctx.now, retired: [] };
  } else if (presented.grace) {
    next = { ...before, current, retired: [...before.retired, before.current].slice(-RETIRED_KEPT) };
  } else {
    const retired = before.previous ? [...before.retired, before.previous] : before.retired;
    next = { current, previous: presented.hash, rotatedAt: ctx.now, retired: retired.slice(-RETIRED_KEPT) };
  }
  await ctx.kv.put(ledgerKey(grantId), JSON.stringify(next), { expirationTtl: LEDGER_TTL_SECONDS });
}
