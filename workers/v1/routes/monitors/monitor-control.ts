import type { MonitorActionContext } from "@shared/monitors/monitor-actions";
import type { MonitorControlApi } from "@shared/monitors/monitor-control";
import { serviceBaseUrl } from "@shared/sites/snippet";

/**
 * What the monitor actions need from a v1 request: the key's workspace, D1, the scan
 * Worker's MonitorControl entrypoint (the generated Env types it as a plain `Service`,
 * since wrangler types sees one config at a time, so the RPC surface is named by the
 * interface both Workers share) and the service's base URL.
 */
export function monitorActionContext(env: V1Env, workspaceId: string, requestUrl: string): MonitorActionContext {
  return {
    db: env.DB,
    control: env.MONITOR_CONTROL as unknown as MonitorControlApi,
    baseUrl: serviceBaseUrl(env.PUBLIC_BASE_URL, requestUrl),
    workspaceId,
  };
}
