import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../shared/db/client";
import { listDeliveries } from "../../shared/monitors/list-deliveries";
import type { DeliveryMessage, MonitorQueueMessage, RescanMessage } from "../../shared/monitors/queue-messages";
import { recordRescanScore } from "../../shared/monitors/record-rescan-score";
import worker from "../../workers/scan/index";
import { RESCAN_QUEUE, WEBHOOK_QUEUE } from "../../workers/scan/monitors/monitor-queues";
import { redriveJob } from "../../workers/scan/monitors/redrive-job";
import { monitorFor, receivedAt, scriptReceiver, webhookHeadersOf } from "./monitors-helpers";

// The queue consumers are driven message by message here (createMessageBatch), with the
// producer side captured, so each retry's delay can be read without waiting for it.

async function consume(queue: string, body: MonitorQueueMessage) {
  const batch = createMessageBatch<MonitorQueueMessage>(queue, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

function captureSends() {
  return vi.spyOn(env.WEBHOOKS, "send").mockResolvedValue(undefined as unknown as QueueSendResponse);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("webhook delivery", () => {
  it("gives a receiver failing twice three attempts with growing delays and one webhook-id, then records success", async () => {
    const { monitor, secret } = await monitorFor("retry.example.com", "/retry");
    await env.DB.prepare("UPDATE monitors SET last_score = 40 WHERE id = ?").bind(monitor.id).run();
    // Recorded a minute ago, not at a fixed date: the delivery's 24 h retry window is
    // measured from this moment against the real clock the consumer reads.
    const recordedAt = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    const [delivery] = await recordRescanScore(env.DB, "retry.example.com", 55, recordedAt);
    await scriptReceiver("/retry", [500, 503, 200]);
    const sends = captureSends();

    let message: DeliveryMessage = { kind: "deliver", deliveryId: delivery.deliveryId, attempt: 1 };
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await consume(WEBHOOK_QUEUE, message);
      expect(result.explicitAcks).toHaveLength(1);
      const call = sends.mock.calls[i];
      if (!call) break;
      message = call[0] as DeliveryMessage;
      delays.push(call[1]?.delaySeconds ?? 0);
    }
    // Two retries enqueued, for attempts 2 and 3; none after the success.
    expect(sends).toHaveBeenCalledTimes(2);
    expect(sends.mock.calls.map((c) => (c[0] as DeliveryMessage).attempt)).toEqual([2, 3]);
    // 30 s base with equal jitter → 15..30 s; then 120 s base → 60..120 s.
    expect(delays[0]).toBeGreaterThanOrEqual(15);
    expect(delays[0]).toBeLessThanOrEqual(30);
    expect(delays[1]).toBeGreaterThanOrEqual(60);
    expect(delays[1]).toBeLessThanOrEqual(120);
    expect(delays[1]).toBeGreaterThan(delays[0]);

    const requests = await receivedAt("/retry");
    expect(requests).toHaveLength(3);
    const expected = {
      event: "score.changed",
      domain: "retry.example.com",
      oldScore: 40,
      newScore: 55,
      timestamp: new Date(recordedAt).toISOString(),
      // Recorded without a stored scan here, so there is none to name.
      scanId: null,
      // No scan compared here (docs/webhooks.md: null without an earlier scan and on test events).
      changes: null,
      scanUrl: null,
    };
    for (const r of requests) {
      expect(r.headers["webhook-id"]).toBe(delivery.deliveryId);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(new Webhook(secret).verify(r.body, webhookHeadersOf(r))).toEqual(expected);
    }

    const page = await listDeliveries(database(env.DB), monitor.id, 10, null);
    expect(page.deliveries).toHaveLength(1);
    const [d] = page.deliveries;
    expect(d).toMatchObject({ id: delivery.deliveryId, status: "succeeded", nextAttemptAt: null });
    expect(d.attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, "Receiver answered HTTP 500"],
      [2, 503, "Receiver answered HTTP 503"],
      [3, 200, null],
    ]);
    for (const a of d.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("gives up after the 8th attempt and marks the delivery failed", async () => {
    const { monitor } = await monitorFor("giveup.example.com", "/giveup");
    await env.DB.prepare("UPDATE monitors SET last_score = 70 WHERE id = ?").bind(monitor.id).run();
    const [delivery] = await recordRescanScore(env.DB, "giveup.example.com", 20, Date.now());
    await env.DB.prepare("UPDATE webhook_deliveries SET attempt_count = 7 WHERE id = ?")
      .bind(delivery.deliveryId)
      .run();
    await scriptReceiver("/giveup", [500]);
    const sends = captureSends();

    await consume(WEBHOOK_QUEUE, { kind: "deliver", deliveryId: delivery.deliveryId, attempt: 8 });
    expect(sends).not.toHaveBeenCalled();
    const [d] = (await listDeliveries(database(env.DB), monitor.id, 10, null)).deliveries;
    expect(d.status).toBe("failed");
    expect(d.settledAt).not.toBeNull();
    expect(d.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([[8, 500]]);

    // A duplicate of an earlier attempt's message sends nothing.
    await consume(WEBHOOK_QUEUE, { kind: "deliver", deliveryId: delivery.deliveryId, attempt: 3 });
    expect(await receivedAt("/giveup")).toHaveLength(1);
  });

  it("abandons an attempt after 10 s without an answer, records the timeout and schedules a retry", async () => {
    const { monitor } = await monitorFor("slow.example.com", "/slow");
    await env.DB.prepare("UPDATE monitors SET last_score = 30 WHERE id = ?").bind(monitor.id).run();
    const [delivery] = await recordRescanScore(env.DB, "slow.example.com", 31, Date.now());
    await scriptReceiver("/slow", [{ status: 200, delayMs: 12_000 }]);
    const sends = captureSends();
    await consume(WEBHOOK_QUEUE, { kind: "deliver", deliveryId: delivery.deliveryId, attempt: 1 });
    expect(sends).toHaveBeenCalledTimes(1);
    const [d] = (await listDeliveries(database(env.DB), monitor.id, 10, null)).deliveries;
    expect(d.status).toBe("pending");
    const [attempt] = d.attempts;
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBe("timeout: No complete answer within 10000 ms");
    expect(attempt.durationMs).toBeGreaterThanOrEqual(10_000);
  });

  it("records a redirecting receiver as a failed attempt and does not follow it", async () => {
    const { monitor } = await monitorFor("redirect.example.com", "/redirect");
    await env.DB.prepare("UPDATE monitors SET last_score = 10 WHERE id = ?").bind(monitor.id).run();
    const [delivery] = await recordRescanScore(env.DB, "redirect.example.com", 11, Date.now());
    await scriptReceiver("/redirect", [307]);
    const sends = captureSends();
    await consume(WEBHOOK_QUEUE, { kind: "deliver", deliveryId: delivery.deliveryId, attempt: 1 });
    expect(sends).toHaveBeenCalledTimes(1);
    const [d] = (await listDeliveries(database(env.DB), monitor.id, 10, null)).deliveries;
    expect(d.status).toBe("pending");
    expect(d.attempts).toEqual([expect.objectContaining({ statusCode: 307, error: "Receiver answered HTTP 307" })]);
  });
});

describe("lost queue messages", () => {
  it("re-enqueues an overdue pending attempt once, and settles one past its 24 h window as failed", async () => {
    const { monitor } = await monitorFor("lost.example.com", "/lost");
    await env.DB.prepare("UPDATE monitors SET last_score = 5 WHERE id = ?").bind(monitor.id).run();
    const now = Date.UTC(2026, 10, 22, 12, 0);
    const [recent] = await recordRescanScore(env.DB, "lost.example.com", 6, now - 60 * 60_000);
    await env.DB.prepare("UPDATE webhook_deliveries SET attempt_count = 2, next_attempt_at = ? WHERE id = ?")
      .bind(now - 20 * 60_000, recent.deliveryId)
      .run();
    await env.DB.prepare("UPDATE monitors SET last_score = 6 WHERE id = ?").bind(monitor.id).run();
    const [old] = await recordRescanScore(env.DB, "lost.example.com", 9, now - 25 * 60 * 60_000);
    const sends = vi.spyOn(env.WEBHOOKS, "sendBatch").mockResolvedValue(undefined as unknown as QueueSendBatchResponse);

    // Other tests of this file leave pending deliveries too; look at this monitor's only.
    const mine = (call: unknown[] | undefined) =>
      ((call?.[0] ?? []) as { body: DeliveryMessage }[]).filter((m) =>
        [recent.deliveryId, old.deliveryId].includes(m.body.deliveryId),
      );
    await redriveJob.run(env, now);
    expect(mine(sends.mock.calls[0])).toEqual([
      { body: { kind: "deliver", deliveryId: recent.deliveryId, attempt: 3 } },
    ]);
    // Claimed: the next tick does not send it again.
    await redriveJob.run(env, now + 10 * 60_000);
    expect(mine(sends.mock.calls[1])).toEqual([]);

    const byId = new Map(
      (await listDeliveries(database(env.DB), monitor.id, 10, null)).deliveries.map((d) => [d.id, d]),
    );
    expect(byId.get(recent.deliveryId)).toMatchObject({ status: "pending", nextAttemptAt: now });
    expect(byId.get(old.deliveryId)).toMatchObject({ status: "failed", nextAttemptAt: null, settledAt: now });
  });
});

describe("rescans", () => {
  it("sets a baseline on the first rescan, then sends nothing while the score is unchanged", async () => {
    const { monitor } = await monitorFor("steady-shop.test", "/unchanged");
    const sends = captureSends();
    const rescan: RescanMessage = { kind: "rescan", domain: "steady-shop.test", claimedAt: Date.now() };

    const first = await consume(RESCAN_QUEUE, rescan);
    expect(first.explicitAcks).toHaveLength(1);
    const row = await env.DB.prepare("SELECT last_score FROM monitors WHERE id = ?")
      .bind(monitor.id)
      .first<{ last_score: number | null }>();
    const stored = await env.DB.prepare("SELECT overall_score FROM scans WHERE domain = 'steady-shop.test'").first<{
      overall_score: number;
    }>();
    expect(row?.last_score).toBe(stored?.overall_score);

    await consume(RESCAN_QUEUE, rescan);
    const seen = await env.DB.prepare("SELECT seen_count FROM scans WHERE domain = 'steady-shop.test'").first<{
      seen_count: number;
    }>();
    expect(seen?.seen_count).toBe(2);
    expect(sends).not.toHaveBeenCalled();
    expect((await listDeliveries(database(env.DB), monitor.id, 10, null)).deliveries).toEqual([]);
    expect(await receivedAt("/unchanged")).toEqual([]);
  });
});
