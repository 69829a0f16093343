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

  it("scans anew, counted, when the repeat asks with Cache-Control: no-cache (the app's Scan now)", async () => {
    const ip = "192.0.2.170";
    const first = completeOf((await postScan("broken-robots.test", ip)).events);
    const domainWindow = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:broken-robots.test"));
    const usedDomain = (await domainWindow.peek(PER_DOMAIN)).windows[0].used;
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("http://scan.local/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": ip, "Cache-Control": "no-cache" },
      body: JSON.stringify({ domain: "broken-robots.test" }),
    });
    const raw = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Scan-Replayed")).toBeNull();
    expect(raw).toContain("event: crawl");
    expect(raw).not.toContain('"replayed":true');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await domainWindow.peek(PER_DOMAIN)).windows[0].used).toBe(usedDomain + 1);
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
