import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { Collector } from "../../collectors/node/src/collector";
import { agentReadiness as expressMiddleware } from "../../collectors/node/src/express";
import {
  agentReadinessPlugin,
  type FastifyLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
} from "../../collectors/node/src/fastify";
import { agentReadiness as honoMiddleware } from "../../collectors/node/src/hono";
import { withAgentReadiness } from "../../collectors/node/src/next";
import { startLocalService } from "./local-service";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serviceAndCollector(over: Partial<ConstructorParameters<typeof Collector>[0]> = {}) {
  const svc = await startLocalService();
  closers.push(svc.close);
  const collector = new Collector({ endpoint: svc.url, key: "k", flushIntervalMs: 0, ...over });
  return { svc, collector, events: () => svc.posts.flatMap((p) => p.events) };
}

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";

describe("framework adapters", () => {
  it("Express: records pages once answered, with Express's own req.ip, and skips assets", async () => {
    // express 5 is in node_modules (a dependency of the MCP SDK) without its types.
    const express = (await import("express" as string)).default as () => {
      set(name: string, value: unknown): void;
      use(fn: unknown): void;
      get(path: string, fn: (req: unknown, res: { type(t: string): { send(b: string): void } }) => void): void;
      listen(port: number, host: string, cb: () => void): { address(): AddressInfo; close(cb: () => void): void };
    };
    const { collector, events } = await serviceAndCollector();
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(expressMiddleware(collector));
    app.get("/products/1", (_req, res) => res.type("html").send("<p>mug</p>"));
    app.get("/site.css", (_req, res) => res.type("css").send("p{}"));
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    closers.push(() => new Promise<void>((r) => server.close(() => r())));
    const base = `http://127.0.0.1:${server.address().port}`;
    const headers = { "user-agent": GPTBOT, "x-forwarded-for": "52.230.152.9", signature: "sig1=:x:" };
    expect((await fetch(`${base}/products/1?ref=a`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/site.css`, { headers })).status).toBe(200);
    await collector.close();
    expect(events()).toEqual([
      expect.objectContaining({
        path: "/products/1?ref=a",
        status: 200,
        user_agent: GPTBOT,
        ip: "52.230.152.9",
        headers: { signature: "sig1=:x:" },
      }),
    ]);
  });

  it("Hono on Node: records after the route answered; on a Worker: sends under waitUntil", async () => {
    const { collector, events } = await serviceAndCollector();
    const app = new Hono();
    app.use(honoMiddleware(collector));
    app.get("/", (c) => c.html("<h1>home</h1>"));
    app.get("/again", (c) => c.html("<h1>again</h1>"));
    app.get("/api/cart", (c) => c.json({ items: 0 }));
    const res = await app.request("/", { headers: { "user-agent": GPTBOT, "cf-connecting-ip": "52.230.152.9" } });
    expect(await res.text()).toBe("<h1>home</h1>");
    await app.request("/api/cart");
    await collector.flush();
    expect(events()).toEqual([expect.objectContaining({ path: "/", ip: "52.230.152.9", user_agent: GPTBOT })]);

    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => waited.push(p), passThroughOnException() {}, props: {} };
    const onWorker = await app.fetch(new Request("https://shop.example/again"), {}, ctx);
    expect(onWorker.status).toBe(200);
    expect(waited.length).toBe(1);
    await Promise.all(waited);
    expect(events().map((e) => e.path)).toEqual(["/", "/again"]);
  });

  // Fastify is not installed: the plugin is driven through the hooks Fastify documents
  // (onResponse(request, reply, done), onClose(instance, done)), registered on an object of that shape.
  it("Fastify: the onResponse hook records, onClose flushes", async () => {
    const { collector, events } = await serviceAndCollector();
    const hooks: Record<string, (...args: never[]) => void> = {};
    const fastify: FastifyLike = {
      addHook: (name: string, hook: (...args: never[]) => void) => {
        hooks[name] = hook;
      },
    } as FastifyLike;
    let registered = false;
    agentReadinessPlugin(fastify, { collector }, () => {
      registered = true;
    });
    expect(registered).toBe(true);
    expect((agentReadinessPlugin as unknown as Record<symbol, unknown>)[Symbol.for("skip-override")]).toBe(true);
    const request: FastifyRequestLike = {
      method: "GET",
      url: "/collections/mugs",
      protocol: "https",
      ip: "203.0.113.4",
      headers: { host: "shop.example", "user-agent": "ClaudeBot/1.0" },
    };
    const reply: FastifyReplyLike = { statusCode: 404, getHeader: () => "text/html; charset=utf-8" };
    let next = 0;
    (hooks.onResponse as (q: FastifyRequestLike, r: FastifyReplyLike, d: () => void) => void)(request, reply, () => {
      next++;
    });
    expect(next).toBe(1);
    await new Promise<void>((done) => (hooks.onClose as (i: unknown, d: () => void) => void)(fastify, done));
    expect(events()).toEqual([
      expect.objectContaining({ domain: "shop.example", path: "/collections/mugs", status: 404, ip: "203.0.113.4" }),
    ]);
  });

  // Next.js is not installed: NextRequest is a web Request with more on it, and
  // NextFetchEvent gives waitUntil; the adapter reads only those.
  it("Next.js middleware: passes the middleware's answer through and sends under waitUntil", async () => {
    const { collector, events } = await serviceAndCollector();
    const waited: Promise<unknown>[] = [];
    const event = { waitUntil: (p: Promise<unknown>) => waited.push(p) };
    const redirect = Response.redirect("https://shop.example/new", 308);
    const middleware = withAgentReadiness(collector, (req) => (req.url.endsWith("/old") ? redirect : undefined));
    const headers = { "user-agent": "Claude-User/1.0", "x-forwarded-for": "160.79.104.10, 10.0.0.1" };
    expect(await middleware(new Request("https://shop.example/old", { headers }), event)).toBe(redirect);
    expect(await middleware(new Request("https://shop.example/p/1", { headers }), event)).toBeUndefined();
    expect(
      await middleware(new Request("https://shop.example/_next/static/app.js", { headers }), event),
    ).toBeUndefined();
    expect(waited.length).toBe(3);
    await Promise.all(waited);
    // The redirect is not a page; the passed-on page is recorded as 200 (its status is the page's, unseen here).
    expect(events()).toEqual([expect.objectContaining({ path: "/p/1", status: 200, ip: "160.79.104.10" })]);
  });

  it("an adapter whose collector fails while recording still answers the visitor", async () => {
    const errors: string[] = [];
    const collector = new Collector({
      endpoint: "http://127.0.0.1:9",
      key: "k",
      flushIntervalMs: 0,
      include: () => {
        throw new Error("boom");
      },
      onError: (e) => errors.push(`${e.kind}: ${e.message}`),
    });
    const track = expressMiddleware(collector);
    const shop = createServer((req, res) => {
      track(req, res);
      res.writeHead(200, { "content-type": "text/html" }).end("ok");
    });
    await new Promise<void>((r) => shop.listen(0, "127.0.0.1", r));
    closers.push(() => new Promise((r) => shop.close(r)));
    const res = await fetch(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/`);
    expect(await res.text()).toBe("ok");
    expect(errors).toEqual(["internal: record: boom"]);
    expect(collector.stats()).toMatchObject({ queued: 0 });
  });
});
