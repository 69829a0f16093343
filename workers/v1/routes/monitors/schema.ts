import { z } from "@hono/zod-openapi";
import { DELIVERY_PAGE, MONITOR_PAGE } from "@shared/monitors/monitor-limits";
import { ScanDiff } from "@shared/scan/scan-diff-schema";
import { MAX_WEBHOOK_URL_LENGTH } from "@shared/webhooks/webhook-url";
import { cursorQuery } from "../cursor-query";

const MONITOR_ID = "mon_8hJ2kQ9sLx3VbN1cT0aW";
const rfc3339 = (description: string, example: string) => z.string().openapi({ description, example });
const nextCursor = z
  .string()
  .nullable()
  .openapi({ description: "Pass unchanged as `cursor` for the next page; null on the last page.", example: null });

export const MonitorSchema = z
  .object({
    monitor_id: z.string().openapi({ description: "Opaque monitor id.", example: MONITOR_ID }),
    domain: z.string().openapi({ description: "Monitored (normalised) host.", example: "shop.example.com" }),
    webhook_url: z.string().openapi({
      description: "Where `score.changed` is POSTed.",
      example: "https://hooks.example.com/agent-readiness",
    }),
    created_at: rfc3339("Creation time, RFC 3339.", "2026-11-22T01:30:00.000Z"),
    last_score: z.number().int().nullable().openapi({
      description:
        "Overall score (0-100) of the last scan; null until the monitor's first scan (queued when it is created) sets the baseline.",
      example: 74,
    }),
    last_scanned_at: z.string().nullable().openapi({
      description: "When a rescan last recorded `last_score`, RFC 3339; null before the first.",
      example: "2026-11-22T08:41:02.000Z",
    }),
    last_scan_id: z.string().nullable().openapi({
      description: "The stored scan that gave `last_score` (`GET /api/scan/{id}`); null before the first.",
      example: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
    }),
    next_rescan_at: rfc3339(
      "When the daily rescan is next expected, RFC 3339: the first 10-minute cron tick at or after the domain's daily slot (a backlog can delay it a tick). POST /monitors/{monitor_id}/rescan rescans now.",
      "2026-11-23T08:40:00.000Z",
    ),
    baseline_score: z.number().int().nullable().openapi({
      description:
        "Overall score of the monitor's first scan, queued when it is created: the baseline every later change is measured from (the first rescan that moves the score sends `score.changed`). Null until that scan has run, and for monitors created before the baseline was recorded.",
      example: 60,
    }),
    baseline_at: z.string().nullable().openapi({
      description: "When the baseline was recorded, RFC 3339; null with `baseline_score`.",
      example: "2026-11-22T01:30:41.000Z",
    }),
    baseline_scan_id: z.string().nullable().openapi({
      description: "The stored scan that gave the baseline (`GET /api/scan/{id}`); null with `baseline_score`.",
      example: "5d1c0a7e-2b4f-4e8a-9c3d-1f2e3a4b5c6d",
    }),
  })
  .openapi("Monitor");

export const MonitorCreationSchema = z
  .object({
    monitor_id: MonitorSchema.shape.monitor_id,
    domain: MonitorSchema.shape.domain,
    webhook_url: MonitorSchema.shape.webhook_url,
    secret: z.string().nullable().openapi({
      description:
        "Standard Webhooks signing secret (`whsec_…`). Shown only in the answer that creates the monitor; null when the monitor already existed. Store it to verify `webhook-signature`.",
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwKZ3aX5q1bJk=",
    }),
    created: z.boolean().openapi({ description: "True when this call created the monitor.", example: true }),
    created_at: MonitorSchema.shape.created_at,
    baseline_queued: z.boolean().openapi({
      description:
        "True when this call queued the first scan that sets the baseline. False when the monitor already existed, or when the domain's scan limit (5 per hour, shared with every scan of the domain) is used up: the next rescan cron tick (within 10 minutes of a free slot) then scans it.",
      example: true,
    }),
  })
  .openapi("MonitorCreation");

export const CreateMonitorBody = z
  .object({
    domain: z.string().min(1).max(253).openapi({
      description: "Host to watch; normalised like site registration (lowercase, punycode, no www.).",
      example: "shop.example.com",
    }),
    webhook_url: z.string().min(1).max(MAX_WEBHOOK_URL_LENGTH).openapi({
      description:
        "https URL on the default port that receives `score.changed`; IP addresses and private or internal names are refused.",
      example: "https://hooks.example.com/agent-readiness",
    }),
  })
  .openapi("CreateMonitor");

export const MonitorListSchema = z
  .object({
    monitors: z.array(MonitorSchema).openapi({ description: "Newest first; at most `limit` monitors." }),
    next_cursor: nextCursor,
  })
  .openapi("MonitorList");

export const ListMonitorsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(MONITOR_PAGE.min)
    .max(MONITOR_PAGE.max)
    .default(MONITOR_PAGE.default)
    .openapi({ description: `Page size, ${MONITOR_PAGE.min}-${MONITOR_PAGE.max}.`, example: MONITOR_PAGE.default }),
  cursor: cursorQuery(),
});

export const MonitorIdParam = z.object({
  monitor_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "monitor_id", in: "path" }, example: MONITOR_ID }),
});

