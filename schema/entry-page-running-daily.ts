import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Running totals of each UTC month's entry pages by day: per site, UTC day and entry
 * URL, the sessions (all, AI-agent) of that page that started from the 1st of the day's
 * month to the end of the day. A page has a row on every day of the month that has
 * entry pages at all (a row in entry_page_totals_daily), from the first day it was an
 * entry page in that month on; a day without sessions has no rows, so the totals to the
 * end of a day are the rows of the latest day with rows at or before it in the month.
 * The sessions of any whole days [a, b] of one month are then the totals to b minus the
 * totals to a - 1 (nothing to subtract when a is the 1st): the top pages of a 30- or
 * 90-day window read a few rows per page and month, not one per page and day
 * (shared/reports/entry-page-running.ts, docs/decisions.md "Entry pages of whole days").
 * Rebuilt with entry_page_totals_daily, per (site, day), from its rows in the same
 * transaction: a day's rebuild rewrites that day and the later days of its month.
 */
export const entryPageRunningDaily = sqliteTable(
  "entry_page_running_daily",
  {
    siteId: text("site_id").notNull(),
    /** UTC day (YYYY-MM-DD); the totals run from the month's 1st to its end. */
    day: text("day").notNull(),
    entryUrl: text("entry_url").notNull(),
    sessions: integer("sessions").notNull(),
    agentSessions: integer("agent_sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.entryUrl] }),
    // The report index, covering: reads are of a few days of one site and need the counts.
    index("entry_page_running_daily_cover_idx").on(t.siteId, t.day, t.entryUrl, t.sessions, t.agentSessions),
  ],
);
