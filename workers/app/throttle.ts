import { signInFailureLimits, signUpLimits, throttleSubject } from "@shared/accounts/login-throttle";
import { countText } from "@shared/display/count-text";
import { addressSubject } from "@shared/http/client-address";
import type { HitResult, WindowSpec } from "@shared/rate-limit/window";
import type { Context } from "hono";
import type { AppEnv } from "./app-env";

// Sign-in and sign-up throttling through the RateWindow Durable Object (one instance per
// subject: an account's email or a client address, both hashed into the object's name).
// docs/decisions.md#1-running-it: the client address is CF-Connecting-IP.

/** The throttle's address subject (shared/http/client-address.ts). */
export function clientAddress(c: Context<AppEnv>): string {
  return addressSubject(c.req.header("CF-Connecting-IP"));
}

async function windowOf(c: Context<AppEnv>, subject: Promise<string>) {
  return c.env.LOGIN_THROTTLE.get(c.env.LOGIN_THROTTLE.idFromName(await subject));
}

/** Counts one hit of `subject` against `specs`; the result says whether it may proceed. */
export async function hitLimit(c: Context<AppEnv>, subject: Promise<string>, specs: WindowSpec[]): Promise<HitResult> {
  return (await windowOf(c, subject)).hit(specs);
}

/** Seconds until this address may try to sign in again (passkeys name no account up front). */
export async function signInRetryAfterForAddress(c: Context<AppEnv>): Promise<number> {
  return (await (await windowOf(c, throttleSubject.address(clientAddress(c)))).peek(signInFailureLimits.address))
    .retryAfter;
}

/** Counts one failed sign-in against the address only. */
export async function recordAddressFailure(c: Context<AppEnv>): Promise<void> {
  await hitLimit(c, throttleSubject.address(clientAddress(c)), signInFailureLimits.address);
}

/** A password attempt that holds its place in the failure windows until it is settled. */
export type PasswordAttempt =
  | { allowed: false; retryAfter: number }
  | { allowed: true; settle: (passwordWasRight: boolean) => Promise<void> };

/**
 * Reserves one failure in the account's and the address's windows before the password is
 * verified (issue 25 #1: checking, then hashing for half a second, then counting let 25
 * parallel guesses through a limit of 10). The Durable Object counts the reservation
 * atomically, so under any concurrency at most `limit` attempts per window get to the
 * password check. A right password gives its reservation back (success never counts);
 * a wrong one leaves it as the recorded failure. When one window refuses, the other's
 * reservation is given back at once.
 */
export async function reservePasswordAttempt(c: Context<AppEnv>, email: string): Promise<PasswordAttempt> {
  const at = Date.now();
  const [account, address] = await Promise.all([
    windowOf(c, throttleSubject.account(email)),
    windowOf(c, throttleSubject.address(clientAddress(c))),
  ]);
  const [onAccount, onAddress] = await Promise.all([
    account.hit(signInFailureLimits.account, at),
    address.hit(signInFailureLimits.address, at),
  ]);
  const refund = async () => {
    await Promise.all([
      onAccount.allowed ? account.refund(signInFailureLimits.account, at) : null,
      onAddress.allowed ? address.refund(signInFailureLimits.address, at) : null,
    ]);
  };
  if (!onAccount.allowed || !onAddress.allowed) {
    await refund();
    return { allowed: false, retryAfter: Math.max(onAccount.retryAfter, onAddress.retryAfter) };
  }
  return {
    allowed: true,
    settle: async (passwordWasRight) => {
      if (passwordWasRight) await refund();
    },
  };
}

/** Counts one sign-up attempt from this address; the result says whether it may proceed. */
export async function hitSignUp(c: Context<AppEnv>): Promise<HitResult> {
  return hitLimit(c, throttleSubject.address(clientAddress(c)), signUpLimits);
}

/** "Try again in N minutes." for a throttled answer's `Retry-After` seconds (rounded up). */
export function tryAgainIn(retryAfter: number): string {
  const minutes = Math.ceil(retryAfter / 60);
  return `Try again in ${countText(minutes, "minute")}.`;
}
