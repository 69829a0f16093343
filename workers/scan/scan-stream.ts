import { type Database, database } from "@shared/db/client";
import { log } from "@shared/http/log";
import type { ResolveMap } from "@shared/outbound/resolve-map";
import { runScan } from "@shared/scan/run-scan";
import { findRun, finishRun, RUN_DEADLINE_MS, type ScanRun, startRun } from "@shared/scan/scan-runs";
import { findScan, type ScanResult } from "@shared/scan/scan-store";
import {
  type CompleteOrigin,
  LEGACY_ERROR_EVENT,
  parseLastEventId,
  phaseProgress,
  runEventId,
  SCAN_ERROR_EVENT,
  type ScanEvent,
} from "@shared/scan/stream-events";
import type { Context } from "hono";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import type { ScanAppEnv } from "./app-env";
import { takeScanSlot } from "./scan-rate-limit";
import { findReplay, REPLAY_RETRY_MS, REPLAY_SECONDS, rememberReplay, SSE_RETRY_MS } from "./scan-replay";

// What a scan stream request gets (issue 45, docs/scan.md "Stream consumers"), in order:
//   1. `Last-Event-ID` (an EventSource reconnecting): that stream's own run, resumed or
//      replayed; never a new scan, never counted. An id that names no run: 204, which
//      tells an EventSource to stop reconnecting (WHATWG HTML §9.2.3).
//   2. Without `rescan: true`, a run this client finished for the domain in the replay
//      window: replayed, marked as such, not counted (scan-replay.ts).
//   3. Otherwise a new scan, counted against both limits.

export const SCAN_FAILED = "Scan failed due to an internal error";
const NOT_FINISHED = "The scan this stream belonged to did not finish. Ask for a new scan.";
/** How often a resumed stream looks whether its run has ended. */
const RESUME_POLL_MS = 500;

export interface StreamRequest {
  domain: string;
  ip: string;
  resolve: ResolveMap;
  rescan: boolean;
  lastEventId: string | undefined;
  /** POST /api/scan: the contract's `error` event goes before `scan-error`. */
  legacyError: boolean;
}

/** Answers one scan stream request (the POST and the EventSource GET alike). */
export async function answerScanStream(c: Context<ScanAppEnv>, req: StreamRequest): Promise<Response> {
  const db = database(c.env.DB);
  if (req.lastEventId !== undefined && req.lastEventId.trim() !== "") return reconnect(c, req);
  // The limits are hit beside the replay lookup, and given back when a replay answers (a
  // replay is never counted), so a new scan starts as soon as both are known.
  const slot = takeScanSlot(c.env, req.ip, req.domain);
  // Awaited below; kept from counting as unhandled when a replay answers first.
  slot.headers.catch(() => {});
  if (!req.rescan) {
    const found = await findReplayScan(db, req).catch(async (err) => {
      // No scan runs: nothing is counted.
      await slot.release();
      throw err;
    });
    if (found) {
      const { run, scan } = found;
      await slot.release();
      return replay(
        c,
        scan,
        { replayed: true, ...ranOf(run) },
        `Replaying the scan of ${req.domain} that finished ${ago(run)}: no new scan ran. Ask with rescan: true to scan again`,
      );
    }
  }
  const limitHeaders = await slot.headers;
  for (const [k, v] of Object.entries(limitHeaders)) c.header(k, v);
  return live(c, req);
}

/** The run this client finished for the domain within the replay window, with its stored result, or null. */
async function findReplayScan(db: Database, req: StreamRequest): Promise<{ run: ScanRun; scan: ScanResult } | null> {
  const runId = await findReplay(req.ip, req.domain);
  const run = runId ? await findRun(db, runId) : null;
  const scan = run?.outcome === "complete" && run.scanId ? await findScan(db, run.scanId) : null;
  return run && scan && scan.domain === req.domain ? { run, scan } : null;
}

function ranOf(run: ScanRun): CompleteOrigin {
  return { runId: run.id, ranAt: new Date(run.finishedAt ?? run.startedAt).toISOString() };
}

function ago(run: ScanRun): string {
  const seconds = Math.max(0, Math.round((Date.now() - (run.finishedAt ?? run.startedAt)) / 1000));
  return seconds < 90 ? `${seconds} seconds ago` : `${Math.round(seconds / 60)} minutes ago`;
}

