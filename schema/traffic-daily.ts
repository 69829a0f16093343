import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
    /** A value of OUTCOMES (shared/sessions/outcome.ts), or `` (not settled yet). */
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
  ],
);
