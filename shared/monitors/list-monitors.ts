import { monitors } from "@schema";
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import type { MonitorRecord } from "./monitor-row";

/** Keyset position: (created_at, id) of the last monitor on the previous page. */
export type MonitorPosition = { createdAt: number; id: string };

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
};

/** Newest first by (created_at, id); later pages continue strictly below the last row. */
export async function listMonitors(
  db: Database,
  workspaceId: string,
  limit: number,
  after: MonitorPosition | null,
): Promise<MonitorPage> {
  const inWorkspace = eq(monitors.workspaceId, workspaceId);
  const where = after
    ? and(
        inWorkspace,
        or(
          lt(monitors.createdAt, after.createdAt),
          and(eq(monitors.createdAt, after.createdAt), lt(monitors.id, after.id)),
        ),
      )
    : inWorkspace;
  const rows = await db
    .select(columns)
    .from(monitors)
    .where(where)
    .orderBy(desc(monitors.createdAt), desc(monitors.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { monitors: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
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
