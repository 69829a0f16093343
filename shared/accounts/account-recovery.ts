import { database } from "../db/client";
import { revokeUserGrants } from "../oauth/user-grants";
import { ok, type Result, refusal } from "../result/result";
import type { AccountContext } from "./account-context";
import { useAccountToken } from "./account-token-repository";
import { hashPassword } from "./password-hash";
import { endAllSessions } from "./session-repository";
import { replacePassword } from "./user-repository";

// Taking an account back: every way ends what a thief could hold. A session cookie ends
// with the sessions; an OAuth grant made with a stolen cookie is not a session, so it is
// revoked with them (issue 41 #1: its tokens kept calling /mcp and refreshing after a
// password change, a reset and "End all sessions"). The pages say how many apps were
// disconnected, so the owner knows to connect their own again.

export interface TakenBack {
  /** OAuth grants revoked (connected apps, every workspace). */
  disconnectedApps: number;
}

/** A new password: the hash and the end of every session in one batch, then every grant. */
export async function changePassword(
  ctx: AccountContext,
  input: { userId: string; newPassword: string },
): Promise<Result<TakenBack, never>> {
  await replacePassword(database(ctx.env.DB), input.userId, await hashPassword(input.newPassword));
  return ok({ disconnectedApps: await revokeUserGrants(ctx.grants, input.userId) });
}

/** A reset link used: the token works once; then as a password change. */
export async function resetPassword(
  ctx: AccountContext,
  input: { token: string; newPassword: string },
): Promise<Result<TakenBack & { userId: string }, "not_found">> {
  const db = database(ctx.env.DB);
  const used = await useAccountToken(db, input.token, "password_reset", ctx.nowMs);
  if (!used) return refusal("not_found", "This reset link is not valid: it was used, it expired, or it was mistyped.");
  await replacePassword(db, used.userId, await hashPassword(input.newPassword));
  return ok({ userId: used.userId, disconnectedApps: await revokeUserGrants(ctx.grants, used.userId) });
}

/** "End all sessions": every session of the account, this one included, and every grant. */
export async function endEverySession(
  ctx: AccountContext,
  input: { userId: string },
): Promise<Result<TakenBack & { sessionsEnded: number }, never>> {
  const sessionsEnded = await endAllSessions(database(ctx.env.DB), input.userId);
  return ok({ sessionsEnded, disconnectedApps: await revokeUserGrants(ctx.grants, input.userId) });
}
