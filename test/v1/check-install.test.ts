import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey } from "../helpers/api-keys";
import { seedSite } from "../helpers/seed";

/** A registered site; `fields` are the install signals ingest would have written (no use case sets them). */
async function siteIn(workspaceId: string, domain: string, fields: Record<string, number | string | null> = {}) {
  const { id } = await seedSite(env.DB, { domain, workspaceId });
  for (const [k, v] of Object.entries(fields)) {
    await env.DB.prepare(`UPDATE sites SET ${k} = ? WHERE id = ?`).bind(v, id).run();
  }
  return id;
}

const check = (domain: string, headers: Record<string, string>) =>
  exports.default.fetch(`https://api.example/api/v1/sites/check-install?domain=${encodeURIComponent(domain)}`, {
    headers,
  });

describe("GET /api/v1/sites/check-install", () => {
  it("reports awaiting_first_event for a fresh site with the replacement snippet", async () => {
    const k = await createTestKey(env, { workspace: "ci-awaiting", scopes: ["traffic:read"] });
    const id = await siteIn(k.workspaceId, "fresh.example");
    const res = await check("WWW.Fresh.example", k.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      site_id: id,
      domain: "fresh.example",
      status: "awaiting_first_event",
      privacy: "storage-free",
      heartbeat_freshness_seconds: 86400,
      snippet_installed_at: null,
      last_verified_event_at: null,
      last_reject_reason: null,
      last_reject_origin: null,
      last_reject_at: null,
    });
    expect(body.snippet).toContain('data-site-id="pt_');
    expect(typeof body.next_action).toBe("string");
  });

  it("reports receiving after an accepted request and rejected when a refusal is newer, with the claimed Origin", async () => {
    const k = await createTestKey(env, { workspace: "ci-states", scopes: ["traffic:read"] });
    const now = Date.now();
    await siteIn(k.workspaceId, "ok.example", { last_accept_at: now - 1000, snippet_installed_at: now - 5000 });
    await siteIn(k.workspaceId, "bad.example", {
      last_accept_at: now - 5000,
      last_reject_at: now - 1000,
      last_reject_reason: "origin_mismatch",
      last_reject_origin: "https://evil.example",
    });
    await siteIn(k.workspaceId, "old.example", { last_accept_at: now - 2 * 86_400_000 });
    // last_verified_event_at is the heartbeat: the newest request accepted after the
    // public token and the registered Origin were verified, human or agent alike.
    expect(await (await check("ok.example", k.headers)).json()).toMatchObject({
      status: "receiving",
      snippet_installed_at: new Date(now - 5000).toISOString(),
      last_verified_event_at: new Date(now - 1000).toISOString(),
    });
    expect(await (await check("bad.example", k.headers)).json()).toMatchObject({
      status: "rejected",
      last_reject_reason: "origin_mismatch",
      last_reject_origin: "https://evil.example",
      last_reject_at: new Date(now - 1000).toISOString(),
    });
    expect(await (await check("old.example", k.headers)).json()).toMatchObject({ status: "stale" });
  });

  it("answers another workspace's domain exactly like an unknown one, and checks scope and input", async () => {
    const owner = await createTestKey(env, { workspace: "ci-owner", scopes: ["traffic:read"] });
    const other = await createTestKey(env, { workspace: "ci-other", scopes: ["traffic:read"] });
    await siteIn(owner.workspaceId, "mine.example");
    const foreign = await check("mine.example", other.headers);
    const missing = await check("nobody.example", other.headers);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
    const noScope = await createTestKey(env, { workspace: "ci-owner", scopes: ["sites:write"] });
    expect((await check("mine.example", noScope.headers)).status).toBe(403);
    expect((await check("mine.example", {})).status).toBe(401);
    const bad = await check("not a domain!", owner.headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_domain" });
  });
});
