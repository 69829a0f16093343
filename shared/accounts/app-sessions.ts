import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { endSessionByToken, type SessionRecord, setSessionWorkspace, startSession } from "./session-repository";
import { findSignedIn } from "./signed-in";
import type { WorkspaceMembership } from "./workspace-repository";

export type { WorkspaceMembership };

// The app's browser sessions as use cases (docs/app.md "Sessions"): the lookup every
// signed-in page makes, the start at sign-in, sign-up or a passkey, the end at sign-out,
// and the workspace a session last used. The Worker holds only the cookie.

/** The live session of a cookie token and its user's workspaces; null when there is none. */
export async function signedInSession(
  ctx: AppContext,
  input: { token: string },
): Promise<Result<{ session: SessionRecord; workspaces: WorkspaceMembership[] } | null, never>> {
  return ok(await findSignedIn(database(ctx.env.DB), input.token, ctx.nowMs));
}

/** The workspace a session last used: the short addresses (`/app/sites`) go there. */
export async function rememberSessionWorkspace(
  ctx: AppContext,
  input: { sessionId: string; workspaceId: string },
): Promise<Result<void, never>> {
  await setSessionWorkspace(database(ctx.env.DB), input.sessionId, input.workspaceId);
  return ok(undefined);
}

/**
 * A new session for `userId`, ending the one the browser had (`replaces`, its cookie
 * token): the token is always freshly minted (OWASP Session Management: renew the id at
 * every privilege change). Returns the cookie's token and expiry.
 */
export async function startAppSession(
  ctx: AppContext,
  input: { userId: string; workspaceId: string | null; startedByPasskey: string | null; replaces: string | null },
): Promise<Result<{ token: string; expiresAt: number }, never>> {
  const db = database(ctx.env.DB);
  if (input.replaces) await endSessionByToken(db, input.replaces);
  return ok(await startSession(db, input, ctx.nowMs));
}

/** Sign-out: the session of this cookie token ends (one already gone is no error). */
export async function endAppSession(ctx: AppContext, input: { token: string }): Promise<Result<void, never>> {
  await endSessionByToken(database(ctx.env.DB), input.token);
  return ok(undefined);
}
