import type { z } from "@hono/zod-openapi";
import type { DeliveryRecord } from "@shared/monitors/list-deliveries";
import type { MonitorRecord } from "@shared/monitors/monitor-row";
import { nextRescanAt } from "@shared/monitors/rescan-slot";
import type { DeliverySchema, MonitorSchema, ScoreChangedSchema } from "./schema";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function monitorView(m: MonitorRecord, now: number): z.infer<typeof MonitorSchema> {
  return {
    monitor_id: m.id,
    domain: m.domain,
    webhook_url: m.webhookUrl,
    created_at: new Date(m.createdAt).toISOString(),
    last_score: m.lastScore,
    last_scanned_at: iso(m.lastScoredAt),
    last_scan_id: m.lastScanId,
    next_rescan_at: new Date(nextRescanAt(m.domain, m.lastRescanAt, now)).toISOString(),
    baseline_score: m.baselineScore,
    baseline_at: iso(m.baselineAt),
    baseline_scan_id: m.baselineScanId,
  };
}

export function deliveryView(d: DeliveryRecord): z.infer<typeof DeliverySchema> {
  return {
    delivery_id: d.id,
    event: d.event,
    status: d.status,
    // The stored body is exactly what was signed and sent.
    payload: JSON.parse(d.payload) as z.infer<typeof ScoreChangedSchema>,
    created_at: new Date(d.createdAt).toISOString(),
    next_attempt_at: iso(d.nextAttemptAt),
    settled_at: iso(d.settledAt),
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: new Date(a.attemptedAt).toISOString(),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
      response_excerpt: a.responseExcerpt,
    })),
  };
}
