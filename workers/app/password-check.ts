import { accountWithPassword, type UserRecord } from "@shared/accounts/account-password";
import { PASSWORD_MAX_LENGTH } from "@shared/accounts/password-policy";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { pageValue } from "./refusal-page";
import { appContext } from "./request-context";
import { reservePasswordAttempt } from "./throttle";

/** The outcome of one password check: the account, a wrong password, or throttled. */
export type PasswordCheck =
  | { outcome: "right"; user: UserRecord }
  | { outcome: "wrong" }
  | { outcome: "throttled"; retryAfter: number };

/**
 * Every place that takes a password (sign-in, password change, adding a passkey, email
 * change, account deletion) checks it here: empty or oversized input is wrong without a
 * hash; otherwise one failure is reserved in the account's and the address's windows
 * before scrypt runs (throttle.ts), an unknown email still costs one verification against
 * the dummy hash (same timing), and a right password gives the reservation back.
 */
export async function checkPassword(c: Context<AppEnv>, email: string, password: string): Promise<PasswordCheck> {
  if (!email || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) return { outcome: "wrong" };
  const attempt = await reservePasswordAttempt(c, email);
  if (!attempt.allowed) return { outcome: "throttled", retryAfter: attempt.retryAfter };
  const user = pageValue(await accountWithPassword(appContext(c), { email, password }));
  await attempt.settle(user !== null);
  return user ? { outcome: "right", user } : { outcome: "wrong" };
}
