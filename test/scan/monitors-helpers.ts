import { env } from "cloudflare:workers";
import { createMonitor } from "../../shared/monitors/create-monitor";
import type { MonitorControlApi } from "../../shared/monitors/monitor-control";
import type { DeliveryMessage, RescanMessage } from "../../shared/monitors/queue-messages";
import type { ReceivedRequest, ScriptedAnswer } from "../fixtures/monitors/webhook-receiver";
import { seedWorkspace } from "../helpers/seed";
import { testContextWith } from "../helpers/test-context";

// Shared steps of the monitor tests: a workspace with a monitor, and the webhook
// receiver's control endpoints (reached directly on 127.0.0.1, not through the guard).

/**
 * The scan Worker's MonitorControl as the app and v1 reach it, on this project's own
 * queues: a rescan asked for is queued (without the per-domain window, which the scan
 * API's tests cover), a delivery is queued now.
 */
export const queueingControl: MonitorControlApi = {
  async requestRescan(domain, baseUrl) {
    await env.RESCANS.send({ kind: "rescan", domain, claimedAt: Date.now(), baseUrl } satisfies RescanMessage);
    return { accepted: true };
  },
  async deliverNow(deliveryId, attempt) {
    await env.WEBHOOKS.send({ kind: "deliver", deliveryId, attempt } satisfies DeliveryMessage);
  },
};

/** A control whose scan limit is used up: the first scan is left to the rescan cron. */
const refusingControl: MonitorControlApi = {
  requestRescan: async () => ({ accepted: false, retryAfterSeconds: 60 }),
  deliverNow: async () => {},
};

/**
 * A new workspace with a monitor of `domain` posting to the receiver at `path`. Its first
 * scan (the baseline) is queued at creation with `queueingControl`; by default the
 * domain's scan limit is taken as used up, so the rescan cron's next tick scans it.
 */
export async function monitorFor(domain: string, path: string, control: MonitorControlApi = refusingControl) {
  const { workspaceId, userId } = await seedWorkspace(env.DB);
  const ctx = testContextWith({ MONITOR_CONTROL: control }, { workspaceId, actor: { kind: "member", userId } });
  const created = await createMonitor(
    { ...ctx, baseUrl: "https://agent-readiness.example" },
    { domain, webhookUrl: `https://hooks.test${path}` },
  );
  if (!created.ok || !created.value.secret) throw new Error("monitor not created");
  return { monitor: created.value.monitor, secret: created.value.secret, baselineQueued: created.value.baselineQueued };
}

const receiver = (path: string) => `http://127.0.0.1:${env.WEBHOOK_RECEIVER_PORT}${path}`;

/** The receiver answers the next requests on `path` with these statuses, then 200. */
export async function scriptReceiver(path: string, statuses: ScriptedAnswer[]): Promise<void> {
  await fetch(receiver(`/__script?path=${encodeURIComponent(path)}`), {
    method: "POST",
    body: JSON.stringify(statuses),
  });
}

export async function receivedAt(path: string): Promise<ReceivedRequest[]> {
  return (await (await fetch(receiver(`/__received?path=${encodeURIComponent(path)}`))).json()) as ReceivedRequest[];
}

export function webhookHeadersOf(r: ReceivedRequest) {
  return {
    "webhook-id": r.headers["webhook-id"] ?? "",
    "webhook-timestamp": r.headers["webhook-timestamp"] ?? "",
    "webhook-signature": r.headers["webhook-signature"] ?? "",
  };
}
