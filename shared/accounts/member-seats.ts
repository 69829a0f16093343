import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import type { GrantsContext } from "../oauth/connected-apps";
import { revokeUserGrants } from "../oauth/user-grants";
import { ok, type Result } from "../result/result";
import { createInvite, withdrawInvite } from "./invite-repository";
import {
  decideLeave,
  decideRemoval,
  decideRoleChange,
  type MemberSeat,
  type MembershipDecision,
  type WorkspaceRole,
} from "./roles";
import { changeMemberRole, findMemberSeat, removeMember } from "./workspace-repository";

// Settings -> Members (docs/app.md "Members"; docs/decisions.md#managing-members), the
// writes, in the context's workspace only: invitations, and changes to a seat (leave,
// remove, change role) decided by the rules of roles.ts and written under the same
// guards in SQL (workspace-repository.ts `seatGuards`).

/** A member's seat (address, role) with the workspace's number of owners; null when not a member. */
export async function memberSeat(
  ctx: RequestContext,
  input: { userId: string },
): Promise<Result<{ email: string; role: WorkspaceRole; ownerCount: number } | null, never>> {
  return ok(await findMemberSeat(database(ctx.env.DB), ctx.workspaceId, input.userId));
}

/** A new invitation link's token (shown once), for `role`, made by `createdBy`. */
export async function inviteToWorkspace(
  ctx: RequestContext,
  input: { role: WorkspaceRole; createdBy: string },
): Promise<Result<{ token: string }, never>> {
  const { token } = await createInvite(database(ctx.env.DB), { workspaceId: ctx.workspaceId, ...input }, ctx.nowMs);
  return ok({ token });
}

/** Withdraws an open invitation; false when there is none with that id in this workspace. */
export async function withdrawInvitation(
  ctx: RequestContext,
  input: { inviteId: string },
): Promise<Result<boolean, never>> {
  return ok(await withdrawInvite(database(ctx.env.DB), ctx.workspaceId, input.inviteId));
}

/** What changes: the actor leaves, the target is removed, or the target's role becomes `role`. */
export type SeatChangeKind = { kind: "leave" } | { kind: "remove" } | { kind: "role"; role: WorkspaceRole };

export type SeatChangeOutcome =
  /** `disconnectedApps`: the OAuth grants the person gave in this workspace, revoked with the seat (0 for a role change). */
  | { ok: true; email: string; disconnectedApps: number }
  | { ok: false; reason: "no_member" | "not_allowed" | "last_owner" | "changed_meanwhile"; message: string };

export const NO_MEMBER = "No member with that id in this workspace.";

function decide(change: SeatChangeKind, actor: MemberSeat, target: MemberSeat, ownerCount: number): MembershipDecision {
  if (change.kind === "leave") return decideLeave({ member: target, ownerCount });
  if (change.kind === "remove") return decideRemoval({ actor, target, ownerCount });
  return decideRoleChange({ actor, target, to: change.role, ownerCount });
}

/**
 * Reads the target's seat, applies the rule, and writes under the same guards in SQL. A
 * write that finds the seat changed in between is decided once more on the fresh state.
 * A seat that ends (leave, remove) takes the target's OAuth grants for this workspace with
 * it, so a refresh token cannot outlive it; a role change revokes nothing (a grant's
 * scopes are cut to the role at each use: grant-caller.ts).
 */
export async function changeSeat(
  // With the OAuth grants: the apps a person connected to the workspace go with the seat (issue 41 #1).
  ctx: GrantsContext,
  input: { actor: MemberSeat; targetId: string; change: SeatChangeKind },
): Promise<Result<SeatChangeOutcome, never>> {
  const db = database(ctx.env.DB);
  const { actor, targetId, change } = input;
  const workspaceId = ctx.workspaceId;
  for (let attempt = 0; attempt < 2; attempt++) {
    const seat = await findMemberSeat(db, workspaceId, targetId);
    if (!seat) return ok({ ok: false, reason: "no_member", message: NO_MEMBER });
    const target = { userId: targetId, role: seat.role };
    const decision = decide(change, actor, target, seat.ownerCount);
    if (!decision.ok) return ok(decision);
    const guards = { workspaceId, actor, target };
    const written =
      change.kind === "role"
        ? target.role === change.role || (await changeMemberRole(db, { ...guards, to: change.role }))
        : await removeMember(db, guards);
    if (!written) continue;
    const disconnectedApps = change.kind === "role" ? 0 : await revokeUserGrants(ctx.grants, targetId, workspaceId);
    return ok({ ok: true, email: seat.email, disconnectedApps });
  }
  return ok({
    ok: false,
    reason: "changed_meanwhile",
    message: "The membership changed meanwhile. Look at the list and try again.",
  });
}
