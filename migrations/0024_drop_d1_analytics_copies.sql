-- D1's copies of the analytics shard's aggregates and of `stale_days` go: since the
-- shards (issue 18) every report, the rollup and the dashboard read each site's
-- AnalyticsShard, and the move into the shards (shared/shards/migrate-from-d1.ts,
-- `npm run migrate:analytics`) reads only `sessions` and `ingest_events` and rebuilds
-- every aggregate inside the shard. The single-D1 baselines of bench:reports and
-- bench:consumer now build their analytics tables from migrations-shard/. `sessions` and
-- `ingest_events` stay until the move is retired (docs/architecture.md, "Moving existing data").
DROP TABLE `agent_durations_daily`;--> statement-breakpoint
DROP TABLE `agent_durations_hourly`;--> statement-breakpoint
DROP TABLE `entry_page_running_daily`;--> statement-breakpoint
DROP TABLE `entry_page_running_hourly`;--> statement-breakpoint
DROP TABLE `entry_page_totals_daily`;--> statement-breakpoint
DROP TABLE `entry_pages_daily`;--> statement-breakpoint
DROP TABLE `entry_pages_hourly`;--> statement-breakpoint
DROP TABLE `stale_days`;--> statement-breakpoint
DROP TABLE `traffic_daily`;--> statement-breakpoint
DROP TABLE `traffic_hourly`;--> statement-breakpoint
DROP TABLE `visitors_daily`;--> statement-breakpoint
DROP TABLE `visitors_hourly`;--> statement-breakpoint
-- D1's `sessions` is declared by the shard's table (schema/sessions.ts), so drizzle adds the
-- index the shard gained in its migration 0016; a legacy table's one index build.
CREATE INDEX `sessions_failed_verification_idx` ON `sessions` (`site_id`,`started_at`,`agent_platform`) WHERE tier = 'declared' AND detection_signals LIKE '%"verification_failed"%';