-- The overview's and the sources report's narrow indexes cover again (issue 40): the overview
-- reads `purpose` beside the outcome (a crawl's is not_applicable) and the sources report
-- `agent_platform` (agents' sessions apart from people's visits); without them each row
-- of the window was a table lookup (docs/performance/log.md, "Covering again").
DROP INDEX `traffic_daily_outcomes_idx`;--> statement-breakpoint
DROP INDEX `traffic_daily_sources_idx`;--> statement-breakpoint
CREATE INDEX `traffic_daily_outcomes_idx` ON `traffic_daily` (`site_id`,`day`,`agent_platform`,`outcome`,`purpose`,`sessions`);--> statement-breakpoint
CREATE INDEX `traffic_daily_sources_idx` ON `traffic_daily` (`site_id`,`day`,`source`,`sub_source`,`referrer_host`,`agent_platform`,`sessions`);--> statement-breakpoint
DROP INDEX `traffic_hourly_outcomes_idx`;--> statement-breakpoint
DROP INDEX `traffic_hourly_sources_idx`;--> statement-breakpoint
CREATE INDEX `traffic_hourly_outcomes_idx` ON `traffic_hourly` (`site_id`,`hour`,`day`,`agent_platform`,`outcome`,`purpose`,`sessions`);--> statement-breakpoint
CREATE INDEX `traffic_hourly_sources_idx` ON `traffic_hourly` (`site_id`,`hour`,`day`,`source`,`sub_source`,`referrer_host`,`agent_platform`,`sessions`);