// NIST SP 800-63B §3.1.1.2: at least 8 characters, at least 64 allowed, no composition
// rules. The upper bound keeps the hashing input (and request bodies) small.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A sentence saying what is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters for the password.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters for the password.`;
  return null;
}
