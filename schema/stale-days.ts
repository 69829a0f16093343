import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * (site, day) pairs whose daily aggregates count a session that has since moved to an
 * earlier day: a late event older than the session's start can carry it across UTC
 * midnight. `sessions.dirty` marks only the session's new day, so without this row the
 * old day's aggregates would keep counting it and reports would count it twice. The
 * session-end rollup rebuilds these days and deletes the rows; reports read them live.
 */
export const staleDays = sqliteTable(
  "stale_days",
  {
    siteId: text("site_id").notNull(),
    day: text("day").notNull(),
  },
  // The key is the lookup: by site and day range (read plan) and whole-table (rollup).
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);
