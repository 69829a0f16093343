import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * AI-agent sessions per site, UTC day and duration bucket (shared/vocabulary/duration-buckets.ts):
 * a histogram, so the exact median duration of a long window walks one bucket of the
 * duration index instead of every session below the middle (docs/performance/log.md
 * "Reports"). Rebuilt with traffic_daily, from the same sessions in the same transaction.
 */
export const agentDurationsDaily = sqliteTable(
  "agent_durations_daily",
  {
    siteId: text("site_id").notNull(),
    day: text("day").notNull(),
    bucket: integer("bucket").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.bucket] }),
    // The report index, covering: reads are by (site, day range) and need the counts.
    index("agent_durations_daily_cover_idx").on(t.siteId, t.day, t.bucket, t.sessions),
  ],
);
