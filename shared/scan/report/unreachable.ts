import type { CheckResult } from "../types";

/**
 * Why the shop could not be reached at all, or null when it answered. A shop that gives
 * no HTTP answer (DNS, TLS, refused, timeout) is recorded by `https_reachable` failing
 * with the network error and no status (docs/scan.md "robots.txt"); every other check
 * then failed for the same reason, so the report says it once instead of 41 times.
 */
export function unreachableReason(results: readonly CheckResult[]): string | null {
  const home = results.find((r) => r.key === "https_reachable");
  if (!home || home.blocked || home.status !== "fail") return null;
  const evidence = home.evidence ?? {};
  if ("status" in evidence) return null;
  return typeof evidence.error === "string" && evidence.error ? evidence.error : "no response";
}
