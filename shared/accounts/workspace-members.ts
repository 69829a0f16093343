import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { listPendingInvites, type PendingInviteRow } from "./invite-repository";
import { listMembers, type MemberRow } from "./workspace-repository";

export type { MemberRow, PendingInviteRow };

export interface WorkspaceMembers {
  members: MemberRow[];
  /** Invitations not yet used, withdrawn or expired at the request's now. */
  invites: Awaited<ReturnType<typeof listPendingInvites>>;
}

/**
 * The members of the request's workspace and its open invitations (Settings -> Members).
 * The workspace and the time come from the context, never from the input, so a request
 * cannot list another workspace's people.
 */
export async function workspaceMembers(
  ctx: RequestContext,
  _input: Record<string, never>,
): Promise<Result<WorkspaceMembers>> {
  const db = database(ctx.env.DB);
  const [members, invites] = await Promise.all([
    listMembers(db, ctx.workspaceId),
    listPendingInvites(db, ctx.workspaceId, ctx.nowMs),
  ]);
  return ok({ members, invites });
}
