import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { database } from "../../shared/db/client";
import { listDeliveries } from "../../shared/monitors/list-deliveries";
import type { ScanResult } from "../../shared/scan/scan-result";
import { DAY_MS } from "../../shared/time/durations";
import worker from "../../workers/scan/index";
import { monitorFor, queueingControl, receivedAt, webhookHeadersOf } from "./monitors-helpers";

// The whole path with real bindings: cron → rescan queue → scan engine against a
// fixture shop → score compare → webhook queue → signed POST to a Node receiver.

const CRON = "*/10 * * * *";

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const setShop = (mode: "good" | "degraded") =>
  fetch(`http://127.0.0.1:${env.MONITORED_SHOP_PORT}/__mode?set=${mode}`).then((r) => r.text());

async function lastScore(monitorId: string) {
  const row = await env.DB.prepare("SELECT last_score FROM monitors WHERE id = ?")
    .bind(monitorId)
    .first<{ last_score: number | null }>();
  return row?.last_score ?? null;
}

describe("scheduled rescans of monitored domains", () => {
  it("sends one signed score.changed after the fixture shop changes, verified by the standard library", async () => {
    expect(await setShop("good")).toBe("good");
    const a = await monitorFor("monitored-shop.test", "/e2e-a");
    const b = await monitorFor("monitored-shop.test", "/e2e-b");
    // Ticks on a whole minute: slots are whole minutes, so none lies in (t0, t0 + 59,999 ms].
    const t0 = Math.floor(Date.now() / 60_000) * 60_000;

    // First tick: new monitors are due at once; the rescan sets their baseline silently.
    await runCron(t0);
    await vi.waitUntil(async () => (await lastScore(b.monitor.id)) !== null, { timeout: 20_000, interval: 100 });
    const baseline = await lastScore(a.monitor.id);
    const good = await env.DB.prepare("SELECT overall_score FROM scans WHERE domain = 'monitored-shop.test'").first<{
      overall_score: number;
    }>();
    expect(baseline).toBe(good?.overall_score);
    expect(await receivedAt("/e2e-a")).toEqual([]);

    // A tick before the domain's next daily slot rescans nothing.
    await runCron(t0 + 59_999);
    // The claim is synchronous in the cron job: nothing was handed to the queue.
    const claimed = await env.DB.prepare("SELECT DISTINCT last_rescan_at AS at FROM monitors").all<{ at: number }>();
    expect(claimed.results).toEqual([{ at: t0 }]);

    // The shop loses its agent files; a day later its slot has passed and it is rescanned.
    expect(await setShop("degraded")).toBe("degraded");
    await runCron(t0 + DAY_MS);
    await vi.waitUntil(async () => (await receivedAt("/e2e-a")).length > 0 && (await receivedAt("/e2e-b")).length > 0, {
      timeout: 20_000,
      interval: 100,
    });
    await setShop("good");

    const degraded = await env.DB.prepare(
      "SELECT id, overall_score FROM scans WHERE domain = 'monitored-shop.test' ORDER BY created_at DESC LIMIT 1",
    ).first<{ id: string; overall_score: number }>();
    const goodId = (
      await env.DB.prepare(
        "SELECT id FROM scans WHERE domain = 'monitored-shop.test' ORDER BY created_at LIMIT 1",
      ).first<{
        id: string;
      }>()
    )?.id;
    // What the Scan API says changed in that scan: the payload carries the same.
    const changes = (
      (await (await exports.default.fetch(`http://scan.local/api/scan/${degraded?.id}`)).json()) as ScanResult
    ).changes;
    const newScore = degraded?.overall_score ?? -1;
    expect(newScore).toBeLessThan(baseline ?? 0);

    for (const m of [a, b]) {
      const path = m === a ? "/e2e-a" : "/e2e-b";
      const [request, ...more] = await receivedAt(path);
      expect(more).toEqual([]);
      const payload = new Webhook(m.secret).verify(request.body, webhookHeadersOf(request)) as Record<string, unknown>;
      expect(payload).toEqual({
        event: "score.changed",
        domain: "monitored-shop.test",
        oldScore: baseline,
        newScore,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        // The scan that gave newScore; no PUBLIC_BASE_URL is configured for a cron rescan here.
        scanId: degraded?.id,
        scanUrl: null,
        changes,
      });
      // Dropping llms.txt, robots.txt and the sitemap only loses points: nothing improved.
      const diff = payload.changes as ScanResult["changes"];
      expect(diff?.previousScanId).toBe(goodId);
      expect(diff?.overallScore).toEqual({ previous: baseline, current: newScore, change: newScore - (baseline ?? 0) });
      expect(diff?.counts.improved).toBe(0);
      expect(diff?.changedChecks.map((c) => c.key)).toEqual(
        expect.arrayContaining(["llms_txt", "robots_txt", "sitemap_xml"]),
      );
      expect(diff?.changedChecks.every((c) => c.direction === "regressed" && c.pointsChange < 0)).toBe(true);
      // The other monitor's secret does not verify this monitor's delivery.
      const other = m === a ? b : a;
      expect(() => new Webhook(other.secret).verify(request.body, webhookHeadersOf(request))).toThrow();
      expect(await lastScore(m.monitor.id)).toBe(newScore);
    }

    await vi.waitUntil(
      async () =>
        (await listDeliveries(database(env.DB), a.monitor.id, 10, null)).deliveries[0]?.status === "succeeded",
      { timeout: 5_000, interval: 100 },
    );
    const [delivery] = (await listDeliveries(database(env.DB), a.monitor.id, 10, null)).deliveries;
    // The receiver's answer body ("thanks", webhook-receiver.ts) is kept for the deliveries page.
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, error: null, responseExcerpt: "thanks" }),
    ]);
    expect(delivery.id).toBe((await receivedAt("/e2e-a"))[0].headers["webhook-id"]);
  });
});

