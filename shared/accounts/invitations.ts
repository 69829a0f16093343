import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { acceptInvite, findOpenInvite, type OpenInvite } from "./invite-repository";
import { setSessionWorkspace } from "./session-repository";

// An invitation link opened (docs/app.md "Invitations"): what it invites to, and joining
// with it. The link works once (invite-repository.ts `acceptInvite`).

/** The open invitation of a link token; null when it was used, expired, withdrawn or mistyped. */
export async function openInvitation(
  ctx: AppContext,
  input: { token: string },
): Promise<Result<OpenInvite | null, never>> {
  return ok(await findOpenInvite(database(ctx.env.DB), input.token, ctx.nowMs));
}

/**
 * A signed-in person joins with the link: the membership, then the session moves to the
 * new workspace. Null, nothing changed, when the link no longer works.
 */
export async function joinByInvitation(
  ctx: AppContext,
  input: { token: string; userId: string; sessionId: string },
): Promise<Result<{ workspaceId: string } | null, never>> {
  const db = database(ctx.env.DB);
  const invite = await findOpenInvite(db, input.token, ctx.nowMs);
  if (!invite || !(await acceptInvite(db, invite, input.userId, ctx.nowMs))) return ok(null);
  await setSessionWorkspace(db, input.sessionId, invite.workspaceId);
  return ok({ workspaceId: invite.workspaceId });
}
