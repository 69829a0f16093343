import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createTestKey, type TestKey } from "../helpers/api-keys";

// The monitor endpoints added for testing a monitor, as far as the v1 Worker alone
// answers them: reading one monitor, refusals, body bounds and the OpenAPI webhooks
// object. Queuing (rescan, test, redeliver) reaches the scan Worker and is tested
// against the real server in test/e2e/monitor-actions.test.ts.

const BASE = "http://x";
const HOOK = "https://hooks.example.com/agent-readiness";

const manager = (workspace: string) => createTestKey(env, { workspace, scopes: ["monitors:read", "monitors:write"] });

function call(k: TestKey, method: string, path: string, body?: string) {
  return exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: { ...k.headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body,
  });
}

async function monitorOf(k: TestKey, domain: string): Promise<string> {
  const res = await call(k, "POST", "/api/v1/monitors", JSON.stringify({ domain, webhook_url: HOOK }));
  return ((await res.json()) as { monitor_id: string }).monitor_id;
}

describe("GET /api/v1/monitors/{monitor_id}", () => {
  it("shows the last score, when it was scanned and when the next daily rescan is expected", async () => {
    const k = await manager("mon-one");
    const id = await monitorOf(k, "one.example.com");
    const before = Date.now();
    const fresh = await call(k, "GET", `/api/v1/monitors/${id}`);
    expect(fresh.status).toBe(200);
    const body = (await fresh.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      monitor_id: id,
      domain: "one.example.com",
      last_score: null,
      last_scanned_at: null,
      last_scan_id: null,
    });
    // Never rescanned: due now, so expected at the next 10-minute cron tick.
    const next = Date.parse(body.next_rescan_at as string);
    expect(next % 600_000).toBe(0);
    expect(next).toBeGreaterThanOrEqual(before);
    expect(next).toBeLessThanOrEqual(before + 600_000);

    // A rescan recorded 42 at 09:00 on a known day: the view reads it back, in the list too.
    const scoredAt = Date.UTC(2026, 10, 22, 9, 0);
    await env.DB.prepare(
      "UPDATE monitors SET last_score = 42, last_scored_at = ?1, last_scan_id = 'scan-1' WHERE id = ?2",
    )
      .bind(scoredAt, id)
      .run();
    const listed = (await (await call(k, "GET", "/api/v1/monitors")).json()) as { monitors: Record<string, unknown>[] };
    expect(listed.monitors[0]).toMatchObject({
      monitor_id: id,
      last_score: 42,
      last_scanned_at: "2026-11-22T09:00:00.000Z",
      last_scan_id: "scan-1",
    });
  });
});

describe("monitor actions and isolation", () => {
  it("answers another workspace's monitor 404 on read, rescan, test and redeliver", async () => {
    const owner = await manager("mon-act-owner");
    const stranger = await manager("mon-act-stranger");
    const id = await monitorOf(owner, "owned.example.com");
    for (const [method, path] of [
      ["GET", `/api/v1/monitors/${id}`],
      ["POST", `/api/v1/monitors/${id}/rescan`],
      ["POST", `/api/v1/monitors/${id}/test`],
      ["POST", `/api/v1/monitors/${id}/deliveries/msg_x/redeliver`],
    ] as const) {
      const res = await call(stranger, method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("monitor_not_found");
    }
  });

  it("answers 404 delivery_not_found for a delivery the monitor does not have", async () => {
    const k = await manager("mon-act-delivery");
    const id = await monitorOf(k, "deliveries.example.com");
    const res = await call(k, "POST", `/api/v1/monitors/${id}/deliveries/msg_unknown/redeliver`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("delivery_not_found");
  });

  it("needs monitors:write for rescan, test and redeliver", async () => {
    const reader = await createTestKey(env, { workspace: "mon-act-reader", scopes: ["monitors:read"] });
    for (const suffix of ["/rescan", "/test", "/deliveries/msg_x/redeliver"]) {
      const res = await call(reader, "POST", `/api/v1/monitors/mon_x${suffix}`);
      expect(res.status, suffix).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("insufficient_scope");
    }
  });

  it("refuses a monitor body over 16 KiB with 413 before reading it", async () => {
    const k = await manager("mon-act-bound");
    const huge = JSON.stringify({ domain: "big.example.com", webhook_url: HOOK, padding: "x".repeat(3 * 1024 * 1024) });
    const res = await call(k, "POST", "/api/v1/monitors", huge);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("payload_too_large");
  });
});

describe("OpenAPI webhooks", () => {
  it("describes score.changed with its payload and signature headers", async () => {
    const doc = (await (await exports.default.fetch(`${BASE}/api/v1/openapi.json`)).json()) as {
      openapi: string;
      webhooks: Record<string, { post: Record<string, unknown> }>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    const post = doc.webhooks["score.changed"].post as {
      parameters: { name: string; in: string }[];
      requestBody: { content: Record<string, { schema: { $ref: string } }> };
    };
    expect(post.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "header:webhook-id",
      "header:webhook-timestamp",
      "header:webhook-signature",
    ]);
    expect(post.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/ScoreChanged");
    const payload = doc.components.schemas.ScoreChanged;
    expect(Object.keys(payload.properties)).toEqual([
      "event",
      "domain",
      "oldScore",
      "newScore",
      "timestamp",
      "scanId",
      "scanUrl",
      "changes",
      "test",
    ]);
    // The Scan API's diff shape, nullable: its counts and check items are the shared components.
    const changes = payload.properties.changes as {
      type: string[];
      properties: Record<string, unknown> & { changedChecks: { items: unknown } };
    };
    expect(changes.type).toEqual(["object", "null"]);
    expect(Object.keys(changes.properties)).toEqual([
      "previousScanId",
      "previousScannedAt",
      "previousScoringVersion",
      "overallScore",
      "layerScores",
      "counts",
      "changedChecks",
    ]);
    expect(changes.properties.changedChecks.items).toEqual({
      $ref: "#/components/schemas/ChangedCheck",
    });
    expect(payload.required).toEqual(["event", "domain", "oldScore", "newScore", "timestamp", "scanId", "scanUrl"]);
  });
});
