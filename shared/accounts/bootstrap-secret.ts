import type { SignUpSituation } from "./sign-up-policy";

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}

/**
 * Compares the form's bootstrap secret with BOOTSTRAP_SECRET in constant time (both are
 * hashed first so the lengths match). An unset or too-short secret never matches.
 */
export async function bootstrapStatus(
  configured: string | undefined,
  sent: string | undefined,
): Promise<SignUpSituation["bootstrap"]> {
  if (!configured || configured.length < 32) return "unset";
  if (!sent) return "absent";
  const [a, b] = await Promise.all([sha256(configured), sha256(sent)]);
  return crypto.subtle.timingSafeEqual(a, b) ? "match" : "mismatch";
}
