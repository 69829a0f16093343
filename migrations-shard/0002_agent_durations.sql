CREATE TABLE `agent_durations_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`bucket` integer NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `bucket`)
);
--> statement-breakpoint
CREATE INDEX `agent_durations_daily_cover_idx` ON `agent_durations_daily` (`site_id`,`day`,`bucket`,`sessions`);--> statement-breakpoint
-- Backfill from the sessions themselves (the rollup builds each day the same way).
INSERT INTO `agent_durations_daily` (`site_id`, `day`, `bucket`, `sessions`)
SELECT `site_id`, `day`, min(CAST(`duration_ms` / 10000 AS INTEGER), 360), count(*)
FROM `sessions` WHERE `agent_platform` IS NOT NULL GROUP BY 1, 2, 3;
