import type { CrawlEvent } from "./crawl/fetcher";
import type { LayerScores } from "./score";
import type { CheckResult, LayerName, LayerNumber } from "./types";

// Scan stream payloads (decisions §8). Exactly one `complete` or `error` ends a stream.
export type ScanPhase = "queued" | "fetching" | "checking" | "scoring" | "saving";

export type ScanEvent =
  | { event: "status"; data: { phase: ScanPhase; message: string } }
  | { event: "crawl"; data: CrawlEvent }
  | { event: "layer"; data: { layer: LayerNumber; name: LayerName; score: number; checks: CheckResult[] } }
  | { event: "complete"; data: { id: string; domain: string; overallScore: number; layerScores: LayerScores } }
  | { event: "error"; data: { error: string } };

export type Emit = (event: ScanEvent) => void | Promise<void>;
