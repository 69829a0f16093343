import type { RequestContext } from "@shared/context/request-context";
import type { DeliveryRecord } from "@shared/monitors/list-deliveries";
import { MONITORS_PER_WORKSPACE } from "@shared/monitors/monitor-limits";
import type { MonitorRecord } from "@shared/monitors/monitor-row";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import { everyMonitor, newestDeliveries, workspaceMonitor } from "@shared/reads/monitor-pages";
import { HTTPException } from "hono/http-exception";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, isoTime } from "./csv-download";

// The Monitors page and each monitor's deliveries as CSV: the same reads as the pages
// (shared/reads/monitor-pages.ts: the monitors; the deliveries), every page of them.

/** The most deliveries one download lists, newest first. */
export const DELIVERIES_CSV_MAX_ROWS = 1000;

interface MonitorRow {
  monitor: MonitorRecord;
  nowMs: number;
}

/** Every monitor of the workspace (at most MONITORS_PER_WORKSPACE), newest first. */
export async function monitorRows(ctx: RequestContext): Promise<MonitorRow[]> {
  const monitors = pageValue(await everyMonitor(ctx, { max: MONITORS_PER_WORKSPACE }));
  return monitors.map((monitor) => ({ monitor, nowMs: ctx.nowMs }));
}

const guard = [requireSignIn(), requireWorkspace()];

export const MONITORS_CSV: CsvPage<RequestContext, "monitors"> = {
  path: "/app/monitors",
  // `/app/monitors/*` is guarded by monitors.tsx, registered after this route.
  guard,
  input: async (c) => pageContext(c),
  fileName: () => "monitors",
  tables: {
    monitors: csvTable({
      title: "Monitors",
      read: (ctx: RequestContext) => monitorRows(ctx),
      // The page's columns under the API's names (GET /api/v1/monitors): the monitor's own scores.
      columns: [
        { name: "monitor_id", value: (r: MonitorRow) => r.monitor.id },
        { name: "domain", value: (r: MonitorRow) => r.monitor.domain },
        { name: "baseline_score", value: (r: MonitorRow) => r.monitor.baselineScore },
        { name: "baseline_at", value: (r: MonitorRow) => isoTime(r.monitor.baselineAt) },
        { name: "last_score", value: (r: MonitorRow) => r.monitor.lastScore },
        { name: "last_scanned_at", value: (r: MonitorRow) => isoTime(r.monitor.lastScoredAt) },
        { name: "last_scan_id", value: (r: MonitorRow) => r.monitor.lastScanId },
        {
          name: "next_rescan_at",
          value: (r: MonitorRow) => isoTime(nextRescanAt(r.monitor.domain, r.monitor.lastRescanAt, r.nowMs)),
        },
        { name: "webhook_url", value: (r: MonitorRow) => r.monitor.webhookUrl },
        { name: "created_at", value: (r: MonitorRow) => isoTime(r.monitor.createdAt) },
      ],
    }),
  },
};

interface DeliveriesInput {
  ctx: RequestContext;
  monitor: MonitorRecord;
}

export const DELIVERIES_CSV: CsvPage<DeliveriesInput, "deliveries"> = {
  path: "/app/monitors/:id",
  guard,
  input: async (c) => {
    const ctx = pageContext(c);
    const monitor = pageValue(await workspaceMonitor(ctx, { monitorId: c.req.param("id") ?? "" }));
    if (!monitor) throw new HTTPException(404, { message: "No such monitor in this workspace." });
    return { ctx, monitor };
  },
  fileName: (i) => `deliveries-${i.monitor.domain}`,
  tables: {
    deliveries: csvTable({
      title: `Webhook deliveries (the newest ${DELIVERIES_CSV_MAX_ROWS.toLocaleString("en")} at most)`,
      read: async ({ ctx, monitor }: DeliveriesInput) =>
        pageValue(await newestDeliveries(ctx, { monitor, max: DELIVERIES_CSV_MAX_ROWS })),
      // The API's Delivery fields; the attempts (a list) as the page shows them.
      columns: [
        { name: "delivery_id", value: (d: DeliveryRecord) => d.id },
        { name: "event", value: (d: DeliveryRecord) => d.event },
        { name: "status", value: (d: DeliveryRecord) => d.status },
        { name: "created_at", value: (d: DeliveryRecord) => isoTime(d.createdAt) },
        { name: "next_attempt_at", value: (d: DeliveryRecord) => isoTime(d.nextAttemptAt) },
        { name: "settled_at", value: (d: DeliveryRecord) => isoTime(d.settledAt) },
        { name: "attempts", value: (d: DeliveryRecord) => d.attempts.length },
        {
          name: "responses",
          value: (d: DeliveryRecord) =>
            d.attempts
              .map((a) => (a.statusCode === null ? (a.error ?? "no answer") : `HTTP ${a.statusCode}`))
              .join("; "),
        },
      ],
    }),
  },
};
