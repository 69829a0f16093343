import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * entry_pages_daily per UTC hour: the sources of the top entry pages over a window's
 * whole hours. Rebuilt with traffic_daily; kept HOURLY_RETENTION_DAYS.
 */
export const entryPagesHourly = sqliteTable(
  "entry_pages_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    entryUrl: text("entry_url").notNull(),
    source: text("source").notNull(),
    agentPlatform: text("agent_platform").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hour, t.entryUrl, t.source, t.agentPlatform] }),
    // The sources of the top pages only: a seek per page, covering.
    index("entry_pages_hourly_url_idx").on(t.siteId, t.entryUrl, t.hour, t.day, t.source, t.agentPlatform, t.sessions),
  ],
);
