import type { CheckResult } from "../types";

/** Why the shop could not be reached at all, and the URL that gave no answer. */
export interface Unreachable {
  url: string;
  reason: string;
  fix: string | null;
}

/**
 * The shop gave no HTTP answer (DNS, TLS, refused, timeout), or null when it answered.
 * Every check then failed for that one reason, so the report says it once instead of 41
 * times. Scans record it as `evidence.unreachable: true` with `url` and `reason` on every
 * check (shared/scan/run-checks.ts `unreachableResults`, docs/scan.md "Unreachable
 * shops"); results stored before that carry the network error in `https_reachable`'s
 * evidence without an HTTP status, and read the same way.
 */
export function unreachableShop(results: readonly CheckResult[]): Unreachable | null {
  const home = results.find((r) => r.key === "https_reachable");
  if (!home || home.blocked || home.status !== "fail") return null;
  const evidence = home.evidence ?? {};
  const url = typeof evidence.url === "string" ? evidence.url : "";
  if (evidence.unreachable === true) {
    return { url, reason: typeof evidence.reason === "string" ? evidence.reason : "no answer", fix: home.fix };
  }
  if ("status" in evidence || typeof evidence.error !== "string") return null;
  return { url, reason: evidence.error || "no answer", fix: home.fix };
}
