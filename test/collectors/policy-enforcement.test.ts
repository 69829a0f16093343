import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { Collector } from "../../collectors/node/src/collector";
import { agentReadiness as expressMiddleware } from "../../collectors/node/src/express";
import { agentReadiness as honoMiddleware } from "../../collectors/node/src/hono";
import { signPolicyDocument } from "../../shared/policy/document-signature";
import type { PolicyRules } from "../../shared/policy/policy-schema";
import { POLICY_KEY, startPolicyService } from "./policy-service";

// Enforcement in the Node collector against real Express and Hono apps, with the
// service's own policy document served from loopback (policy-service.ts).

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot";
const APIFY = "Mozilla/5.0 (compatible; ApifyBot/1.0; +https://apify.com)";
/** In OpenAI's published GPTBot range (bundled openai-gptbot: 52.230.152.0/24). */
const OPENAI_IP = "52.230.152.9";
const ELSEWHERE_IP = "203.0.113.5";
const BROWSERS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
];

const ALLOW_ALL = {
  crawl: "allow",
  search: "allow",
  user_action: "allow",
  agentic_browser: "allow",
  unknown: "allow",
} as const;

/** A policy service, a collector enforcing it with a clock the test moves, and an Express shop behind it. */
async function expressShop(rules: Partial<PolicyRules>, robots: string | null = null) {
  const svc = await startPolicyService();
  closers.push(svc.close);
  svc.setPolicy(rules, robots);
  let now = 1_800_000_000_000;
  const collector = new Collector({
    endpoint: svc.url,
    key: POLICY_KEY,
    domain: "shop.example",
    flushIntervalMs: 0,
    now: () => now,
    policy: { refreshMs: 60_000 },
  });
  await collector.policy?.client.refresh();
  const express = (await import("express" as string)).default as () => {
    set(name: string, value: unknown): void;
    use(fn: unknown): void;
    get(path: string, fn: (req: unknown, res: { type(t: string): { send(b: string): void } }) => void): void;
    listen(port: number, host: string, cb: () => void): { address(): AddressInfo; close(cb: () => void): void };
  };
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(expressMiddleware(collector));
  const served: string[] = [];
  app.get("/{*path}", (req, res) => {
    served.push((req as { originalUrl: string }).originalUrl);
    res.type("html").send("<p>shop</p>");
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${server.address().port}`;
  const get = (path: string, ua: string, ip = OPENAI_IP) =>
    fetch(`${base}${path}`, { headers: { "user-agent": ua, "x-forwarded-for": ip } });
  return {
    svc,
    collector,
    served,
    base,
    get,
    advance: (ms: number) => {
      now += ms;
    },
    events: async () => {
      await collector.flush();
      return svc.events;
    },
  };
}

describe("the policy in Express", () => {
  it("answers a blocked verified crawler 403 with a reason and a Link, and reports the request", async () => {
    const shop = await expressShop({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    const res = await shop.get("/products/mug?ref=x", GPTBOT);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("link")).toBe('<https://shop.example/robots.txt>; rel="describedby"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe(
      "403 Forbidden: shop.example's agent policy does not allow GPTBot (OpenAI, training crawl) here.\nPolicy: https://shop.example/robots.txt\n",
    );
    expect(shop.served).toEqual([]);
    // Its robots.txt stays readable to it (RFC 9309 §2.2.2), served by the shop when not managed.
    expect((await shop.get("/robots.txt", GPTBOT)).status).toBe(200);
    expect(shop.served).toEqual(["/robots.txt"]);
    expect((await shop.events()).filter((e) => e.policy)).toEqual([
      expect.objectContaining({
        path: "/products/mug?ref=x",
        status: 403,
        user_agent: GPTBOT,
        ip: OPENAI_IP,
        policy: { decision: "blocked", reason: "policy", version: 1 },
      }),
    ]);
  });

  it("lets every browser through, whatever the policy blocks, and the crawler's allowed siblings", async () => {
    const shop = await expressShop({
      defaults: { crawl: "block", search: "block", user_action: "block", agentic_browser: "block", unknown: "block" },
    });
    for (const ua of BROWSERS) {
      expect((await shop.get("/", ua)).status, ua).toBe(200);
      expect((await shop.get("/", ua, ELSEWHERE_IP)).status, ua).toBe(200);
    }
    expect((await shop.get("/", GPTBOT)).status).toBe(403);
    expect(shop.served).toHaveLength(BROWSERS.length * 2);
    const events = await shop.events();
    expect(events.filter((e) => e.policy)).toHaveLength(1);
  });

  it("never lets a claimed identity further than the default: an allowed vendor's name from elsewhere stays blocked", async () => {
    const shop = await expressShop({
      defaults: { ...ALLOW_ALL, crawl: "block" },
      operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
    });
    // From OpenAI's published addresses: verified, OpenAI's crawl is allowed.
    expect((await shop.get("/", GPTBOT, OPENAI_IP)).status).toBe(200);
    // The same User-Agent from anywhere else is only a claim: the crawl default holds.
    expect((await shop.get("/", GPTBOT, ELSEWHERE_IP)).status).toBe(403);
    expect(shop.served).toEqual(["/"]);
  });

  it("applies path exceptions by prefix, the longest first", async () => {
    const shop = await expressShop({
      defaults: { ...ALLOW_ALL, crawl: "block" },
      exceptions: [
        { path_prefix: "/products", action: "allow", purpose: null, operator: null, agent: null },
        { path_prefix: "/products/private", action: "block", purpose: null, operator: null, agent: null },
      ],
    });
    expect((await shop.get("/products/mug", GPTBOT)).status).toBe(200);
    expect((await shop.get("/products?page=2", GPTBOT)).status).toBe(200);
    expect((await shop.get("/products/private/x", GPTBOT)).status).toBe(403);
    // The same path with unreserved characters percent-encoded, as Hono and Next.js route it.
    expect((await shop.get("/%70roducts/%70rivate/x", GPTBOT)).status).toBe(403);
    expect((await shop.get("/products/priv%61te", GPTBOT)).status).toBe(403);
    expect((await shop.get("/%70roducts/mug", GPTBOT)).status).toBe(200);
    expect((await shop.get("/account", GPTBOT)).status).toBe(403);
    expect((await shop.get("/account", BROWSERS[0])).status).toBe(200);
  });

  it("reads a request target in absolute form by its path, as Express routes it", async () => {
    const shop = await expressShop({
      defaults: ALLOW_ALL,
      exceptions: [{ path_prefix: "/account", action: "block", purpose: "crawl", operator: null, agent: null }],
    });
    // RFC 9112 §3.2.2: a server must accept `GET http://host/path`; Node passes it on as
    // sent and Express routes it by its path, so the gate must judge that path too.
    const absolute = (target: string, ua: string) =>
      new Promise<number>((resolve, reject) => {
        const port = Number(new URL(shop.base).port);
        const req = request(
          { host: "127.0.0.1", port, path: target, headers: { "user-agent": ua, "x-forwarded-for": OPENAI_IP } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
    expect(await absolute("http://shop.example/account/orders", GPTBOT)).toBe(403);
    expect(await absolute("HTTP://shop.example:80/account?x=1", GPTBOT)).toBe(403);
    expect(await absolute("http://shop.example/products/mug", GPTBOT)).toBe(200);
    expect(await absolute("http://shop.example/account/orders", BROWSERS[0])).toBe(200);
    expect(shop.served).toEqual(["http://shop.example/products/mug", "http://shop.example/account/orders"]);
  });

  it("blocks under obey_robots exactly what the robots.txt in force disallows for that agent", async () => {
    const robots = "User-agent: *\nDisallow: /private\n\nUser-agent: ApifyBot\nDisallow: /search\n";
    const shop = await expressShop({ defaults: { ...ALLOW_ALL, unknown: "obey_robots" } }, robots);
    expect((await shop.get("/search?q=mug", APIFY)).status).toBe(403);
    // ApifyBot's own group replaces *, so /private is allowed to it.
    expect((await shop.get("/private/a", APIFY)).status).toBe(200);
    const events = await shop.events();
    expect(events.find((e) => e.policy)).toMatchObject({ path: "/search?q=mug", policy: { reason: "robots" } });
  });

  it("serves the managed robots.txt the service wrote, and records the fetch", async () => {
    const own = "User-agent: *\nDisallow: /checkout\n";
    const shop = await expressShop({
      defaults: { ...ALLOW_ALL, crawl: "block" },
      robots: { enabled: true, own_rules: own },
    });
    const res = await shop.get("/robots.txt", GPTBOT);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe(shop.svc.document().managed_robots_txt);
    expect(shop.served).toEqual([]);
    expect(await shop.events()).toEqual([expect.objectContaining({ path: "/robots.txt", status: 200 })]);
    // The file says what the collector does: GPTBot may not fetch /, and gets a 403 there.
    expect((await shop.get("/", GPTBOT, ELSEWHERE_IP)).status).toBe(403);
  });

  it("keeps the last good policy while the service is down for minutes, and takes a change within its refresh interval", async () => {
    const shop = await expressShop({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    const client = shop.collector.policy?.client;
    shop.svc.setDown(true);
    for (let minute = 1; minute <= 10; minute++) {
      shop.advance(60_000);
      expect((await shop.get("/", GPTBOT)).status).toBe(403);
      expect((await shop.get("/", BROWSERS[0])).status).toBe(200);
      // The fetch the request started (a background one) ends in a 503.
      await client?.refresh();
    }
    expect(client?.status()).toMatchObject({ version: 1, failures: expect.any(Number) });
    expect(client?.status().failures).toBeGreaterThan(0);

    // Back up with a change: GPTBot allowed. Not before the next refresh is due…
    shop.svc.setDown(false);
    shop.svc.setPolicy({ defaults: ALLOW_ALL });
    shop.advance(60_000);
    await shop.get("/", BROWSERS[0]);
    await client?.refresh();
    expect(client?.status()).toMatchObject({ version: 2, failures: 0 });
    expect((await shop.get("/", GPTBOT)).status).toBe(200);
    // …and a later change is picked up by the first request once the interval has passed.
    shop.svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    shop.advance(59_000);
    expect(client?.refreshIfDue()).toBeNull();
    shop.advance(1_000);
    await client?.refreshIfDue();
    expect((await shop.get("/", GPTBOT)).status).toBe(403);
  });
});

describe("the policy in Hono", () => {
  it("answers a blocked agent before the route, sends the record under waitUntil on a Worker, and passes people", async () => {
    const svc = await startPolicyService();
    closers.push(svc.close);
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    const collector = new Collector({ endpoint: svc.url, key: POLICY_KEY, flushIntervalMs: 0, policy: true });
    const app = new Hono();
    app.use(honoMiddleware(collector));
    let routed = 0;
    app.get("*", (c) => {
      routed++;
      return c.html("<p>shop</p>");
    });
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException() {}, props: {} };
    const request = (ua: string) =>
      app.request(
        "https://shop.example/p/1",
        { headers: { "user-agent": ua, "cf-connecting-ip": OPENAI_IP } },
        undefined,
        ctx,
      );
    // No document yet: nothing is enforced, and the first request starts the fetch.
    expect((await request(GPTBOT)).status).toBe(200);
    await Promise.all(waited.splice(0));
    const blocked = await request(GPTBOT);
    expect(blocked.status).toBe(403);
    expect(await blocked.text()).toContain("GPTBot (OpenAI, training crawl)");
    expect((await request(BROWSERS[0])).status).toBe(200);
    expect(routed).toBe(2);
    await Promise.all(waited.splice(0));
    expect(svc.events.filter((e) => e.policy)).toEqual([
      expect.objectContaining({
        path: "/p/1",
        status: 403,
        policy: { decision: "blocked", reason: "policy", version: 1 },
      }),
    ]);
  });
});

describe("the policy in Hono on Node", () => {
  it("judges the socket's address, not a forwarding header anyone can send, unless told to read one", async () => {
    const { serve } = await import("@hono/node-server");
    const svc = await startPolicyService();
    closers.push(svc.close);
    // Training crawls blocked, OpenAI's allowed: only a GPTBot from OpenAI's addresses passes.
    svc.setPolicy({
      defaults: { ...ALLOW_ALL, crawl: "block" },
      operators: [{ operator: "OpenAI", purpose: "crawl", action: "allow" }],
    });
    const shopOn = async (options: Parameters<typeof honoMiddleware>[1]) => {
      const collector = new Collector({
        endpoint: svc.url,
        key: POLICY_KEY,
        domain: "shop.example",
        flushIntervalMs: 0,
        policy: true,
      });
      await collector.policy?.client.refresh();
      const app = new Hono();
      app.use(honoMiddleware(collector, options));
      app.get("*", (c) => c.html("<p>shop</p>"));
      const port = await new Promise<number>((resolve) => {
        const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
        closers.push(() => new Promise<void>((r) => server.close(() => r())));
      });
      return (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/p/1`, { headers: { "user-agent": GPTBOT, ...headers } });
    };
    const direct = await shopOn({});
    // From loopback, whatever the headers say: only claimed, so the crawl default holds.
    expect((await direct({ "x-forwarded-for": OPENAI_IP })).status).toBe(403);
    expect((await direct({ "cf-connecting-ip": OPENAI_IP })).status).toBe(403);
    // Behind a proxy the merchant trusts, its header is read where they say so.
    const proxied = await shopOn({ clientIp: (c) => c.req.header("x-forwarded-for")?.split(",")[0]?.trim() });
    expect((await proxied({ "x-forwarded-for": OPENAI_IP })).status).toBe(200);
    expect((await proxied({ "x-forwarded-for": ELSEWHERE_IP })).status).toBe(403);
  });
});

describe("a document the collector must not trust", () => {
  it("is refused when its signature, domain or version is wrong, and the last good one stays", async () => {
    const svc = await startPolicyService();
    closers.push(svc.close);
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    const errors: string[] = [];
    let tamper: ((body: string, headers: Headers) => [string, Headers]) | null = null;
    let signedTamper: ((body: string, headers: Headers) => Promise<[string, Headers]>) | null = null;
    const proxied: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if ((!tamper && !signedTamper) || res.status !== 200) return res;
      const text = await res.text();
      const headers = new Headers(res.headers);
      const [body, h] = signedTamper
        ? await signedTamper(text, headers)
        : (tamper as NonNullable<typeof tamper>)(text, headers);
      return new Response(body, { status: 200, headers: h });
    };
    const collector = new Collector({
      endpoint: svc.url,
      key: POLICY_KEY,
      domain: "shop.example",
      flushIntervalMs: 0,
      fetch: proxied,
      policy: { refreshMs: 0 },
      onError: (e) => errors.push(e.message),
    });
    const client = collector.policy?.client;
    await client?.refresh();
    expect(client?.status().version).toBe(1);
    const verdict = () => client?.current()?.decide(GPTBOT, OPENAI_IP, "/")?.blocked;
    expect(verdict()).toBe("policy");

    // Altered on the way: GPTBot's block turned into an allow.
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    tamper = (body, headers) => [body.replaceAll('"block"', '"allow"'), headers];
    await client?.refresh();
    expect(errors.at(-1)).toContain("signature does not verify");
    expect(verdict()).toBe("policy");
    // Another key's signature (another tenant's document replayed here).
    tamper = (body, headers) => {
      headers.set("x-policy-signature", "v1=AAAA");
      return [body, headers];
    };
    await client?.refresh();
    expect(errors.at(-1)).toContain("signature does not verify");
    expect(client?.status().version).toBe(1);
    // Signed right, but for another site, or older than the one in force.
    const resign = (edit: (doc: Record<string, unknown>) => void) => async (body: string, headers: Headers) => {
      const doc = JSON.parse(body) as Record<string, unknown>;
      edit(doc);
      const text = JSON.stringify(doc);
      headers.set("x-policy-signature", await signPolicyDocument(text, POLICY_KEY));
      return [text, headers] as [string, Headers];
    };
    signedTamper = resign((doc) => {
      doc.domain = "other.example";
    });
    await client?.refresh();
    expect(errors.at(-1)).toBe("policy: the document is for other.example, not shop.example");
    signedTamper = null;
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    tamper = null;
    await client?.refresh();
    expect(client?.status().version).toBe(3);
    // A newer document, rewritten to claim an older version (a replay).
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    signedTamper = resign((doc) => {
      doc.version = 2;
    });
    await client?.refresh();
    expect(errors.at(-1)).toBe("policy: refused version 2, older than 3");
    signedTamper = null;
    // Not JSON at all: refused, nothing changes, no one is blocked for it.
    tamper = (_body, headers) => ["<html>", headers];
    await client?.refresh();
    expect(verdict()).toBe("policy");
    expect(client?.current()?.decide(BROWSERS[0], OPENAI_IP, "/")).toBeNull();
  });

  it("enforces nothing before its first good document, so an unreachable service blocks no one", async () => {
    const errors: string[] = [];
    const collector = new Collector({
      endpoint: "http://127.0.0.1:9",
      key: POLICY_KEY,
      domain: "shop.example",
      flushIntervalMs: 0,
      policy: true,
      onError: (e) => errors.push(e.message),
    });
    await collector.policy?.client.refresh();
    expect(errors.at(-1)).toMatch(/^policy: /);
    const gate = collector.policy?.check({
      method: "GET",
      url: "https://shop.example/",
      status: 0,
      header: (n) => (n === "user-agent" ? GPTBOT : null),
      ip: OPENAI_IP,
      pathAndQuery: "/",
      host: "shop.example",
    });
    expect(gate?.answer).toBeNull();
  });

  it("without a configured domain, is not held on a forged first Host: the site is learned when a document confirms it", async () => {
    const svc = await startPolicyService();
    closers.push(svc.close);
    svc.setPolicy({ defaults: ALLOW_ALL, agents: [{ agent: "GPTBot", action: "block" }] });
    let now = 1_800_000_000_000;
    const errors: string[] = [];
    const collector = new Collector({
      endpoint: svc.url,
      key: POLICY_KEY,
      flushIntervalMs: 0,
      now: () => now,
      policy: { refreshMs: 60_000, retryBaseMs: 5_000 },
      onError: (e) => errors.push(e.message),
    });
    const gate = collector.policy;
    const ask = (host: string) =>
      gate?.check({
        method: "GET",
        url: `https://${host}/`,
        status: 0,
        header: (n) => (n === "user-agent" ? GPTBOT : null),
        ip: OPENAI_IP,
        pathAndQuery: "/",
        host,
      });
    // The first request names a site the service does not know: refused, nothing enforced.
    await ask("evil.example")?.refresh;
    expect(errors.at(-1)).toBe("policy: the service answered 404");
    expect(gate?.client.status().version).toBeNull();
    // Before the retry is due, no fetch; when it is, the request then names the site.
    expect(ask("shop.example")?.refresh).toBeNull();
    now += 5_000;
    await ask("shop.example")?.refresh;
    expect(gate?.client.status().version).toBe(1);
    expect(ask("shop.example")?.answer?.status).toBe(403);
    // Confirmed: a later forged Host changes nothing.
    now += 60_000;
    await ask("evil.example")?.refresh;
    expect(gate?.client.status()).toMatchObject({ version: 1, failures: 0 });
    // The site's document fetched, then confirmed: the later forged Host was not asked for.
    expect(svc.fetches).toHaveLength(2);
  });
});
