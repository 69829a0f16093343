import type { ReadEnv } from "../context/request-context";

// What the v1 Worker may ask of the scan Worker about monitors, over the service
// binding MONITOR_CONTROL (RPC entrypoint `MonitorControl`, workers/scan/monitors/).
// The scan Worker owns the scan limits, the rescan queue and the webhook queue, so a
// rescan asked through the API takes the same per-domain window and the same queue
// as any other scan. RPC, not HTTP: nothing here is reachable from outside.

export type RescanRequestOutcome = { accepted: true } | { accepted: false; retryAfterSeconds: number };

export interface MonitorControlApi {
  /** Counts one scan of `domain` against its per-domain window, then queues a rescan. */
  requestRescan(domain: string, baseUrl: string): Promise<RescanRequestOutcome>;
  /** Queues attempt `attempt` of a recorded delivery now. */
  deliverNow(deliveryId: string, attempt: number): Promise<void>;
}

/**
 * The bindings a monitor action reaches: a read's (D1) and the service binding
 * MONITOR_CONTROL to the scan Worker's `MonitorControl` entrypoint. The generated Env
 * types that binding as a plain `Service` (wrangler types sees one config at a time), so
 * its RPC surface is named by MonitorControlApi, the interface both Workers share; a test
 * project without the scan Worker binds an object with that surface in its context.
 */
export interface MonitorControlEnv extends ReadEnv {
  MONITOR_CONTROL: Service | MonitorControlApi;
}

/** The scan Worker's MonitorControl as its RPC surface (the one cast of the binding). */
export function monitorControl(env: MonitorControlEnv): MonitorControlApi {
  return env.MONITOR_CONTROL as unknown as MonitorControlApi;
}
