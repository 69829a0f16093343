import { apiKeys, conversions, memberships, users, workspaces } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { WorkspaceHoldings } from "./removal-rules";
import { WORKSPACE_NAME_MAX_LENGTH } from "./workspace-name";

// Reads and writes behind renaming and deleting workspaces and accounts
// (shared/accounts/removal-rules.ts decides; this file counts and deletes).

/** Every workspace of `userId` with the counts the removal rules read. */
export async function listHoldings(db: Database, userId: string): Promise<WorkspaceHoldings[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: memberships.role,
      ownerCount: sql<number>`(SELECT count(*) FROM memberships o WHERE o.workspace_id = ${workspaces.id} AND o.role = 'owner')`,
      memberCount: sql<number>`(SELECT count(*) FROM memberships a WHERE a.workspace_id = ${workspaces.id})`,
      siteCount: sql<number>`(SELECT count(*) FROM sites s WHERE s.workspace_id = ${workspaces.id})`,
      monitorCount: sql<number>`(SELECT count(*) FROM monitors m WHERE m.workspace_id = ${workspaces.id})`,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .all();
  return rows;
}

/** Renames a workspace; false when another workspace already has the name (names are unique). */
export async function renameWorkspace(db: Database, workspaceId: string, name: string): Promise<boolean> {
  const wanted = name.slice(0, WORKSPACE_NAME_MAX_LENGTH);
  const rows = await db
    .update(workspaces)
    .set({ name: wanted })
    .where(
      and(
        eq(workspaces.id, workspaceId),
        sql`NOT EXISTS (SELECT 1 FROM workspaces other WHERE other.name = ${wanted} AND other.id <> ${workspaceId})`,
      ),
    )
    .returning({ id: workspaces.id });
  return rows.length > 0;
}

/**
 * The statements deleting a workspace that has no sites and no monitors (checked inside
 * the statement too, so a site added meanwhile stops it): its API keys (they stop
 * working at once), conversions, then the workspace, whose memberships and invitations
 * cascade and whose sessions stop pointing at it (`ON DELETE SET NULL`).
 */
function deleteWorkspaceStatements(db: Database, workspaceId: string, also = sql`1`) {
  const empty = sql`NOT EXISTS (SELECT 1 FROM sites WHERE workspace_id = ${workspaceId})
    AND NOT EXISTS (SELECT 1 FROM monitors WHERE workspace_id = ${workspaceId}) AND ${also}`;
  return [
    db.delete(apiKeys).where(and(eq(apiKeys.workspaceId, workspaceId), empty)),
    db.delete(conversions).where(and(eq(conversions.workspaceId, workspaceId), empty)),
    db
      .delete(workspaces)
      .where(and(eq(workspaces.id, workspaceId), empty))
      .returning({ id: workspaces.id }),
  ] as const;
}

/** Deletes the workspace; false when it still had sites or monitors (or was gone). */
export async function deleteWorkspace(db: Database, workspaceId: string): Promise<boolean> {
  const [, , deleted] = await db.batch(deleteWorkspaceStatements(db, workspaceId));
  return deleted.length > 0;
}

/**
 * Deletes the account and, in the same batch, the workspaces the plan deletes with it.
 * Memberships, sessions, passkeys and emailed links cascade; invitations the user made
 * lose their creator and so stop standing (invite-standing.ts). The plan was read before
 * the password check, so the rule "no workspace left without an owner" is checked again
 * inside the user's DELETE: if another owner left or was removed meanwhile, nothing is
 * deleted (the workspaces' statements run only once the user row is gone) and the answer
 * is false.
 */
export async function deleteAccount(db: Database, userId: string, workspaceIds: string[]): Promise<boolean> {
  const deleted =
    workspaceIds.length > 0
      ? sql`${sql.join(
          workspaceIds.map((id) => sql`${id}`),
          sql`, `,
        )}`
      : sql`''`;
  const noOwnerlessWorkspace = sql`NOT EXISTS (
    SELECT 1 FROM memberships m WHERE m.user_id = ${userId} AND m.role = 'owner'
      AND m.workspace_id NOT IN (${deleted})
      AND NOT EXISTS (SELECT 1 FROM memberships o WHERE o.workspace_id = m.workspace_id AND o.role = 'owner' AND o.user_id <> ${userId}))`;
  const userGone = sql`NOT EXISTS (SELECT 1 FROM users WHERE id = ${userId})`;
  const [gone] = await db.batch([
    db
      .delete(users)
      .where(and(eq(users.id, userId), noOwnerlessWorkspace))
      .returning({ id: users.id }),
    ...workspaceIds.flatMap((id) => deleteWorkspaceStatements(db, id, userGone)),
  ]);
  return gone.length > 0;
}
