import { RETRY_POLICY } from "../webhooks/retry-schedule";

/** How late a pending attempt may be before its queue message is presumed lost. */
export const REDRIVE_GRACE_MS = 15 * 60 * 1000;
/** Deliveries re-enqueued per tick at most. */
export const MAX_REDRIVES_PER_TICK = 100;

// A delivery whose next attempt is overdue by the grace period lost its queue message
// (a send that failed after the attempt was recorded, or a rescan whose enqueue
// failed). The claim moves next_attempt_at to now, conditionally, so overlapping ticks
// cannot both take it; the consumer's attempt-number check drops a duplicate message
// should the original turn up after all. Only deliveries still inside their 24 h
// retry window are taken.
const OVERDUE = `SELECT id, attempt_count, next_attempt_at FROM webhook_deliveries
  WHERE status = 'pending' AND next_attempt_at < ?1 AND created_at > ?2 LIMIT ?3`;
const CLAIM = `UPDATE webhook_deliveries SET next_attempt_at = ?1
  WHERE id = ?2 AND status = 'pending' AND next_attempt_at = ?3`;

// One whose window has closed is settled as failed instead of staying pending forever.
const EXPIRE = `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, settled_at = ?1
  WHERE status = 'pending' AND next_attempt_at < ?2 AND created_at <= ?3`;

export interface Redrive {
  deliveryId: string;
  /** The attempt the lost message would have made. */
  attempt: number;
}

export async function claimOverdueDeliveries(d1: D1Database, now: number): Promise<Redrive[]> {
  const overdue = now - REDRIVE_GRACE_MS;
  const windowStart = now - RETRY_POLICY.windowSeconds * 1000;
  const [, found] = await d1.batch([
    d1.prepare(EXPIRE).bind(now, overdue, windowStart),
    d1.prepare(OVERDUE).bind(overdue, windowStart, MAX_REDRIVES_PER_TICK),
  ]);
  const results = found.results as { id: string; attempt_count: number; next_attempt_at: number }[];
  if (results.length === 0) return [];
  const claims = await d1.batch(results.map((r) => d1.prepare(CLAIM).bind(now, r.id, r.next_attempt_at)));
  return results
    .filter((_, i) => claims[i].meta.changes === 1)
    .map((r) => ({ deliveryId: r.id, attempt: r.attempt_count + 1 }));
}
