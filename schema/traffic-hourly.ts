import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Sessions per site and UTC hour of start, by the dimensions of traffic_daily: the
 * whole hours of a window that holds no whole day (24 hours, the edges of 30 days, a
 * local day in a time zone) are summed from here instead of walking `sessions`
 * (docs/reports.md "How it stays fast"). Rebuilt with traffic_daily, per (site, day),
 * from the same sessions in the same transaction; kept HOURLY_RETENTION_DAYS
 * (shared/sessions/hourly-retention.ts). `day` is the hour's UTC day (the rebuild's key).
 */
export const trafficHourly = sqliteTable(
  "traffic_hourly",
  {
    siteId: text("site_id").notNull(),
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    day: text("day").notNull(),
    agentPlatform: text("agent_platform").notNull(),
    purpose: text("purpose").notNull(),
    tier: text("tier").notNull(),
    source: text("source").notNull(),
    subSource: text("sub_source").notNull(),
    referrerHost: text("referrer_host").notNull(),
    /** A value of OUTCOMES (shared/vocabulary/session-outcomes.ts), or `` (not settled yet). */
    outcome: text("outcome").notNull(),
    sessions: integer("sessions").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.siteId, t.hour, t.agentPlatform, t.purpose, t.tier, t.source, t.subSource, t.referrerHost, t.outcome],
    }),
    // The report index, covering: reads are by (site, hour range) and need every
    // dimension and the count; through the key alone each row costs a table lookup.
    index("traffic_hourly_cover_idx").on(
      t.siteId,
      t.hour,
      t.day,
      t.agentPlatform,
      t.purpose,
      t.tier,
      t.source,
      t.subSource,
      t.referrerHost,
      t.outcome,
      t.sessions,
    ),
    // Narrower covering indexes holding the overview's (day, platform, outcome, hour) and
    // the sources report's (day, source, sub-source, host, hour) groups together: their
    // hours are read in group order, with no sort (as traffic_daily's, docs/performance/log.md),
    // with `purpose` and `agent_platform` as there.
    index("traffic_hourly_outcomes_idx").on(t.siteId, t.hour, t.day, t.agentPlatform, t.outcome, t.purpose, t.sessions),
    index("traffic_hourly_sources_idx").on(
      t.siteId,
      t.hour,
      t.day,
      t.source,
      t.subSource,
      t.referrerHost,
      t.agentPlatform,
      t.sessions,
    ),
  ],
);
