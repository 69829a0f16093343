import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Sessions per site and UTC day of start, by every dimension the traffic reports
 * group on (issue 6). Rebuilt per (site, day) from `sessions` by the rollup cron, so
 * it is idempotent. Empty string stands for "none" so the primary key stays exact
 * (SQLite treats NULLs in a key as distinct).
 */
export const trafficDaily = sqliteTable(
  "traffic_daily",
  {
    siteId: text("site_id").notNull(),
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
    bounces: integer("bounces").notNull(),
    durationMsTotal: integer("duration_ms_total").notNull(),
    pageCountTotal: integer("page_count_total").notNull(),
  },
  // The key is also the report index: reads are by (site, day range).
  (t) => [
    primaryKey({
      columns: [t.siteId, t.day, t.agentPlatform, t.purpose, t.tier, t.source, t.subSource, t.referrerHost, t.outcome],
    }),
    // Covering and in the GROUP BY order of the overview's (day, platform, outcome) and the
    // sources report's (day, source, sub-source, host): a window's days are read from
    // these narrow entries in group order, with no sort (docs/performance/log.md, "Top pages
    // of whole days from running totals per month"). Each also holds the one column its
    // report's words need beside the groups (issue 40): `purpose` (a crawl's outcome is
    // not_applicable) and `agent_platform` (agents' sessions apart from people's visits);
    // without it every row was a table lookup (docs/performance/log.md, "Covering again").
    index("traffic_daily_outcomes_idx").on(t.siteId, t.day, t.agentPlatform, t.outcome, t.purpose, t.sessions),
    index("traffic_daily_sources_idx").on(
      t.siteId,
      t.day,
      t.source,
      t.subSource,
      t.referrerHost,
      t.agentPlatform,
      t.sessions,
    ),
  ],
);
