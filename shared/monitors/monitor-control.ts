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
