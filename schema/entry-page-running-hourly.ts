import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Running totals of each UTC day's entry pages by hour: per site, hour and entry URL,
 * the sessions (all, AI-agent) of that page that started from the day's 00:00 UTC to
 * the end of the hour. A page has a row for every hour of the day from the first hour
 * it was an entry page in, so the sessions of any whole hours [a, b) of one day are the
 * row at hour b - 1 minus the row at hour a - 1 (nothing to subtract when a is
 * midnight): the top pages of a window's partial days read about twice the day's pages,
 * not one row per page and hour (shared/reports/entry-page-running.ts,
 * docs/decisions.md "Entry pages of partial days"). Rebuilt with traffic_hourly, per
 * (site, day), from the same sessions in the same transaction; kept
 * HOURLY_RETENTION_DAYS.
 */
export const entryPageRunningHourly = sqliteTable(
  "entry_page_running_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms; the totals run to its end. */
    hour: integer("hour").notNull(),
    entryUrl: text("entry_url").notNull(),
    sessions: integer("sessions").notNull(),
    agentSessions: integer("agent_sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hour, t.entryUrl] }),
    // The report index, covering: reads are of a few hours of one site and need the counts.
    index("entry_page_running_hourly_cover_idx").on(t.siteId, t.hour, t.entryUrl, t.sessions, t.agentSessions),
  ],
);
