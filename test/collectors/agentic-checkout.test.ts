import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import worker from "../../collectors/cloudflare-worker/src/index";
import { Collector } from "../../collectors/node/src/collector";
import { agentReadiness as expressMiddleware } from "../../collectors/node/src/express";
import {
  agentReadinessPlugin,
  type FastifyLike,
  type FastifyReplyLike,
  type FastifyRequestLike,
} from "../../collectors/node/src/fastify";
import { agentReadiness as honoMiddleware } from "../../collectors/node/src/hono";
import { withAgenticCheckout } from "../../collectors/node/src/next";
import {
  type AgentRequest,
  acpRestJourney,
  answerText,
  checkoutShop,
  type ExpectedOrder,
  expectNothingSecret,
  expectOrders,
  httpSend,
  mcpBatchJourney,
  mcpClientsJourney,
  mcpJourney,
  ordersReceived,
  type Send,
  ucpRestJourney,
} from "./checkout/journeys";
import { startLocalService } from "./local-service";

// Every adapter in front of fixture endpoints that behave as the ACP and UCP
// specifications say (test/collectors/checkout/), driven by the same agent journeys:
// each completed order reaches the service once with its amount and currency, cancels
// and failures as such, retries with the same Idempotency-Key once, and nothing of the
// agent's credentials, the payment or the buyer ever leaves the shop.

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function service() {
  const svc = await startLocalService();
  closers.push(svc.close);
  return svc;
}

const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

async function allJourneys(send: Send): Promise<ExpectedOrder[]> {
  return [
    ...(await acpRestJourney(send)),
    ...(await ucpRestJourney(send)),
    ...(await mcpJourney(send)),
    ...(await mcpClientsJourney(send)),
    ...(await mcpBatchJourney(send)),
  ];
}

