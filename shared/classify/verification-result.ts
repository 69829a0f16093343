import type { Tier } from "./identity-vocabulary";

// Whether an agent session's identity was checked, and how it came out (issue 40;
// docs/ingest.md "Failed verification"): the tier says what proved the identity
// (contract: verified, declared, heuristic); this also says, for a declared agent,
// whether its operator's published check failed (likely spoofed) or there is none to
// make. Derived from the tier and the detection signals that ingest stored, so it adds
// a field to the API and changes no tier.

/** The outcomes, declared once: the API's enum, the page's words, the report's counts. */
export const VERIFICATION_RESULTS = ["verified", "failed", "unavailable", "unchecked", "inferred"] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

/**
 * `verified` (a signature or the operator's addresses proved it), `failed` (declared,
 * and its operator's published check refuted it: likely spoofed), `unavailable`
 * (declared; its operator publishes no check), `unchecked` (declared; a check exists but
 * could not be made, or the claim was a UCP profile or an unlisted signer), `inferred`
 * (no claim: automation seen on the page). Null for a human visit.
 */
export function verificationResult(tier: Tier | null, signals: readonly string[]): VerificationResult | null {
  if (tier === null) return null;
  if (tier === "verified") return "verified";
  if (tier === "heuristic") return "inferred";
  if (signals.includes("verification_failed")) return "failed";
  if (signals.includes("verification_unavailable")) return "unavailable";
  return "unchecked";
}

/** A session's stored `detection_signals` (a JSON list); a malformed value reads as none. */
export function storedSignals(json: string | null): string[] {
  try {
    const parsed = JSON.parse(json ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The stored sessions that failed verification: declared, with the signal among their
 * JSON list of signals (sorted, quoted). One condition for the partial index that holds
 * them (schema/sessions.ts) and the report's read (shared/reports/failed-verification.ts).
 */
export const FAILED_VERIFICATION_SQL = `tier = 'declared' AND detection_signals LIKE '%"verification_failed"%'`;
