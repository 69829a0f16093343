import type { WindowSpec } from "../rate-limit/window";

// Guessing limits for the application's sign-in and sign-up (OWASP Authentication Cheat
// Sheet, "Login Throttling"). Only failed sign-ins count, per account and per client
// address, so a user who types the password right is never slowed by their own success,
// and one address cannot spray many accounts. The account key is the normalised email
// as typed, whether or not it is registered, so the limit itself reveals nothing.
const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

export const signInFailureLimits = {
  account: [{ name: "sign_in_failures", limit: 10, periodSeconds: FIFTEEN_MINUTES }],
  address: [{ name: "sign_in_failures", limit: 50, periodSeconds: FIFTEEN_MINUTES }],
} as const satisfies Record<string, WindowSpec[]>;

/** Every sign-up attempt counts, per client address (each costs a password hash). */
export const signUpLimits: WindowSpec[] = [{ name: "sign_up", limit: 30, periodSeconds: HOUR }];

/**
 * Password-reset requests (each may send a mail): per typed email, registered or not, so
 * nobody's inbox is flooded and the limit reveals nothing, and per client address.
 */
export const passwordResetLimits = {
  account: [{ name: "password_reset", limit: 3, periodSeconds: HOUR }],
  address: [{ name: "password_reset", limit: 20, periodSeconds: HOUR }],
} as const satisfies Record<string, WindowSpec[]>;

/** Passkey sign-in options per client address (each writes a one-time challenge row). */
export const passkeyOptionLimits: WindowSpec[] = [{ name: "passkey_options", limit: 120, periodSeconds: HOUR }];

/**
 * Durable Object names of the throttle subjects. The email or address is hashed
 * (SHA-256, first 128 bits) so the names Cloudflare shows and logs never hold a raw email
 * or IP (docs/privacy.md "Logs"). Unkeyed on purpose: the name must be the same for a
 * subject on every request and in every isolate, and nothing else depends on it; whoever
 * already knows an email can recompute its name, which tells them only that a throttle
 * window may exist for it.
 */
export const throttleSubject = {
  account: (email: string) => subjectName("account", email),
  address: (ip: string) => subjectName("address", ip),
};

async function subjectName(kind: "account" | "address", value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${kind}\u0000${value}`));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${kind}:${hex}`;
}
