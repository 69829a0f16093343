import type { WorkspaceRole } from "./roles";

// What deleting a workspace or an account does (docs/app.md "Renaming and deleting").
// Pure decisions over counts read by the repository; the routes only translate them.

/** A workspace as the deletion rules see it. */
export interface WorkspaceHoldings {
  id: string;
  name: string;
  /** The deciding user's role in it. */
  role: WorkspaceRole;
  ownerCount: number;
  memberCount: number;
  /** Sites and monitors carry traffic data and queues of their own; they are removed first. */
  siteCount: number;
  monitorCount: number;
}

export type RemovalDecision = { ok: true } | { ok: false; reason: "not_allowed" | "has_data"; message: string };

/**
 * Only an owner deletes a workspace, and only once its sites and monitors are removed
 * (each site's analytics shard and archive go with the site's own removal, which says
 * what happens to them; a workspace deletion does not repeat that). Keys, conversions,
 * invitations and memberships go with the workspace.
 */
export function decideWorkspaceDeletion(ws: WorkspaceHoldings): RemovalDecision {
  if (ws.role !== "owner") {
    return { ok: false, reason: "not_allowed", message: `Only an owner can delete ${ws.name}.` };
  }
  if (ws.siteCount > 0 || ws.monitorCount > 0) {
    return {
      ok: false,
      reason: "has_data",
      message: `${ws.name} still has ${ws.siteCount} site(s) and ${ws.monitorCount} monitor(s). Remove them first.`,
    };
  }
  return { ok: true };
}

export interface AccountDeletionPlan {
  /** Workspaces deleted with the account: the user is their only member. */
  deleteWorkspaces: WorkspaceHoldings[];
  /** Why the account cannot be deleted yet, one sentence per workspace. */
  blockers: string[];
}

/**
 * Deleting an account leaves every workspace with an owner: where the user is the last
 * owner and others remain, someone else must be made owner first; where the user is the
 * only member, the workspace is deleted with the account (under the workspace rule: its
 * sites and monitors removed first). Workspaces with another owner just lose a member.
 */
export function planAccountDeletion(workspaces: WorkspaceHoldings[]): AccountDeletionPlan {
  const plan: AccountDeletionPlan = { deleteWorkspaces: [], blockers: [] };
  for (const ws of workspaces) {
    const lastOwner = ws.role === "owner" && ws.ownerCount <= 1;
    if (!lastOwner) continue;
    if (ws.memberCount > 1) {
      plan.blockers.push(`You are the last owner of ${ws.name}: make another member owner first, or delete it.`);
      continue;
    }
    const decision = decideWorkspaceDeletion(ws);
    if (decision.ok) plan.deleteWorkspaces.push(ws);
    else plan.blockers.push(decision.message);
  }
  return plan;
}
