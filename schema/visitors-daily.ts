import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Distinct visitor hashes per site and UTC day, for all sessions and for agent
 * sessions. Hashes are daily (docs/privacy.md), so multi-day unique visitors are a sum
 * of daily uniques. Rebuilt with traffic_daily.
 */
export const visitorsDaily = sqliteTable(
  "visitors_daily",
  {
    siteId: text("site_id").notNull(),
    day: text("day").notNull(),
    visitors: integer("visitors").notNull(),
    agentVisitors: integer("agent_visitors").notNull(),
  },
  // The key is also the report index: reads are by (site, day range).
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);
