import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Sessions per site, UTC day and entry URL: all sessions and AI-agent sessions. The
 * top-pages aggregate: one row per page and day, where entry_pages_daily keeps one per
 * page, source and platform (up to 14 at the bench's mix), so ranking the pages of a
 * 90-day window groups a tenth of the rows (docs/performance/log.md "Reports"). Rebuilt
 * with traffic_daily, from the same sessions in the same transaction.
 */
export const entryPageTotalsDaily = sqliteTable(
  "entry_page_totals_daily",
  {
    siteId: text("site_id").notNull(),
    day: text("day").notNull(),
    entryUrl: text("entry_url").notNull(),
    sessions: integer("sessions").notNull(),
    agentSessions: integer("agent_sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.entryUrl] }),
    // The report index, covering: reads are by (site, day range) and need the counts;
    // through the key alone each row cost a table lookup, most of the read's time.
    index("entry_page_totals_daily_cover_idx").on(t.siteId, t.day, t.entryUrl, t.sessions, t.agentSessions),
  ],
);
