import { type Database, database } from "@shared/db/client";
import { type DeliveryRecord, listDeliveries } from "@shared/monitors/list-deliveries";
import { findMonitor, listMonitors } from "@shared/monitors/list-monitors";
import { MONITORS_PER_WORKSPACE } from "@shared/monitors/monitor-limits";
import type { MonitorRecord } from "@shared/monitors/monitor-row";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import { type LatestScanSummary, latestScans } from "@shared/scan/latest-scans";
import { HTTPException } from "hono/http-exception";
import { requireSignIn, requireWorkspace } from "../middleware/session";
import { type CsvPage, csvTable, isoTime } from "./csv-download";

// The Monitors page and each monitor's deliveries as CSV: the same reads as the pages
// (listMonitors with each domain's latest scan; listDeliveries), every page of them.

/** The most deliveries one download lists, newest first. */
export const DELIVERIES_CSV_MAX_ROWS = 1000;
const PAGE = 100;

interface MonitorRow {
  monitor: MonitorRecord;
  scan: LatestScanSummary | undefined;
  nowMs: number;
}

/** Every monitor of the workspace (at most MONITORS_PER_WORKSPACE), newest first, each with its domain's latest scan. */
export async function monitorRows(db: Database, workspaceId: string, nowMs: number): Promise<MonitorRow[]> {
  const rows: MonitorRow[] = [];
  let after = null;
  do {
    const page = await listMonitors(db, workspaceId, PAGE, after);
    const scans = await latestScans(
      db,
      page.monitors.map((m) => m.domain),
    );
    rows.push(...page.monitors.map((monitor) => ({ monitor, scan: scans.get(monitor.domain), nowMs })));
    after = page.next;
  } while (after && rows.length < MONITORS_PER_WORKSPACE);
  return rows;
}

const guard = [requireSignIn(), requireWorkspace()];

export const MONITORS_CSV: CsvPage<{ db: Database; workspaceId: string }, "monitors"> = {
  path: "/app/monitors",
  // `/app/monitors/*` is guarded by monitors.tsx, registered after this route.
  guard,
  input: async (c) => ({ db: database(c.env.DB), workspaceId: c.get("workspace").id }),
  fileName: () => "monitors",
  tables: {
    monitors: csvTable({
      title: "Monitors",
      read: ({ db, workspaceId }: { db: Database; workspaceId: string }) => monitorRows(db, workspaceId, Date.now()),
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
  db: Database;
  monitor: MonitorRecord;
}

export const DELIVERIES_CSV: CsvPage<DeliveriesInput, "deliveries"> = {
  path: "/app/monitors/:id",
  guard,
  input: async (c) => {
    const db = database(c.env.DB);
    const monitor = await findMonitor(db, c.get("workspace").id, c.req.param("id") ?? "");
    if (!monitor) throw new HTTPException(404, { message: "No such monitor in this workspace." });
    return { db, monitor };
  },
  fileName: (i) => `deliveries-${i.monitor.domain}`,
  tables: {
    deliveries: csvTable({
      title: `Webhook deliveries (the newest ${DELIVERIES_CSV_MAX_ROWS.toLocaleString("en")} at most)`,
      read: async ({ db, monitor }: DeliveriesInput) => {
        const rows: DeliveryRecord[] = [];
        let after = null;
        do {
          const page = await listDeliveries(db, monitor.id, PAGE, after);
          rows.push(...page.deliveries);
          after = page.next;
        } while (after && rows.length < DELIVERIES_CSV_MAX_ROWS);
        return rows.slice(0, DELIVERIES_CSV_MAX_ROWS);
      },
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
