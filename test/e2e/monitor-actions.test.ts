import { Webhook } from "standardwebhooks";
import { describe, expect, inject, it, vi } from "vitest";
import type { ReceivedRequest } from "../fixtures/monitors/webhook-receiver";
import { adminKey } from "./workspace-seed";

// Monitors you can test, against the real local server: a Node webhook receiver sees a
// signed test event after POST .../test, and a real score.changed after the fixture
// shop changes and POST .../rescan; redelivery repeats the webhook-id; another
// workspace's key gets 404.

const baseUrl = inject("baseUrl");
const shopPort = inject("monitoredShopPort");
const receiverPort = inject("webhookReceiverPort");

async function keyFor(workspace: string) {
  const { key } = await adminKey(baseUrl, workspace, "--scopes", "monitors:read,monitors:write");
  return { Authorization: `Bearer ${key}` };
}

async function call(auth: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

const setShop = (mode: "good" | "degraded") =>
  fetch(`http://127.0.0.1:${shopPort}/__mode?set=${mode}`).then((r) => r.text());
const received = async (hookPath: string) =>
  (await (
    await fetch(`http://127.0.0.1:${receiverPort}/__received?path=${encodeURIComponent(hookPath)}`)
  ).json()) as ReceivedRequest[];
const signatureOf = (r: ReceivedRequest) => ({
  "webhook-id": r.headers["webhook-id"] ?? "",
  "webhook-timestamp": r.headers["webhook-timestamp"] ?? "",
  "webhook-signature": r.headers["webhook-signature"] ?? "",
});

describe("monitor actions against the real local server", () => {
  it("sends a signed test event, a real score.changed after a rescan, and redelivers with the same webhook-id", async () => {
    const auth = await keyFor("e2e-monitor-owner");
    const stranger = await keyFor("e2e-monitor-stranger");
    const hook = "/e2e-monitor";
    expect(await setShop("good")).toBe("good");

    const created = await call(auth, "POST", "/api/v1/monitors", {
      domain: "monitored-shop.test",
      webhook_url: `https://hooks.test${hook}`,
    });
    expect(created.status).toBe(201);
    const monitorId = created.body.monitor_id as string;
    const secret = created.body.secret as string;
    // The first scan, queued at creation, sets the baseline silently (docs/webhooks.md
    // "Baseline"); wait for it, so the test event below carries its score.
    expect(created.body.baseline_queued).toBe(true);
    await vi.waitUntil(
      async () => (await call(auth, "GET", `/api/v1/monitors/${monitorId}`)).body.last_score !== null,
      { timeout: 30_000, interval: 200 },
    );
    const baseline = (await call(auth, "GET", `/api/v1/monitors/${monitorId}`)).body;
    expect(baseline.baseline_score).toBe(baseline.last_score);
    expect(baseline.baseline_scan_id).toEqual(expect.any(String));
    expect(baseline.last_scanned_at).toEqual(expect.any(String));
    expect(Date.parse(baseline.next_rescan_at as string)).toBeGreaterThan(Date.now() - 1000);

    // Another workspace's key cannot see or drive this monitor.
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", "/test"],
      ["POST", "/rescan"],
    ] as const) {
      const refused = await call(stranger, method, `/api/v1/monitors/${monitorId}${suffix}`);
      expect(refused.status, `${method} ${suffix}`).toBe(404);
      expect(refused.body.code).toBe("monitor_not_found");
    }

    // A signed test event within seconds: the monitor's last score, unchanged, and its scan.
    const test = await call(auth, "POST", `/api/v1/monitors/${monitorId}/test`);
    expect(test.status).toBe(202);
    await vi.waitUntil(async () => (await received(hook)).length === 1, { timeout: 10_000, interval: 100 });
    const [testRequest] = await received(hook);
    expect(testRequest.headers["webhook-id"]).toBe(test.body.delivery_id);
    expect(new Webhook(secret).verify(testRequest.body, signatureOf(testRequest))).toEqual({
      event: "score.changed",
      domain: "monitored-shop.test",
      oldScore: baseline.last_score,
      newScore: baseline.last_score,
      timestamp: expect.any(String),
      scanId: baseline.baseline_scan_id,
      // Test events carry no comparison (docs/webhooks.md).
      changes: null,
      scanUrl: `${baseUrl}/api/scan/${baseline.baseline_scan_id}`,
      test: true,
    });
    // The baseline itself sent nothing.
    expect(await received(hook)).toHaveLength(1);

    // The shop loses its agent files; a rescan now fires a real score.changed.
    expect(await setShop("degraded")).toBe("degraded");
    expect((await call(auth, "POST", `/api/v1/monitors/${monitorId}/rescan`)).status).toBe(202);
    await vi.waitUntil(async () => (await received(hook)).length === 2, { timeout: 20_000, interval: 200 });
    const changeRequest = (await received(hook))[1];
    const change = new Webhook(secret).verify(changeRequest.body, signatureOf(changeRequest)) as Record<
      string,
      unknown
    >;
    expect(change).toMatchObject({
      event: "score.changed",
      domain: "monitored-shop.test",
      oldScore: baseline.last_score,
    });
    expect(change.test).toBeUndefined();
    expect(change.newScore as number).toBeLessThan(baseline.last_score as number);
    expect(change.scanUrl).toBe(`${baseUrl}/api/scan/${change.scanId}`);
    const scan = (await (await fetch(change.scanUrl as string)).json()) as { overallScore: number };
    expect(scan.overallScore).toBe(change.newScore);

    // Redelivery: the same webhook-id, a fresh valid signature, recorded as another attempt.
    const deliveryId = changeRequest.headers["webhook-id"];
    expect(
      (await call(stranger, "POST", `/api/v1/monitors/${monitorId}/deliveries/${deliveryId}/redeliver`)).status,
    ).toBe(404);
    const again = await call(auth, "POST", `/api/v1/monitors/${monitorId}/deliveries/${deliveryId}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ delivery_id: deliveryId, attempt: 2 });
    await vi.waitUntil(async () => (await received(hook)).length === 3, { timeout: 10_000, interval: 100 });
    const redelivered = (await received(hook))[2];
    expect(redelivered.headers["webhook-id"]).toBe(deliveryId);
    expect(redelivered.body).toBe(changeRequest.body);
    expect(new Webhook(secret).verify(redelivered.body, signatureOf(redelivered))).toEqual(change);

    const deliveries = await call(auth, "GET", `/api/v1/monitors/${monitorId}/deliveries`);
    const listed = deliveries.body.deliveries as { delivery_id: string; payload: { test?: boolean } }[];
    expect(listed.map((d) => d.delivery_id)).toEqual([deliveryId, test.body.delivery_id]);
    expect(listed[1].payload.test).toBe(true);
  });

  it("bounds rescans by the domain's scan limit with 429 and Retry-After", async () => {
    const auth = await keyFor("e2e-monitor-limit");
    const created = await call(auth, "POST", "/api/v1/monitors", {
      domain: "limited-shop.test",
      webhook_url: "https://hooks.test/e2e-limit",
    });
    const id = created.body.monitor_id as string;
    // 5 scans per hour per domain (contract "Limits"); the domain had none before. The
    // monitor's first scan, queued at creation for its baseline, is a crawl of the
    // domain like any other and spends one of them (docs/webhooks.md "Baseline"), so
    // 5 - 1 = 4 rescans are left this hour.
    expect(created.body.baseline_queued).toBe(true);
    for (let i = 0; i < 4; i++) {
      const rescan = await call(auth, "POST", `/api/v1/monitors/${id}/rescan`);
      expect(rescan.status, `rescan ${i + 1} of 4`).toBe(202);
    }
    const refused = await call(auth, "POST", `/api/v1/monitors/${id}/rescan`);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