describe('a monitor\'s baseline (docs/webhooks.md "Baseline")', () => {
  it("is set by the first scan, queued at creation, so the first rescan that moves the score sends score.changed", async () => {
    expect(await setShop("good")).toBe("good");
    const created = Date.now();
    const m = await monitorFor("monitored-shop.test", "/e2e-baseline", queueingControl);
    expect(m.baselineQueued).toBe(true);
    // The baseline scan stands for today's daily rescan: the cron's next claim is at the next slot.
    const queued = await env.DB.prepare("SELECT last_rescan_at FROM monitors WHERE id = ?")
      .bind(m.monitor.id)
      .first<{ last_rescan_at: number }>();
    expect(queued?.last_rescan_at).toBeGreaterThanOrEqual(created);

    const baselineOf = () =>
      env.DB.prepare("SELECT baseline_score, baseline_at, baseline_scan_id, last_score FROM monitors WHERE id = ?")
        .bind(m.monitor.id)
        .first<{ baseline_score: number | null; baseline_at: number | null; baseline_scan_id: string | null }>();
    await vi.waitUntil(async () => (await baselineOf())?.baseline_score !== null, { timeout: 20_000, interval: 100 });
    const baseline = await baselineOf();
    // The baseline is the newest stored scan of the domain at that moment: its score, its id, when it was recorded.
    const first = await env.DB.prepare(
      "SELECT id, overall_score FROM scans WHERE domain = 'monitored-shop.test' ORDER BY last_seen_at DESC LIMIT 1",
    ).first<{ id: string; overall_score: number }>();
    expect(baseline).toMatchObject({ baseline_score: first?.overall_score, baseline_scan_id: first?.id });
    expect(baseline?.baseline_at).toBeGreaterThanOrEqual(created);
    // Setting the baseline sends nothing.
    expect((await listDeliveries(database(env.DB), m.monitor.id, 10, null)).deliveries).toEqual([]);

    // The shop changes; the first rescan after the baseline (asked for now) differs from it: score.changed.
    expect(await setShop("degraded")).toBe("degraded");
    expect(
      (await queueingControl.requestRescan("monitored-shop.test", "https://agent-readiness.example")).accepted,
    ).toBe(true);
    await vi.waitUntil(async () => (await receivedAt("/e2e-baseline")).length > 0, { timeout: 20_000, interval: 100 });
    await setShop("good");
    const [request] = await receivedAt("/e2e-baseline");
    const payload = new Webhook(m.secret).verify(request.body, webhookHeadersOf(request)) as {
      oldScore: number;
      newScore: number;
    };
    expect(payload.oldScore).toBe(baseline?.baseline_score);
    expect(payload.newScore).toBeLessThan(payload.oldScore);
    // The baseline stays what the first scan gave; the last score moves on.
    expect(await baselineOf()).toMatchObject({
      baseline_score: baseline?.baseline_score,
      last_score: payload.newScore,
    });
  });
});
