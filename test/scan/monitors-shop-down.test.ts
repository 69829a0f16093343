import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { DAY_MS } from "../../shared/time/durations";
import worker from "../../workers/scan/index";
import { monitorFor, receivedAt, webhookHeadersOf } from "./monitors-helpers";

// A monitored shop that stops answering (its server stops listening; only this test uses it): the rescan stores the unreachable result (score 0,
// docs/scan.md "Unreachable shops") and the monitor's webhook says so.

const CRON = "*/10 * * * *";

async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const setShop = (mode: "good" | "down") =>
  fetch(`http://127.0.0.1:${env.DOWNABLE_SHOP_PORT}/__mode?set=${mode}`).then((r) => r.text());

describe("a monitored shop going down", () => {
  it("drops to 0 with the unreachable answer stored, and fires score.changed", async () => {
    expect(await setShop("good")).toBe("good");
    const m = await monitorFor("downable-shop.test", "/down-a");
    const t0 = Math.floor(Date.now() / 60_000) * 60_000;
    await runCron(t0);
    const baselineRow = () =>
      env.DB.prepare("SELECT last_score FROM monitors WHERE id = ?")
        .bind(m.monitor.id)
        .first<{ last_score: number | null }>();
    await vi.waitUntil(async () => (await baselineRow())?.last_score != null, { timeout: 20_000, interval: 100 });
    const baseline = (await baselineRow())?.last_score ?? 0;
    expect(baseline).toBeGreaterThan(0);

    expect(await setShop("down")).toBe("down");
    await runCron(t0 + DAY_MS);
    await vi.waitUntil(async () => (await receivedAt("/down-a")).length > 0, { timeout: 20_000, interval: 100 });

    const [request] = await receivedAt("/down-a");
    const payload = new Webhook(m.secret).verify(request.body, webhookHeadersOf(request)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: "score.changed",
      domain: "downable-shop.test",
      oldScore: baseline,
      newScore: 0,
    });
    const latest = await env.DB.prepare(
      "SELECT check_results FROM scans WHERE domain = 'downable-shop.test' AND overall_score = 0",
    ).first<{ check_results: string }>();
    const checks = JSON.parse(latest?.check_results ?? "[]") as Array<{
      status: string;
      evidence: { unreachable?: boolean };
    }>;
    expect(checks).toHaveLength(41);
    expect(checks.every((c) => c.status === "fail" && c.evidence.unreachable === true)).toBe(true);
  });
});
