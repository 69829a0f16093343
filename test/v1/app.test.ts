import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RateWindow } from "../../shared/rate-limit/rate-window";

describe("v1 Worker app (workers/v1/app.ts): OpenAPI document, 404, 405, rate windows", () => {
  it("serves an OpenAPI 3.1 document with the bearer scheme", async () => {
    const res = await exports.default.fetch("http://x/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const doc = (await res.json()) as { openapi: string; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("answers unknown v1 paths 404 not_found with a request id", async () => {
    const res = await exports.default.fetch("http://x/api/v1/nothing-here", {
      headers: { "X-Request-Id": "trace-0001" },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Request-Id")).toBe("trace-0001");
    expect(await res.json()).toEqual({ error: "No route for GET /api/v1/nothing-here", code: "not_found" });
  });

  it("answers a wrong method on a known path 405 method_not_allowed with Allow", async () => {
    const res = await exports.default.fetch("http://x/api/v1/openapi.json", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed" });
  });

  it("lets exactly `limit` of 150 concurrent hits through one RateWindow", async () => {
    const stub = env.RATE_WINDOW.get(env.RATE_WINDOW.idFromName("key_concurrency"));
    const specs = [{ name: "minute", limit: 120, periodSeconds: 60 }];
    const now = Date.UTC(2026, 10, 21, 12, 0, 5);
    const results = await Promise.all(Array.from({ length: 150 }, () => stub.hit(specs, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(120);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfter === 55)).toBe(true);
    const stored = await runInDurableObject(stub, (instance: RateWindow, state) => {
      void instance;
      return [...state.storage.kv.list()];
    });
    expect(stored).toEqual([[`minute:60:${Date.UTC(2026, 10, 21, 12, 0, 0)}`, 120]]);
  });
});
