// The replay window of the scan stream (issue 26, docs/scan.md "Stream consumers"): a
// request that asks for a scan of a domain this client (IP address) finished within
// REPLAY_SECONDS gets that run's result replayed, marked `replayed: true`: no new crawl,
// nothing counted. A request with `rescan: true` is always a new scan, and a reconnect
// with `Last-Event-ID` is answered from its own run (scan-stream.ts) before this is asked.
//
// Held in the Cache API of the data center that answered (caches.default), keyed by a
// SHA-256 of address and domain so no raw IP is written anywhere; the value is the run id
// (schema/scan-runs.ts), which says when the run finished and what it stored. The Cache
// API is per data center and does nothing on workers.dev hosts: there a repeat is an
// ordinary, counted scan.

export const REPLAY_SECONDS = 600;
/** The reconnection delay sent as SSE `retry:` (milliseconds), well inside the window. */
export const SSE_RETRY_MS = 10_000;
/**
 * The `retry:` of a replayed stream: its client already has the result, so one that keeps
 * its EventSource open is asked to come back no sooner than the window's length.
 */
export const REPLAY_RETRY_MS = REPLAY_SECONDS * 1000;

async function replayKey(ip: string, domain: string): Promise<Request> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${ip}\n${domain}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new Request(`https://scan-replay.invalid/${hex}`);
}

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** The id of the run this client finished for `domain` within the window, or null. */
export async function findReplay(ip: string, domain: string): Promise<string | null> {
  const c = cache();
  if (!c) return null;
  const hit = await c.match(await replayKey(ip, domain)).catch(() => undefined);
  return hit ? (await hit.text()) || null : null;
}

/** Remembers the finished run for the window. */
export async function rememberReplay(ip: string, domain: string, runId: string): Promise<void> {
  const c = cache();
  if (!c) return;
  const res = new Response(runId, { headers: { "Cache-Control": `max-age=${REPLAY_SECONDS}` } });
  await c.put(await replayKey(ip, domain), res).catch(() => {});
}
