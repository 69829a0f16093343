import type { AppContext } from "../context/app-context";
import { database } from "../db/client";
import { ok, type Result } from "../result/result";
import { dummyPasswordHash, verifyPassword } from "./password-hash";
import { findUserByEmail, type UserRecord } from "./user-repository";

export type { UserRecord };

/**
 * The account of `email` when `password` is its password, else null. An unknown email
 * still costs one verification against the dummy hash, so the time taken does not say
 * whether an address is registered. Throttling is the caller's (workers/app/password-check.ts
 * reserves the attempt before this runs).
 */
export async function accountWithPassword(
  ctx: AppContext,
  input: { email: string; password: string },
): Promise<Result<UserRecord | null, never>> {
  const user = await findUserByEmail(database(ctx.env.DB), input.email);
  const right = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  return ok(user && right ? user : null);
}
