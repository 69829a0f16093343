// The tables one analytics shard (an AnalyticsShard Durable Object, one per site) owns:
// raw events of the retention window, sessions, daily aggregates and stale-day
// bookkeeping. Declared once: drizzle.shard.config.ts generates the shard's migrations
// from these same definitions (docs/architecture.md, "Analytics shards").
export * from "./agent-durations-daily";
export * from "./agent-durations-hourly";
export * from "./agent-path-days";
export * from "./agent-request-hours";
export * from "./agent-requests";
export * from "./entry-page-running-daily";
export * from "./entry-page-running-hourly";
export * from "./entry-page-totals-daily";
export * from "./entry-pages-daily";
export * from "./entry-pages-hourly";
export * from "./ingest-events";
export * from "./policy-blocks";
export * from "./sessions";
export * from "./stale-days";
export * from "./traffic-daily";
export * from "./traffic-hourly";
export * from "./visitors-daily";
export * from "./visitors-hourly";
