import { env } from "cloudflare:workers";
import { createMonitor } from "../../shared/monitors/create-monitor";
import { parseResolveMap } from "../../shared/outbound/resolve-map";
import type { ReceivedRequest, ScriptedAnswer } from "../fixtures/monitors/webhook-receiver";

// Shared steps of the monitor tests: a workspace with a monitor, and the webhook
// receiver's control endpoints (reached directly on 127.0.0.1, not through the guard).

export async function monitorFor(domain: string, path: string) {
  const workspaceId = `ws_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)")
    .bind(workspaceId, workspaceId, Date.now())
    .run();
  const created = await createMonitor(env.DB, env, {
    workspaceId,
    domain,
    webhookUrl: `https://hooks.test${path}`,
    resolve: parseResolveMap(env.OUTBOUND_RESOLVE),
  });
  if (!created.ok || !created.value.secret) throw new Error("monitor not created");
  return { monitor: created.value.monitor, secret: created.value.secret };
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
