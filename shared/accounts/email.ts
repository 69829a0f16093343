// Email addresses as account names: trimmed and lower-cased so "A@x.io" and "a@x.io" are
// one account. The shape check is deliberately loose (something@host.tld); the service
// sends no mail, so deliverability is never tested. 254 = RFC 5321 §4.5.3.1.3 path limit.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  return EMAIL_SHAPE.test(email) ? email : null;
}