/** A reconnect: its run's end, never a new scan. */
async function reconnect(c: Context<ScanAppEnv>, req: StreamRequest): Promise<Response> {
  const db = database(c.env.DB);
  const last = parseLastEventId(req.lastEventId);
  const stop = () => c.body(null, 204);
  if (!last) return stop();
  if (last.kind === "scan") {
    // The client saw `complete` (its id is the scan id) and reconnected anyway.
    const scan = await findScan(db, last.scanId);
    if (!scan || scan.domain !== req.domain) return stop();
    return replay(c, scan, { replayed: true }, `Replaying the finished scan of ${req.domain}: no new scan ran`);
  }
  const run = await findRun(db, last.runId);
  if (!run || run.domain !== req.domain) return stop();
  c.header("X-Scan-Resumed", "true");
  return streamSSE(c, async (stream) => {
    let seq = last.seq;
    const write = (e: ScanEvent, retry?: number) => writeEvent(stream, e, run.id, ++seq, req.legacyError, retry);
    let current = run;
    if (current.outcome === "running") {
      await write(
        status("fetching", `Reconnected to the scan of ${run.domain}, still running; its result follows`),
        SSE_RETRY_MS,
      );
      while (current.outcome === "running" && Date.now() < run.startedAt + RUN_DEADLINE_MS && !stream.aborted) {
        await new Promise((r) => setTimeout(r, RESUME_POLL_MS));
        current = (await findRun(db, run.id)) ?? current;
      }
    }
    const scan = current.outcome === "complete" && current.scanId ? await findScan(db, current.scanId) : null;
    if (!scan) {
      await write(
        { event: SCAN_ERROR_EVENT, data: { error: current.outcome === "failed" ? SCAN_FAILED : NOT_FINISHED } },
        SSE_RETRY_MS,
      );
      return;
    }
    await write(
      { event: "complete", data: { ...completeOf(scan), resumed: true, ...ranOf(current) } },
      REPLAY_RETRY_MS,
    );
  });
}

/** A stored result sent again: one `status` and one `complete`, nothing fetched or counted. */
function replay(c: Context<ScanAppEnv>, scan: ScanResult, origin: CompleteOrigin, message: string): Response {
  c.header("X-Scan-Replayed", "true");
  return streamSSE(c, async (stream) => {
    await stream.writeSSE({
      event: "status",
      data: JSON.stringify({ phase: "saving", message, ...phaseProgress("saving") }),
      retry: REPLAY_RETRY_MS,
    });
    await stream.writeSSE({ event: "complete", id: scan.id, data: JSON.stringify({ ...completeOf(scan), ...origin }) });
  });
}

function completeOf(scan: ScanResult) {
  return {
    id: scan.id,
    domain: scan.domain,
    overallScore: scan.overallScore,
    layerScores: scan.layerScores,
    unreachable: scan.unreachable ?? null,
  };
}

function status(phase: "fetching", message: string): ScanEvent {
  return { event: "status", data: { phase, message, ...phaseProgress(phase) } };
}

/** One event with its SSE id (`complete`: the scan id); a failure also under the contract's name on POST. */
async function writeEvent(
  stream: SSEStreamingApi,
  e: ScanEvent,
  runId: string,
  seq: number,
  legacyError: boolean,
  retry?: number,
): Promise<void> {
  const id = e.event === "complete" ? e.data.id : runEventId(runId, seq);
  if (e.event === SCAN_ERROR_EVENT && legacyError)
    await stream.writeSSE({ event: LEGACY_ERROR_EVENT, data: JSON.stringify(e.data), id });
  await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data), id, retry });
}

/** A new scan: its run recorded, every event with an id, the end remembered for replays. */
function live(c: Context<ScanAppEnv>, req: StreamRequest): Response {
  const db = database(c.env.DB);
  const runId = crypto.randomUUID();
  const started = startRun(db, { id: runId, domain: req.domain, startedAt: Date.now() });
  const requestId = c.get("requestId");
  // The User-Agent links to this deployment's description of the scanner.
  const scannerInfoUrl = c.env.SCANNER_INFO_URL || `${new URL(c.req.url).origin}/#scanner`;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  // The scan outlives a client that leaves: a reconnect resumes it (docs/scan.md).
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    // No execution context (a plain fetch in tests): the stream itself keeps it running.
  }
  return streamSSE(c, async (stream) => {
    // Events are written in order through one promise chain; only the terminal event
    // waits for the chain, so progress events never hold the scan up.
    let ended = false;
    let seq = 0;
    let chain: Promise<void> = Promise.resolve();
    const emit = (e: ScanEvent): Promise<void> => {
      if (ended) return chain;
      const terminal = e.event === "complete" || e.event === SCAN_ERROR_EVENT;
      if (terminal) ended = true;
      // The first event carries `retry:` (the reconnection delay, inside the replay window).
      const n = ++seq;
      const retry = n === 1 ? SSE_RETRY_MS : undefined;
      chain = chain.then(async () => {
        // The run is ended before the client can see its end and reconnect.
        if (terminal) {
          await started.catch(() => {});
          // Both before the client sees the end, in parallel: a replay lookup that finds
          // the run before it is marked finished starts a new scan, as before the end.
          await Promise.all([
            finishRun(
              db,
              runId,
              e.event === "complete" ? { outcome: "complete", scanId: e.data.id } : { outcome: "failed" },
            ).catch(() => {}),
            e.event === "complete" ? rememberReplay(req.ip, req.domain, runId) : null,
          ]);
        }
        const event: ScanEvent = e.event === "complete" ? { ...e, data: { ...e.data, runId } } : e;
        await writeEvent(stream, event, runId, n, req.legacyError, retry).catch(() => {
          // The client left; the scan still finishes and is stored.
        });
      });
      return terminal ? chain : Promise.resolve();
    };
    try {
      await runScan({ domain: req.domain, resolve: req.resolve, db, emit, scannerInfoUrl });
    } catch (err) {
      log("error", "scan_failed", {
        worker: "scan",
        request_id: requestId,
        domain: req.domain,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
      await emit({ event: SCAN_ERROR_EVENT, data: { error: SCAN_FAILED } });
    } finally {
      finished();
    }
  });
}

export { REPLAY_SECONDS };
