import type { CrawlEvent } from "./crawl/fetcher";
import type { LayerScores } from "./score";
import type { CheckResult, LayerName, LayerNumber } from "./types";
import type { Unreachable } from "./unreachable";

// Scan stream payloads (docs/decisions.md#8-scan-stream-payloads). Exactly one `complete` or `error` ends a stream.
// `journey` (between `fetching` and `checking`) is an additive phase: the find-and-add-
// to-cart journey reports each step as a `status` message, and each of its requests as
// a `crawl` event with two additive fields, `method` and `journey: true` (docs/scan.md).
export type ScanPhase = "queued" | "fetching" | "journey" | "checking" | "scoring" | "saving";

export type ScanEvent =
  | { event: "status"; data: { phase: ScanPhase; message: string } }
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
      };
    }
  | { event: "error"; data: { error: string } };

export type Emit = (event: ScanEvent) => void | Promise<void>;
