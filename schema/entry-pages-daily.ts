import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Sessions per site, UTC day, entry URL, source and agent platform (`` for humans):
 * top pages and top entry pages by source (issue 6). Rebuilt with traffic_daily.
 */
export const entryPagesDaily = sqliteTable(
  "entry_pages_daily",
  {
    siteId: text("site_id").notNull(),
    day: text("day").notNull(),
    entryUrl: text("entry_url").notNull(),
    source: text("source").notNull(),
    agentPlatform: text("agent_platform").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [
    // The key is also the report index: reads are by (site, day range).
    primaryKey({ columns: [t.siteId, t.day, t.entryUrl, t.source, t.agentPlatform] }),
    // The sources of the top entry pages only (ranked on entry_page_totals_daily): a
    // seek per page instead of a walk over every row of the window; covering.
    index("entry_pages_daily_url_idx").on(t.siteId, t.entryUrl, t.day, t.source, t.agentPlatform, t.sessions),
  ],
);
