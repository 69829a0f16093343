import type { AppContext } from "../context/app-context";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { type DeliveryPage, type DeliveryRecord, listDeliveries } from "../monitors/list-deliveries";
import { findMonitor, listMonitors, type MonitorPage } from "../monitors/list-monitors";
import type { MonitorRecord } from "../monitors/monitor-row";
import { ok, type Result } from "../result/result";

// The reads of the app's Monitors pages and their CSV downloads (docs/app.md "Monitors"):
// the list, one monitor, its deliveries. A monitor's scores are its own (`baselineScore`,
// `lastScore`: what its webhooks compare), as GET /api/v1/monitors gives them. The v1 API's
// paged lists with signed cursors are monitor-lists.ts.

/** Monitors one CSV page of the workspace reads at a time. */
const PAGE = 100;

/**
 * The Monitors page's read: the first `limit` monitors, newest first. The workspace is
 * the input's because the page starts this read beside the session check
 * (workers/app/middleware/early-read.ts), before the context exists; nothing read is
 * shown unless the member's workspace is that one.
 */
export async function monitorsFirstPage(
  ctx: AppContext,
  input: { workspaceId: string; limit: number },
): Promise<Result<MonitorPage, never>> {
  return ok(await listMonitors(database(ctx.env.DB), input.workspaceId, input.limit, null));
}

/** A monitor of the context's workspace; null for another workspace's or a missing one. */
export async function workspaceMonitor(
  ctx: RequestContext,
  input: { monitorId: string },
): Promise<Result<MonitorRecord | null, never>> {
  return ok(await findMonitor(database(ctx.env.DB), ctx.workspaceId, input.monitorId));
}

/** The newest `limit` deliveries of a monitor already found in the workspace (`workspaceMonitor`). */
export async function latestDeliveries(
  ctx: RequestContext,
  input: { monitor: MonitorRecord; limit: number },
): Promise<Result<DeliveryPage, never>> {
  return ok(await listDeliveries(database(ctx.env.DB), input.monitor.id, input.limit, null));
}

/** Every monitor of the workspace (up to `max`), newest first. */
export async function everyMonitor(
  ctx: RequestContext,
  input: { max: number },
): Promise<Result<MonitorRecord[], never>> {
  const db = database(ctx.env.DB);
  const rows: MonitorRecord[] = [];
  let after = null;
  do {
    const page = await listMonitors(db, ctx.workspaceId, PAGE, after);
    rows.push(...page.monitors);
    after = page.next;
  } while (after && rows.length < input.max);
  return ok(rows.slice(0, input.max));
}

/** A monitor's newest deliveries (up to `max`), each with its attempts. */
export async function newestDeliveries(
  ctx: RequestContext,
  input: { monitor: MonitorRecord; max: number },
): Promise<Result<DeliveryRecord[], never>> {
  const db = database(ctx.env.DB);
  const rows: DeliveryRecord[] = [];
  let after = null;
  do {
    const page = await listDeliveries(db, input.monitor.id, PAGE, after);
    rows.push(...page.deliveries);
    after = page.next;
  } while (after && rows.length < input.max);
  return ok(rows.slice(0, input.max));
}
