import { parseResolveMap } from "../outbound/resolve-map";
import { nextRetryDelay } from "../webhooks/retry-schedule";
import { openSecret } from "../webhooks/secret-box";
import { type AttemptResult, sendWebhook } from "../webhooks/send-webhook";

const LOAD = `SELECT d.id, d.payload, d.status, d.attempt_count, d.created_at, m.webhook_url, m.secret_sealed
  FROM webhook_deliveries d JOIN monitors m ON m.id = d.monitor_id WHERE d.id = ?1`;
// INSERT OR REPLACE: a queue message delivered twice rewrites its attempt, never adds one.
const RECORD_ATTEMPT = `INSERT OR REPLACE INTO webhook_attempts
  (delivery_id, attempt, attempted_at, status_code, duration_ms, error, response_excerpt)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`;
const UPDATE_DELIVERY = `UPDATE webhook_deliveries
  SET attempt_count = ?2, status = ?3, next_attempt_at = ?4, settled_at = ?5 WHERE id = ?1`;

interface DeliveryRow {
  id: string;
  payload: string;
  status: string;
  attempt_count: number;
  created_at: number;
  webhook_url: string;
  secret_sealed: string;
}

export type DeliveryOutcome =
  | { kind: "skipped"; reason: string }
  | { kind: "succeeded"; result: AttemptResult }
  | { kind: "retry"; result: AttemptResult; delaySeconds: number }
  | { kind: "failed"; result: AttemptResult };

/**
 * Makes attempt `attempt` of a delivery: signs the stored body with the monitor's
 * secret and the stored `webhook-id`, POSTs it, records the attempt and decides what
 * follows (docs/decisions.md#9-monitors-and-webhooks). The caller enqueues the retry. A message for a delivery that
 * is gone (monitor deleted), settled, or past this attempt is skipped.
 */
export async function attemptDelivery(
  env: { DB: D1Database; OUTBOUND_RESOLVE?: string },
  deliveryId: string,
  attempt: number,
  now: () => number = Date.now,
  random: () => number = Math.random,
): Promise<DeliveryOutcome> {
  const d1 = env.DB;
  const row = await d1.prepare(LOAD).bind(deliveryId).first<DeliveryRow>();
  if (!row) return { kind: "skipped", reason: "delivery or monitor no longer exists" };
  if (row.status !== "pending") return { kind: "skipped", reason: `delivery already ${row.status}` };
  if (row.attempt_count !== attempt - 1) return { kind: "skipped", reason: `attempt ${attempt} already made` };

  const secret = await openSecret(env, row.secret_sealed);
  const attemptedAt = now();
  const result = await sendWebhook(
    {
      url: row.webhook_url,
      webhookId: row.id,
      secret,
      body: row.payload,
      resolve: parseResolveMap(env.OUTBOUND_RESOLVE),
    },
    attemptedAt,
  );
  const after = now();
  const delay = result.ok ? null : nextRetryDelay(attempt, (after - row.created_at) / 1000, random());
  const outcome: DeliveryOutcome = result.ok
    ? { kind: "succeeded", result }
    : delay === null
      ? { kind: "failed", result }
      : { kind: "retry", result, delaySeconds: delay };
  const status = outcome.kind === "retry" ? "pending" : outcome.kind;
  const nextAttemptAt = outcome.kind === "retry" ? after + outcome.delaySeconds * 1000 : null;
  await d1.batch([
    d1
      .prepare(RECORD_ATTEMPT)
      .bind(row.id, attempt, attemptedAt, result.statusCode, result.durationMs, result.error, result.responseExcerpt),
    d1.prepare(UPDATE_DELIVERY).bind(row.id, attempt, status, nextAttemptAt, status === "pending" ? null : after),
  ]);
  return outcome;
}
