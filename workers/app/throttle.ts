import { signInFailureLimits, signUpLimits, throttleSubject } from "@shared/accounts/login-throttle";
import { parseIp, truncateIp } from "@shared/classify/cidr";
import type { HitResult, WindowSpec } from "@shared/rate-limit/window";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

// Sign-in and sign-up throttling through the RateWindow Durable Object (one instance per
// subject: an account's email or a client address). docs/decisions.md#1-running-it: the client address is
// CF-Connecting-IP.

/**
 * The throttle's address subject: an IPv4 address as is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so per-address limits on IPv6 would be trivial to
 * step around). Requests without a parsable address share one subject.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const ip = c.req.header("CF-Connecting-IP") ?? "";
  const parsed = parseIp(ip);
  if (!parsed) return "unknown";
  return parsed.version === 6 ? (truncateIp(ip) ?? "unknown") : ip;
}

function windowOf(c: Context<AppEnv>, subject: string) {
  return c.env.LOGIN_THROTTLE.get(c.env.LOGIN_THROTTLE.idFromName(subject));
}

async function peek(c: Context<AppEnv>, subject: string, specs: WindowSpec[]): Promise<HitResult> {
  return windowOf(c, subject).peek(specs);
}

/** Counts one hit of `subject` against `specs`; the result says whether it may proceed. */
export async function hitLimit(c: Context<AppEnv>, subject: string, specs: WindowSpec[]): Promise<HitResult> {
  return windowOf(c, subject).hit(specs);
}

/** Seconds until this address may try to sign in again (passkeys name no account up front). */
export async function signInRetryAfterForAddress(c: Context<AppEnv>): Promise<number> {
  return (await peek(c, throttleSubject.address(clientAddress(c)), signInFailureLimits.address)).retryAfter;
}

/** Counts one failed sign-in against the address only. */
export async function recordAddressFailure(c: Context<AppEnv>): Promise<void> {
  await hitLimit(c, throttleSubject.address(clientAddress(c)), signInFailureLimits.address);
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
  return hitLimit(c, throttleSubject.address(clientAddress(c)), signUpLimits);
}

/** "Try again in N minutes." for a throttled answer's `Retry-After` seconds (rounded up). */
export function tryAgainIn(retryAfter: number): string {
  const minutes = Math.ceil(retryAfter / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
