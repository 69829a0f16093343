import { type accountTokenPurposes, accountTokens } from "@schema";
import { and, eq, gt, isNull, lte, ne } from "drizzle-orm";
import { prefixedId } from "../auth/random-token";
import type { Database } from "../db/client";
import { HOUR_MS, MINUTE_MS } from "../time/durations";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "./secret-token";

export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

// How long an emailed link works. A reset link is short-lived (OWASP Forgot Password
// Cheat Sheet: tokens "should expire after an appropriate period"); a new address may be
// read a little later.
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 30 * MINUTE_MS,
  email_change: 24 * HOUR_MS,
};

/** Creates a link token for `userId`; the token (for the link) is returned here once. */
export async function issueAccountToken(
  db: Database,
  input: { userId: string; purpose: AccountTokenPurpose; newEmail?: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecretToken();
  const expiresAt = now + ACCOUNT_TOKEN_LIFETIME_MS[input.purpose];
  // Used and expired links are swept as new ones are made; the table holds hours of rows.
  await db.delete(accountTokens).where(lte(accountTokens.expiresAt, now));
  await db.insert(accountTokens).values({
    id: prefixedId("atk"),
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: await hashSecretToken(token),
    newEmail: input.newEmail ?? null,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

export interface OpenAccountToken {
  id: string;
  userId: string;
  newEmail: string | null;
}

async function openTokenWhere(token: string, purpose: AccountTokenPurpose, now: number) {
  return and(
    eq(accountTokens.tokenHash, await hashSecretToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );
}

/** The unused, unexpired link for `token` and `purpose`, without using it (to show its form). */
export async function findAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now = Date.now(),
): Promise<OpenAccountToken | null> {
  if (!looksLikeSecretToken(token)) return null;
  const row = await db
    .select({ id: accountTokens.id, userId: accountTokens.userId, newEmail: accountTokens.newEmail })
    .from(accountTokens)
    .where(await openTokenWhere(token, purpose, now))
    .get();
  return row ?? null;
}

/**
 * Uses the link: marks it used in one conditional UPDATE (so of two concurrent uses one
 * wins) and deletes the user's other open links of the same purpose (an older reset mail
 * stops working once one reset succeeded). Null when it is unknown, used or expired.
 */
export async function useAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now = Date.now(),
): Promise<OpenAccountToken | null> {
  if (!looksLikeSecretToken(token)) return null;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(await openTokenWhere(token, purpose, now))
    .returning({ id: accountTokens.id, userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  if (!row) return null;
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, row.userId), eq(accountTokens.purpose, purpose), ne(accountTokens.id, row.id)));
  return row;
}
