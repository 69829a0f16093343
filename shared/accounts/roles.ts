import { workspaceRoles } from "@schema/memberships";

// Roles in a workspace (docs/app.md "Roles"): owner and admin manage keys and members;
// member is read-only. Only an owner can make another owner.
export type WorkspaceRole = (typeof workspaceRoles)[number];
export { workspaceRoles };

const rank: Record<WorkspaceRole, number> = { owner: 3, admin: 2, member: 1 };

export function isWorkspaceRole(value: string): value is WorkspaceRole {
  return (workspaceRoles as readonly string[]).includes(value);
}

/** True when `role` is `least` or stronger. */
export function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
  return rank[role] >= rank[least];
}

/** Create and revoke API keys, invite people. */
export function canManageWorkspace(role: WorkspaceRole): boolean {
  return roleAtLeast(role, "admin");
}

/** An inviter may hand out its own role or a weaker one. */
export function canInviteAs(inviter: WorkspaceRole, invitee: WorkspaceRole): boolean {
  return canManageWorkspace(inviter) && rank[invitee] <= rank[inviter];
}

/**
 * What the rules say about a change to a membership: allowed, or refused with the reason
 * (the Worker answers `not_allowed` with 403 and `last_owner` with 409) and a sentence
 * for the person. docs/app.md "Managing members".
 */
export type MembershipDecision = { ok: true } | { ok: false; reason: "not_allowed" | "last_owner"; message: string };

/** One membership as the rules see it. */
export interface MemberSeat {
  userId: string;
  role: WorkspaceRole;
}

const allowed: MembershipDecision = { ok: true };

function notAllowed(message: string): MembershipDecision {
  return { ok: false, reason: "not_allowed", message };
}

const LAST_OWNER_MESSAGE =
  "This is the workspace's last owner. Make someone else owner first, so the workspace keeps an owner.";

/** Refused when `seat` is the workspace's only owner (`ownerCount` owners now), else allowed. */
function keepsAnOwner(seat: MemberSeat, ownerCount: number): MembershipDecision {
  if (seat.role === "owner" && ownerCount <= 1) return { ok: false, reason: "last_owner", message: LAST_OWNER_MESSAGE };
  return allowed;
}

/**
 * Whether `actor` may touch `target`'s membership at all: owners and admins manage
 * members; an admin only members and admins, never an owner.
 */
function mayManage(actor: MemberSeat, target: MemberSeat): MembershipDecision {
  if (!canManageWorkspace(actor.role)) return notAllowed("Only owners and admins manage members.");
  if (target.role === "owner" && actor.role !== "owner")
    return notAllowed("Only an owner can change or remove an owner.");
  return allowed;
}

/**
 * Changing `target`'s role to `to`. An admin grants at most admin; only an owner grants
 * owner. A demotion of the last owner is refused, also when owners demote themselves.
 * `ownerCount` is the workspace's owners now; the storage re-checks it in the write.
 */
export function decideRoleChange(input: {
  actor: MemberSeat;
  target: MemberSeat;
  to: WorkspaceRole;
  ownerCount: number;
}): MembershipDecision {
  const { actor, target, to, ownerCount } = input;
  const manage = mayManage(actor, target);
  if (!manage.ok) return manage;
  if (to === "owner" && actor.role !== "owner") return notAllowed("Only an owner can make someone owner.");
  return to === "owner" ? allowed : keepsAnOwner(target, ownerCount);
}

/** Leaving a workspace oneself: anyone may, except its last owner. */
export function decideLeave(input: { member: MemberSeat; ownerCount: number }): MembershipDecision {
  return keepsAnOwner(input.member, input.ownerCount);
}

/**
 * Removing `target` from the workspace. Removing oneself is leaving; otherwise the
 * manage rule applies, and the last owner is never removed.
 */
export function decideRemoval(input: {
  actor: MemberSeat;
  target: MemberSeat;
  ownerCount: number;
}): MembershipDecision {
  const { actor, target, ownerCount } = input;
  if (actor.userId === target.userId) return decideLeave({ member: target, ownerCount });
  const manage = mayManage(actor, target);
  return manage.ok ? keepsAnOwner(target, ownerCount) : manage;
}
