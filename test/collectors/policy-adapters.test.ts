import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import worker from "../../collectors/cloudflare-worker/src/index";
import { Collector } from "../../collectors/node/src/collector";
import {
  agentReadinessPlugin,
  type FastifyLike,
  type FastifyReplyLike,
  type FastifyReplySender,
  type FastifyRequestLike,
} from "../../collectors/node/src/fastify";
import { withAgentReadiness } from "../../collectors/node/src/next";
import { POLICY_KEY, startPolicyService } from "./policy-service";

// The policy in the adapters whose framework is not installed (Fastify, Next.js: driven
// through the shapes they document) and in the collector Worker (its fetch handler, as
// workerd calls it, in front of a loopback origin).

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";
const CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OPENAI_IP = "52.230.152.9";
const ALLOW_ALL = {
  crawl: "allow",
  search: "allow",
  user_action: "allow",
  agentic_browser: "allow",
  unknown: "allow",
} as const;

async function blockingGptbot() {
  const svc = await startPolicyService();
  closers.push(svc.close);
  svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
  return svc;
}

describe("the policy in Fastify (documented hook shapes)", () => {
  it("answers a blocked agent from onRequest without calling the route, records it once, and passes people", async () => {
    const svc = await blockingGptbot();
    const collector = new Collector({
      endpoint: svc.url,
      key: POLICY_KEY,
      domain: "shop.example",
      flushIntervalMs: 0,
      policy: true,
    });
    await collector.policy?.client.refresh();
    const hooks: Record<string, (...args: never[]) => void> = {};
    const fastify = {
      addHook: (name: string, hook: (...args: never[]) => void) => {
        hooks[name] = hook;
      },
    } as FastifyLike;
    agentReadinessPlugin(fastify, { collector }, () => {});
    const sent: { status: number; headers: Record<string, string>; body: string }[] = [];
    const reply: FastifyReplyLike & FastifyReplySender = {
      statusCode: 403,
      getHeader: () => "text/plain; charset=utf-8",
      code: (status) => ({ headers: (headers) => ({ send: (body) => sent.push({ status, headers, body }) }) }),
    };
    const request = (ua: string): FastifyRequestLike => ({
      method: "GET",
      url: "/p/1",
      protocol: "https",
      ip: OPENAI_IP,
      headers: { host: "shop.example", "user-agent": ua },
    });
    type Hook = (q: FastifyRequestLike, r: typeof reply, d: () => void) => void;
    let passed = 0;
    const blocked = request(GPTBOT);
    (hooks.onRequest as Hook)(blocked, reply, () => passed++);
    expect(passed).toBe(0);
    expect(sent).toEqual([
      expect.objectContaining({
        status: 403,
        headers: expect.objectContaining({ Link: '<https://shop.example/robots.txt>; rel="describedby"' }),
      }),
    ]);
    (hooks.onRequest as Hook)(request(CHROME), reply, () => passed++);
    expect(passed).toBe(1);
    // Fastify still runs onResponse for the answered request: it is not recorded twice.
    (hooks.onResponse as Hook)(blocked, reply, () => {});
    await collector.flush();
    expect(svc.events).toEqual([
      expect.objectContaining({
        path: "/p/1",
        status: 403,
        policy: { decision: "blocked", reason: "policy", version: 1 },
      }),
    ]);
  });
});

describe("the policy in Next.js middleware (documented shapes)", () => {
  it("answers a blocked agent before the merchant's middleware runs, under waitUntil, and passes people", async () => {
    const svc = await blockingGptbot();
    const collector = new Collector({ endpoint: svc.url, key: POLICY_KEY, domain: "shop.example", policy: true });
    const waited: Promise<unknown>[] = [];
    const event = { waitUntil: (p: Promise<unknown>) => void waited.push(p) };
    let ran = 0;
    const middleware = withAgentReadiness(collector, () => {
      ran++;
      return undefined;
    });
    const request = (ua: string) =>
      new Request("https://shop.example/p/1", { headers: { "user-agent": ua, "x-forwarded-for": OPENAI_IP } });
    // The first request starts the document's fetch under waitUntil and is not judged.
    expect(await middleware(request(GPTBOT), event)).toBeUndefined();
    await Promise.all(waited.splice(0));
    const answer = await middleware(request(GPTBOT), event);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(403);
    expect(await middleware(request(CHROME), event)).toBeUndefined();
    expect(ran).toBe(2);
    await Promise.all(waited.splice(0));
    expect(svc.events.filter((e) => e.policy)).toHaveLength(1);
  });
});

describe("the policy in the collector Worker", () => {
  let origin = "";
  const hits: string[] = [];
  let closeOrigin: () => void = () => {};
  beforeAll(async () => {
    const server = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" }).end(`<p>${req.url}</p>`);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeOrigin = () => server.close();
  });
  afterAll(() => closeOrigin());

  it("answers a blocked agent at the edge (the origin never sees it), serves the managed robots.txt, passes people", async () => {
    const svc = await startPolicyService();
    closers.push(svc.close);
    svc.setPolicy({
      defaults: { ...ALLOW_ALL, crawl: "block" },
      robots: { enabled: true, own_rules: "User-agent: *\nDisallow: /checkout\n" },
    });
    const env = { AR_URL: svc.url, AR_KEY: POLICY_KEY, AR_DOMAIN: "shop.example", AR_POLICY: "1" };
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {} };
    const call = (path: string, ua: string) =>
      worker.fetch(
        new Request(`${origin}${path}`, { headers: { "user-agent": ua, "cf-connecting-ip": OPENAI_IP } }),
        env,
        ctx,
      );
    // The isolate's first request starts the fetch; the document then holds for the isolate.
    await (await call("/warm", CHROME)).text();
    await Promise.all(waited.splice(0));
    hits.length = 0;
    const blocked = await call("/p/1", "Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)");
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain("Bytespider (ByteDance, training crawl)");
    const robots = await call("/robots.txt", CHROME);
    expect(await robots.text()).toBe(svc.document().managed_robots_txt);
    const person = await call("/p/1", CHROME);
    expect(await person.text()).toBe("<p>/p/1</p>");
    expect(hits).toEqual(["/p/1"]);
    await Promise.all(waited.splice(0));
    expect(svc.events.map((e) => [e.path, e.status, e.policy ?? null])).toEqual([
      ["/warm", 200, null],
      ["/p/1", 403, { decision: "blocked", reason: "policy", version: 1 }],
      ["/robots.txt", 200, null],
      ["/p/1", 200, null],
    ]);
  });
});
