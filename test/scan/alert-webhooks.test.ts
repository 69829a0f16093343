import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { MonitorQueueMessage } from "../../shared/monitors/queue-messages";
import { AlertPayload } from "../../shared/notifications/alert-events";
import { recordAlertDelivery } from "../../shared/notifications/alert-webhooks";
import { detectInstallStopped } from "../../shared/notifications/detect-alerts";
import worker from "../../workers/scan/index";
import { WEBHOOK_QUEUE } from "../../workers/scan/monitors/monitor-queues";
import { monitorFor, receivedAt, webhookHeadersOf } from "./monitors-helpers";

// An alert recorded by the app's notification cron (shared/notifications/alert-webhooks.ts)
// goes out through the scan Worker's delivery consumer like any score.changed: signed with
// the monitor's secret (Standard Webhooks), its id the webhook-id, its body the alert.
describe("alert webhooks", () => {
  it("delivers an alert to the monitor of its domain, signed and verifiable with the monitor's secret", async () => {
    const domain = "alerts.example.com";
    const { monitor, secret } = await monitorFor(domain, "/alerts");
    const now = Date.now();
    const alert = detectInstallStopped({ id: "site_alerts", domain, lastAcceptAt: now - 30 * 3_600_000 }, now);
    if (!alert) throw new Error("expected an install_stopped alert");
    const deliveryId = await recordAlertDelivery(env.DB, monitor.workspaceId, monitor.id, alert, now);
    if (!deliveryId) throw new Error("delivery not recorded");

    const batch = createMessageBatch<MonitorQueueMessage>(WEBHOOK_QUEUE, [
      {
        id: crypto.randomUUID(),
        timestamp: new Date(),
        attempts: 1,
        body: { kind: "deliver", deliveryId, attempt: 1 },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);

    const received = await receivedAt("/alerts");
    const attempts = await env.DB.prepare("SELECT status_code, error FROM webhook_attempts WHERE delivery_id = ?1")
      .bind(deliveryId)
      .all();
    expect(attempts.results).toEqual([{ status_code: 200, error: null }]);
    const [request, ...more] = received;
    expect(more).toEqual([]);
    expect(request.headers["webhook-id"]).toBe(deliveryId);
    const body = new Webhook(secret).verify(request.body, webhookHeadersOf(request));
    expect(AlertPayload.parse(body)).toEqual(alert.payload);
    expect(body).toMatchObject({ event: "alert.install_stopped", domain, silentHours: 30 });
    const row = await env.DB.prepare("SELECT event, status FROM webhook_deliveries WHERE id = ?1")
      .bind(deliveryId)
      .first();
    expect(row).toEqual({ event: "alert.install_stopped", status: "succeeded" });
  });

  it("records nothing for a monitor of another workspace", async () => {
    const { monitor } = await monitorFor("alerts-other.example.com", "/alerts-other");
    const now = Date.now();
    const alert = detectInstallStopped(
      { id: "site_x", domain: "alerts-other.example.com", lastAcceptAt: now - 30 * 3_600_000 },
      now,
    );
    if (!alert) throw new Error("expected an alert");
    expect(await recordAlertDelivery(env.DB, "ws_someone_else", monitor.id, alert, now)).toBeNull();
  });
});
