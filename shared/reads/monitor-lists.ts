import type { RequestContext } from "../context/request-context";
import { cursorKey } from "../cursor/keyset-cursor";
import { newestFirstCursors } from "../cursor/newest-first";
import { database } from "../db/client";
import { listDeliveries } from "../monitors/list-deliveries";
import { findWorkspaceMonitor, listMonitors } from "../monitors/list-monitors";
import type { MonitorRecord } from "../monitors/monitor-row";
import { ok, type Result } from "../result/result";

// The monitors of a workspace and one monitor's deliveries, newest first, keyset-paged
// with signed cursors (GET /api/v1/monitors, /monitors/{id}/deliveries, their MCP tools
// and the Monitors pages' CSV).

/** A page of the workspace's monitors. */
export async function workspaceMonitors(
  ctx: RequestContext,
  input: { limit: number; cursor?: string },
): Promise<Result<{ monitors: MonitorRecord[]; next_cursor: string | null }, "invalid_cursor">> {
  const cursors = newestFirstCursors(await cursorKey(ctx.env), { list: "monitors", workspaceId: ctx.workspaceId });
  const after = await cursors.after(input.cursor);
  if (!after.ok) return after;
  const page = await listMonitors(database(ctx.env.DB), ctx.workspaceId, input.limit, after.value);
  return ok({ monitors: page.monitors, next_cursor: await cursors.next(page.next) });
}

type Deliveries = Awaited<ReturnType<typeof listDeliveries>>["deliveries"];

/** A page of one monitor's deliveries (another workspace's monitor answers like a missing one). */
export async function monitorDeliveries(
  ctx: RequestContext,
  input: { monitorId: string; limit: number; cursor?: string },
): Promise<Result<{ deliveries: Deliveries; next_cursor: string | null }, "monitor_not_found" | "invalid_cursor">> {
  const monitor = await findWorkspaceMonitor(ctx, { monitorId: input.monitorId });
  if (!monitor.ok) return monitor;
  // Bound to the monitor too, so a cursor of one monitor's list is refused on another's.
  const binding = { list: `deliveries:${input.monitorId}`, workspaceId: ctx.workspaceId };
  const cursors = newestFirstCursors(await cursorKey(ctx.env), binding);
  const after = await cursors.after(input.cursor);
  if (!after.ok) return after;
  const page = await listDeliveries(database(ctx.env.DB), input.monitorId, input.limit, after.value);
  return ok({ deliveries: page.deliveries, next_cursor: await cursors.next(page.next) });
}
