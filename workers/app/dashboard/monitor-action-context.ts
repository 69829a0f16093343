import type { MonitorActionContext } from "@shared/monitors/monitor-actions";
import type { MonitorControlApi } from "@shared/monitors/monitor-control";
import { serviceBaseUrl } from "@shared/sites/snippet";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * What the monitor actions need from a page request: the same as v1's (the scan
 * Worker's MonitorControl entrypoint, typed by the interface both sides share since
 * the generated Env names only a `Service`), with the same base URL rule.
 */
export function actionContext(c: Context<AppEnv>): MonitorActionContext {
  return {
    db: c.env.DB,
    control: c.env.MONITOR_CONTROL as unknown as MonitorControlApi,
    baseUrl: serviceBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url),
    workspaceId: c.get("workspace").id,
  };
}
