import { z } from "zod";
import type { AlertKind } from "../vocabulary/notification-kinds";

// The alert webhooks' bodies (docs/webhooks.md "Alert events"), declared once: the cron
// builds each payload through these schemas and the docs describe them field by field.
// Field names follow `score.changed` (camelCase), so a receiver reads one family.

const Time = z.string().meta({ format: "date-time", description: "RFC 3339" });

export const ALERT_EVENTS = {
  new_agent: "alert.new_agent",
  install_stopped: "alert.install_stopped",
  score_below: "alert.score_below",
  robots_violations: "alert.robots_violations",
} as const satisfies Record<AlertKind, string>;

export const NewAgentPayload = z.object({
  event: z.literal(ALERT_EVENTS.new_agent),
  domain: z.string(),
  /** The AI platform code (shared/classify/platforms.ts), as in the traffic reports. */
  platform: z.string(),
  /** Its sessions in the window that found it. */
  sessions: z.number().int(),
  windowStart: Time,
  windowEnd: Time,
  timestamp: Time,
});

export const InstallStoppedPayload = z.object({
  event: z.literal(ALERT_EVENTS.install_stopped),
  domain: z.string(),
  /** The install heartbeat: the newest accepted ingest request. */
  lastAcceptedAt: Time,
  silentHours: z.number().int(),
  timestamp: Time,
});

export const ScoreBelowPayload = z.object({
  event: z.literal(ALERT_EVENTS.score_below),
  domain: z.string(),
  threshold: z.number().int(),
  oldScore: z.number().int(),
  newScore: z.number().int(),
  /** The stored scan that gave `newScore` (GET /api/scan/{id}); null when unknown. */
  scanId: z.string().nullable(),
  timestamp: Time,
});

export const RobotsViolationsPayload = z.object({
  event: z.literal(ALERT_EVENTS.robots_violations),
  domain: z.string(),
  /** The UTC day judged, YYYY-MM-DD. */
  day: z.string(),
  disallowed: z.number().int(),
  agents: z.array(z.object({ agent: z.string(), platform: z.string(), disallowed: z.number().int() })),
  timestamp: Time,
});

export const AlertPayload = z.discriminatedUnion("event", [
  NewAgentPayload,
  InstallStoppedPayload,
  ScoreBelowPayload,
  RobotsViolationsPayload,
]);
export type AlertPayload = z.infer<typeof AlertPayload>;
