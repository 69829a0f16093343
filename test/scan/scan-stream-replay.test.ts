import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PER_DOMAIN, PER_IP } from "../../workers/scan/scan-rate-limit";
import { REPLAY_SECONDS, SSE_RETRY_MS } from "../../workers/scan/scan-replay";
import { completeOf, postScan } from "./scan-client";

// SSE consumers (issue 26): `retry:` on the stream, the scan id as the `complete` event's
// `id:`, and a repeated POST from the same client for the same domain within the replay
// window answered with the finished result, not a new scan, and not counted.

describe("the scan stream for SSE clients", () => {
  it("sends retry: first, step counts on every status event, and the scan id as the complete event's id", async () => {
    const { res, events } = await postScan("js-shell.test", "192.0.2.140");
    expect(res.status).toBe(200);
    const raw = await (await postRaw("robots-blocked.test", "192.0.2.141")).text();
    expect(raw.startsWith(`event: status\ndata: `)).toBe(true);
    expect(raw.split("\n\n")[0]).toContain(`\nretry: ${SSE_RETRY_MS}`);
    expect(raw).toMatch(/event: complete\ndata: .*\nid: [0-9a-f-]{36}\n/);
    const statuses = events.filter((e) => e.event === "status").map((e) => e.data);
    for (const s of statuses) expect(s.steps).toBe(6);
    expect(statuses.map((s) => `${s.phase}:${s.step}`)).toEqual(
      expect.arrayContaining(["queued:1", "fetching:2", "checking:4", "scoring:5", "saving:6"]),
    );
  });

  it("replays the finished result to the same client for the same domain, without counting it", async () => {
    const ip = "192.0.2.150";
    const first = completeOf((await postScan("js-shell.test", ip)).events);
    const ipWindow = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-ip:${ip}`));
    const domainWindow = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:js-shell.test"));
    const usedIp = (await ipWindow.peek(PER_IP)).windows[0].used;
    const usedDomain = (await domainWindow.peek(PER_DOMAIN)).windows[0].used;
    // More repeats than the per-domain limit allows scans: every one is a replay.
    for (let i = 0; i < PER_DOMAIN[0].limit + 1; i++) {
      const again = await postScan("js-shell.test", ip);
      expect(again.res.status).toBe(200);
      expect(again.res.headers.get("X-Scan-Replayed")).toBe("true");
      const complete = completeOf(again.events);
      expect(complete).toMatchObject({ id: first.id, domain: "js-shell.test", replayed: true });
      expect(again.events.filter((e) => e.event === "crawl")).toEqual([]);
    }
    expect((await ipWindow.peek(PER_IP)).windows[0].used).toBe(usedIp);
    expect((await domainWindow.peek(PER_DOMAIN)).windows[0].used).toBe(usedDomain);
    expect(REPLAY_SECONDS).toBe(600);
  });

  it("scans anew for another client, or for another domain from the same client", async () => {
    const ip = "192.0.2.160";
    await postScan("robots-blocked.test", ip);
    const other = await postScan("robots-blocked.test", "192.0.2.161");
    expect(other.res.headers.get("X-Scan-Replayed")).toBeNull();
    expect((completeOf(other.events) as { replayed?: true }).replayed).toBeUndefined();
    expect(other.events.some((e) => e.event === "crawl")).toBe(true);
    const otherDomain = await postScan("js-shell.test", ip);
    expect(otherDomain.res.headers.get("X-Scan-Replayed")).toBeNull();
  });

  it("scans anew, counted, only when the repeat asks with rescan: true; Cache-Control: no-cache is a replay", async () => {
    const ip = "192.0.2.170";
    const first = completeOf((await postScan("broken-robots.test", ip)).events);
    const domainWindow = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:broken-robots.test"));
    const usedDomain = (await domainWindow.peek(PER_DOMAIN)).windows[0].used;
    const { exports } = await import("cloudflare:workers");
    // Every EventSource sends Cache-Control: no-cache on every connection (issue 45).
    const noCache = await exports.default.fetch("http://scan.local/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": ip, "Cache-Control": "no-cache" },
      body: JSON.stringify({ domain: "broken-robots.test" }),
    });
    expect(noCache.headers.get("X-Scan-Replayed")).toBe("true");
    expect(await noCache.text()).toContain('"replayed":true');
    const res = await exports.default.fetch("http://scan.local/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ domain: "broken-robots.test", rescan: true }),
    });
    const raw = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Scan-Replayed")).toBeNull();
    expect(raw).toContain("event: crawl");
    expect(raw).not.toContain('"replayed":true');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await domainWindow.peek(PER_DOMAIN)).windows[0].used).toBe(usedDomain + 1);
  });

  it("says when the replayed run finished and which run it was, and its report page says it is a replay", async () => {
    const ip = "192.0.2.175";
    const first = (await postScan("js-shell.test", ip)).events.find((e) => e.event === "complete")?.data;
    const again = completeOf((await postScan("js-shell.test", ip)).events) as Record<string, unknown>;
    expect(again).toMatchObject({ id: first?.id, replayed: true, runId: first?.runId });
    expect(Date.parse(String(again.ranAt))).toBeGreaterThan(Date.now() - 60_000);
    const { exports } = await import("cloudflare:workers");
    const page = await (await exports.default.fetch(`http://scan.local/scan/${again.id}?replay=${again.runId}`)).text();
    expect(page).toContain('id="replayed"');
    expect(page).toContain("Replayed result, not a new scan.");
    expect(page).toMatch(/<form id="rescan-form"[^>]*data-rescan="true"/);
    // The same report without ?replay= (or with another run's id) is not marked.
    const plain = await (await exports.default.fetch(`http://scan.local/scan/${again.id}`)).text();
    expect(plain).not.toContain('id="replayed"');
    const other = await (
      await exports.default.fetch(`http://scan.local/scan/${again.id}?replay=00000000-0000-4000-8000-000000000000`)
    ).text();
    expect(other).not.toContain('id="replayed"');
  });
});

async function postRaw(domain: string, ip: string): Promise<Response> {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch("http://scan.local/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ domain }),
  });
}
