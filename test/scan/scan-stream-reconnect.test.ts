import { env, exports } from "cloudflare:workers";
import { EventSource } from "eventsource";
import { describe, expect, it } from "vitest";
import { domainScanWindow, PER_DOMAIN, PER_IP } from "../../workers/scan/scan-rate-limit";
import { parseSse } from "./scan-client";

// Issue 45: a real EventSource client (the `eventsource` package, which behaves as the
// WHATWG one: Accept: text/event-stream, Last-Event-ID on every reconnect) reconnects after
// the stream ends; each reconnect is answered from the scan its stream started, never by
// a new scan, so the domain's scan count and its hourly window do not move, and the
// monitor's "Rescan now" (the same per-domain window) is still allowed afterwards.

interface Seen {
  requests: Array<{ lastEventId: string | null; cacheControl: string | null }>;
  completes: Array<Record<string, unknown>>;
  failures: Array<Record<string, unknown>>;
}

/**
 * An EventSource on the scan Worker. Its fetch goes to the Worker with the client's address
 * and, as browsers do, `Cache-Control: no-cache`; the server's `retry:` is shortened to
 * 20 ms on the way back so reconnects happen in test time (nothing else is changed).
 */
function openScanStream(url: string, ip: string, post?: Record<string, unknown>) {
  const seen: Seen = { requests: [], completes: [], failures: [] };
  const source = new EventSource(url, {
    fetch: async (input, init) => {
      const headers = new Headers(init.headers as Record<string, string>);
      headers.set("CF-Connecting-IP", ip);
      headers.set("Cache-Control", "no-cache");
      seen.requests.push({ lastEventId: headers.get("Last-Event-ID"), cacheControl: headers.get("Cache-Control") });
      const res = await exports.default.fetch(String(input), {
        method: post ? "POST" : "GET",
        headers,
        body: post ? JSON.stringify(post) : undefined,
        signal: init.signal,
      });
      if (!res.body) return res;
      const fast = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(
        new TransformStream<string, string>({
          transform: (chunk, out) => out.enqueue(chunk.replace(/^retry: \d+$/gm, "retry: 20")),
        }),
      );
      return new Response(fast.pipeThrough(new TextEncoderStream()), { status: res.status, headers: res.headers });
    },
  });
  source.addEventListener("complete", (e) => {
    seen.completes.push(JSON.parse(e.data));
  });
  source.addEventListener("scan-error", (e) => {
    seen.failures.push(JSON.parse(e.data));
  });
  return { source, seen };
}

