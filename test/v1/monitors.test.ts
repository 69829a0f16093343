import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openSecret } from "../../shared/webhooks/secret-box";
import { createTestKey, type TestKey } from "../helpers/api-keys";

const BASE = "http://x";
const HOOK = "https://hooks.example.com/agent-readiness";

type Creation = { monitor_id: string; domain: string; webhook_url: string; secret: string | null; created: boolean };

function post(k: TestKey, body: unknown) {
  return exports.default.fetch(`${BASE}/api/v1/monitors`, {
    method: "POST",
    headers: { ...k.headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const get = (k: TestKey, path: string) => exports.default.fetch(`${BASE}${path}`, { headers: k.headers });
const del = (k: TestKey, id: string) =>
  exports.default.fetch(`${BASE}/api/v1/monitors/${id}`, { method: "DELETE", headers: k.headers });

function manager(workspace: string) {
  return createTestKey(env, { workspace, scopes: ["monitors:read", "monitors:write"] });
}

describe("POST /api/v1/monitors", () => {
  it("creates a monitor (201) with a whsec_ secret shown once, then answers the same monitor (200) without it", async () => {
    const k = await manager("mon-create");
    const first = await post(k, { domain: "WWW.Shop.Example.com", webhook_url: HOOK });
    expect(first.status).toBe(201);
    expect(first.headers.get("X-Request-Id")).toBeTruthy();
    const created = (await first.json()) as Creation;
    // The scan Worker is not in this project: the first scan is left to the rescan cron, and the
    // monitor says it has no baseline yet.
    expect(created).toMatchObject({
      domain: "shop.example.com",
      webhook_url: HOOK,
      created: true,
      baseline_queued: false,
    });
    expect(created.monitor_id).toMatch(/^mon_/);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const again = await post(k, { domain: "shop.example.com", webhook_url: HOOK });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      monitor_id: created.monitor_id,
      created: false,
      secret: null,
      baseline_queued: false,
    });

    const list = await get(k, "/api/v1/monitors");
    const text = await list.text();
    expect(text).not.toContain(created.secret);
    expect(JSON.parse(text)).toMatchObject({
      monitors: [
        {
          monitor_id: created.monitor_id,
          domain: "shop.example.com",
          baseline_score: null,
          baseline_at: null,
          baseline_scan_id: null,
        },
      ],
    });
  });

  it("stores the secret sealed, not in clear, and recoverable for signing", async () => {
    const k = await manager("mon-sealed");
    const created = (await (await post(k, { domain: "sealed.example.com", webhook_url: HOOK })).json()) as Creation;
    const row = await env.DB.prepare("SELECT secret_sealed FROM monitors WHERE id = ?")
      .bind(created.monitor_id)
      .first<{ secret_sealed: string }>();
    expect(row?.secret_sealed).not.toContain(created.secret?.slice(6, 20));
    expect(await openSecret(env, row?.secret_sealed ?? "")).toBe(created.secret);
  });

  it("creates exactly one monitor and shows one secret from 10 parallel POSTs of one pair", async () => {
    const k = await manager("mon-race");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(k, { domain: "race.example.com", webhook_url: HOOK })),
    );
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Creation[];
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.secret !== null)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.monitor_id)).size).toBe(1);
  });

  it("refuses webhook URLs that are not https or that point at private, loopback or link-local targets", async () => {
    const k = await manager("mon-ssrf");
    const refused = [
      "https://127.0.0.1/hook",
      "https://10.0.0.8/hook",
      "https://192.168.1.20/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://0x7f.1/hook",
      "https://localhost/hook",
      "https://printer.local/hook",
      "https://metadata.google.internal/hook",
      "https://hooks.example.com:8443/hook",
      "https://user:pass@hooks.example.com/hook",
      "http://hooks.example.com/hook",
      "ftp://hooks.example.com/hook",
      "not a url",
    ];
    for (const webhook_url of refused) {
      const res = await post(k, { domain: "ssrf.example.com", webhook_url });
      expect(res.status, webhook_url).toBe(400);
      const body = (await res.json()) as { code: string; details: { field: string }[] };
      expect(body.code, webhook_url).toBe("invalid_request");
      expect(body.details, webhook_url).toEqual([expect.objectContaining({ field: "body.webhook_url" })]);
    }
    const list = (await (await get(k, "/api/v1/monitors")).json()) as { monitors: unknown[] };
    expect(list.monitors).toEqual([]);
  });

  it("refuses a malformed domain, a bare suffix and a missing field with their codes", async () => {
    const k = await manager("mon-bad");
    expect(await (await post(k, { domain: "https://shop.example.com/x", webhook_url: HOOK })).json()).toMatchObject({
      code: "invalid_domain",
    });
    expect(await (await post(k, { domain: "myshopify.com", webhook_url: HOOK })).json()).toMatchObject({
      code: "public_suffix",
    });
    const missing = await post(k, { domain: "shop.example.com" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "invalid_request" });
    const notJson = await exports.default.fetch(`${BASE}/api/v1/monitors`, {
      method: "POST",
      headers: { ...k.headers, "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  it("answers 403 limit_reached for a new pair at 1,000 monitors, and still 200 for an existing pair", async () => {
    const k = await manager("mon-ceiling");
    const rows = Array.from({ length: 1000 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO monitors (id, workspace_id, domain, webhook_url, secret_sealed, created_at) VALUES (?, ?, ?, ?, 'x', ?)",
      ).bind(`mon_fill${i}`, k.workspaceId, `shop${i}.example.com`, HOOK, i),
    );
    for (let i = 0; i < rows.length; i += 100) await env.DB.batch(rows.slice(i, i + 100));
    const over = await post(k, { domain: "one-more.example.com", webhook_url: HOOK });
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({ code: "limit_reached" });
    const existing = await post(k, { domain: "shop7.example.com", webhook_url: HOOK });
    expect(existing.status).toBe(200);
    expect(await existing.json()).toMatchObject({ monitor_id: "mon_fill7", secret: null });
  });
});

describe("monitor scopes and workspaces", () => {
  it("needs monitors:write to create or delete and monitors:read to list", async () => {
    const reader = await createTestKey(env, { workspace: "mon-scopes", scopes: ["monitors:read"] });
    const writer = await createTestKey(env, { workspace: "mon-scopes", scopes: ["monitors:write"] });
    const other = await createTestKey(env, { workspace: "mon-scopes", scopes: ["traffic:read", "sites:write"] });

    const denied = await post(reader, { domain: "scopes.example.com", webhook_url: HOOK });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "insufficient_scope" });
    expect((await post(other, { domain: "scopes.example.com", webhook_url: HOOK })).status).toBe(403);

    const created = (await (
      await post(writer, { domain: "scopes.example.com", webhook_url: HOOK })
    ).json()) as Creation;
    expect((await get(writer, "/api/v1/monitors")).status).toBe(403);
    expect((await get(writer, `/api/v1/monitors/${created.monitor_id}/deliveries`)).status).toBe(403);
    expect((await get(other, "/api/v1/monitors")).status).toBe(403);
    expect((await get(reader, "/api/v1/monitors")).status).toBe(200);
    expect((await get(reader, `/api/v1/monitors/${created.monitor_id}/deliveries`)).status).toBe(200);
    expect((await del(reader, created.monitor_id)).status).toBe(403);
    expect((await del(writer, created.monitor_id)).status).toBe(204);

    const anonymous = await exports.default.fetch(`${BASE}/api/v1/monitors`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "unauthorized" });
  });

  it("answers another workspace's monitor exactly like a missing one", async () => {
    const a = await manager("mon-iso-a");
    const b = await manager("mon-iso-b");
    const created = (await (await post(a, { domain: "iso.example.com", webhook_url: HOOK })).json()) as Creation;

    expect(await (await get(b, "/api/v1/monitors")).json()).toEqual({ monitors: [], next_cursor: null });
    const foreignDeliveries = await get(b, `/api/v1/monitors/${created.monitor_id}/deliveries`);
    const missingDeliveries = await get(b, "/api/v1/monitors/mon_doesnotexist/deliveries");
    expect(foreignDeliveries.status).toBe(404);
    expect(await foreignDeliveries.json()).toEqual(await missingDeliveries.json());
    const foreignDelete = await del(b, created.monitor_id);
    expect(foreignDelete.status).toBe(404);
    expect(await foreignDelete.json()).toMatchObject({ code: "monitor_not_found" });

    // B's attempts changed nothing for A.
    const listA = (await (await get(a, "/api/v1/monitors")).json()) as { monitors: { monitor_id: string }[] };
    expect(listA.monitors.map((m) => m.monitor_id)).toEqual([created.monitor_id]);
    // The same pair in B is B's own monitor with its own secret.
    const inB = (await (await post(b, { domain: "iso.example.com", webhook_url: HOOK })).json()) as Creation;
    expect(inB.created).toBe(true);
    expect(inB.monitor_id).not.toBe(created.monitor_id);
  });
});

