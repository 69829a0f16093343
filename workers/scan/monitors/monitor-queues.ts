// Queue names as in workers/scan/wrangler.toml; the scan Worker's `queue` handler
// dispatches on them.
export const RESCAN_QUEUE = "agent-readiness-rescans";
export const WEBHOOK_QUEUE = "agent-readiness-webhooks";
/** Cloudflare Queues' sendBatch takes at most 100 messages. */
export const MAX_SEND_BATCH = 100;
