import type { ScanDiff } from "../scan/scan-diff-schema";
import { newWebhookId } from "../webhooks/sign-webhook";
import { SCORE_CHANGED, scoreChangedPayload } from "./score-changed";

// Compare-and-set per monitor: the score moves from exactly the value read, and the
// delivery row is inserted in the same batch (one transaction) only if that UPDATE
// changed a row (SQLite's changes() reads the previous statement). Two rescans of one
// domain racing can therefore never both announce the same change, and a change is
// never recorded without its delivery.
const SET_BASELINE = `UPDATE monitors SET last_score = ?1, baseline_score = ?1, baseline_at = ?3, baseline_scan_id = ?4
  WHERE id = ?2 AND last_score IS NULL`;
const MOVE_SCORE = "UPDATE monitors SET last_score = ?1 WHERE id = ?2 AND last_score = ?3";
const INSERT_DELIVERY_IF_MOVED = `INSERT INTO webhook_deliveries
  (id, monitor_id, event, payload, status, attempt_count, created_at, next_attempt_at)
  SELECT ?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5 WHERE changes() = 1`;
const MONITORS_OF_DOMAIN = "SELECT id, last_score FROM monitors WHERE domain = ?1";
// Last in the batch, so it never stands between a score UPDATE and its INSERT's changes().
const MARK_SCORED = "UPDATE monitors SET last_scored_at = ?1, last_scan_id = ?2 WHERE domain = ?3";

export interface NewDelivery {
  deliveryId: string;
  monitorId: string;
}

/** The stored scan being recorded, the base URL its `scanUrl` uses, and its changes since the previous scan. */
export interface RescanScan {
  scanId: string | null;
  baseUrl: string | null;
  changes?: ScanDiff | null;
}

/**
 * Records a scan's overall score for every monitor of `domain`. A monitor without a
 * baseline takes this score as its baseline (its first scan, queued when it was created:
 * docs/webhooks.md "Baseline"), recorded with its time and scan; one whose score differs gets a pending
 * `score.changed` delivery; an unchanged score changes only when it was last scored.
 * Returns the deliveries created, for the caller to enqueue.
 */
export async function recordRescanScore(
  d1: D1Database,
  domain: string,
  newScore: number,
  detectedAt: number,
  scan: RescanScan = { scanId: null, baseUrl: null },
): Promise<NewDelivery[]> {
  const { results } = await d1
    .prepare(MONITORS_OF_DOMAIN)
    .bind(domain)
    .all<{ id: string; last_score: number | null }>();
  const statements: D1PreparedStatement[] = [];
  // Batch position of each planned delivery's INSERT, to read whether it happened.
  const planned: { insertAt: number; delivery: NewDelivery }[] = [];
  for (const m of results) {
    if (m.last_score === null) {
      statements.push(d1.prepare(SET_BASELINE).bind(newScore, m.id, detectedAt, scan.scanId));
    } else if (m.last_score !== newScore) {
      const deliveryId = newWebhookId();
      const payload = JSON.stringify(scoreChangedPayload(domain, m.last_score, newScore, detectedAt, scan));
      statements.push(d1.prepare(MOVE_SCORE).bind(newScore, m.id, m.last_score));
      statements.push(d1.prepare(INSERT_DELIVERY_IF_MOVED).bind(deliveryId, m.id, SCORE_CHANGED, payload, detectedAt));
      planned.push({ insertAt: statements.length - 1, delivery: { deliveryId, monitorId: m.id } });
    }
  }
  statements.push(d1.prepare(MARK_SCORED).bind(detectedAt, scan.scanId, domain));
  const outcomes = await d1.batch(statements);
  return planned.filter((p) => outcomes[p.insertAt].meta.changes === 1).map((p) => p.delivery);
}
