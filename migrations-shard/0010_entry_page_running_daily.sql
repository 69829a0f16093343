CREATE TABLE `entry_page_running_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`entry_url` text NOT NULL,
	`sessions` integer NOT NULL,
	`agent_sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `entry_url`)
);
--> statement-breakpoint
CREATE INDEX `entry_page_running_daily_cover_idx` ON `entry_page_running_daily` (`site_id`,`day`,`entry_url`,`sessions`,`agent_sessions`);--> statement-breakpoint
-- Backfill from entry_page_totals_daily, as the rollup builds each day (shared/sessions/settle.ts
-- rebuildDay): per site, UTC month and entry page, the sessions from the month's 1st to the
-- end of each day that has entry pages, from the page's first such day of the month on.
INSERT INTO `entry_page_running_daily` (`site_id`, `day`, `entry_url`, `sessions`, `agent_sessions`)
WITH days AS (SELECT DISTINCT `site_id`, `day` FROM `entry_page_totals_daily`),
firsts AS (
  SELECT `site_id`, substr(`day`, 1, 7) AS month, `entry_url`, min(`day`) AS first
  FROM `entry_page_totals_daily` GROUP BY 1, 2, 3),
marks AS (
  SELECT `site_id`, `day`, `entry_url`, `sessions` AS n, `agent_sessions` AS a FROM `entry_page_totals_daily`
  UNION ALL SELECT f.site_id, d.day, f.entry_url, 0, 0
  FROM firsts f JOIN days d ON d.site_id = f.site_id AND substr(d.day, 1, 7) = f.month AND d.day > f.first)
SELECT site_id, day, entry_url, sum(sum(n)) OVER w, sum(sum(a)) OVER w
FROM marks GROUP BY site_id, day, entry_url
WINDOW w AS (PARTITION BY site_id, substr(day, 1, 7), entry_url ORDER BY day);
