import { monitors } from "@schema";
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../context/request-context";
import { type CreatedPosition, newestFirst, pageOf } from "../cursor/newest-first";
import { type Database, database } from "../db/client";
import { ok, type Result, refusal } from "../result/result";
import type { MonitorRecord } from "./monitor-row";

/** Keyset position: (created_at, id) of the last monitor on the previous page. */
export type MonitorPosition = CreatedPosition;

const keyset = newestFirst(monitors);

export interface MonitorPage {
  monitors: MonitorRecord[];
  next: MonitorPosition | null;
}

const columns = {
  id: monitors.id,
  workspaceId: monitors.workspaceId,
  domain: monitors.domain,
  webhookUrl: monitors.webhookUrl,
  createdAt: monitors.createdAt,
  lastScore: monitors.lastScore,
  lastScoredAt: monitors.lastScoredAt,
  lastScanId: monitors.lastScanId,
  lastRescanAt: monitors.lastRescanAt,
  baselineScore: monitors.baselineScore,
  baselineAt: monitors.baselineAt,
  baselineScanId: monitors.baselineScanId,
};

/** Newest first by (created_at, id); later pages continue strictly below the last row. */
export async function listMonitors(
  db: Database,
  workspaceId: string,
  limit: number,
  after: MonitorPosition | null,
): Promise<MonitorPage> {
  const rows = await db
    .select(columns)
    .from(monitors)
    .where(and(eq(monitors.workspaceId, workspaceId), keyset.after(after)))
    .orderBy(...keyset.orderBy)
    .limit(limit + 1);
  const { page, next } = pageOf(rows, limit);
  return { monitors: page, next };
}

/** The monitor if it is in the workspace; another workspace's answers like a missing one. */
export async function findMonitor(db: Database, workspaceId: string, id: string): Promise<MonitorRecord | null> {
  const row = await db
    .select(columns)
    .from(monitors)
    .where(and(eq(monitors.id, id), eq(monitors.workspaceId, workspaceId)))
    .get();
  return row ?? null;
}

/** The monitor of the workspace, or the refusal `monitor_not_found` (also for another workspace's). */
export async function findWorkspaceMonitor(
  ctx: RequestContext,
  input: { monitorId: string },
): Promise<Result<MonitorRecord, "monitor_not_found">> {
  const monitor = await findMonitor(database(ctx.env.DB), ctx.workspaceId, input.monitorId);
  return monitor ? ok(monitor) : refusal("monitor_not_found");
}
