import type { RequestContext } from "@shared/context/request-context";
import type { DeliveryRecord } from "@shared/monitors/list-deliveries";
import { MONITORS_PER_WORKSPACE } from "@shared/monitors/monitor-limits";
import type { MonitorRecord } from "@shared/monitors/monitor-row";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import { everyMonitorWithScan, newestDeliveries, workspaceMonitor } from "@shared/reads/monitor-pages";
import type { LatestScanSummary } from "@shared/scan/latest-scans";
import { HTTPException } from "hono/http-exception";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { pageValue } from "../refusal-page";
import { pageContext } from "../request-context";
import { type CsvPage, csvTable, isoTime } from "./csv-download";

// The Monitors page and each monitor's deliveries as CSV: the same reads as the pages
// (shared/reads/monitor-pages.ts: each monitor with its domain's latest scan; the
// deliveries), every page of them.

/** The most deliveries one download lists, newest first. */
export const DELIVERIES_CSV_MAX_ROWS = 1000;

interface MonitorRow {
  monitor: MonitorRecord;
  scan: LatestScanSummary | undefined;
  nowMs: number;
}

/** Every monitor of the workspace (at most MONITORS_PER_WORKSPACE), newest first, each with its domain's latest scan. */
export async function monitorRows(ctx: RequestContext): Promise<MonitorRow[]> {
  const rows = pageValue(await everyMonitorWithScan(ctx, { max: MONITORS_PER_WORKSPACE }));
  return rows.map((row) => ({ ...row, nowMs: ctx.nowMs }));
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
      // The page's columns under the API's names; the score is the domain's latest stored scan, as the page shows it.
      columns: [
        { name: "monitor_id", value: (r: MonitorRow) => r.monitor.id },
        { name: "domain", value: (r: MonitorRow) => r.monitor.domain },
        { name: "latest_score", value: (r: MonitorRow) => r.scan?.overallScore ?? null },
        { name: "latest_scan_id", value: (r: MonitorRow) => r.scan?.id ?? null },
        { name: "latest_scan_at", value: (r: MonitorRow) => isoTime(r.scan?.lastSeenAt ?? null) },
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
