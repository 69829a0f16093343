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

/** What the terminal `complete` says about where its result came from (all additive). */
export interface CompleteOrigin {
  /** Issue 26: a repeated request got a result that had already finished, not a new scan. */
  replayed?: true;
  /** Issue 45: a reconnect (Last-Event-ID) got the end of the scan its stream had started. */
  resumed?: true;
  /** Issue 45: the run whose result this is, and when it finished (ISO 8601). */
  runId?: string;
  ranAt?: string;
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
      } & CompleteOrigin;
    }
  // The failure event (issue 45): `scan-error`, because an EventSource dispatches its own
  // `error` (no data) whenever the connection closes, so a listener for a stream event of
  // that name cannot tell a failed scan from a closed connection. POST /api/scan also sends
  // the contract's `error` with the same data just before it (docs/scan.md).
  | { event: typeof SCAN_ERROR_EVENT; data: { error: string } };

export type Emit = (event: ScanEvent) => void | Promise<void>;

/** The stream's failure event; `LEGACY_ERROR_EVENT` is the contract's name, kept on POST /api/scan. */
export const SCAN_ERROR_EVENT = "scan-error";
export const LEGACY_ERROR_EVENT = "error";

/** Whether `event` ends a scan stream (either failure name counts, for clients of both). */
export function isTerminalEvent(event: string): boolean {
  return event === "complete" || event === SCAN_ERROR_EVENT || event === LEGACY_ERROR_EVENT;
}

// SSE `id:` of every event (issue 45), so an EventSource that reconnects says where it
// was: `{run}:{n}` for the n-th event of run `{run}` (schema/scan-runs.ts), and the scan id
// itself on `complete` (as since issue 26).
export type LastEventId = { kind: "run"; runId: string; seq: number } | { kind: "scan"; scanId: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const RUN_EVENT_ID = new RegExp(`^(${UUID}):(\\d{1,6})$`, "i");
const SCAN_EVENT_ID = new RegExp(`^${UUID}$`, "i");

export function runEventId(runId: string, seq: number): string {
  return `${runId}:${seq}`;
}

/** The `Last-Event-ID` a reconnecting client sent, read; null when it is none of ours. */
export function parseLastEventId(value: string | undefined | null): LastEventId | null {
  const v = (value ?? "").trim();
  const run = RUN_EVENT_ID.exec(v);
  if (run) return { kind: "run", runId: run[1].toLowerCase(), seq: Number(run[2]) };
  if (SCAN_EVENT_ID.test(v)) return { kind: "scan", scanId: v.toLowerCase() };
  return null;
}
