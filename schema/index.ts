// The tables of D1 (drizzle.config.ts generates migrations/ from this list). The
// analytics tables live in each site's AnalyticsShard (schema/shard.ts); D1 keeps only
// the two the move into the shards reads, `sessions` and `ingest_events`
// (shared/shards/migrate-from-d1.ts, `npm run migrate:analytics`). Their aggregates and
// `stale_days` were dropped from D1 (migrations/*_drop_d1_analytics_copies.sql): no path reads them there
// (docs/architecture.md, "Moving existing data").
export * from "./account-tokens";
export * from "./agent-checkouts";
export * from "./api-keys";
export * from "./app-flashes";
export * from "./app-sessions";
export * from "./browser-commerce";
export * from "./conversions";
export * from "./drains";
export * from "./ingest-events";
export * from "./invites";
export * from "./ip-range-snapshots";
export * from "./local-mailbox";
export * from "./memberships";
export * from "./monitors";
export * from "./notifications";
export * from "./passkey-challenges";
export * from "./passkeys";
export * from "./robots-history";
export * from "./scan-runs";
export * from "./scans";
export * from "./sessions";
export * from "./shared-links";
export * from "./site-policies";
export * from "./sites";
export * from "./users";
export * from "./webhook-attempts";
export * from "./webhook-deliveries";
export * from "./workspaces";
