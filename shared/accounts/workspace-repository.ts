import { memberships, users, workspaces } from "@schema";
import { and, asc, eq } from "drizzle-orm";
import { prefixedId, randomBase62 } from "../auth/random-token";
import type { Database } from "../db/client";
import type { WorkspaceRole } from "./roles";

export interface WorkspaceMembership {
  id: string;
  name: string;
  role: WorkspaceRole;
}

export const WORKSPACE_NAME_MAX_LENGTH = 100;

/** The user's workspaces in the order they joined them (the switcher's order). */
export async function listUserWorkspaces(db: Database, userId: string): Promise<WorkspaceMembership[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(workspaces.name))
    .all();
}

/**
 * Creates a workspace owned by `userId`. Workspace names are unique (the admin command
 * addresses workspaces by name, docs/decisions.md#1-running-it), so a taken name gets a short suffix.
 */
export async function createOwnedWorkspace(
  db: Database,
  input: { name: string; userId: string },
  now = Date.now(),
): Promise<WorkspaceMembership> {
  const id = prefixedId("ws");
  let name = input.name.slice(0, WORKSPACE_NAME_MAX_LENGTH);
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db
      .insert(workspaces)
      .values({ id, name, createdAt: now })
      .onConflictDoNothing({ target: workspaces.name })
      .returning({ id: workspaces.id });
    if (rows.length > 0) {
      await db.insert(memberships).values({ workspaceId: id, userId: input.userId, role: "owner", createdAt: now });
      return { id, name, role: "owner" };
    }
    name = `${input.name.slice(0, WORKSPACE_NAME_MAX_LENGTH - 6)} ${randomBase62(5)}`;
  }
  throw new Error("could not find a free workspace name");
}

/** Adds a member; an existing membership is left as it is (never downgraded). */
export async function addMembership(
  db: Database,
  input: { workspaceId: string; userId: string; role: WorkspaceRole },
  now = Date.now(),
): Promise<void> {
  await db
    .insert(memberships)
    .values({ ...input, createdAt: now })
    .onConflictDoNothing();
}

export interface MemberRow {
  userId: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: number;
}

export async function listMembers(db: Database, workspaceId: string): Promise<MemberRow[]> {
  return db
    .select({ userId: users.id, email: users.email, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt))
    .all();
}

export async function membershipRole(db: Database, userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
  const row = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
    .get();
  return row?.role ?? null;
}
