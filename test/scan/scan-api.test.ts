import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PER_DOMAIN, PER_IP } from "../../workers/scan/scan-rate-limit";
import { completeOf, getScan, postScan } from "./scan-client";

async function post(body: string, ip = "192.0.2.50"): Promise<Response> {
  return exports.default.fetch("http://scan.local/api/scan", {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
    body,
  });
}

describe("POST /api/scan input errors", () => {
  it("answers a body that is not JSON with 400 Invalid JSON body and a request id", async () => {
    const res = await post("{domain:");
    expect(res.status).toBe(400);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(await res.json()).toEqual({ error: "Invalid JSON body" });
  });

  it("prompts for a valid domain when it is missing, empty, too long, a URL or an IP", async () => {
    for (const body of [
      "{}",
      '{"domain":""}',
      '{"domain":42}',
      JSON.stringify({ domain: `${"a".repeat(250)}.com` }),
      '{"domain":"https://shop.example/"}',
      '{"domain":"127.0.0.1"}',
      "[]",
    ]) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      const json = (await res.json()) as { error: string };
      expect(json.error, body).toMatch(/^Please enter a valid domain, such as example\.com/);
      expect(Object.keys(json)).toEqual(["error"]);
    }
  });

  it("refuses internal names and names without a public suffix before any fetch or rate-limit slot", async () => {
    for (const [domain, reason] of [
      ["metadata.google.internal", "is a local or internal name"],
      ["printer.local", "is a local or internal name"],
      ["unmapped-shop.test", "does not end in a public suffix"],
      ["co.uk", "does not end in a public suffix"],
    ]) {
      const res = await post(JSON.stringify({ domain }), "192.0.2.51");
      expect(res.status, domain).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error, domain).toMatch(/^Please enter a valid domain, such as example\.com \(/);
      expect(error, domain).toContain(reason);
    }
    const ipLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-ip:192.0.2.51"));
    expect((await ipLimiter.peek(PER_IP)).windows[0].used).toBe(0);
  });

  it("refuses bodies over 4 KB without reading them whole", async () => {
    const res = await post(JSON.stringify({ domain: "a.example", pad: "x".repeat(5000) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/limited to 4096 bytes/);
  });
});

describe("GET /api/scan/{id}", () => {
  it("answers a malformed id with 400 Invalid scan ID", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan/not-a-uuid");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid scan ID" });
  });

  it("answers an unknown id with 404 Scan not found", async () => {
    const res = await exports.default.fetch("http://scan.local/api/scan/7b0e9a4c-2f1d-4c3e-9a8b-1c2d3e4f5a6b");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Scan not found" });
  });

  it("serves a stored scan with a public cache directive", async () => {
    const { events } = await postScan("js-shell.test", "192.0.2.60");
    const { id } = completeOf(events);
    const res = await exports.default.fetch(`http://scan.local/api/scan/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id, domain: "js-shell.test", seenCount: 1 });
    expect(body.createdAt).toBe(body.lastSeenAt);
    expect(new Date(body.createdAt as string).toISOString()).toBe(body.createdAt);
  });
});

describe("de-duplication", () => {
  it("returns the earlier id for an identical repeat, counting it and refreshing lastSeenAt", async () => {
    const first = completeOf((await postScan("good-shop.test", "192.0.2.70")).events);
    const before = await getScan(first.id);
    // From another address: the same client's repeat within the replay window is replayed, not rescanned.
    const second = completeOf((await postScan("good-shop.test", "192.0.2.71")).events);
    expect(second.id).toBe(first.id);
    const after = await getScan(first.id);
    expect(after.seenCount).toBe(2);
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(before.lastSeenAt));
    // The first scan's messages and evidence are kept.
    expect(after.checkResults).toEqual(before.checkResults);
  });

  it("merges concurrent identical scans into one row atomically", async () => {
    const results = await Promise.all([
      postScan("challenge-shop.test", "192.0.2.80"),
      postScan("challenge-shop.test", "192.0.2.81"),
      postScan("challenge-shop.test", "192.0.2.82"),
    ]);
    const ids = new Set(results.map((r) => completeOf(r.events).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect((await getScan(id)).seenCount).toBe(3);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM scans WHERE domain = ?")
      .bind("challenge-shop.test")
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("keeps different result sets apart", async () => {
    const a = completeOf((await postScan("js-shell.test", "192.0.2.90")).events);
    const b = completeOf((await postScan("challenge-shop.test", "192.0.2.90")).events);
    expect(a.id).not.toBe(b.id);
  });
});

describe("rate limits", () => {
  it("allows 10 scans per hour per client IP, then 429 with Retry-After and the limit headers", async () => {
    const ip = "203.0.113.200";
    const limiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName(`scan-ip:${ip}`));
    for (let i = 0; i < 9; i++) expect((await limiter.hit(PER_IP)).allowed).toBe(true);
    const tenth = await postScan("js-shell.test", ip);
    expect(tenth.res.status).toBe(200);
    expect(tenth.res.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(tenth.res.headers.get("X-RateLimit-Limit")).toBe("10");
    // Another domain: a repeat of js-shell.test would be replayed (scan-stream-replay.test.ts).
    const eleventh = await post('{"domain":"good-shop.test"}', ip);
    expect(eleventh.status).toBe(429);
    const body = (await eleventh.json()) as { error: string };
    expect(body.error).toMatch(/^Too many scans/);
    const retryAfter = Number(eleventh.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(eleventh.headers.get("X-RateLimit-Limit")).toBe("10");
    expect(eleventh.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(Number(eleventh.headers.get("X-RateLimit-Reset"))).toBeGreaterThan(Date.now() / 1000);
    // Both windows are hit at once: the domain's hit is given back when the IP refuses.
    const domainLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:good-shop.test"));
    const domainUsed = (await domainLimiter.peek(PER_DOMAIN)).windows[0].used;
    const again = await post('{"domain":"good-shop.test"}', ip);
    expect(again.status).toBe(429);
    expect((await domainLimiter.peek(PER_DOMAIN)).windows[0].used).toBe(domainUsed);
  });

  it("allows 5 scans per hour per normalised domain from any address, without spending the caller's IP budget", async () => {
    const domainLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-domain:limited.example.com"));
    for (let i = 0; i < 5; i++) expect((await domainLimiter.hit(PER_DOMAIN)).allowed).toBe(true);
    const res = await post('{"domain":"WWW.Limited.Example.Com."}', "203.0.113.201");
    expect(res.status).toBe(429);
    expect(res.headers.get("X-RateLimit-Limit")).toBe("5");
    expect(((await res.json()) as { error: string }).error).toContain("limited.example.com");
    const ipLimiter = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("scan-ip:203.0.113.201"));
    expect((await ipLimiter.peek(PER_IP)).windows[0].used).toBe(0);
  });
});