async function until(what: () => boolean, ms = 25_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function runsOf(domain: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM scan_runs WHERE domain = ?").bind(domain).first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

describe("an EventSource that reconnects with Last-Event-ID", () => {
  it("gets its scan's result again on every reconnect, and no scan is started or counted", async () => {
    const domain = "js-shell.test";
    const ip = "192.0.2.180";
    const window = domainScanWindow(env, domain);
    const usedBefore = (await window.peek(PER_DOMAIN)).windows[0].used;
    const runsBefore = await runsOf(domain);
    // `rescan=true` asks for a new scan on the first connection only: a reconnect is
    // answered from its Last-Event-ID whatever the URL says.
    const { source, seen } = openScanStream(`http://scan.local/api/scan?domain=${domain}&rescan=true`, ip);
    const reconnects = PER_DOMAIN[0].limit + 1;
    await until(() => seen.completes.length >= reconnects + 1);
    source.close();

    const [first, ...again] = seen.completes;
    expect(first.replayed).toBeUndefined();
    for (const c of again) expect(c).toMatchObject({ id: first.id, domain, replayed: true });
    // Every connection after the first named the scan it belonged to; each sent no-cache.
    expect(seen.requests[0].lastEventId).toBeNull();
    for (const r of seen.requests.slice(1)) expect(r.lastEventId).toBe(first.id);
    for (const r of seen.requests) expect(r.cacheControl).toBe("no-cache");
    expect(seen.failures).toEqual([]);

    // One scan: one run, one slot of the domain's window; the monitor's Rescan now
    // (MonitorControl.requestRescan hits this same window) is still allowed.
    expect(await runsOf(domain)).toBe(runsBefore + 1);
    const after = await window.peek(PER_DOMAIN);
    expect(after.windows[0].used).toBe(usedBefore + 1);
    expect(after.allowed).toBe(true);
  });

  it("resumes a stream cut before its end with the end of that scan, whatever the request asks", async () => {
    const domain = "robots-blocked.test";
    const ip = "192.0.2.181";
    const window = domainScanWindow(env, domain);
    const usedBefore = (await window.peek(PER_DOMAIN)).windows[0].used;
    // Every event carries an id: `{run}:{n}`, and the scan id on `complete`.
    const text = await streamText(domain, ip);
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}:1$/);
    const runId = ids[0].split(":")[0];
    for (const [i, id] of ids.slice(0, -1).entries()) expect(id).toBe(`${runId}:${i + 1}`);
    const scanId = ids[ids.length - 1];
    expect(scanId).toMatch(/^[0-9a-f-]{36}$/);

    // A client cut after the third event reconnects (the body still says rescan: true):
    // that run has finished, so its end follows, marked resumed; no scan.
    const resumed = await exports.default.fetch("http://scan.local/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": ip, "Last-Event-ID": ids[2] },
      body: JSON.stringify({ domain, rescan: true }),
    });
    expect(resumed.headers.get("X-Scan-Resumed")).toBe("true");
    const tail = parseSse(await resumed.text());
    expect(tail.map((e) => e.event)).toEqual(["complete"]);
    expect(tail[0].data).toMatchObject({ id: scanId, domain, resumed: true, runId });
    expect((await window.peek(PER_DOMAIN)).windows[0].used).toBe(usedBefore + 1);
  });

  it("waits for a run still in progress and sends its end when it is stored", async () => {
    const domain = "js-shell.test";
    const runId = crypto.randomUUID();
    const started = Date.now();
    await env.DB.prepare("INSERT INTO scan_runs (id, domain, started_at, outcome) VALUES (?, ?, ?, 'running')")
      .bind(runId, domain, started)
      .run();
    const { events } = await postScanAs(domain, "192.0.2.184");
    const scanId = events.find((e) => e.event === "complete")?.data.id as string;
    const answer = exports.default.fetch(`http://scan.local/api/scan?domain=${domain}`, {
      headers: { Accept: "text/event-stream", "CF-Connecting-IP": "192.0.2.185", "Last-Event-ID": `${runId}:4` },
    });
    // The run ends while the reconnect waits (as the original request would end it).
    await new Promise((r) => setTimeout(r, 50));
    await env.DB.prepare("UPDATE scan_runs SET outcome = 'complete', scan_id = ?, finished_at = ? WHERE id = ?")
      .bind(scanId, Date.now(), runId)
      .run();
    const res = await answer;
    const raw = await res.text();
    const tail = parseSse(raw);
    expect(tail.map((e) => e.event)).toEqual(["status", "complete"]);
    expect(tail[1].data).toMatchObject({ id: scanId, resumed: true, runId });
    // The resumed stream numbers on from the client's last id.
    expect(raw).toContain(`id: ${runId}:5`);
  });

  it("is told to stop (204) when its Last-Event-ID names no scan of this domain, and nothing is counted", async () => {
    const ip = "192.0.2.182";
    const ipWindow = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-ip:${ip}`));
    for (const id of ["garbage", "00000000-0000-4000-8000-000000000000:3", "00000000-0000-4000-8000-000000000000"]) {
      const res = await exports.default.fetch("http://scan.local/api/scan?domain=js-shell.test", {
        headers: { Accept: "text/event-stream", "CF-Connecting-IP": ip, "Last-Event-ID": id },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
    }
    expect((await ipWindow.peek(PER_IP)).windows[0].used).toBe(0);
  });

  it("refuses a GET that does not ask for an event stream (a link preview starts nothing)", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan?domain=js-shell.test", {
      headers: { "CF-Connecting-IP": "192.0.2.183" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain("Accept: text/event-stream");
  });
});

async function postScanAs(domain: string, ip: string) {
  const res = await exports.default.fetch("http://scan.local/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ domain, rescan: true }),
  });
  return { res, events: parseSse(await res.text()) };
}

async function streamText(domain: string, ip: string): Promise<string> {
  const res = await exports.default.fetch("http://scan.local/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ domain, rescan: true }),
  });
  return res.text();
}
