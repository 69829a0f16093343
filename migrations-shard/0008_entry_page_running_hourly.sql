CREATE TABLE `entry_page_running_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`entry_url` text NOT NULL,
	`sessions` integer NOT NULL,
	`agent_sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`, `entry_url`)
);
--> statement-breakpoint
CREATE INDEX `entry_page_running_hourly_cover_idx` ON `entry_page_running_hourly` (`site_id`,`hour`,`entry_url`,`sessions`,`agent_sessions`);--> statement-breakpoint
-- Backfill for the days of the hourly retention window (HOURLY_RETENTION_DAYS, 181), as
-- the rollup builds each day (shared/sessions/settle.ts rebuildDay): per site, day and
-- entry page, the sessions from midnight to the end of each hour from the page's first
-- hour of the day on. Whole days only, so every running total starts at midnight; the
-- rollup prunes the hours past retention.
INSERT INTO `entry_page_running_hourly` (`site_id`, `hour`, `entry_url`, `sessions`, `agent_sessions`)
WITH per AS (
  SELECT `site_id`, `day`, `entry_url`, `started_at` - `started_at` % 3600000 AS hour, count(*) AS n,
    count(`agent_platform`) AS a
  FROM `sessions` WHERE `day` >= strftime('%Y-%m-%d', 'now', '-181 days') GROUP BY 1, 2, 3, 4),
offsets (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM offsets WHERE i < 23),
marks AS (
  SELECT site_id, day, entry_url, hour, n, a FROM per
  UNION ALL SELECT f.site_id, f.day, f.entry_url, f.first + o.i * 3600000, 0, 0
  FROM (SELECT site_id, day, entry_url, min(hour) AS first FROM per GROUP BY 1, 2, 3) f
  JOIN offsets o ON f.first + o.i * 3600000 < CAST(strftime('%s', f.day, '+1 day') AS INTEGER) * 1000)
SELECT site_id, hour, entry_url, sum(sum(n)) OVER w, sum(sum(a)) OVER w
FROM marks GROUP BY site_id, day, entry_url, hour
WINDOW w AS (PARTITION BY site_id, day, entry_url ORDER BY hour);
