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
