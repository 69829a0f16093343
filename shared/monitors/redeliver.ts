// Reopens a delivery for one more attempt: pending again, due now, not settled. Scoped
// through the monitor's workspace, so another workspace's ids change nothing. The
// delivery keeps its id, so the receiver sees the same `webhook-id` (Standard
// Webhooks: the id is what a receiver de-duplicates on). The attempt number continues
// from the last one made; a queued retry of a still-pending delivery carries the same
// number, so whichever arrives second is skipped by attemptDelivery.
const REOPEN = `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?1, settled_at = NULL
  WHERE id = ?2 AND monitor_id = ?3
    AND monitor_id IN (SELECT id FROM monitors WHERE id = ?3 AND workspace_id = ?4)
  RETURNING attempt_count`;

/** The attempt to enqueue, or null when the monitor has no such delivery. */
export async function reopenDelivery(
  d1: D1Database,
  workspaceId: string,
  monitorId: string,
  deliveryId: string,
  now: number,
): Promise<number | null> {
  const row = await d1.prepare(REOPEN).bind(now, deliveryId, monitorId, workspaceId).first<{ attempt_count: number }>();
  return row ? row.attempt_count + 1 : null;
}
