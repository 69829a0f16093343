CREATE TABLE `agent_durations_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`bucket` integer NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`, `bucket`)
);
--> statement-breakpoint
CREATE INDEX `agent_durations_hourly_cover_idx` ON `agent_durations_hourly` (`site_id`,`hour`,`bucket`,`sessions`);--> statement-breakpoint
CREATE TABLE `entry_page_totals_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`entry_url` text NOT NULL,
	`sessions` integer NOT NULL,
	`agent_sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`, `entry_url`)
);
--> statement-breakpoint
CREATE INDEX `entry_page_totals_hourly_cover_idx` ON `entry_page_totals_hourly` (`site_id`,`hour`,`day`,`entry_url`,`sessions`,`agent_sessions`);--> statement-breakpoint
CREATE TABLE `entry_pages_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`entry_url` text NOT NULL,
	`source` text NOT NULL,
	`agent_platform` text NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`, `entry_url`, `source`, `agent_platform`)
);
--> statement-breakpoint
CREATE INDEX `entry_pages_hourly_url_idx` ON `entry_pages_hourly` (`site_id`,`entry_url`,`hour`,`day`,`source`,`agent_platform`,`sessions`);--> statement-breakpoint
CREATE TABLE `traffic_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`agent_platform` text NOT NULL,
	`purpose` text NOT NULL,
	`tier` text NOT NULL,
	`source` text NOT NULL,
	`sub_source` text NOT NULL,
	`referrer_host` text NOT NULL,
	`outcome` text NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`, `agent_platform`, `purpose`, `tier`, `source`, `sub_source`, `referrer_host`, `outcome`)
);
--> statement-breakpoint
CREATE INDEX `traffic_hourly_cover_idx` ON `traffic_hourly` (`site_id`,`hour`,`day`,`agent_platform`,`purpose`,`tier`,`source`,`sub_source`,`referrer_host`,`outcome`,`sessions`);
--> statement-breakpoint
-- Backfill from the sessions of the retention window (HOURLY_RETENTION_DAYS, 181), as
-- the rollup builds each day (shared/sessions/settle.ts rebuildDay).
INSERT INTO `traffic_hourly` (`site_id`, `hour`, `day`, `agent_platform`, `purpose`, `tier`, `source`, `sub_source`, `referrer_host`, `outcome`, `sessions`)
SELECT `site_id`, `started_at` - `started_at` % 3600000, `day`, coalesce(`agent_platform`, ''), coalesce(`purpose`, ''), coalesce(`tier`, ''), `source`,
  coalesce(`sub_source`, ''), coalesce(`referrer_host`, ''), coalesce(`outcome`, ''), count(*)
FROM `sessions` WHERE `started_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 181 * 86400000
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
INSERT INTO `entry_pages_hourly` (`site_id`, `hour`, `day`, `entry_url`, `source`, `agent_platform`, `sessions`)
SELECT `site_id`, `started_at` - `started_at` % 3600000, `day`, `entry_url`, `source`, coalesce(`agent_platform`, ''), count(*)
FROM `sessions` WHERE `started_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 181 * 86400000
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO `entry_page_totals_hourly` (`site_id`, `hour`, `day`, `entry_url`, `sessions`, `agent_sessions`)
SELECT `site_id`, `started_at` - `started_at` % 3600000, `day`, `entry_url`, count(*), count(`agent_platform`)
FROM `sessions` WHERE `started_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 181 * 86400000
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `agent_durations_hourly` (`site_id`, `hour`, `day`, `bucket`, `sessions`)
SELECT `site_id`, `started_at` - `started_at` % 3600000, `day`, min(CAST(`duration_ms` / 10000 AS INTEGER), 360), count(*)
FROM `sessions` WHERE `agent_platform` IS NOT NULL AND `started_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 181 * 86400000
GROUP BY 1, 2, 3, 4;
