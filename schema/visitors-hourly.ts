import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Where each UTC day's distinct visitors first and last appeared, per site and hour:
 * `first_visitors` counts the visitor hashes whose first session of the day started in
 * the hour, `last_visitors` those whose last one did (`agent_*`: among agent sessions
 * only). Hashes are daily (docs/privacy.md) and distinct counts of hours cannot be
 * added, but a day's distinct visitors in its first hours are the sum of their
 * `first_visitors`, and in its last hours the sum of their `last_visitors`: the edge
 * days of a window are such a prefix or suffix (shared/reports/unique-visitors.ts).
 * Rebuilt with traffic_hourly, per (site, day), from the same sessions in the same
 * transaction; kept HOURLY_RETENTION_DAYS. Only hours where some count is non-zero.
 */
export const visitorsHourly = sqliteTable(
  "visitors_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    firstVisitors: integer("first_visitors").notNull(),
    lastVisitors: integer("last_visitors").notNull(),
    agentFirstVisitors: integer("agent_first_visitors").notNull(),
    agentLastVisitors: integer("agent_last_visitors").notNull(),
  },
  // The key is also the report index: reads are by (site, hour range), a day's 24 rows at most.
  (t) => [primaryKey({ columns: [t.siteId, t.hour] })],
);
