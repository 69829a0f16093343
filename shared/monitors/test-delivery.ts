import { newWebhookId } from "../webhooks/sign-webhook";
import type { MonitorRecord } from "./monitor-row";
import { SCORE_CHANGED, type ScoreChangedPayload, scoreChangedPayload } from "./score-changed";

// INSERT ... SELECT through the monitor's workspace: if the monitor is deleted (or is
// another workspace's) between the caller's read and this write, nothing is inserted.
const INSERT_IF_OWNED = `INSERT INTO webhook_deliveries
  (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at)
  SELECT ?1, id, ?2, ?3, 'pending', 0, ?4, ?4 FROM monitors WHERE id = ?5 AND workspace_id = ?6`;

/**
 * The body of a test event: a `score.changed` payload marked `test: true`, carrying
 * the monitor's last score as both old and new (0 before its first rescan) and its
 * last scan, so a receiver sees the real shape without a real change.
 */
export function testPayload(monitor: MonitorRecord, baseUrl: string | null, now: number): ScoreChangedPayload {
  const score = monitor.lastScore ?? 0;
  return {
    ...scoreChangedPayload(monitor.domain, score, score, now, { scanId: monitor.lastScanId, baseUrl }),
    test: true,
  };
}

/**
 * Records one pending test delivery of `monitor` (recorded and retried like any
 * other), or returns null when the monitor no longer exists. The caller enqueues it.
 */
export async function recordTestDelivery(
  d1: D1Database,
  monitor: MonitorRecord,
  baseUrl: string | null,
  now: number,
): Promise<string | null> {
  // The same id scheme as real deliveries: the id is the `webhook-id` header.
  const deliveryId = newWebhookId();
  const payload = JSON.stringify(testPayload(monitor, baseUrl, now));
  const result = await d1
    .prepare(INSERT_IF_OWNED)
    .bind(deliveryId, SCORE_CHANGED, payload, now, monitor.id, monitor.workspaceId)
    .run();
  return result.meta.changes === 1 ? deliveryId : null;
}