describe("GET /api/v1/monitors paging and DELETE", () => {
  it("pages newest first with a cursor bound to the workspace, and deletes with 204 then 404", async () => {
    const k = await manager("mon-paging");
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        ((await (await post(k, { domain: `p${n}.example.com`, webhook_url: HOOK })).json()) as Creation).monitor_id,
      );
    }
    const page1 = (await (await get(k, "/api/v1/monitors?limit=2")).json()) as {
      monitors: { monitor_id: string }[];
      next_cursor: string;
    };
    expect(page1.monitors).toHaveLength(2);
    const page2 = (await (
      await get(k, `/api/v1/monitors?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`)
    ).json()) as {
      monitors: { monitor_id: string }[];
      next_cursor: string | null;
    };
    expect(page2.next_cursor).toBeNull();
    expect([...page1.monitors, ...page2.monitors].map((m) => m.monitor_id).sort()).toEqual([...ids].sort());

    const foreign = await manager("mon-paging-other");
    const stolen = await get(foreign, `/api/v1/monitors?cursor=${encodeURIComponent(page1.next_cursor)}`);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ code: "invalid_cursor" });
    expect((await get(k, "/api/v1/monitors?limit=101")).status).toBe(400);

    expect((await del(k, ids[0])).status).toBe(204);
    expect((await del(k, ids[0])).status).toBe(404);
    const after = (await (await get(k, "/api/v1/monitors")).json()) as { monitors: { monitor_id: string }[] };
    expect(after.monitors.map((m) => m.monitor_id).sort()).toEqual([ids[1], ids[2]].sort());
  });
});

