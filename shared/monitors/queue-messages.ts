// Messages of the scan Worker's monitor queues (workers/scan/wrangler.toml).

/** agent-readiness-rescans: crawl one monitored domain; one message per domain so a slow shop delays no other. */
export interface RescanMessage {
  kind: "rescan";
  domain: string;
  /** Scheduled time of the cron tick that claimed it, or when a rescan was asked for. */
  claimedAt: number;
  /** Base URL for the payload's `scanUrl`: the origin a rescan was asked through. */
  baseUrl?: string;
}

/** agent-readiness-webhooks: make attempt `attempt` (1-based) of one delivery. */
export interface DeliveryMessage {
  kind: "deliver";
  deliveryId: string;
  attempt: number;
}

export type MonitorQueueMessage = RescanMessage | DeliveryMessage;
