import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * agent_durations_daily per UTC hour: the duration histogram of a window's whole
 * hours, for the exact median's starting bucket. Rebuilt with traffic_daily; kept
 * HOURLY_RETENTION_DAYS.
 */
export const agentDurationsHourly = sqliteTable(
  "agent_durations_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    bucket: integer("bucket").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.hour, t.bucket] }),
    index("agent_durations_hourly_cover_idx").on(t.siteId, t.hour, t.bucket, t.sessions),
  ],
);