/** Express with its JSON body parser after the collector (the collector reads `req.body` once answered). */
async function expressShop(collector: Collector, parseJson = true) {
  // express 5 is in node_modules (a dependency of the MCP SDK) without its types.
  type Req = AsyncIterable<Buffer> & { method: string; path: string; headers: Record<string, string>; body?: unknown };
  type Res = { status(n: number): Res; set(h: Record<string, string>): Res; send(b: string): void };
  const express = (await import("express" as string)).default as (() => {
    use(fn: unknown): void;
    all(path: RegExp, fn: (req: Req, res: Res) => unknown): void;
    listen(port: number, host: string, cb: () => void): { address(): AddressInfo; close(cb: () => void): void };
  }) & { json(): unknown };
  const shop = checkoutShop();
  const app = express();
  app.use(expressMiddleware(collector));
  if (parseJson) app.use(express.json());
  app.all(/.*/, async (req, res) => {
    let body = req.body;
    if (!parseJson) {
      // The shop reads its own body (as an MCP SDK transport does): nothing parsed it before.
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c);
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    }
    const answer = shop.route(req.method, req.path, req.headers, body);
    const { text, contentType } = answerText(answer);
    res.status(answer.status).set({ "content-type": contentType }).send(text);
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${server.address().port}`;
  return httpSend(base);
}

function request(r: AgentRequest, origin = "https://shop.example"): Request {
  return new Request(`${origin}${r.path}`, {
    method: r.method,
    headers: r.headers,
    body: r.body === undefined || r.method === "GET" ? undefined : JSON.stringify(r.body),
  });
}

async function webAnswer(shop: ReturnType<typeof checkoutShop>, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const text = req.method === "GET" ? "" : await req.text();
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const answer = shop.route(req.method, url.pathname, headers, text ? JSON.parse(text) : undefined);
  const { text: body, contentType } = answerText(answer);
  return new Response(body, { status: answer.status, headers: { "content-type": contentType } });
}

describe("agentic checkout through each collector", () => {
  it("Express: ACP, UCP and MCP checkouts counted once each, nothing secret sent", async () => {
    const svc = await service();
    const collector = new Collector({
      endpoint: svc.url,
      key: "ar_express",
      domain: "shop.example",
      flushIntervalMs: 0,
    });
    const expected = await allJourneys(await expressShop(collector));
    await collector.close();
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
    const [completedA] = ordersReceived(svc.posts).filter(
      (e) => (e.order as ExpectedOrder).checkout_id === "checkout_session_1",
    );
    // The order record: the request's identity for the service to verify, and the order; nothing else.
    expect(completedA).toEqual({
      timestamp: expect.any(Number),
      domain: "shop.example",
      path: "/checkout_sessions/checkout_session_1/complete",
      method: "POST",
      status: 200,
      user_agent: expect.stringContaining("ChatGPT-User/1.0"),
      ip: "127.0.0.1",
      referer: null,
      headers: {
        signature: "sig1=:d2JhLXNpZw==:",
        "signature-input": expect.stringContaining('tag="web-bot-auth"'),
        "signature-agent": '"https://chatgpt.com"',
      },
      order: expect.objectContaining({ outcome: "completed", amount_minor: 430, currency: "USD" }),
    });
    // B signed ACP's way only: no signature header went.
    const canceledB = ordersReceived(svc.posts).find((e) => (e.order as ExpectedOrder).outcome === "canceled");
    expect(canceledB?.headers).toBeUndefined();
    // The UCP records carry the agent's profile, the MCP one from `meta`.
    const ucp = ordersReceived(svc.posts).filter((e) => (e.order as ExpectedOrder).protocol === "ucp");
    for (const e of ucp)
      expect(e.headers).toEqual({ "ucp-agent": 'profile="https://platform.example/profiles/shopping-agent.json"' });
    // No page records for API calls: every record sent is an order.
    expect(svc.posts.flatMap((p) => p.events).every((e) => e.order)).toBe(true);
  });

  it("Express without a body parser: the MCP answers alone still show the completed orders", async () => {
    const svc = await service();
    const collector = new Collector({
      endpoint: svc.url,
      key: "ar_express2",
      domain: "shop.example",
      flushIntervalMs: 0,
    });
    const send = await expressShop(collector, false);
    const expected = [...(await mcpJourney(send)), ...(await mcpBatchJourney(send, { sse: true }))];
    await collector.close();
    // Without the request body the failed call's tool is unknown: only what the answers show.
    expectOrders(
      svc.posts,
      expected.filter((o) => o.outcome !== "failed"),
    );
    expectNothingSecret(svc.posts);
  });

  it("Hono on a Worker: copies read under waitUntil, the route's answers unchanged", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "ar_hono", flushIntervalMs: 0 });
    const shop = checkoutShop();
    const app = new Hono();
    app.use(honoMiddleware(collector));
    app.all("*", async (c) => webAnswer(shop, c.req.raw));
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {}, props: {} };
    const send: Send = async (r) => {
      const res = await app.fetch(request(r), {}, ctx);
      return { status: res.status, text: await res.text() };
    };
    const expected = await allJourneys(send);
    await Promise.all(waited);
    await collector.close();
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
  });

  it("Hono on Node (@hono/node-server): answers copied as written, never cloned", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "ar_hono_node", flushIntervalMs: 0 });
    closers.push(() => collector.close());
    const shop = checkoutShop();
    const app = new Hono();
    app.use(honoMiddleware(collector));
    let clones = 0;
    app.all("*", async (c) => {
      const res = await webAnswer(shop, c.req.raw);
      // The route's answer as @hono/node-server writes it from memory; a clone() of it
      // would make the server stream it instead (bench:collector-checkout).
      const clone = res.clone.bind(res);
      Object.defineProperty(res, "clone", {
        value: () => {
          clones++;
          return clone();
        },
      });
      return res;
    });
    const { serve } = await import("@hono/node-server");
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((r) => (server.listening ? r() : server.once("listening", () => r())));
    closers.push(() => new Promise<void>((r) => server.close(() => r())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const expected = await allJourneys(httpSend(base));
    // Each order is queued once its answer has gone; the last ones a moment later.
    for (let i = 0; i < 50 && collector.stats().queued + svc.posts.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    await collector.close();
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
    expect(clones).toBe(0);
  });

  // Fastify is not installed: its documented hooks are called as Fastify calls them
  // (onSend with the serialized payload, then onResponse), on an object of that shape.
  it("Fastify: the onSend payload is read once the reply has gone", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "ar_fastify", flushIntervalMs: 0 });
    const hooks: Record<string, (...args: never[]) => void> = {};
    const fastify = {
      addHook: (name: string, hook: (...args: never[]) => void) => {
        hooks[name] = hook;
      },
    } as unknown as FastifyLike;
    agentReadinessPlugin(fastify, { collector }, () => {});
    const shop = checkoutShop();
    const send: Send = async (r) => {
      const headers = { host: "shop.example", ...lower(r.headers) };
      const req: FastifyRequestLike = {
        method: r.method,
        url: r.path,
        protocol: "https",
        ip: "203.0.113.7",
        headers,
        body: r.body,
      };
      const answer = shop.route(r.method, r.path, headers, r.body);
      const { text, contentType } = answerText(answer);
      const reply: FastifyReplyLike = {
        statusCode: answer.status,
        getHeader: (name) => (name === "content-type" ? contentType : undefined),
      };
      let payload: unknown;
      (hooks.onSend as (q: unknown, r: unknown, p: unknown, d: (e: Error | null, p?: unknown) => void) => void)(
        req,
        reply,
        text,
        (_e, p) => {
          payload = p;
        },
      );
      expect(payload).toBe(text);
      (hooks.onResponse as (q: unknown, r: unknown, d: () => void) => void)(req, reply, () => {});
      return { status: answer.status, text };
    };
    const expected = await allJourneys(send);
    await collector.close();
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
    expect(ordersReceived(svc.posts).every((e) => e.ip === "203.0.113.7" && e.domain === "shop.example")).toBe(true);
  });

  // Next.js is not installed: a route handler is `(request, context) => Response`, and
  // `after` (next/server) takes the promise to finish after the answer.
  it("Next.js route handlers: withAgenticCheckout keeps the handler's answer and records after it", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "ar_next", flushIntervalMs: 0 });
    const shop = checkoutShop();
    const after: Promise<unknown>[] = [];
    const handler = withAgenticCheckout(
      collector,
      async (req: Request, context: { params: Promise<Record<string, string>> }) => {
        await context.params;
        return webAnswer(shop, req);
      },
      { waitUntil: (p) => void after.push(p) },
    );
    const send: Send = async (r) => {
      const res = await handler(request(r), { params: Promise.resolve({}) });
      return { status: res.status, text: await res.text() };
    };
    const expected = await allJourneys(send);
    await Promise.all(after);
    await collector.close();
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
  });

  it("the Cloudflare Worker collector in front of the origin", async () => {
    const svc = await service();
    const shop = checkoutShop();
    const origin = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      const answer = shop.route(
        req.method ?? "GET",
        req.url ?? "/",
        req.headers as Record<string, string>,
        text ? JSON.parse(text) : undefined,
      );
      const { text: body, contentType } = answerText(answer);
      res.writeHead(answer.status, { "content-type": contentType }).end(body);
    });
    await new Promise<void>((r) => origin.listen(0, "127.0.0.1", r));
    closers.push(() => new Promise<void>((r) => origin.close(() => r())));
    const base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    const env = { AR_URL: svc.url, AR_KEY: "ar_worker_checkout", AR_DOMAIN: "shop.example" };
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {} };
    const send: Send = async (r) => {
      const res = await worker.fetch(request(r, base), env, ctx);
      return { status: res.status, text: await res.text() };
    };
    const expected = await allJourneys(send);
    await Promise.all(waited);
    // The Worker's batches go 1 s after their first record, under waitUntil: all are in.
    expectOrders(svc.posts, expected);
    expectNothingSecret(svc.posts);
  });
});
