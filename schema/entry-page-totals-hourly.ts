import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * entry_page_totals_daily per UTC hour: the top pages of a window's whole hours.
 * Rebuilt with traffic_daily; kept HOURLY_RETENTION_DAYS.
 */
export const entryPageTotalsHourly = sqliteTable(
  "entry_page_totals_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    entryUrl: text("entry_url").notNull(),
    sessions: integer("sessions").notNull(),
    agentSessions: integer("agent_sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hour, t.entryUrl] }),
    // The report index, covering: reads are by (site, hour range) and need the counts.
    index("entry_page_totals_hourly_cover_idx").on(t.siteId, t.hour, t.day, t.entryUrl, t.sessions, t.agentSessions),
  ],
);
