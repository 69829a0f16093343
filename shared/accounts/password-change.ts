import { passwordProblem } from "./password-policy";

// Changing the password of a signed-in account (docs/app.md "Password change"). The
// current password is checked by the caller with the sign-in verification and throttle;
// this is the rule on the new one.
export const SAME_PASSWORD = "Choose a new password that differs from the current one.";

/**
 * A sentence saying why `next` cannot replace `current`, or null when it can: the sign-up
 * policy, and it must differ. Compared after NFKC, as the hash normalises, so a password
 * that only looks different (another Unicode form of the same text) counts as the same.
 */
export function newPasswordProblem(current: string, next: string): string | null {
  return passwordProblem(next) ?? (next.normalize("NFKC") === current.normalize("NFKC") ? SAME_PASSWORD : null);
}
