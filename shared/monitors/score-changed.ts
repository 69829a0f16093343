// The one event monitors send (contract "Events": webhook `score.changed`). `scanId`
// and `scanUrl` are additive (issue 17): they name the stored scan that gave
// `newScore`, so a receiver can see what changed. `test: true` marks a delivery sent
// by POST /monitors/{id}/test, never by a real change. `changes` is additive (issue 29):
// what changed since the domain's previous stored scan, the same shape as the Scan API's
// ScanResult.changes.
import type { ScanDiff } from "../scan/scan-diff-schema";

export const SCORE_CHANGED = "score.changed";

export interface ScoreChangedPayload {
  event: typeof SCORE_CHANGED;
  domain: string;
  oldScore: number;
  newScore: number;
  /** RFC 3339: when the change was detected. */
  timestamp: string;
  /** The scan that gave `newScore`; null only on a test event before any rescan. */
  scanId: string | null;
  /** `GET /api/scan/{scanId}` on this deployment; null when no base URL is known. */
  scanUrl: string | null;
  /** What changed since the domain's previous stored scan; null without one, and on a test event. */
  changes: ScanDiff | null;
  test?: true;
}

/** Where a stored scan can be read: the contract's `GET /api/scan/{id}`. */
export function scanUrlOf(baseUrl: string | null, scanId: string | null): string | null {
  return baseUrl && scanId ? `${baseUrl.replace(/\/+$/, "")}/api/scan/${scanId}` : null;
}

export function scoreChangedPayload(
  domain: string,
  oldScore: number,
  newScore: number,
  detectedAt: number,
  scan: { scanId: string | null; baseUrl: string | null; changes?: ScanDiff | null },
): ScoreChangedPayload {
  return {
    event: SCORE_CHANGED,
    domain,
    oldScore,
    newScore,
    timestamp: new Date(detectedAt).toISOString(),
    scanId: scan.scanId,
    scanUrl: scanUrlOf(scan.baseUrl, scan.scanId),
    changes: scan.changes ?? null,
  };
}
