import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agentReadiness } from "../../collectors/node/src/express";
import { Collector, type CollectorError, retryAfterMs } from "../../collectors/node/src/index";
import { downUrl, pageFacts, startLocalService } from "./local-service";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function service() {
  const s = await startLocalService();
  closers.push(s.close);
  return s;
}

const paths = (posted: { events: Record<string, unknown>[] }[]) => posted.flatMap((p) => p.events.map((e) => e.path));

describe("collector against a slow, down and rate-limiting service", () => {
  it("answers the shop's visitor while the service has not answered the batch", async () => {
    const svc = await service();
    const held: ServerResponse[] = [];
    svc.answerWith((_req, res) => held.push(res));
    const collector = new Collector({ endpoint: svc.url, key: "k", batchSize: 1 });
    const track = agentReadiness(collector);
    // A shop on node:http whose every page goes through the middleware.
    const shop = createServer((req, res) => {
      track(req, res);
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>shop</h1>");
    });
    await new Promise<void>((r) => shop.listen(0, "127.0.0.1", r));
    closers.push(() => new Promise((r) => shop.close(r)));
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;

    const page = await fetch(`${shopUrl}/products/1`, { headers: { "user-agent": "GPTBot/1.3" } });
    expect(await page.text()).toBe("<h1>shop</h1>");
    // The batch reached the service after the page was served, and it is still unanswered.
    await vi.waitUntil(() => held.length === 1, { timeout: 10_000 });
    expect(collector.stats()).toMatchObject({ delivered: 0, queued: 0 });
    const second = await fetch(`${shopUrl}/products/2`);
    expect(second.status).toBe(200);

    for (const res of held.splice(0)) svc.healthy({} as never, res, { authorization: "", events: [{}] });
    svc.answerWith(svc.healthy);
    await collector.close();
    expect(paths(svc.posts)).toEqual(["/products/1", "/products/2"]);
    expect(collector.stats()).toMatchObject({ delivered: 2, dropped: 0, failed: 0 });
  });

  it("never throws while the service is down, keeps the queue bounded and counts what it drops", async () => {
    const errors: CollectorError[] = [];
    const collector = new Collector({
      endpoint: await downUrl(),
      key: "k",
      batchSize: 2,
      maxQueue: 5,
      flushIntervalMs: 0,
      retryBaseMs: 5,
      onError: (e) => errors.push(e),
    });
    for (let i = 0; i < 12; i++) collector.record(pageFacts(`/p/${i}`));
    // 12 pages into a queue of 5: the 7 oldest go.
    expect(collector.stats()).toMatchObject({ queued: 5, dropped: 7 });
    await expect(collector.flush()).resolves.toBeUndefined();
    // The first batch is held for a retry; it and the queue stay within 5.
    expect(collector.stats()).toMatchObject({ queued: 5, dropped: 7, retries: 1, delivered: 0 });
    expect(errors[0]).toMatchObject({ kind: "network", records: 2 });
    for (let i = 12; i < 15; i++) collector.record(pageFacts(`/p/${i}`));
    // The queue held 3 after the batch was taken; 3 more make 6, one past 5: the oldest
    // goes. With the held batch (2) at most 7 records wait.
    expect(collector.stats()).toMatchObject({ queued: 7, dropped: 8 });
    await collector.close(50);
  });

  it("delivers what it kept, once and in order, when a failing service recovers", async () => {
    const svc = await service();
    let failures = 0;
    // Two answers that drop the connection (a service going down), then healthy.
    svc.answerWith((req, res, posted) => {
      if (++failures <= 2) res.socket?.destroy();
      else svc.healthy(req, res, posted);
    });
    const collector = new Collector({ endpoint: svc.url, key: "k", batchSize: 2, flushIntervalMs: 0, retryBaseMs: 5 });
    for (let i = 0; i < 5; i++) collector.record(pageFacts(`/p/${i}`));
    await collector.close(10_000);
    // The first batch was posted three times; each record arrived once.
    expect(svc.posts.length).toBe(5);
    expect(paths(svc.posts.slice(2))).toEqual(["/p/0", "/p/1", "/p/2", "/p/3", "/p/4"]);
    expect(collector.stats()).toMatchObject({ delivered: 5, accepted: 5, retries: 2, failed: 0, queued: 0 });
  });

  it("waits as long as a 429's Retry-After says before posting again", async () => {
    const svc = await service();
    svc.answerWith((_req, res) => {
      res.writeHead(429, { "retry-after": "120", "content-type": "application/json" });
      res.end('{"error":"Rate limit exceeded","code":"rate_limited"}');
      svc.answerWith(svc.healthy);
    });
    let now = Date.parse("2026-11-25T10:00:00Z");
    const collector = new Collector({
      endpoint: svc.url,
      key: "k",
      flushIntervalMs: 0,
      retryBaseMs: 1,
      now: () => now,
    });
    collector.record(pageFacts("/a"));
    await collector.flush();
    expect(svc.posts.length).toBe(1);
    // 119 s later the service's wait is not over: nothing is posted, whatever backoff would say.
    now += 119_000;
    collector.record(pageFacts("/b"));
    await collector.flush();
    expect(svc.posts.length).toBe(1);
    now += 1_000;
    await collector.flush();
    expect(paths(svc.posts.slice(1))).toEqual(["/a", "/b"]);
    expect(collector.stats()).toMatchObject({ delivered: 2, retries: 1 });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(retryAfterMs("30", now)).toBe(30_000);
    expect(retryAfterMs("Wed, 25 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it("gives up a POST that does not answer in time and retries it", async () => {
    const svc = await service();
    const held: ServerResponse[] = [];
    svc.answerWith((_req, res) => held.push(res));
    const errors: CollectorError[] = [];
    const collector = new Collector({
      endpoint: svc.url,
      key: "k",
      flushIntervalMs: 0,
      timeoutMs: 50,
      onError: (e) => errors.push(e),
    });
    collector.record(pageFacts("/slow"));
    await collector.flush();
    expect(errors.map((e) => e.kind)).toEqual(["timeout"]);
    expect(collector.stats()).toMatchObject({ queued: 1, retries: 1, delivered: 0 });
    for (const res of held) res.destroy();
  });

  it("does not retry a refused batch (401) and says so", async () => {
    const svc = await service();
    svc.answerWith((_req, res) => {
      res
        .writeHead(401, { "content-type": "application/json" })
        .end('{"error":"Invalid API key","code":"unauthorized"}');
    });
    const errors: CollectorError[] = [];
    const collector = new Collector({
      endpoint: svc.url,
      key: "bad",
      flushIntervalMs: 0,
      onError: (e) => errors.push(e),
    });
    collector.record(pageFacts("/a"));
    await collector.close();
    expect(svc.posts.length).toBe(1);
    expect(errors).toEqual([{ kind: "http", status: 401, message: "401 unauthorized", records: 1 }]);
    expect(collector.stats()).toMatchObject({ failed: 1, retries: 0, queued: 0 });
  });

  it("posts batches of at most batchSize, intact, with the key", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "ar_key", batchSize: 4, flushIntervalMs: 0 });
    for (let i = 0; i < 10; i++) collector.record(pageFacts(`/p/${i}`));
    await collector.close();
    expect(svc.posts.map((p) => p.events.length)).toEqual([4, 4, 2]);
    expect(paths(svc.posts)).toEqual(Array.from({ length: 10 }, (_, i) => `/p/${i}`));
    expect(svc.posts.every((p) => p.authorization === "Bearer ar_key")).toBe(true);
  });

  it("without a timer, one flush sends only what was queued when it began", async () => {
    const svc = await service();
    const held: ServerResponse[] = [];
    svc.answerWith((_req, res) => held.push(res));
    const collector = new Collector({ endpoint: svc.url, key: "k", batchSize: 1, flushIntervalMs: 0 });
    collector.record(pageFacts("/a"));
    collector.record(pageFacts("/b"));
    const first = collector.flush();
    await vi.waitUntil(() => held.length === 1, { timeout: 10_000 });
    // A later request's record, while the first POST is in flight.
    collector.record(pageFacts("/c"));
    svc.answerWith(svc.healthy);
    for (const res of held.splice(0)) svc.healthy({} as never, res, { authorization: "", events: [{}] });
    await first;
    expect(paths(svc.posts)).toEqual(["/a", "/b"]);
    expect(collector.stats()).toMatchObject({ queued: 1 });
    await collector.close();
    expect(paths(svc.posts)).toEqual(["/a", "/b", "/c"]);
  });

  it("refuses to send the key in clear text beyond this machine", () => {
    expect(() => new Collector({ endpoint: "http://agent-readiness.example", key: "k" })).toThrow(/must be https/);
    expect(() => new Collector({ endpoint: "http://localhost:8787", key: "k" })).not.toThrow();
  });

  it("sends a full batch at once and the rest on its timer, never keeping Node alive", async () => {
    const svc = await service();
    const collector = new Collector({ endpoint: svc.url, key: "k", batchSize: 3, flushIntervalMs: 20 });
    for (let i = 0; i < 4; i++) collector.record(pageFacts(`/p/${i}`));
    await vi.waitUntil(() => svc.posts.length === 2, { timeout: 10_000 });
    expect(svc.posts.map((p) => p.events.length)).toEqual([3, 1]);
    await collector.close();
  });
});
