import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey, type TestKey } from "../helpers/api-keys";

const BASE = "http://x";

function post(k: TestKey, body: unknown) {
  return exports.default.fetch(`${BASE}/api/v1/sites`, {
    method: "POST",
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function writer(workspace: string) {
  return createTestKey(env, { workspace, scopes: ["sites:write", "traffic:read"] });
}

describe("POST /api/v1/sites", { timeout: 30_000 }, () => {
  it("creates a site (201) with the storage-free snippet, then answers the same site (200) for the same normalised domain", async () => {
    const k = await writer("reg-basic");
    const first = await post(k, { domain: "Shop.Example.com", name: "Example" });
    expect(first.status).toBe(201);
    const created = (await first.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ domain: "shop.example.com", created: true, privacy: "storage-free" });
    expect(created.snippet).toBe(
      `<script defer data-site-id="${created.public_token}" data-privacy="storage-free" src="http://x/sdk/v1/agent.js"></script>`,
    );

    const again = await post(k, { domain: "WWW.shop.example.com.", name: "Other name" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...created, created: false });
  });

  it("refuses a malformed domain with invalid_domain and a bare suffix with public_suffix", async () => {
    const k = await writer("reg-bad");
    const bad = await post(k, { domain: "https://shop.example.com/path" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_domain" });
    for (const suffix of ["co.uk", "myshopify.com", "github.io"]) {
      const res = await post(k, { domain: suffix });
      expect(res.status, suffix).toBe(400);
      expect(await res.json(), suffix).toMatchObject({ code: "public_suffix" });
    }
  });

  it("creates exactly one site from 20 parallel POSTs of one domain", async () => {
    const k = await writer("reg-parallel");
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(k, { domain: "race.example.com" })));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { site_id: string; created: boolean }[];
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(bodies.map((b) => b.site_id)).size).toBe(1);
    expect(bodies.filter((b) => b.created)).toHaveLength(1);
    const list = await exports.default.fetch(`${BASE}/api/v1/sites`, { headers: k.headers });
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });
});

describe("PATCH /api/v1/sites/{site_id}", () => {
  it("changes coverage and sets coverage_changed_at only when the value changes", async () => {
    const k = await writer("patch-ws");
    const { site_id } = (await (await post(k, { domain: "cover.example.com" })).json()) as { site_id: string };
    const patch = (coverage: string) =>
      exports.default.fetch(`${BASE}/api/v1/sites/${site_id}`, {
        method: "PATCH",
        headers: { ...k.headers, "Content-Type": "application/json" },
        body: JSON.stringify({ coverage }),
      });
    const before = Date.now();
    const changed = await patch("ai_and_tagged");
    expect(changed.status).toBe(200);
    const site = (await changed.json()) as { coverage: string; coverage_changed_at: string };
    expect(site.coverage).toBe("ai_and_tagged");
    expect(Date.parse(site.coverage_changed_at)).toBeGreaterThanOrEqual(before);

    const same = (await (await patch("ai_and_tagged")).json()) as { coverage_changed_at: string };
    expect(same.coverage_changed_at).toBe(site.coverage_changed_at);

    const invalid = await patch("everything");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: "invalid_request" });
  });

  it("answers site_not_found for an unknown id", async () => {
    const k = await writer("patch-missing");
    const res = await exports.default.fetch(`${BASE}/api/v1/sites/site_doesnotexist`, {
      method: "PATCH",
      headers: { ...k.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ coverage: "all_traffic" }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "site_not_found" });
  });
});
