// Starting a scan through the scan Worker's own API (POST /api/scan over a service
// binding), so a scan asked by another Worker (MCP's scan_domain, the application's
// "Scan now") is the scan a browser gets: the same domain checks, the same per-IP and
// per-domain limits (contract "Limits"), the same engine and the same stored result.

import { isTerminalEvent } from "./stream-events";

export type ScanOutcome =
  /** `replayed`: the scan API answered with a finished run's result (`runId`), not a new scan. */
  | { kind: "complete"; id: string; replayed: boolean; runId: string | null }
  /** The scan API refused before scanning (400 bad domain, 429 over a limit): its `{error}` and headers. */
  | { kind: "refused"; status: number; error: string; retryAfterSeconds: number | null }
  /** The scan started but ended without a stored result (the stream's `error` event). */
  | { kind: "failed"; error: string };

/** The `data:` of the stream's terminal event: `complete` {id, ...}, or `scan-error` (`error` on POST too) {error} (docs/decisions.md#8-scan-stream-payloads). */
export function terminalEvent(stream: string): { event: string; data: Record<string, unknown> } | null {
  for (const block of stream.split("\n\n").reverse()) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && isTerminalEvent(event) && data) return { event, data: JSON.parse(data) };
  }
  return null;
}

/** The scan API's `{error}` of a refusal, or the status text when the body is not that shape. */
export async function refusalOf(res: Response): Promise<Extract<ScanOutcome, { kind: "refused" }>> {
  const body = (await res.json().catch(() => ({}))) as { error?: unknown };
  const retry = Number(res.headers.get("Retry-After"));
  return {
    kind: "refused",
    status: res.status,
    error: typeof body.error === "string" ? body.error : res.statusText,
    retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

/**
 * POSTs `{domain}` to `/api/scan` of `scanWorker` at `url` (whose origin the scanner's
 * User-Agent links to) and reads the event stream to its end. `headers` carry the
 * caller's CF-Connecting-IP (the per-IP limit) and request id.
 */
export async function requestScan(
  scanWorker: Fetcher,
  url: string,
  domain: string,
  headers: Headers,
  options: { rescan: boolean } = { rescan: true },
): Promise<ScanOutcome> {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json");
  // "Scan now" is a person asking for a new scan, so it says so (`rescan: true`, the
  // default): the replay window must not answer it with the last result (issue 45).
  const res = await scanWorker.fetch(
    new Request(new URL("/api/scan", url), {
      method: "POST",
      headers: h,
      body: JSON.stringify(options.rescan ? { domain, rescan: true } : { domain }),
    }),
  );
  if (!res.ok) return refusalOf(res);
  const end = terminalEvent(await res.text());
  if (end?.event === "complete" && typeof end.data.id === "string") {
    const runId = typeof end.data.runId === "string" ? end.data.runId : null;
    return { kind: "complete", id: end.data.id, replayed: end.data.replayed === true, runId };
  }
  return {
    kind: "failed",
    error: typeof end?.data.error === "string" ? end.data.error : "The scan ended without a result",
  };
}
