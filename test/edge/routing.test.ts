import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { upstreamFor } from "../../workers/edge/routes";

describe("edge routing", () => {
  it("maps each public path to the Worker that owns it", () => {
    expect(upstreamFor("/")).toBe("SCAN");
    expect(upstreamFor("/api/scan")).toBe("SCAN");
    expect(upstreamFor("/api/scan/5b0e2d4c-1111-4a4a-8a8a-000000000000")).toBe("SCAN");
    expect(upstreamFor("/api/v1/openapi.json")).toBe("V1");
    expect(upstreamFor("/api/v1")).toBe("V1");
    expect(upstreamFor("/mcp")).toBe("V1");
    expect(upstreamFor("/sdk/agent.js")).toBe("INGEST");
    expect(upstreamFor("/ingest/beacon")).toBe("INGEST");
    expect(upstreamFor("/app")).toBe("APP");
    expect(upstreamFor("/app/settings/api-keys")).toBe("APP");
    expect(upstreamFor("/scan/5b0e2d4c-1111-4a4a-8a8a-000000000000")).toBe("SCAN");
    expect(upstreamFor("/scan/latest/shop.example")).toBe("SCAN");
    expect(upstreamFor("/badge/shop.example.svg")).toBe("SCAN");
  });

  it("does not match look-alike prefixes", () => {
    expect(upstreamFor("/api/scanner")).toBeNull();
    expect(upstreamFor("/api/v10/sites")).toBeNull();
    expect(upstreamFor("/favicon.ico")).toBeNull();
    expect(upstreamFor("/apple")).toBeNull();
    expect(upstreamFor("/scanner")).toBeNull();
    expect(upstreamFor("/badges")).toBeNull();
  });

  it("forwards to the upstream and propagates the caller's request id", async () => {
    const res = await exports.default.fetch("https://agents.example/api/v1/sites", {
      headers: { "X-Request-Id": "client-abc-123" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBe("client-abc-123");
    expect(await res.json()).toMatchObject({ upstream: "V1", path: "/api/v1/sites", requestId: "client-abc-123" });
  });

  it("mints a request id when none is given and passes the same one upstream", async () => {
    const res = await exports.default.fetch("https://agents.example/ingest/beacon", { method: "POST", body: "{}" });
    const body = (await res.json()) as { upstream: string; requestId: string };
    expect(body.upstream).toBe("INGEST");
    expect(res.headers.get("X-Request-Id")).toBe(body.requestId);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown paths 404 in the error shape, with a request id", async () => {
    const res = await exports.default.fetch("https://agents.example/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "No route for GET /does-not-exist", code: "not_found" });
  });

  it("answers /favicon.ico itself with an SVG icon, so no page view logs a 404", async () => {
    const res = await exports.default.fetch("https://agents.example/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(svg).toMatch(/<\/svg>$/);
    const post = await exports.default.fetch("https://agents.example/favicon.ico", { method: "POST" });
    expect(post.status).toBe(405);
  });

  it("answers another method on the edge's own documents 405 with Allow, not 404", async () => {
    for (const path of ["/openapi.json", "/robots.txt", "/llms.txt", "/.well-known/api-catalog"]) {
      const res = await exports.default.fetch(`https://agents.example${path}`, { method: "POST", body: "{}" });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("Allow"), path).toBe("GET, HEAD");
      expect(res.headers.get("X-Request-Id"), path).toBeTruthy();
      expect(await res.json(), path).toEqual({ error: "Method POST is not allowed here", code: "method_not_allowed" });
    }
    // Paths the edge forwards are the product Worker's to judge, whatever the method.
    const forwarded = await exports.default.fetch("https://agents.example/api/v1/sites", { method: "DELETE" });
    expect(await forwarded.json()).toMatchObject({ upstream: "V1", path: "/api/v1/sites" });
    const unknown = await exports.default.fetch("https://agents.example/does-not-exist", { method: "POST" });
    expect(unknown.status).toBe(404);
  });

  it("fans /__scheduled out to every Worker with the cron expression", async () => {
    const res = await exports.default.fetch("https://agents.example/__scheduled?cron=*/5%20*%20*%20*%20*");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; workers: { worker: string; cron: string }[] };
    expect(body.ok).toBe(true);
    expect(body.workers.map((w) => [w.worker, w.cron])).toEqual([
      ["SCAN", "*/5 * * * *"],
      ["INGEST", "*/5 * * * *"],
      ["V1", "*/5 * * * *"],
      ["APP", "*/5 * * * *"],
    ]);
  });

  it("passes the app Worker's `at` time on to every Worker unchanged", async () => {
    const at = "2026-11-30T01:00:00Z";
    const res = await exports.default.fetch(
      `https://agents.example/__scheduled?cron=7%20*%20*%20*%20*&at=${encodeURIComponent(at)}`,
    );
    const body = (await res.json()) as { workers: { cron: string; at: string | null }[] };
    expect(body.workers.map((w) => [w.cron, w.at])).toEqual(Array(4).fill(["7 * * * *", at]));
    const without = (await (await exports.default.fetch("https://agents.example/__scheduled")).json()) as typeof body;
    expect(without.workers.map((w) => [w.cron, w.at])).toEqual(Array(4).fill([null, null]));
  });
});
