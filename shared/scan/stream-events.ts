import type { CrawlEvent } from "./crawl/fetcher";
import type { LayerScores } from "./scan-result";
import type { CheckResult, LayerName, LayerNumber } from "./types";
import type { Unreachable } from "./unreachable";

// Scan stream payloads (docs/decisions.md#8-scan-stream-payloads). Exactly one `complete` or `error` ends a stream.
// `journey` (between `fetching` and `checking`) is an additive phase: the find-and-add-
// to-cart journey reports each step as a `status` message, and each of its requests as
// a `crawl` event with two additive fields, `method` and `journey: true` (docs/scan.md).
export const SCAN_PHASES = ["queued", "fetching", "journey", "checking", "scoring", "saving"] as const;
export type ScanPhase = (typeof SCAN_PHASES)[number];

/**
 * Progress (additive, issue 27): `step` is the phase's place in SCAN_PHASES (1-6) and
 * `steps` their number, so a client can draw a bar; every status event of one phase
 * carries the same step (the journey reports several). A skipped phase (no journey on an
 * unreachable site) leaves its number out.
 */
export function phaseProgress(phase: ScanPhase): { step: number; steps: number } {
  return { step: SCAN_PHASES.indexOf(phase) + 1, steps: SCAN_PHASES.length };
}

export type ScanEvent =
  | { event: "status"; data: { phase: ScanPhase; message: string; step: number; steps: number } }
  | { event: "crawl"; data: CrawlEvent & { method?: string; journey?: true } }
  | { event: "layer"; data: { layer: LayerNumber; name: LayerName; score: number; checks: CheckResult[] } }
  | {
      event: "complete";
      // `unreachable` is additive: null, or why the shop gave no answer (docs/scan.md).
      data: {
        id: string;
        domain: string;
        overallScore: number;
        layerScores: LayerScores;
        unreachable: Unreachable | null;
        /** Additive (issue 26): true when a repeated request got the result it already had. */
        replayed?: true;
      };
    }
  | { event: "error"; data: { error: string } };

export type Emit = (event: ScanEvent) => void | Promise<void>;
