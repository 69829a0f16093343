import type { AppContext } from "../context/app-context";
import type { RequestContext } from "../context/request-context";
import { database } from "../db/client";
import { type DeliveryPage, type DeliveryRecord, listDeliveries } from "../monitors/list-deliveries";
import { findMonitor, listMonitors, type MonitorPage } from "../monitors/list-monitors";
import type { MonitorRecord } from "../monitors/monitor-row";
import { monitorsWithLatestScans } from "../monitors/monitors-with-scans";
import { ok, type Result } from "../result/result";
import { type LatestScanSummary, latestScans } from "../scan/latest-scans";

// The reads of the app's Monitors pages and their CSV downloads (docs/app.md "Monitors"):
// the list with each domain's latest scan, one monitor, its deliveries. The v1 API's
// paged lists with signed cursors are monitor-lists.ts.

/** Monitors one CSV page of the workspace reads at a time. */
const PAGE = 100;

/**
 * The Monitors page's whole read in one batch: the first `limit` monitors and each
 * listed domain's latest scan. The workspace is the input's because the page starts this
 * read beside the session check (workers/app/middleware/early-read.ts), before the
 * context exists; nothing read is shown unless the member's workspace is that one.
 */
export async function monitorsWithScans(
  ctx: AppContext,
  input: { workspaceId: string; limit: number },
): Promise<Result<{ page: MonitorPage; scans: Map<string, LatestScanSummary> }, never>> {
  return ok(await monitorsWithLatestScans(database(ctx.env.DB), input.workspaceId, input.limit));
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

/** Every monitor of the workspace (up to `max`), newest first, each with its domain's latest scan. */
export async function everyMonitorWithScan(
  ctx: RequestContext,
  input: { max: number },
): Promise<Result<{ monitor: MonitorRecord; scan: LatestScanSummary | undefined }[], never>> {
  const db = database(ctx.env.DB);
  const rows: { monitor: MonitorRecord; scan: LatestScanSummary | undefined }[] = [];
  let after = null;
  do {
    const page = await listMonitors(db, ctx.workspaceId, PAGE, after);
    const scans = await latestScans(
      db,
      page.monitors.map((m) => m.domain),
    );
    rows.push(...page.monitors.map((monitor) => ({ monitor, scan: scans.get(monitor.domain) })));
    after = page.next;
  } while (after && rows.length < input.max);
  return ok(rows);
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
