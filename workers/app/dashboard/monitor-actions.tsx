import { database } from "@shared/db/client";
import { findMonitor } from "@shared/monitors/list-monitors";
import type { MonitorControlApi } from "@shared/monitors/monitor-control";
import { recordTestDelivery } from "@shared/monitors/test-delivery";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { Notice } from "../layout/form";
import { Time } from "../layout/format-time";
import { requireRole } from "../middleware/require-role";
import { monitorsPage } from "./monitors";

/**
 * The scan Worker's MonitorControl entrypoint, the same one POST /api/v1/monitors/{id}/test
 * and /rescan use. The generated Env types it as a plain `Service` (wrangler types sees one
 * config at a time), so the RPC surface is named by the interface both sides share.
 */
function monitorControl(c: Context<AppEnv>): MonitorControlApi {
  return c.env.MONITOR_CONTROL as unknown as MonitorControlApi;
}

/** The monitor of the current workspace, or 404 exactly as for a monitor that does not exist. */
async function workspaceMonitor(c: Context<AppEnv>) {
  const monitor = await findMonitor(database(c.env.DB), c.get("workspace").id, c.req.param("id") ?? "");
  if (!monitor) throw new HTTPException(404, { message: "No such monitor in this workspace." });
  return monitor;
}

// "Send test event" and "Rescan now" on the Monitors page: the rules of
// POST /api/v1/monitors/{id}/test and /rescan (workers/v1/routes/monitors/), for admins
// and owners, each a CSRF-protected form post answered with the page and a notice.
export function registerMonitorActions(app: Hono<AppEnv>, path: string) {
  app.post(`${path}/:id/test`, requireRole("admin"), async (c) => {
    const monitor = await workspaceMonitor(c);
    const deliveryId = await recordTestDelivery(c.env.DB, monitor, serviceBaseUrl(undefined, c.req.url), Date.now());
    // Deleted between the lookup and the insert: the same answer as a missing monitor.
    if (!deliveryId) throw new HTTPException(404, { message: "No such monitor in this workspace." });
    await monitorControl(c).deliverNow(deliveryId, 1);
    return monitorsPage(c, {
      status: 202,
      before: (
        <Notice kind="success">
          Test event queued for {monitor.domain}: it reaches <code>{monitor.webhookUrl}</code> within seconds.{" "}
          <a href={`${path}/${encodeURIComponent(monitor.id)}`}>See its delivery</a>.
        </Notice>
      ),
    });
  });

  app.post(`${path}/:id/rescan`, requireRole("admin"), async (c) => {
    const monitor = await workspaceMonitor(c);
    const outcome = await monitorControl(c).requestRescan(monitor.domain, serviceBaseUrl(undefined, c.req.url));
    if (!outcome.accepted) {
      c.header("Retry-After", String(outcome.retryAfterSeconds));
      return monitorsPage(c, {
        status: 429,
        before: (
          <Notice kind="error">
            {monitor.domain} was scanned as often as the per-domain limit allows. The next rescan is allowed in
            {outcome.retryAfterSeconds} s, at <Time at={Date.now() + outcome.retryAfterSeconds * 1000} />.
          </Notice>
        ),
      });
    }
    return monitorsPage(c, {
      status: 202,
      before: (
        <Notice kind="success">
          Rescan of {monitor.domain} queued. Its score updates here once the scan has run; a changed score sends
          score.changed.
        </Notice>
      ),
    });
  });
}
