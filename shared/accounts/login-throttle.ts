import { subjectName } from "../rate-limit/subject-name";
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

/** Durable Object names of the throttle subjects (hashed: shared/rate-limit/subject-name.ts). */
export const throttleSubject = {
  account: (email: string) => subjectName("account", email),
  address: (ip: string) => subjectName("address", ip),
};
