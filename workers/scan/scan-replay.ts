// The replay window of POST /api/scan (issue 26, docs/scan.md "Stream consumers"): an SSE
// client that reconnects after `complete` (EventSource-style clients do, after the
// `retry:` delay) POSTs again. Within REPLAY_SECONDS of a finished scan, the same client
// (IP address) asking for the same domain gets that result replayed as a `complete`
// event with `replayed: true`: no new crawl, nothing counted against either limit.
//
// Held in the Cache API of the data center that answered (caches.default), keyed by a
// SHA-256 of address and domain so no raw IP is written anywhere. The Cache API is per
// data center and does nothing on workers.dev hosts: there a repeat is an ordinary,
// counted scan, which is what it was before.

export const REPLAY_SECONDS = 600;
/** The reconnection delay sent as SSE `retry:` (milliseconds), well inside the window. */
export const SSE_RETRY_MS = 10_000;

async function replayKey(ip: string, domain: string): Promise<Request> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${ip}\n${domain}`));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new Request(`https://scan-replay.invalid/${hex}`);
}

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** The id of the scan this client finished for `domain` within the window, or null. */
export async function findReplay(ip: string, domain: string): Promise<string | null> {
  const c = cache();
  if (!c) return null;
  const hit = await c.match(await replayKey(ip, domain)).catch(() => undefined);
  return hit ? (await hit.text()) || null : null;
}

/** Remembers the finished scan for the window. */
export async function rememberReplay(ip: string, domain: string, scanId: string): Promise<void> {
  const c = cache();
  if (!c) return;
  const res = new Response(scanId, { headers: { "Cache-Control": `max-age=${REPLAY_SECONDS}` } });
  await c.put(await replayKey(ip, domain), res).catch(() => {});
}
