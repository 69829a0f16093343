import { newWebhookId } from "../webhooks/sign-webhook";
import type { Alert } from "./detect-alerts";

// Alerts as webhooks (docs/webhooks.md "Alert events"): recorded as deliveries of the
// workspace's monitors on the alert's domain, so the scan Worker's delivery consumer
// signs, sends, records and retries them exactly as `score.changed` (it reads only the
// delivery and its monitor: shared/monitors/attempt-delivery.ts).

const MONITORS_OF_DOMAIN = "SELECT id FROM monitors WHERE workspace_id = ?1 AND domain = ?2";
// Through the monitor's workspace: a monitor deleted meanwhile gets nothing.
const INSERT_IF_OWNED = `INSERT INTO webhook_deliveries
  (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at)
  SELECT ?1, id, ?2, ?3, 'pending', 0, ?4, ?4 FROM monitors WHERE id = ?5 AND workspace_id = ?6`;

export async function monitorsOfDomain(d1: D1Database, workspaceId: string, domain: string): Promise<string[]> {
  const { results } = await d1.prepare(MONITORS_OF_DOMAIN).bind(workspaceId, domain).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Records one pending delivery of `alert` to `monitorId`; its id (the `webhook-id`), or null when the monitor is gone. */
export async function recordAlertDelivery(
  d1: D1Database,
  workspaceId: string,
  monitorId: string,
  alert: Alert,
  now: number,
): Promise<string | null> {
  const deliveryId = newWebhookId();
  const result = await d1
    .prepare(INSERT_IF_OWNED)
    .bind(deliveryId, alert.payload.event, JSON.stringify(alert.payload), now, monitorId, workspaceId)
    .run();
  return result.meta.changes === 1 ? deliveryId : null;
}

// The score.changed deliveries of the workspace's monitors recorded since `since`: the
// rescan path's own record of each change (shared/monitors/record-rescan-score.ts), read
// back rather than hooked into, so the rescan stays as it is. Test events are left out.
const SCORE_CHANGES = `SELECT d.payload FROM webhook_deliveries d JOIN monitors m ON m.id = d.monitor_id
  WHERE m.workspace_id = ?1 AND d.event = 'score.changed' AND d.created_at >= ?2`;

export async function scoreChangedPayloadsSince(
  d1: D1Database,
  workspaceId: string,
  since: number,
): Promise<unknown[]> {
  const { results } = await d1.prepare(SCORE_CHANGES).bind(workspaceId, since).all<{ payload: string }>();
  return results.map((r) => {
    try {
      return JSON.parse(r.payload) as unknown;
    } catch {
      return null;
    }
  });
}
