import { ok, type Result, refusal } from "../result/result";
import { findWorkspaceMonitor } from "./list-monitors";
import type { MonitorControlApi } from "./monitor-control";
import type { MonitorRecord } from "./monitor-row";
import { reopenDelivery } from "./redeliver";
import { recordTestDelivery } from "./test-delivery";

// The actions on one existing monitor, shared by POST /api/v1/monitors/{id}/test,
// /rescan, /deliveries/{id}/redeliver and the Monitors page (no MCP tools yet). Each
// checks the monitor belongs to the workspace (another workspace's answers exactly
// like a missing one), then asks the scan Worker (MonitorControl) to act.

/** What a monitor action needs: the control plane, the scan Worker's entrypoint, the service's base URL. */
export interface MonitorActionContext {
  db: D1Database;
  control: MonitorControlApi;
  /** PUBLIC_BASE_URL or the request's origin (shared/sites/snippet.ts serviceBaseUrl): the payload's scan_url. */
  baseUrl: string;
  workspaceId: string;
  now?: number;
}

export interface QueuedDelivery {
  monitor: MonitorRecord;
  deliveryId: string;
  attempt: number;
}

/** Records a test `score.changed` delivery (marked `test: true`) and queues its first attempt now. */
export async function sendTestEvent(
  ctx: MonitorActionContext,
  monitorId: string,
): Promise<Result<QueuedDelivery, "monitor_not_found">> {
  const found = await findWorkspaceMonitor(ctx.db, ctx.workspaceId, monitorId);
  if (!found.ok) return found;
  const deliveryId = await recordTestDelivery(ctx.db, found.value, ctx.baseUrl, ctx.now ?? Date.now());
  // Deleted between the lookup and the insert: the same answer as a missing monitor.
  if (!deliveryId) return refusal("monitor_not_found");
  await ctx.control.deliverNow(deliveryId, 1);
  return ok({ monitor: found.value, deliveryId, attempt: 1 });
}

/**
 * Queues a rescan of the monitor's domain now, counted against the domain's scan limit
 * (shared with POST /api/scan); beyond it `rate_limited` with the seconds to wait.
 */
export async function rescanNow(
  ctx: MonitorActionContext,
  monitorId: string,
): Promise<Result<{ monitor: MonitorRecord }, "monitor_not_found" | "rate_limited">> {
  const found = await findWorkspaceMonitor(ctx.db, ctx.workspaceId, monitorId);
  if (!found.ok) return found;
  const monitor = found.value;
  const outcome = await ctx.control.requestRescan(monitor.domain, ctx.baseUrl);
  if (!outcome.accepted) {
    return refusal(
      "rate_limited",
      `${monitor.domain} was scanned as often as the per-domain limit allows; retry in ${outcome.retryAfterSeconds} s`,
      { retryAfterSeconds: outcome.retryAfterSeconds },
    );
  }
  return ok({ monitor });
}

/** One more attempt of a recorded delivery now, whatever its status (same `webhook-id`). */
export async function redeliver(
  ctx: MonitorActionContext,
  monitorId: string,
  deliveryId: string,
): Promise<Result<QueuedDelivery, "monitor_not_found" | "delivery_not_found">> {
  const found = await findWorkspaceMonitor(ctx.db, ctx.workspaceId, monitorId);
  if (!found.ok) return found;
  const attempt = await reopenDelivery(ctx.db, ctx.workspaceId, monitorId, deliveryId, ctx.now ?? Date.now());
  if (attempt === null) return refusal("delivery_not_found");
  await ctx.control.deliverNow(deliveryId, attempt);
  return ok({ monitor: found.value, deliveryId, attempt });
}
