import { database } from "@shared/db/client";
import { ApiError } from "@shared/errors/api-error";
import { findMonitor } from "@shared/monitors/list-monitors";
import type { MonitorRecord } from "@shared/monitors/monitor-row";

/**
 * The monitor `monitorId` of the key's workspace, or 404 `monitor_not_found`: a
 * monitor of another workspace is answered exactly like one that does not exist.
 */
export async function workspaceMonitor(db: D1Database, workspaceId: string, monitorId: string): Promise<MonitorRecord> {
  const monitor = await findMonitor(database(db), workspaceId, monitorId);
  if (!monitor) throw new ApiError("monitor_not_found");
  return monitor;
}
