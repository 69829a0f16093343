import { appSessions, memberships, users, workspaces } from "@schema";
import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { prefixedId, randomBase62 } from "../auth/random-token";
import type { Database } from "../db/client";
import { DEFAULT_TIME_ZONE } from "../time/time-zone";
import { withdrawInvitesNoLongerStanding } from "./invite-standing";
import type { WorkspaceRole } from "./roles";
import { WORKSPACE_NAME_MAX_LENGTH } from "./workspace-name";

export interface WorkspaceMembership {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** IANA zone of the app's days and times (docs/app.md "Time zone"); `UTC` until an owner sets one. */
  timeZone: string;
}

/** The user's workspaces in the order they joined them (the switcher's order). */
export async function listUserWorkspaces(db: Database, userId: string): Promise<WorkspaceMembership[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role, timeZone: workspaces.timeZone })
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
  input: {
    name: string;
    userId: string /** Already checked (`initialTimeZone`); UTC when absent. */;
    timeZone?: string;
  },
  now = Date.now(),
): Promise<WorkspaceMembership> {
  const id = prefixedId("ws");
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  let name = input.name.slice(0, WORKSPACE_NAME_MAX_LENGTH);
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db
      .insert(workspaces)
      .values({ id, name, createdAt: now, timeZone })
      .onConflictDoNothing({ target: workspaces.name })
      .returning({ id: workspaces.id });
    if (rows.length > 0) {
      await db.insert(memberships).values({ workspaceId: id, userId: input.userId, role: "owner", createdAt: now });
      return { id, name, role: "owner", timeZone };
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

/** A member's role together with the number of owners the workspace has, read in one query. */
export async function findMemberSeat(
  db: Database,
  workspaceId: string,
  userId: string,
): Promise<{ email: string; role: WorkspaceRole; ownerCount: number } | null> {
  const row = await db
    .select({ email: users.email, role: memberships.role, ownerCount: ownerCount(workspaceId) })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return row ?? null;
}

function ownerCount(workspaceId: string): SQL<number> {
  return sql<number>`(SELECT count(*) FROM memberships WHERE workspace_id = ${workspaceId} AND role = 'owner')`;
}

/** The guards every membership write repeats inside its own statement (see `changeMemberRole`). */
export interface SeatWrite {
  workspaceId: string;
  /** Who acts, with the role the decision was made on. */
  actor: { userId: string; role: WorkspaceRole };
  /** Whose membership changes, with the role the decision was made on. */
  target: { userId: string; role: WorkspaceRole };
}

function seatGuards(input: SeatWrite): SQL | undefined {
  return and(
    eq(memberships.workspaceId, input.workspaceId),
    eq(memberships.userId, input.target.userId),
    // Still the role the rules were applied to (nobody changed it in between)...
    eq(memberships.role, input.target.role),
    // ...and the actor still holds theirs.
    sql`EXISTS (SELECT 1 FROM memberships WHERE workspace_id = ${input.workspaceId} AND user_id = ${input.actor.userId} AND role = ${input.actor.role})`,
    // The last-owner rule inside the write (docs/decisions.md#managing-members): an
    // owner's row changes only while another owner remains. One SQL statement is atomic
    // and D1 runs a database's statements one at a time, so of two concurrent demotions
    // of the last two owners the second counts one owner and changes nothing: the
    // workspace cannot end up without an owner.
    or(ne(memberships.role, "owner"), sql`${ownerCount(input.workspaceId)} > 1`),
  );
}

/**
 * Sets the target's role to `to` if, in the same statement, every guard still holds
 * (`seatGuards`); false when one does not (the caller reads the seat again to say why).
 * A demotion withdraws, in the same batch, the target's open invitations the new role
 * could not make (an admin's owner invitations, every invitation of a member).
 */
export async function changeMemberRole(db: Database, input: SeatWrite & { to: WorkspaceRole }): Promise<boolean> {
  const [rows] = await db.batch([
    db.update(memberships).set({ role: input.to }).where(seatGuards(input)).returning({ userId: memberships.userId }),
    withdrawInvitesNoLongerStanding(db, { workspaceId: input.workspaceId, userId: input.target.userId }),
  ]);
  return rows.length > 0;
}

/**
 * Ends the target's membership under the same guards as a role change. In the same batch
 * (one transaction in D1) the user's sessions stop pointing at the workspace, so the next
 * request of the removed user resolves to another workspace of theirs or to none
 * (`requireWorkspace()`, which also re-reads memberships on every request), and the
 * open invitations they made are withdrawn.
 */
export async function removeMember(db: Database, input: SeatWrite): Promise<boolean> {
  const [removed] = await db.batch([
    db.delete(memberships).where(seatGuards(input)).returning({ userId: memberships.userId }),
    db
      .update(appSessions)
      .set({ workspaceId: null })
      .where(
        and(
          eq(appSessions.userId, input.target.userId),
          eq(appSessions.workspaceId, input.workspaceId),
          sql`NOT EXISTS (SELECT 1 FROM memberships WHERE workspace_id = ${input.workspaceId} AND user_id = ${input.target.userId})`,
        ),
      ),
    withdrawInvitesNoLongerStanding(db, { workspaceId: input.workspaceId, userId: input.target.userId }),
  ]);
  return removed.length > 0;
}
