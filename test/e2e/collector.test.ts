import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { Collector } from "../../collectors/node/src/collector";
import { agentReadiness } from "../../collectors/node/src/express";
import { agentReadiness as honoCollector } from "../../collectors/node/src/hono";
import {
  acpRestJourney,
  answerText,
  checkoutShop,
  type ExpectedOrder,
  httpSend,
  mcpClientsJourney,
  mcpJourney,
  ucpRestJourney,
} from "../collectors/checkout/journeys";
import { adminKey, seedSite } from "./workspace-seed";

// The Node collector in a node:http shop, posting to the real local server's
// POST /api/v1/events: the shop's pages become an AI agent's session, its 404 an agent
// error, its robots.txt fetch a robots.txt fetch.

const baseUrl = inject("baseUrl");
const SITE = "collector-shop.test";
const CHECKOUT_SITE = "checkout-shop.test";
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

let auth: Record<string, string> = {};
let shop: Server | undefined;

beforeAll(async () => {
  const { key } = await adminKey(baseUrl, "collector", "--preset", "full");
  auth = { Authorization: `Bearer ${key}` };
  await seedSite({ key }, baseUrl, SITE);
  await seedSite({ key }, baseUrl, CHECKOUT_SITE, "Checkout shop");
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

// The collectors' checkout journeys (test/collectors/checkout/: fixture endpoints that
// behave as the ACP and UCP specifications say) through the Hono collector on Node, now
// posting to the real service: every order record is accepted, and the orders-by-channel
// report counts each checkout once, by its strongest end, with the completed ones' money.
describe("agentic checkouts through a collector, counted by the running service", () => {
  it("every record accepted; the report's checkouts by protocol equal the hand counts", async () => {
    const { Hono } = await import("hono");
    const { serve } = await import("@hono/node-server");
    const collector = new Collector({
      endpoint: baseUrl,
      key: auth.Authorization.slice("Bearer ".length),
      domain: CHECKOUT_SITE,
      flushIntervalMs: 0,
    });
    const fixture = checkoutShop();
    const app = new Hono();
    app.use(honoCollector(collector));
    app.all("*", async (c) => {
      const text = c.req.method === "GET" ? "" : await c.req.text();
      const answer = fixture.route(c.req.method, c.req.path, c.req.header(), text ? JSON.parse(text) : undefined);
      const out = answerText(answer);
      return c.body(out.text, answer.status as 200, { "content-type": out.contentType });
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((r) => (server.listening ? r() : server.once("listening", () => r())));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const send = httpSend(base);
      const expected = [
        ...(await acpRestJourney(send)),
        ...(await ucpRestJourney(send)),
        ...(await mcpJourney(send)),
        ...(await mcpClientsJourney(send)),
      ];
      // Each order is queued once its answer has gone.
      await new Promise((r) => setTimeout(r, 200));
      const stats = await collector.close(30_000);
      expect(stats).toMatchObject({ rejected: 0, dropped: 0, failed: 0 });
      expect(stats.accepted).toBe(stats.delivered);

      // By hand: one row per checkout, its strongest end (completed over canceled over
      // failed); money for completed checkouts only, per currency.
      const rank = { completed: 3, canceled: 2, failed: 1 } as const;
      const byCheckout = new Map<string, ExpectedOrder>();
      for (const o of expected) {
        const key = `${o.protocol}|${o.checkout_id}`;
        const seen = byCheckout.get(key);
        if (!seen || rank[o.outcome] > rank[seen.outcome]) byCheckout.set(key, o);
      }
      const want = (protocol: "acp" | "ucp") => {
        const rows = [...byCheckout.values()].filter((o) => o.protocol === protocol);
        const done = rows.filter((o) => o.outcome === "completed");
        return {
          completed: done.length,
          canceled: rows.filter((o) => o.outcome === "canceled").length,
          failed: rows.filter((o) => o.outcome === "failed").length,
          value: done.reduce((sum, o) => sum + (o.amount_minor ?? 0), 0),
        };
      };
      type Protocol = {
        protocol: string;
        completed: number;
        canceled: number;
        failed: number;
        by_currency: { currency: string; value_minor: number }[];
      };
      const got = async () => {
        const res = await fetch(`${baseUrl}/api/v1/attribution/channels?domain=${CHECKOUT_SITE}&period=24h`, {
          headers: auth,
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { agent_checkouts: { by_protocol: Protocol[] } };
        return (protocol: string) => {
          const p = body.agent_checkouts.by_protocol.find((x) => x.protocol === protocol);
          return {
            completed: p?.completed ?? 0,
            canceled: p?.canceled ?? 0,
            failed: p?.failed ?? 0,
            value: p?.by_currency.find((m) => m.currency === "USD")?.value_minor ?? 0,
          };
        };
      };
      // The orders are stored as the records are accepted; once a second is polling enough
      // (the key's per-minute limit on reads). On a mismatch the diff below says which.
      let report = await got();
      for (let i = 0; i < 30 && report("ucp").completed !== want("ucp").completed; i++) {
        await new Promise((r) => setTimeout(r, 1_000));
        report = await got();
      }
      expect(report("acp")).toEqual(want("acp"));
      expect(report("ucp")).toEqual(want("ucp"));
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 120_000);
});
