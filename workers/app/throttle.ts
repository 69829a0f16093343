import type { Context } from "hono";
import { signInFailureLimits, signUpLimits, throttleSubject } from "../../shared/accounts/login-throttle";
import type { HitResult, WindowSpec } from "../../shared/rate-limit/window";
import type { AppEnv } from "./app-env";

// Sign-in and sign-up throttling through the RateWindow Durable Object (one instance per
// subject: an account's email or a client address). decisions §1: the client address is
// CF-Connecting-IP.

export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}

function windowOf(c: Context<AppEnv>, subject: string) {
  return c.env.LOGIN_THROTTLE.get(c.env.LOGIN_THROTTLE.idFromName(subject));
}

async function peek(c: Context<AppEnv>, subject: string, specs: WindowSpec[]): Promise<HitResult> {
  return windowOf(c, subject).peek(specs);
}

/** Seconds until sign-in may be tried again for this account or address; 0 when it may now. */
export async function signInRetryAfter(c: Context<AppEnv>, email: string): Promise<number> {
  const [account, address] = await Promise.all([
    peek(c, throttleSubject.account(email), signInFailureLimits.account),
    peek(c, throttleSubject.address(clientAddress(c)), signInFailureLimits.address),
  ]);
  return Math.max(account.retryAfter, address.retryAfter);
}

/** Counts one failed sign-in against the account and the address. */
export async function recordSignInFailure(c: Context<AppEnv>, email: string): Promise<void> {
  await Promise.all([
    windowOf(c, throttleSubject.account(email)).hit(signInFailureLimits.account),
    windowOf(c, throttleSubject.address(clientAddress(c))).hit(signInFailureLimits.address),
  ]);
}

/** Counts one sign-up attempt from this address; the result says whether it may proceed. */
export async function hitSignUp(c: Context<AppEnv>): Promise<HitResult> {
  return windowOf(c, throttleSubject.address(clientAddress(c))).hit(signUpLimits);
}
