import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { hashPassword, needsRehash } from "./password-hash";
import { isLocalOwnerSignUp, type SignUpEnv } from "./sign-up";
import { anyUserExists, type UserRecord, updatePasswordHash } from "./user-repository";
import { listUserWorkspaces } from "./workspace-repository";

// Signing in with a password (docs/app.md "Sign-in"): the password itself is checked,
// throttled, by the caller (workers/app/password-check.ts, `accountWithPassword`).

/**
 * Whether the sign-in page points to the first owner's sign-up: a local run
 * (LOCAL_OWNER_SIGNUP=1) before any account exists. A deployment does not read D1 for it.
 */
export async function localOwnerSignUpOpen(
  ctx: AppContext<SignUpEnv>,
  _input: Record<string, never>,
): Promise<Result<boolean, never>> {
  if (!isLocalOwnerSignUp(ctx.env)) return ok(false);
  return ok(!(await anyUserExists(database(ctx.env.DB))));
}

/**
 * After a right password: a hash made with older parameters is replaced by one made with
 * today's (password-hash.ts `needsRehash`), and the session's workspace is chosen: the
 * one the page asked for names when the user belongs to it (signing in again from a tab
 * of workspace B does not move the short addresses elsewhere), else their first; null
 * when they belong to none.
 */
export async function afterPasswordSignIn(
  ctx: AppContext,
  input: { user: UserRecord; password: string; wantedWorkspaceId: string | null },
): Promise<Result<{ workspaceId: string | null }, never>> {
  const db = database(ctx.env.DB);
  const { user } = input;
  if (needsRehash(user.passwordHash)) await updatePasswordHash(db, user.id, await hashPassword(input.password));
  const workspaces = await listUserWorkspaces(db, user.id);
  const start = workspaces.find((w) => w.id === input.wantedWorkspaceId) ?? workspaces[0];
  return ok({ workspaceId: start?.id ?? null });
}
