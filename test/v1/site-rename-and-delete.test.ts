import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey, type TestKey } from "../helpers/api-keys";
import { inShard } from "../helpers/shard";

// PATCH /api/v1/sites/{site_id} with `name`, and DELETE /api/v1/sites/{site_id} (by id
// or by domain): the use cases of shared/sites/, with their refusals.

const BASE = "http://api.test";

function call(k: TestKey, method: string, path: string, body?: unknown) {
  return exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function register(k: TestKey, domain: string) {
  const res = await call(k, "POST", "/api/v1/sites", { domain });
  return (await res.json()) as { site_id: string; public_token: string };
}

describe("PATCH /api/v1/sites/{site_id}", () => {
  it("renames a site by id or domain, keeps its domain and coverage, and refuses an empty body", async () => {
    const k = await createTestKey(env, { workspace: "rename", scopes: ["sites:write", "traffic:read"] });
    const { site_id } = await register(k, "rename.example");
    const byId = await call(k, "PATCH", `/api/v1/sites/${site_id}`, { name: "Renamed" });
    expect(byId.status).toBe(200);
    expect(await byId.json()).toMatchObject({
      site_id,
      domain: "rename.example",
      name: "Renamed",
      coverage: "all_traffic",
      coverage_changed_at: null,
    });
    const byDomain = await call(k, "PATCH", "/api/v1/sites/rename.example", { name: "Again" });
    expect(await byDomain.json()).toMatchObject({ site_id, name: "Again" });

    const empty = await call(k, "PATCH", `/api/v1/sites/${site_id}`, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe("invalid_request");
    const blank = await call(k, "PATCH", `/api/v1/sites/${site_id}`, { name: "   " });
    expect(blank.status).toBe(400);
  });
});

describe("DELETE /api/v1/sites/{site_id}", () => {
  it("deletes a site with its traffic, frees its domain, and answers 404 afterwards", async () => {
    const k = await createTestKey(env, { workspace: "delete", scopes: ["sites:write", "traffic:read"] });
    const { site_id, public_token } = await register(k, "gone.example");
    // Traffic in the site's shard, as the rollup writes it.
    await inShard(env.ANALYTICS_SHARD, site_id, async (db) => {
      await db.prepare("INSERT INTO stale_days (site_id, day) VALUES (?1, '2026-01-01')").bind(site_id).run();
    });

    const deleted = await call(k, "DELETE", `/api/v1/sites/${site_id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("X-Request-Id")).toBeTruthy();
    const left = await inShard(env.ANALYTICS_SHARD, site_id, async (db) =>
      db.prepare("SELECT count(*) AS n FROM stale_days").first<{ n: number }>(),
    );
    expect(left?.n).toBe(0);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM sites WHERE public_token = ?")
      .bind(public_token)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);

    const again = await call(k, "DELETE", `/api/v1/sites/${site_id}`);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe("site_not_found");
    // Registering the domain again is a new, empty site.
    const fresh = await register(k, "gone.example");
    expect(fresh.site_id).not.toBe(site_id);
    expect(fresh.public_token).not.toBe(public_token);
  });

  it("deletes by registered domain; another workspace's site answers exactly like a missing one", async () => {
    const a = await createTestKey(env, { workspace: "del-a", scopes: ["sites:write", "traffic:read"] });
    const b = await createTestKey(env, { workspace: "del-b", scopes: ["sites:write", "traffic:read"] });
    const { site_id } = await register(a, "owned.example");
    const foreign = await call(b, "DELETE", `/api/v1/sites/${site_id}`);
    const foreignByDomain = await call(b, "DELETE", "/api/v1/sites/owned.example");
    const missing = await call(b, "DELETE", "/api/v1/sites/site_never_existed");
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
    expect(foreignByDomain.status).toBe(404);
    expect((await call(a, "DELETE", "/api/v1/sites/WWW.Owned.Example")).status).toBe(204);
  });

  it("needs sites:write", async () => {
    const reader = await createTestKey(env, { workspace: "del-reader", scopes: ["traffic:read"] });
    const res = await call(reader, "DELETE", "/api/v1/sites/any.example");
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("insufficient_scope");
  });
});
