import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey, type TestKey } from "../helpers/api-keys";

const BASE = "http://x";

function register(k: TestKey, domain: string) {
  return exports.default.fetch(`${BASE}/api/v1/sites`, {
    method: "POST",
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: JSON.stringify({ domain }),
  });
}

type Page = {
  sites: { site_id: string; domain: string; created_at: string }[];
  total: number;
  capped: boolean;
  next_cursor: string | null;
};

async function page(k: TestKey, query: string): Promise<Page> {
  const res = await exports.default.fetch(`${BASE}/api/v1/sites${query}`, { headers: k.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

/**
 * Inserts `n` sites straight into D1 with distinct, increasing created_at: filling a
 * workspace to near its 1,000-site ceiling through registerSite (test/helpers/seed.ts)
 * would cost a D1 round trip per site, and the registration path is what these tests probe.
 */
async function seedSites(workspaceId: string, n: number, startMs: number) {
  const stmt = env.DB.prepare(
    "INSERT INTO sites (id, workspace_id, domain, name, public_token, coverage, created_at) VALUES (?, ?, ?, ?, ?, 'all_traffic', ?)",
  );
  const rows = Array.from({ length: n }, (_, i) =>
    stmt.bind(
      `site_seed_${workspaceId}_${i}`,
      workspaceId,
      `seed${i}.example`,
      `seed ${i}`,
      `pt_seed_${workspaceId}_${i}`,
      startMs + i,
    ),
  );
  for (let i = 0; i < rows.length; i += 500) await env.DB.batch(rows.slice(i, i + 500));
}

describe("GET /api/v1/sites paging", { timeout: 30_000 }, () => {
  it("pages newest first with no repeats or drops while sites are registered between pages", async () => {
    const k = await createTestKey(env, { workspace: "paging", scopes: ["traffic:read", "sites:write"] });
    // Seven sites one millisecond apart, oldest seed0.
    await seedSites(k.workspaceId, 7, Date.UTC(2026, 0, 1));

    const first = await page(k, "?limit=3");
    expect(first.sites.map((s) => s.domain)).toEqual(["seed6.example", "seed5.example", "seed4.example"]);
    expect(first.total).toBe(7);
    expect(first.capped).toBe(true);
    expect(first.next_cursor).not.toBeNull();

    // Two registrations land between pages; they are newer than every seeded site.
    expect((await register(k, "late1.example")).status).toBe(201);
    expect((await register(k, "late2.example")).status).toBe(201);

    const second = await page(k, `?limit=3&cursor=${encodeURIComponent(first.next_cursor ?? "")}`);
    expect(second.sites.map((s) => s.domain)).toEqual(["seed3.example", "seed2.example", "seed1.example"]);
    expect(second.total).toBe(9);

    const third = await page(k, `?limit=3&cursor=${encodeURIComponent(second.next_cursor ?? "")}`);
    expect(third.sites.map((s) => s.domain)).toEqual(["seed0.example"]);
    expect(third.next_cursor).toBeNull();
    expect(third.capped).toBe(false);

    // A fresh walk sees the two late sites first.
    const fresh = await page(k, "?limit=2");
    expect(fresh.sites.map((s) => s.domain).sort()).toEqual(["late1.example", "late2.example"]);
  });

  it("defaults to pages of 100 and refuses limits outside 1-100", async () => {
    const k = await createTestKey(env, { workspace: "paging-limit", scopes: ["traffic:read"] });
    await seedSites(k.workspaceId, 101, Date.UTC(2026, 0, 2));
    const all = await page(k, "");
    expect(all.sites).toHaveLength(100);
    expect(all.total).toBe(101);
    for (const bad of ["0", "101", "abc", "1.5"]) {
      const res = await exports.default.fetch(`${BASE}/api/v1/sites?limit=${bad}`, { headers: k.headers });
      expect(res.status, bad).toBe(400);
      const body = (await res.json()) as { code: string; details: { field: string }[] };
      expect(body.code).toBe("invalid_request");
      expect(body.details[0].field).toBe("query.limit");
    }
  });

  it("answers invalid_cursor for a forged, edited or foreign cursor", async () => {
    const a = await createTestKey(env, { workspace: "cursor-a", scopes: ["traffic:read"] });
    const b = await createTestKey(env, { workspace: "cursor-b", scopes: ["traffic:read"] });
    await seedSites(a.workspaceId, 3, Date.UTC(2026, 0, 3));
    const cursor = (await page(a, "?limit=1")).next_cursor ?? "";
    const edited = `${cursor.slice(0, -2)}${cursor.endsWith("AA") ? "BB" : "AA"}`;
    for (const [who, bad] of [
      [a, "bm90LWEtY3Vyc29y"],
      [a, edited],
      [b, cursor],
    ] as const) {
      const res = await exports.default.fetch(`${BASE}/api/v1/sites?cursor=${encodeURIComponent(bad)}`, {
        headers: who.headers,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_cursor" });
    }
  });
});

// Seeding 999 rows takes a while on a loaded machine.
describe("the 1,000-site ceiling", { timeout: 60_000 }, () => {
  it("creates the 1,000th site, refuses the 1,001st with limit_reached, and still answers existing domains", async () => {
    const k = await createTestKey(env, { workspace: "ceiling", scopes: ["traffic:read", "sites:write"] });
    await seedSites(k.workspaceId, 999, Date.UTC(2026, 0, 4));

    const thousandth = await register(k, "number-1000.example");
    expect(thousandth.status).toBe(201);

    const over = await register(k, "number-1001.example");
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({ code: "limit_reached" });

    const existing = await register(k, "seed5.example");
    expect(existing.status).toBe(200);
    expect(await existing.json()).toMatchObject({ created: false, domain: "seed5.example" });

    expect((await page(k, "?limit=1")).total).toBe(1000);
  });

  it("admits exactly the remaining capacity under 20 concurrent registrations of new domains", async () => {
    const k = await createTestKey(env, { workspace: "ceiling-race", scopes: ["traffic:read", "sites:write"] });
    await seedSites(k.workspaceId, 995, Date.UTC(2026, 0, 5));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(k, `race${i}.example`)));
    // 1,000 - 995 = 5 places left.
    expect(answers.filter((r) => r.status === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 403)).toHaveLength(15);
    expect((await page(k, "?limit=1")).total).toBe(1000);
  });
});

describe("workspace isolation", () => {
  it("a key of workspace B sees none of A's sites and gets 404 for A's site id", async () => {
    const a = await createTestKey(env, { workspace: "iso-a", scopes: ["traffic:read", "sites:write"] });
    const b = await createTestKey(env, { workspace: "iso-b", scopes: ["traffic:read", "sites:write"] });
    const { site_id, public_token } = (await (await register(a, "iso.example")).json()) as {
      site_id: string;
      public_token: string;
    };

    const listB = await page(b, "");
    expect(listB.total).toBe(0);
    expect(listB.sites).toEqual([]);

    const patch = (k: TestKey, id: string) =>
      exports.default.fetch(`${BASE}/api/v1/sites/${id}`, {
        method: "PATCH",
        headers: { ...k.headers, "Content-Type": "application/json" },
        body: JSON.stringify({ coverage: "ai_and_tagged" }),
      });
    const foreign = await patch(b, site_id);
    const missing = await patch(b, "site_never_existed");
    expect(foreign.status).toBe(404);
    // Exactly as if absent: same status, same code (the id is echoed nowhere).
    expect(await foreign.json()).toEqual(await missing.json());

    // B registering the same domain gets its own site, not A's.
    const mine = await register(b, "iso.example");
    expect(mine.status).toBe(201);
    const body = (await mine.json()) as { site_id: string; public_token: string };
    expect(body.site_id).not.toBe(site_id);
    expect(body.public_token).not.toBe(public_token);

    // A's coverage did not move.
    const aSites = await page(a, "");
    expect(aSites.sites[0]).toMatchObject({ site_id, coverage: "all_traffic", coverage_changed_at: null });
  });
});
