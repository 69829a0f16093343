import type { MonitorControlApi } from "@shared/monitors/monitor-control";

/**
 * The scan Worker's MonitorControl entrypoint. The generated Env types it as a plain
 * `Service` (wrangler types sees one config at a time), so the RPC surface is named
 * by the interface both Workers share.
 */
export function monitorControl(env: V1Env): MonitorControlApi {
  return env.MONITOR_CONTROL as unknown as MonitorControlApi;
}
