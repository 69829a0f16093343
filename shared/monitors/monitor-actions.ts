import type { RequestContext } from "../context/request-context";
import { ok, type Result, refusal } from "../result/result";
import { findWorkspaceMonitor } from "./list-monitors";
import { type MonitorControlEnv, monitorControl } from "./monitor-control";
import type { MonitorRecord } from "./monitor-row";
import { reopenDelivery } from "./redeliver";
import { recordTestDelivery } from "./test-delivery";

// The actions on one existing monitor, shared by POST /api/v1/monitors/{id}/test,
// /rescan, /deliveries/{id}/redeliver and the Monitors page (no MCP tools yet). Each
// checks the monitor belongs to the context's workspace (another workspace's answers
// exactly like a missing one), then asks the scan Worker (MonitorControl) to act. The
// context's base URL is the payloads' scan_url.

/** The request context of a monitor action: a read's, with the scan Worker's MonitorControl. */
export type MonitorActionContext = RequestContext<MonitorControlEnv>;

export interface QueuedDelivery {
  monitor: MonitorRecord;
  deliveryId: string;
  attempt: number;
}

/** Records a test `score.changed` delivery (marked `test: true`) and queues its first attempt now. */
export async function sendTestEvent(
  ctx: MonitorActionContext,
  input: { monitorId: string },
): Promise<Result<QueuedDelivery, "monitor_not_found">> {
  const found = await findWorkspaceMonitor(ctx, input);
  if (!found.ok) return found;
  const deliveryId = await recordTestDelivery(ctx.env.DB, found.value, ctx.baseUrl, ctx.nowMs);
  // Deleted between the lookup and the insert: the same answer as a missing monitor.
  if (!deliveryId) return refusal("monitor_not_found");
  await monitorControl(ctx.env).deliverNow(deliveryId, 1);
  return ok({ monitor: found.value, deliveryId, attempt: 1 });
}

/**
 * Queues a rescan of the monitor's domain now, counted against the domain's scan limit
 * (shared with POST /api/scan); beyond it `rate_limited` with the seconds to wait.
 */
export async function rescanNow(
  ctx: MonitorActionContext,
  input: { monitorId: string },
): Promise<Result<{ monitor: MonitorRecord }, "monitor_not_found" | "rate_limited">> {
  const found = await findWorkspaceMonitor(ctx, input);
  if (!found.ok) return found;
  const monitor = found.value;
  const outcome = await monitorControl(ctx.env).requestRescan(monitor.domain, ctx.baseUrl);
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
  input: { monitorId: string; deliveryId: string },
): Promise<Result<QueuedDelivery, "monitor_not_found" | "delivery_not_found">> {
  const { monitorId, deliveryId } = input;
  const found = await findWorkspaceMonitor(ctx, { monitorId });
  if (!found.ok) return found;
  const attempt = await reopenDelivery(ctx.env.DB, ctx.workspaceId, monitorId, deliveryId, ctx.nowMs);
  if (attempt === null) return refusal("delivery_not_found");
  await monitorControl(ctx.env).deliverNow(deliveryId, attempt);
  return ok({ monitor: found.value, deliveryId, attempt });
}
