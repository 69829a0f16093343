import { passkeyChallenges, passkeys } from "@schema";
import { and, asc, eq, gt, lte } from "drizzle-orm";
import { prefixedId } from "../auth/random-token";
import type { Database } from "../db/client";

// A ceremony has five minutes from options to answer (WebAuthn's recommended timeout
// range is 5 to 10 minutes, §15.1).
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export type ChallengePurpose = "register" | "sign_in";

export async function saveChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null },
  now = Date.now(),
): Promise<string> {
  const id = prefixedId("chl", 24);
  // Abandoned ceremonies are swept as new ones start; the table holds minutes of rows.
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({ id, ...input, expiresAt: now + CHALLENGE_LIFETIME_MS });
  return id;
}

/**
 * Takes a challenge out (deleting it, so it answers once) when it is live and was issued
 * for this purpose and user; null otherwise.
 */
export async function takeChallenge(
  db: Database,
  input: { id: string; purpose: ChallengePurpose; userId: string | null },
  now = Date.now(),
): Promise<string | null> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, input.id), gt(passkeyChallenges.expiresAt, now)))
    .returning();
  const row = rows[0];
  if (!row || row.purpose !== input.purpose || row.userId !== input.userId) return null;
  return row.challenge;
}

export interface PasskeyRecord {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

function toRecord(row: typeof passkeys.$inferSelect): PasskeyRecord {
  let transports: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.transports);
    if (Array.isArray(parsed)) transports = parsed.filter((t): t is string => typeof t === "string");
  } catch {
    transports = [];
  }
  return { ...row, transports };
}

export async function insertPasskey(
  db: Database,
  input: { id: string; userId: string; publicKey: string; counter: number; transports: string[] },
  now = Date.now(),
): Promise<boolean> {
  const rows = await db
    .insert(passkeys)
    .values({ ...input, transports: JSON.stringify(input.transports), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function findPasskey(db: Database, id: string): Promise<PasskeyRecord | null> {
  const row = await db.select().from(passkeys).where(eq(passkeys.id, id)).get();
  return row ? toRecord(row) : null;
}

export async function listUserPasskeys(db: Database, userId: string): Promise<PasskeyRecord[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(toRecord);
}

export async function recordPasskeyUse(db: Database, id: string, counter: number, now = Date.now()): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

/** Removes one of the user's own passkeys; false when it is not theirs or unknown. */
export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
