import { appSessions, users } from "@schema";
import { and, eq, sql } from "drizzle-orm";
import { prefixedId } from "../auth/random-token";
import type { Database } from "../db/client";

export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRecord | null> {
  const row = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
  return row ?? null;
}

/** True once any account exists: the first-owner bootstrap is closed from then on. */
export async function anyUserExists(db: Database): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1).get()) !== undefined;
}

/** Inserts a user; null when the email is already taken (unique index, no race). */
export async function insertUser(
  db: Database,
  input: { email: string; passwordHash: string },
  now = Date.now(),
): Promise<UserRecord | null> {
  const id = prefixedId("user");
  const rows = await db
    .insert(users)
    .values({ id, email: input.email, passwordHash: input.passwordHash, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length > 0 ? { id, email: input.email, passwordHash: input.passwordHash } : null;
}

export async function updatePasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * A password change: the new hash and the end of every session of the user, in one batch
 * (one transaction in D1), so no session opened with the old password outlives it. The
 * caller starts the one session that goes on (docs/app.md "Password change").
 */
export async function replacePassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(appSessions).where(eq(appSessions.userId, userId)),
  ]);
}

/**
 * Sets the account's email (normalised by the caller); false when another account has it
 * (emails are unique, and the sign-in name must stay one lookup).
 */
export async function changeEmail(db: Database, userId: string, email: string): Promise<boolean> {
  // The address is checked free inside the same statement; the unique index still stands
  // behind it should two changes race.
  const rows = await db
    .update(users)
    .set({ email })
    .where(and(eq(users.id, userId), sql`NOT EXISTS (SELECT 1 FROM users other WHERE other.email = ${email})`))
    .returning({ id: users.id });
  return rows.length > 0;
}
