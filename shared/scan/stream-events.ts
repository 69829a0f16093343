import type { CrawlEvent } from "./crawl/fetcher";
import type { LayerScores } from "./score";
import type { CheckResult, LayerName, LayerNumber } from "./types";
import type { Unreachable } from "./unreachable";

// Scan stream payloads (decisions §8). Exactly one `complete` or `error` ends a stream.
export type ScanPhase = "queued" | "fetching" | "checking" | "scoring" | "saving";

export type ScanEvent =
  | { event: "status"; data: { phase: ScanPhase; message: string } }
  | { event: "crawl"; data: CrawlEvent }
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
