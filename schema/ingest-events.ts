import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Accepted ingest events as handed over by the queue. The primary key is the event id
 * minted at ingest, so a redelivered message inserts nothing the second time.
 */
export const ingestEvents = sqliteTable(
  "ingest_events",
  {
    id: text("id").primaryKey(),
    siteId: text("site_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    kind: text("kind").notNull(),
    occurredAt: integer("occurred_at").notNull(),
    receivedAt: integer("received_at").notNull(),
    /** JSON of the classified event; never holds a raw IP (docs/privacy.md). */
    payload: text("payload").notNull(),
  },
  // Session rollup reads a site's events in time order.
  (t) => [index("ingest_events_site_time_idx").on(t.siteId, t.occurredAt)],
);
