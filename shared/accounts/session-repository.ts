import { appSessions, users } from "@schema";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "../db/client";
import { DAY_MS } from "../time/durations";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "./secret-token";

// Sessions last 14 days from sign-in and are never extended, so a stolen cookie has a
// bounded life; "sign out everywhere" ends them all at once.
export const SESSION_LIFETIME_MS = 14 * DAY_MS;

export interface SessionRecord {
  sessionId: string;
  userId: string;
  email: string;
  workspaceId: string | null;
  expiresAt: number;
  /** When the session began: a sign-in, sign-up or password change, each with a password or passkey. */
  signedInAt: number;
}

/**
 * A brand-new session with a fresh random token (never one the browser offered, which
 * is what makes session fixation impossible). Returns the token for the cookie.
 */
export async function startSession(
  db: Database,
  input: { userId: string; workspaceId: string | null; startedByPasskey?: string | null },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecretToken();
  const expiresAt = now + SESSION_LIFETIME_MS;
  // The user's ended sessions go as a new one starts, so the table holds live rows only.
  await db.delete(appSessions).where(and(eq(appSessions.userId, input.userId), lte(appSessions.expiresAt, now)));
  await db.insert(appSessions).values({
    id: await hashSecretToken(token),
    userId: input.userId,
    workspaceId: input.workspaceId,
    startedByPasskey: input.startedByPasskey ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session for a cookie token, or null (unknown, malformed or expired). */
export async function findSession(db: Database, token: string, now = Date.now()): Promise<SessionRecord | null> {
  if (!looksLikeSecretToken(token)) return null;
  const row = await liveSessionQuery(db, await hashSecretToken(token), now).get();
  return row ?? null;
}

/** The live session whose id is `sessionHash`, as a query (one row at most) to run alone or in a batch. */
export function liveSessionQuery(db: Database, sessionHash: string, now: number) {
  return db
    .select({
      sessionId: appSessions.id,
      userId: appSessions.userId,
      email: users.email,
      workspaceId: appSessions.workspaceId,
      expiresAt: appSessions.expiresAt,
      signedInAt: appSessions.createdAt,
    })
    .from(appSessions)
    .innerJoin(users, eq(users.id, appSessions.userId))
    .where(and(eq(appSessions.id, sessionHash), gt(appSessions.expiresAt, now)))
    .limit(1);
}

export async function endSessionByToken(db: Database, token: string): Promise<void> {
  if (!looksLikeSecretToken(token)) return;
  await db.delete(appSessions).where(eq(appSessions.id, await hashSecretToken(token)));
}

/** Sign out everywhere: every session of the user, this one included. */
export async function endAllSessions(db: Database, userId: string): Promise<number> {
  const rows = await db.delete(appSessions).where(eq(appSessions.userId, userId)).returning({ id: appSessions.id });
  return rows.length;
}

export async function setSessionWorkspace(db: Database, sessionId: string, workspaceId: string): Promise<void> {
  await db.update(appSessions).set({ workspaceId }).where(eq(appSessions.id, sessionId));
}
