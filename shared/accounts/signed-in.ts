import { appSessions, memberships, workspaces } from "@schema";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { hashSecretToken, looksLikeSecretToken } from "./secret-token";
import { liveSessionQuery, type SessionRecord } from "./session-repository";
import type { WorkspaceMembership } from "./workspace-repository";

/**
 * The live session of a cookie token and its user's workspaces (in the switcher's order,
 * as `listUserWorkspaces`), in one D1 batch: every signed-in page asks both, and two
 * round trips in a row were most of a light page's time (docs/performance/log.md, bench:app).
 */
export async function findSignedIn(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<{ session: SessionRecord; workspaces: WorkspaceMembership[] } | null> {
  if (!looksLikeSecretToken(token)) return null;
  const hash = await hashSecretToken(token);
  const userOfSession = db
    .select({ userId: appSessions.userId })
    .from(appSessions)
    .where(and(eq(appSessions.id, hash), gt(appSessions.expiresAt, now)));
  const [sessions, rows] = await db.batch([
    liveSessionQuery(db, hash, now),
    db
      .select({ id: workspaces.id, name: workspaces.name, role: memberships.role, timeZone: workspaces.timeZone })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(inArray(memberships.userId, userOfSession))
      .orderBy(asc(memberships.createdAt), asc(workspaces.name)),
  ]);
  const session = sessions[0];
  return session ? { session, workspaces: rows } : null;
}