describe("GET /api/v1/monitors/{monitor_id}/deliveries", () => {
  async function seedDelivery(
    monitorId: string,
    id: string,
    createdAt: number,
    attempts: [number | null, string | null][],
  ) {
    // The body scoreChanged() builds (shared/monitors/score-changed.ts), scan unknown.
    const payload = JSON.stringify({
      event: "score.changed",
      domain: "hist.example.com",
      oldScore: 50,
      newScore: 60,
      timestamp: new Date(createdAt).toISOString(),
      scanId: null,
      scanUrl: null,
    });
    const last = attempts[attempts.length - 1];
    const status = last && last[0] === 200 ? "succeeded" : "pending";
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at, settled_at) VALUES (?, ?, 'score.changed', ?, ?, ?, ?, ?, ?)",
      ).bind(
        id,
        monitorId,
        payload,
        status,
        attempts.length,
        createdAt,
        status === "pending" ? createdAt + 60_000 : null,
        status === "succeeded" ? createdAt + 5_000 : null,
      ),
      ...attempts.map(([code, error], i) =>
        env.DB.prepare(
          "INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)",
        ).bind(id, i + 1, createdAt + i * 1000, code, 10 + i, error),
      ),
    ]);
  }

  it("lists deliveries newest first with every attempt in order, paged, and drops them with the monitor", async () => {
    const k = await manager("mon-deliveries");
    const m = (await (await post(k, { domain: "hist.example.com", webhook_url: HOOK })).json()) as Creation;
    const other = (await (await post(k, { domain: "hist2.example.com", webhook_url: HOOK })).json()) as Creation;
    const t0 = Date.UTC(2026, 10, 21, 8, 0, 0);
    await seedDelivery(m.monitor_id, "msg_old", t0, [
      [500, "Receiver answered HTTP 500"],
      [null, "timeout: No complete answer within 10000 ms"],
      [200, null],
    ]);
    await seedDelivery(m.monitor_id, "msg_new", t0 + 3_600_000, [[503, "Receiver answered HTTP 503"]]);

    const res = await get(k, `/api/v1/monitors/${m.monitor_id}/deliveries?limit=1`);
    expect(res.status).toBe(200);
    const page1 = (await res.json()) as { deliveries: Record<string, unknown>[]; next_cursor: string };
    expect(page1.deliveries).toEqual([
      {
        delivery_id: "msg_new",
        event: "score.changed",
        status: "pending",
        payload: {
          event: "score.changed",
          domain: "hist.example.com",
          oldScore: 50,
          newScore: 60,
          timestamp: "2026-11-21T09:00:00.000Z",
          scanId: null,
          scanUrl: null,
        },
        created_at: "2026-11-21T09:00:00.000Z",
        next_attempt_at: "2026-11-21T09:01:00.000Z",
        settled_at: null,
        attempts: [
          {
            attempt: 1,
            attempted_at: "2026-11-21T09:00:00.000Z",
            status_code: 503,
            duration_ms: 10,
            error: "Receiver answered HTTP 503",
            // Attempts recorded before the answer's start was kept have none.
            response_excerpt: null,
          },
        ],
      },
    ]);
    const page2 = (await (
      await get(
        k,
        `/api/v1/monitors/${m.monitor_id}/deliveries?limit=1&cursor=${encodeURIComponent(page1.next_cursor)}`,
      )
    ).json()) as { deliveries: { delivery_id: string; status: string; attempts: unknown[] }[]; next_cursor: null };
    expect(page2.next_cursor).toBeNull();
    expect(page2.deliveries[0]).toMatchObject({ delivery_id: "msg_old", status: "succeeded" });
    expect(page2.deliveries[0].attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500 }),
      expect.objectContaining({ attempt: 2, status_code: null, error: expect.stringContaining("timeout") }),
      expect.objectContaining({ attempt: 3, status_code: 200, error: null }),
    ]);

    // A cursor of one monitor's deliveries is refused on another monitor's list.
    const crossed = await get(
      k,
      `/api/v1/monitors/${other.monitor_id}/deliveries?cursor=${encodeURIComponent(page1.next_cursor)}`,
    );
    expect(crossed.status).toBe(400);
    expect(await crossed.json()).toMatchObject({ code: "invalid_cursor" });

    expect((await del(k, m.monitor_id)).status).toBe(204);
    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM webhook_deliveries WHERE monitor_id = ?1) + (SELECT count(*) FROM webhook_attempts WHERE delivery_id IN ('msg_old', 'msg_new')) AS n",
    )
      .bind(m.monitor_id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await get(k, `/api/v1/monitors/${m.monitor_id}/deliveries`)).status).toBe(404);
  });
});
