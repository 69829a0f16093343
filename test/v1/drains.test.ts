import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashDrainSecret } from "../../shared/drains/drain-store";
import { openSecret } from "../../shared/webhooks/secret-box";
import { createTestKey } from "../helpers/api-keys";
import { seedSite } from "../helpers/seed";

const api = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
  exports.default.fetch(`https://api.example${path}`, {
    ...init,
    headers: { ...headers, "Content-Type": "application/json" },
  });

describe("drains in v1", () => {
  it("creates a Logpush drain whose secret is shown once, hashed in D1, with the destination_conf to paste", async () => {
    const k = await createTestKey(env, { workspace: "drains-create", scopes: ["sites:write", "traffic:read"] });
    const site = await seedSite(env.DB, { domain: "drain-shop.example", workspaceId: k.workspaceId });
    const res = await api(`/api/v1/sites/${site.id}/drains`, k.headers, {
      method: "POST",
      body: JSON.stringify({ format: "cloudflare_logpush" }),
    });
    expect(res.status).toBe(201);
    const body = await res.json<
      Record<string, unknown> & { secret: string; drain_id: string; setup: Record<string, string> }
    >();
    expect(body).toMatchObject({
      site_id: site.id,
      format: "cloudflare_logpush",
      endpoint_url: `https://api.example/ingest/drains/${body.drain_id}`,
      revoked_at: null,
      status: { state: "waiting", last_batch: null },
    });
    expect(body.secret).toMatch(/^ar_drain_[0-9A-Za-z]{40}$/);
    expect(body.setup.destination_conf).toBe(
      `https://api.example/ingest/drains/${body.drain_id}?header_Authorization=Bearer%20${body.secret}`,
    );
    const row = await env.DB.prepare("SELECT secret_hash, secret_sealed FROM drains WHERE id = ?")
      .bind(body.drain_id)
      .first<{ secret_hash: string; secret_sealed: string | null }>();
    expect(row).toEqual({ secret_hash: await hashDrainSecret(body.secret), secret_sealed: null });

    const list = await api(`/api/v1/sites/${site.id}/drains`, k.headers);
    const listed = await list.json<{ drains: Array<Record<string, unknown>> }>();
    expect(listed.drains.map((d) => d.drain_id)).toEqual([body.drain_id]);
    expect(JSON.stringify(listed)).not.toContain(body.secret);
  });

  it("seals a Vercel drain's secret (Vercel signs with it) and keeps its verification value", async () => {
    const k = await createTestKey(env, { workspace: "drains-vercel", scopes: ["sites:write"] });
    const site = await seedSite(env.DB, { domain: "vercel-drain.example", workspaceId: k.workspaceId });
    const res = await api(`/api/v1/sites/${site.id}/drains`, k.headers, {
      method: "POST",
      body: JSON.stringify({ format: "vercel", vercel_verify: "abc123" }),
    });
    const body = await res.json<{ drain_id: string; secret: string; setup: Record<string, string> }>();
    expect(body.setup.signature_secret).toBe(body.secret);
    const row = await env.DB.prepare("SELECT secret_sealed, vercel_verify FROM drains WHERE id = ?")
      .bind(body.drain_id)
      .first<{ secret_sealed: string; vercel_verify: string }>();
    expect(row?.vercel_verify).toBe("abc123");
    expect(await openSecret(env, row?.secret_sealed ?? "")).toBe(body.secret);
  });

  it("answers another workspace's site and drain like missing ones, and revokes idempotently", async () => {
    const owner = await createTestKey(env, { workspace: "drains-owner", scopes: ["sites:write", "traffic:read"] });
    const other = await createTestKey(env, { workspace: "drains-other", scopes: ["sites:write", "traffic:read"] });
    const site = await seedSite(env.DB, { domain: "owned-drain.example", workspaceId: owner.workspaceId });
    const foreign = await api(`/api/v1/sites/${site.id}/drains`, other.headers, {
      method: "POST",
      body: JSON.stringify({ format: "ndjson" }),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "site_not_found" });

    const created = await api(`/api/v1/sites/${site.id}/drains`, owner.headers, {
      method: "POST",
      body: JSON.stringify({ format: "ndjson" }),
    });
    const { drain_id } = await created.json<{ drain_id: string }>();
    expect((await api(`/api/v1/drains/${drain_id}`, other.headers)).status).toBe(404);
    expect((await api(`/api/v1/drains/${drain_id}/revoke`, other.headers, { method: "POST" })).status).toBe(404);

    const revoked = await api(`/api/v1/drains/${drain_id}/revoke`, owner.headers, { method: "POST" });
    expect(revoked.status).toBe(200);
    const first = await revoked.json<{ revoked_at: string; status: { state: string } }>();
    expect(first.status.state).toBe("revoked");
    const again = await api(`/api/v1/drains/${drain_id}/revoke`, owner.headers, { method: "POST" });
    expect((await again.json<{ revoked_at: string }>()).revoked_at).toBe(first.revoked_at);
  });

  it("refuses an unknown format with the field named", async () => {
    const k = await createTestKey(env, { workspace: "drains-bad", scopes: ["sites:write"] });
    const site = await seedSite(env.DB, { domain: "bad-drain.example", workspaceId: k.workspaceId });
    const res = await api(`/api/v1/sites/${site.id}/drains`, k.headers, {
      method: "POST",
      body: JSON.stringify({ format: "syslog" }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("format");
  });
});
