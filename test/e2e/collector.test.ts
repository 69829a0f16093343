import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { Collector } from "../../collectors/node/src/collector";
import { agentReadiness } from "../../collectors/node/src/express";
import { adminKey, seedSite } from "./workspace-seed";

// The Node collector in a node:http shop, posting to the real local server's
// POST /api/v1/events: the shop's pages become an AI agent's session, its 404 an agent
// error, its robots.txt fetch a robots.txt fetch.

const baseUrl = inject("baseUrl");
const SITE = "collector-shop.test";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

let auth: Record<string, string> = {};
let shop: Server | undefined;

beforeAll(async () => {
  const { key } = await adminKey(baseUrl, "collector", "--preset", "full");
  auth = { Authorization: `Bearer ${key}` };
  await seedSite({ key }, baseUrl, SITE);
});

afterAll(() => shop?.close());

async function report(route: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/api/v1/traffic/${route}?domain=${SITE}&period=24h`, { headers: auth });
  return (await res.json()) as Record<string, unknown>;
}

describe("the Node collector against the running service", () => {
  it("turns a crawler's pages, 404 and robots.txt fetch into its session and agent requests", async () => {
    const collector = new Collector({
      endpoint: baseUrl,
      key: auth.Authorization.slice("Bearer ".length),
      domain: SITE,
      flushIntervalMs: 0,
    });
    const track = agentReadiness(collector, { clientIp: () => "52.230.152.9" });
    shop = createServer((req, res) => {
      track(req, res);
      if (req.url === "/robots.txt") return void res.writeHead(200, { "content-type": "text/plain" }).end("");
      if (req.url === "/site.css") return void res.writeHead(200, { "content-type": "text/css" }).end("p{}");
      const found = req.url?.startsWith("/products/");
      res.writeHead(found ? 200 : 404, { "content-type": "text/html" }).end(found ? "<p>mug</p>" : "<p>gone</p>");
    });
    await new Promise<void>((r) => shop?.listen(0, "127.0.0.1", r));
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    for (const p of ["/robots.txt", "/products/1", "/products/2", "/site.css", "/old-mug"]) {
      await (await fetch(`${shopUrl}${p}`, { headers: { "user-agent": GPTBOT } })).text();
    }

    const stats = await collector.close(30_000);
    // The stylesheet is not sent; the other four are accepted.
    expect(stats).toMatchObject({ delivered: 4, accepted: 4, rejected: 0, dropped: 0, failed: 0 });

    // The queue consumer rolls them up in its own time: wait for all four agent requests.
    await vi.waitUntil(
      async () => ((await report("agent-errors")).totals as { requests?: number } | undefined)?.requests === 4,
      { timeout: 30_000, interval: 250 },
    );
    const sessions = (await report("sessions")).results as Record<string, unknown>[];
    // One address, one User-Agent, minutes apart: one visitor, one session.
    expect(sessions).toEqual([expect.objectContaining({ agent_platform: "chatgpt", purpose: "crawl" })]);

    const errors = await report("agent-errors");
    expect(errors.totals).toMatchObject({ requests: 4, errors: 1, not_found: 1 });
    expect((errors.paths as { path: string }[]).map((p) => p.path)).toEqual(["/old-mug"]);
    const robots = await report("robots-compliance");
    // The robots.txt fetch was forwarded, so GPTBot is not listed as never fetching it.
    expect(robots.agents).toEqual([
      expect.objectContaining({ agent: "gptbot", last_robots_fetch_at: expect.any(String) }),
    ]);
    expect(robots.never_fetch_robots).toEqual([]);
  });
});