export const ScoreChangedSchema = z
  .object({
    event: z.literal("score.changed").openapi({ example: "score.changed" }),
    domain: z.string().openapi({ description: "The monitored domain.", example: "shop.example.com" }),
    oldScore: z.number().int().openapi({ description: "Overall score before the change.", example: 61 }),
    newScore: z.number().int().openapi({ description: "Overall score the rescan found.", example: 74 }),
    timestamp: rfc3339("When the change was detected.", "2026-11-22T08:41:02.000Z"),
    scanId: z.string().nullable().openapi({
      description:
        "The stored scan that gave `newScore`, readable at `GET /api/scan/{scanId}`. Null only on a test event sent before the first rescan.",
      example: "0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
    }),
    scanUrl: z.string().nullable().openapi({
      description:
        "URL of that scan's result on this service; null when the deployment has no base URL for a daily rescan.",
      example: "https://agents.example.com/api/scan/0b9c6c1e-8f3a-4d57-9d1e-3c1a2b4d5e6f",
    }),
    // Optional: deliveries recorded before the field existed are listed with their body as sent.
    changes: ScanDiff.nullable().optional().openapi({
      description:
        "What changed since the domain's previous stored scan: score and layer score moves, improved / regressed / unchanged counts, each changed check with its title, statuses and points (the Scan API's `ScanResult.changes`). Null when the domain had no earlier scan, and on a test event; absent only from deliveries recorded before it was added.",
    }),
    test: z.literal(true).optional().openapi({
      description: "Present (true) only on a test event sent by `POST /api/v1/monitors/{monitor_id}/test`.",
      example: true,
    }),
  })
  .openapi("ScoreChanged");

export const DeliveryAttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: "1 for the first attempt.", example: 1 }),
    attempted_at: rfc3339("When the attempt started, RFC 3339.", "2026-11-22T08:41:02.000Z"),
    status_code: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "HTTP status the receiver answered; null when none came.", example: 500 }),
    duration_ms: z.number().int().openapi({ description: "Time to the answer, milliseconds.", example: 84 }),
    error: z
      .string()
      .nullable()
      .openapi({ description: "Why the attempt failed; null on success.", example: "Receiver answered HTTP 500" }),
    response_excerpt: z.string().nullable().openapi({
      description:
        "The start of the receiver's answer body as text (at most 1,024 bytes read, control characters removed); null when no answer came, and for attempts made before it was kept.",
      example: "ok",
    }),
  })
  .openapi("DeliveryAttempt");

export const DeliverySchema = z
  .object({
    delivery_id: z.string().openapi({
      description: "The `webhook-id` header, identical on every attempt; de-duplicate on it.",
      example: "msg_2xQ7mNc1Zp8RtYw3e4fK9qLx",
    }),
    event: z.string().openapi({ example: "score.changed" }),
    status: z.enum(["pending", "succeeded", "failed"]).openapi({
      description: "`pending` while attempts remain, `succeeded` on a 2xx, `failed` once retries are exhausted.",
      example: "succeeded",
    }),
    payload: ScoreChangedSchema,
    created_at: rfc3339("When the change was detected, RFC 3339.", "2026-11-22T08:41:02.000Z"),
    next_attempt_at: z
      .string()
      .nullable()
      .openapi({ description: "When the next attempt is due; null once settled.", example: null }),
    settled_at: z
      .string()
      .nullable()
      .openapi({ description: "When it succeeded or was given up; null while pending.", example: null }),
    attempts: z.array(DeliveryAttemptSchema).openapi({ description: "Every attempt, oldest first." }),
  })
  .openapi("Delivery");

export const DeliveryListSchema = z
  .object({
    deliveries: z.array(DeliverySchema).openapi({ description: "Newest first; at most `limit` deliveries." }),
    next_cursor: nextCursor,
  })
  .openapi("DeliveryList");

export const DeliveryParams = MonitorIdParam.extend({
  delivery_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "delivery_id", in: "path" }, example: "msg_2Yv8Qe1KcW0pZr7LmN4sTbXa" }),
});

/** The monitor POSTs carry small JSON bodies (or none); 16 KiB bounds the parse, like sites. */
export const MONITOR_BODY_MAX_BYTES = 16 * 1024;

export const RescanAcceptedSchema = z
  .object({
    monitor_id: MonitorSchema.shape.monitor_id,
    domain: MonitorSchema.shape.domain,
    queued_at: rfc3339("When the rescan was queued, RFC 3339.", "2026-11-22T09:00:00.000Z"),
  })
  .openapi("RescanAccepted");

export const DeliveryQueuedSchema = z
  .object({
    monitor_id: MonitorSchema.shape.monitor_id,
    delivery_id: z.string().openapi({
      description: "The delivery, listed in `GET /monitors/{monitor_id}/deliveries`; also its `webhook-id` header.",
      example: "msg_2Yv8Qe1KcW0pZr7LmN4sTbXa",
    }),
    attempt: z.number().int().openapi({ description: "The attempt number queued.", example: 1 }),
  })
  .openapi("DeliveryQueued");

export const ListDeliveriesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(DELIVERY_PAGE.min)
    .max(DELIVERY_PAGE.max)
    .default(DELIVERY_PAGE.default)
    .openapi({ description: `Page size, ${DELIVERY_PAGE.min}-${DELIVERY_PAGE.max}.`, example: DELIVERY_PAGE.default }),
  cursor: cursorQuery(),
});
