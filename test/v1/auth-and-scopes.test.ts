import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { SCOPES, type Scope } from "../../shared/vocabulary/scopes";
import { createTestKey } from "../helpers/api-keys";

const BASE = "http://x";

// Each of this worker's site/identity operations and the scope it needs (contract
// Endpoints table, docs/decisions.md#5-traffic-reports and §10).
const operations: { name: string; scope: Scope | null; method: string; path: string; body?: unknown }[] = [
  { name: "whoami", scope: null, method: "GET", path: "/api/v1/whoami" },
  { name: "listSites", scope: "traffic:read", method: "GET", path: "/api/v1/sites" },
  { name: "registerSite", scope: "sites:write", method: "POST", path: "/api/v1/sites", body: { domain: "s.example" } },
  {
    name: "updateSite",
    scope: "sites:write",
    method: "PATCH",
    path: "/api/v1/sites/site_missing",
    body: { coverage: "all_traffic" },
  },
];

function call(op: (typeof operations)[number], headers: Record<string, string>) {
  return exports.default.fetch(`${BASE}${op.path}`, {
    method: op.method,
    headers: { ...headers, "Content-Type": "application/json" },
    body: op.body === undefined ? undefined : JSON.stringify(op.body),
  });
}

describe("authentication: 401 unauthorized with WWW-Authenticate", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["no Authorization header", {}, 'Bearer realm="api"'],
    ["a Basic credential", { Authorization: "Basic dXNlcjpwYXNz" }, 'Bearer realm="api", error="invalid_token"'],
    ["a malformed bearer token", { Authorization: "Bearer not-a-key" }, 'Bearer realm="api", error="invalid_token"'],
    [
      "an unknown well-formed key",
      { Authorization: `Bearer ar_live_${"A".repeat(40)}` },
      'Bearer realm="api", error="invalid_token"',
    ],
    ["an empty bearer", { Authorization: "Bearer " }, 'Bearer realm="api", error="invalid_token"'],
  ];
  for (const op of operations) {
    it.each(cases)(`${op.name}: refuses %s`, async (_label, headers, challenge) => {
      const res = await call(op, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe(challenge);
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code).toBe("unauthorized");
      expect(body.error.length).toBeGreaterThan(0);
    });
  }

  it("refuses a revoked key", async () => {
    const k = await createTestKey(env, { workspace: "revoked", scopes: ["traffic:read"] });
    expect((await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: k.headers })).status).toBe(200);
    const revoke = await exports.default.fetch(`http://localhost/__admin/keys/${k.keyId}/revoke`, { method: "POST" });
    expect(revoke.status).toBe(200);
    const res = await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: k.headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
  });

  it("accepts the scheme name in any case (RFC 9110 §11.1)", async () => {
    const k = await createTestKey(env, { workspace: "case", scopes: [] });
    const res = await exports.default.fetch(`${BASE}/api/v1/whoami`, { headers: { Authorization: `bearer ${k.key}` } });
    expect(res.status).toBe(200);
  });

  it("stores only the SHA-256 of the key, never the key", async () => {
    const k = await createTestKey(env, { workspace: "hash", scopes: [] });
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(k.keyId)
      .first<Record<string, unknown>>();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(k.key));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(row?.key_hash).toBe(hex);
    expect(JSON.stringify(row)).not.toContain(k.key);
  });

  it("moves last_used_at on use, at most once a minute", async () => {
    const k = await createTestKey(env, { workspace: "last-used", scopes: [] });
    const read = () =>
      env.DB.prepare("SELECT last_used_at AS t FROM api_keys WHERE id = ?").bind(k.keyId).first<{ t: number | null }>();
    expect((await read())?.t).toBeNull();
    await exports.default.fetch(`${BASE}/api/v1/whoami`, { headers: k.headers });
    await vi.waitUntil(async () => (await read())?.t !== null, { timeout: 5_000 });
    const first = (await read())?.t;
    await exports.default.fetch(`${BASE}/api/v1/whoami`, { headers: k.headers });
    await new Promise((r) => setTimeout(r, 50));
    expect((await read())?.t).toBe(first);
  });
});

describe("scopes: 403 insufficient_scope at each boundary", () => {
  for (const op of operations.filter((o) => o.scope !== null)) {
    const needed = op.scope as Scope;
    it(`${op.name} refuses a key holding every scope but ${needed}`, async () => {
      const k = await createTestKey(env, { workspace: `scope-${op.name}`, scopes: SCOPES.filter((s) => s !== needed) });
      const res = await call(op, k.headers);
      expect(res.status).toBe(403);
      expect(res.headers.get("WWW-Authenticate")).toContain(`scope="${needed}"`);
      expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
      // The refusal still counts and says so (rate limit runs before the scope check).
      expect(res.headers.get("X-RateLimit-Used")).toBe("1");
    });

    it(`${op.name} admits a key holding only ${needed}`, async () => {
      const k = await createTestKey(env, { workspace: `scope-only-${op.name}`, scopes: [needed] });
      const res = await call(op, k.headers);
      expect([200, 201, 404]).toContain(res.status);
      if (res.status === 404) expect(await res.json()).toMatchObject({ code: "site_not_found" });
    });
  }

  it("the provisioning preset is exactly sites:write + traffic:read, and cannot read conversions", async () => {
    const res = await exports.default.fetch(`http://localhost/__admin/keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workspace: "preset", preset: "provisioning" }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { key: string; scopes: string[] };
    expect(created.scopes).toEqual(["sites:write", "traffic:read"]);
    const conv = await exports.default.fetch(`${BASE}/api/v1/conversions`, {
      headers: { Authorization: `Bearer ${created.key}` },
    });
    expect(conv.status).toBe(403);
    expect(await conv.json()).toMatchObject({ code: "insufficient_scope" });
  });
});
