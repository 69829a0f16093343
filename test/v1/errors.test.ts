import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";

const BASE = "http://x";

async function writer(workspace: string) {
  return createTestKey(env, { workspace, scopes: ["sites:write", "traffic:read"] });
}

function postSites(headers: Record<string, string>, body: string, extra: Record<string, string> = {}) {
  return exports.default.fetch(`${BASE}/api/v1/sites`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json", ...extra },
    body,
  });
}

describe("v1 error codes (docs/decisions.md#2-v1-errors) on the site routes", () => {
  it("invalid_request: a body that is not JSON", async () => {
    const k = await writer("err-json");
    const res = await postSites(k.headers, "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request" });
  });

  it("invalid_request (never a 500): a body sent as text/plain or without Content-Type", async () => {
    const k = await writer("err-ctype");
    const body = JSON.stringify({ domain: "ctype.example" });
    for (const headers of [{ ...k.headers, "Content-Type": "text/plain" }, k.headers]) {
      const res = await exports.default.fetch(`${BASE}/api/v1/sites`, { method: "POST", headers, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "Send the body as JSON with Content-Type: application/json",
        code: "invalid_request",
      });
    }
  });

  it("invalid_request: an empty body, an array, a number where the domain goes", async () => {
    const k = await writer("err-shapes");
    for (const body of ["", "[]", '{"domain": 5}']) {
      const res = await postSites(k.headers, body);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toMatchObject({ code: "invalid_request" });
    }
  });

  it("invalid_request: names the failing field and why", async () => {
    const k = await writer("err-field");
    const res = await postSites(k.headers, JSON.stringify({ name: "no domain" }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string; details: { field: string; message: string }[] };
    expect(body.code).toBe("invalid_request");
    expect(body.details.map((d) => d.field)).toEqual(["json.domain"]);
    expect(body.error).toContain("json.domain");
  });

  it("invalid_request: a domain longer than 253 characters is refused by the schema", async () => {
    const k = await writer("err-long");
    const res = await postSites(k.headers, JSON.stringify({ domain: `${"a".repeat(250)}.com` }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request" });
  });

  it("invalid_domain: a scheme, a path, a port, an IP literal", async () => {
    const k = await writer("err-domain");
    for (const domain of ["https://shop.example", "shop.example/x", "shop.example:443", "192.168.1.1", "[::1]"]) {
      const res = await postSites(k.headers, JSON.stringify({ domain }));
      expect(res.status, domain).toBe(400);
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code, domain).toBe("invalid_domain");
      expect(body.error.length).toBeGreaterThan(0);
    }
  });

  it("public_suffix: an ICANN suffix and a private hosting suffix", async () => {
    const k = await writer("err-suffix");
    for (const domain of ["com.au", "www.myshopify.com"]) {
      const res = await postSites(k.headers, JSON.stringify({ domain }));
      expect(res.status, domain).toBe(400);
      expect(await res.json()).toMatchObject({ code: "public_suffix" });
    }
  });

  it("payload_too_large: a body over 16 KiB, before it is parsed", async () => {
    const k = await writer("err-size");
    const res = await postSites(k.headers, JSON.stringify({ domain: "big.example", name: "x".repeat(20_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("not_found and method_not_allowed, with X-Request-Id", async () => {
    const k = await writer("err-route");
    const missing = await exports.default.fetch(`${BASE}/api/v1/nowhere`, { headers: k.headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });
    const wrong = await exports.default.fetch(`${BASE}/api/v1/sites`, { method: "DELETE", headers: k.headers });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")?.split(", ").sort()).toEqual(["GET", "HEAD", "POST"]);
    expect(wrong.headers.get("X-Request-Id")).toBeTruthy();
    expect(await wrong.json()).toMatchObject({ code: "method_not_allowed" });
  });

  it("rate-limit headers ride on error answers too", async () => {
    const k = await writer("err-headers");
    const res = await postSites(k.headers, JSON.stringify({ domain: "co.uk" }));
    expect(res.status).toBe(400);
    expect(res.headers.get("X-RateLimit-Limit")).toBe("120");
    expect(res.headers.get("X-RateLimit-Used")).toBe("1");
  });

  it("internal_error: a failing database answers 500 without leaking the cause", async () => {
    const { buildApp } = await import("../../workers/v1/app");
    const k = await writer("err-500");
    const brokenDb = {
      prepare() {
        throw new Error("D1_ERROR: secret internals");
      },
    };
    const res = await buildApp().request("/api/v1/sites", { headers: k.headers }, { ...env, DB: brokenDb });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Internal error", code: "internal_error" });
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("passes requests without rate-limit headers when the limiter cannot be reached", async () => {
    const { buildApp } = await import("../../workers/v1/app");
    const k = await writer("err-no-do");
    const brokenLimiter = {
      idFromName() {
        throw new Error("durable object unavailable");
      },
    };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
    const res = await buildApp().request(
      "/api/v1/sites",
      { headers: k.headers },
      { ...env, RATE_WINDOW: brokenLimiter },
      ctx as unknown as ExecutionContext,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-RateLimit-Limit")).toBeNull();
  });

  it("the local admin routes answer 404 unless ADMIN_ROUTES is 1", async () => {
    const { buildApp } = await import("../../workers/v1/app");
    const app = buildApp();
    const prodEnv = { ...env, ADMIN_ROUTES: "" };
    const res = await app.request(
      "/__admin/keys",
      { method: "POST", body: JSON.stringify({ workspace: "x" }), headers: { "Content-Type": "application/json" } },
      prodEnv,
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
    const get = await app.request("/__admin/keys", {}, prodEnv);
    expect(get.status).toBe(404);
  });
});
