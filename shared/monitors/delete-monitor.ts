import type { RequestContext } from "../context/request-context";
import { ok, type Result, refusal } from "../result/result";

// Deletes a monitor with its delivery history in one batch (one transaction): children
// first, since D1 enforces the foreign keys. Every statement is scoped through the
// monitor's workspace, so another workspace's id deletes nothing. drizzle's delete has
// no subquery-in-IN builder across three tables that stays this readable, hence SQL.
const OWNED = "SELECT id FROM monitors WHERE id = ?1 AND workspace_id = ?2";
const DELETE_ATTEMPTS = `DELETE FROM webhook_attempts WHERE delivery_id IN
  (SELECT id FROM webhook_deliveries WHERE monitor_id IN (${OWNED}))`;
const DELETE_DELIVERIES = `DELETE FROM webhook_deliveries WHERE monitor_id IN (${OWNED})`;
const DELETE_MONITOR = "DELETE FROM monitors WHERE id = ?1 AND workspace_id = ?2";

/** Deletes the workspace's monitor with its deliveries; refused `monitor_not_found` when it has none by that id. */
export async function deleteMonitor(
  ctx: RequestContext,
  input: { monitorId: string },
): Promise<Result<{ monitorId: string }, "monitor_not_found">> {
  const d1 = ctx.env.DB;
  const { monitorId } = input;
  const { workspaceId } = ctx;
  const results = await d1.batch([
    d1.prepare(DELETE_ATTEMPTS).bind(monitorId, workspaceId),
    d1.prepare(DELETE_DELIVERIES).bind(monitorId, workspaceId),
    d1.prepare(DELETE_MONITOR).bind(monitorId, workspaceId),
  ]);
  return results[2].meta.changes === 1 ? ok({ monitorId }) : refusal("monitor_not_found");
}
