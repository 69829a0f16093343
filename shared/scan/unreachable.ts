import type { Unreachable } from "./scan-result";
import type { CheckResult } from "./types";

// The one answer for a shop that gave no HTTP answer at all (docs/scan.md "Unreachable
// shops"): carried, additively, by the `complete` stream event and the stored ScanResult,
// so a reader sees at a glance why every check failed. Null for a shop that answered.
export type { Unreachable };

export function unreachableMessage(domain: string, reason: string): string {
  return `${domain} could not be reached (${reason}), so nothing on the site could be checked and every check fails. If the shop is up, check its DNS and https on port 443, then scan again.`;
}

/** Read back from stored check results: every check carries `evidence.unreachable`. */
export function unreachableOf(domain: string, checks: CheckResult[]): Unreachable | null {
  if (checks.length === 0 || !checks.every((c) => c.evidence?.unreachable === true)) return null;
  const evidence = checks[0].evidence ?? {};
  const url = String(evidence.url ?? `https://${domain}/`);
  const reason = String(evidence.reason ?? "no answer");
  return { url, reason, message: unreachableMessage(domain, reason) };
}
