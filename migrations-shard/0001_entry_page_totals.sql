CREATE TABLE `entry_page_totals_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`entry_url` text NOT NULL,
	`sessions` integer NOT NULL,
	`agent_sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `entry_url`)
);
--> statement-breakpoint
CREATE INDEX `entry_page_totals_daily_cover_idx` ON `entry_page_totals_daily` (`site_id`,`day`,`entry_url`,`sessions`,`agent_sessions`);--> statement-breakpoint
CREATE INDEX `entry_pages_daily_url_idx` ON `entry_pages_daily` (`site_id`,`entry_url`,`day`,`source`,`agent_platform`,`sessions`);--> statement-breakpoint
-- Backfill from entry_pages_daily (same sessions, finer key), so days aggregated before this migration keep their top pages.
INSERT INTO `entry_page_totals_daily` (`site_id`, `day`, `entry_url`, `sessions`, `agent_sessions`)
SELECT `site_id`, `day`, `entry_url`, sum(`sessions`), sum(CASE WHEN `agent_platform` != '' THEN `sessions` ELSE 0 END)
FROM `entry_pages_daily` GROUP BY `site_id`, `day`, `entry_url`;
