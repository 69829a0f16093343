import { EVENT_KINDS } from "@shared/vocabulary/event-kinds";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One accepted, classified event (beacon or server-side record), written by the queue
 * consumer. The primary key is the event id minted at ingest, so a redelivered message
 * is recognised and never counted twice; `session_id` is set in the same transaction,
 * so every stored event belongs to exactly one session. No raw IP is ever stored
 * (docs/privacy.md): only the daily visitor hash, on the session.
 */
export const ingestEvents = sqliteTable(
  "ingest_events",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    sessionId: text("session_id").notNull(),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    occurredAt: integer("occurred_at").notNull(),
    receivedAt: integer("received_at").notNull(),
    /** Path and query without click ids' values (no personal data in URLs we add). */
    url: text("url").notNull(),
    /** What an interaction acted on (button label, product id), bounded to 200 chars. */
    target: text("target"),
    /** Time spent on the page, reported on leave. */
    durationMs: integer("duration_ms"),
    /** JSON of the event's classification (platform, purpose, tier, signals, source). */
    classification: text("classification").notNull(),
  },
  (t) => [
    // Session rollup and the journey report read one session's events in time order.
    index("ingest_events_session_time_idx").on(t.sessionId, t.occurredAt),
  ],
);
