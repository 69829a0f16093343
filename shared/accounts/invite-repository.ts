import { invites, workspaces } from "@schema";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { prefixedId } from "../auth/random-token";
import type { Database } from "../db/client";
import { DAY_MS } from "../time/durations";
import { creatorStillMayInvite } from "./invite-standing";
import type { WorkspaceRole } from "./roles";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "./secret-token";
import { addMembership } from "./workspace-repository";

// An invitation link is good for one person within 7 days.
export const INVITE_LIFETIME_MS = 7 * DAY_MS;

export interface OpenInvite {
  id: string;
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
  expiresAt: number;
}

/** Creates an invitation; the token (for the link) is returned here once. */
export async function createInvite(
  db: Database,
  input: { workspaceId: string; role: WorkspaceRole; createdBy: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecretToken();
  const expiresAt = now + INVITE_LIFETIME_MS;
  await db.insert(invites).values({
    id: prefixedId("inv"),
    workspaceId: input.workspaceId,
    tokenHash: await hashSecretToken(token),
    role: input.role,
    createdBy: input.createdBy,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The unaccepted, unexpired invitation for a link token, or null. */
export async function findOpenInvite(db: Database, token: string, now = Date.now()): Promise<OpenInvite | null> {
  if (!looksLikeSecretToken(token)) return null;
  const row = await db
    .select({
      id: invites.id,
      workspaceId: invites.workspaceId,
      workspaceName: workspaces.name,
      role: invites.role,
      expiresAt: invites.expiresAt,
    })
    .from(invites)
    .innerJoin(workspaces, eq(workspaces.id, invites.workspaceId))
    .where(
      and(
        eq(invites.tokenHash, await hashSecretToken(token)),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, now),
        creatorStillMayInvite(),
      ),
    )
    .get();
  return row ?? null;
}

/**
 * Marks the invitation used by `userId` and adds the membership. The conditional update
 * makes a link single-use even when two people open it at once.
 */
export async function acceptInvite(
  db: Database,
  invite: OpenInvite,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt), creatorStillMayInvite()))
    .returning({ id: invites.id });
  if (rows.length === 0) return false;
  await addMembership(db, { workspaceId: invite.workspaceId, userId, role: invite.role }, now);
  return true;
}

export interface PendingInviteRow {
  id: string;
  role: WorkspaceRole;
  createdAt: number;
  expiresAt: number;
}

export async function listPendingInvites(
  db: Database,
  workspaceId: string,
  now = Date.now(),
): Promise<PendingInviteRow[]> {
  return db
    .select({ id: invites.id, role: invites.role, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
    .from(invites)
    .where(and(eq(invites.workspaceId, workspaceId), isNull(invites.acceptedAt), gt(invites.expiresAt, now)))
    .orderBy(desc(invites.createdAt))
    .all();
}

/**
 * Withdraws an open invitation of this workspace: the row goes, so its link answers like
 * any unknown link. False when the workspace has no such unaccepted invitation (another
 * workspace's invitation id included).
 */
export async function withdrawInvite(db: Database, workspaceId: string, inviteId: string): Promise<boolean> {
  const rows = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.workspaceId, workspaceId), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  return rows.length > 0;
}
