CREATE TABLE `visitors_hourly` (
	`site_id` text NOT NULL,
	`hour` integer NOT NULL,
	`day` text NOT NULL,
	`first_visitors` integer NOT NULL,
	`last_visitors` integer NOT NULL,
	`agent_first_visitors` integer NOT NULL,
	`agent_last_visitors` integer NOT NULL,
	PRIMARY KEY(`site_id`, `hour`)
);
--> statement-breakpoint
-- Written by hand: drizzle-kit quotes an expression's parts as column names. The
-- expression is DURATION_BUCKET_SQL (shared/sessions/duration-bucket.ts), spelled as
-- the median's query spells it, so SQLite matches the index to it.
CREATE INDEX `sessions_agent_bucket_idx` ON `sessions` (`site_id`, min(CAST(`duration_ms` / 10000 AS INTEGER), 360), `started_at`, `duration_ms`, `agent_platform`) WHERE agent_platform IS NOT NULL;--> statement-breakpoint
-- Backfill from the sessions of the hourly retention window (HOURLY_RETENTION_DAYS, 181),
-- as the rollup builds each day (shared/sessions/settle.ts rebuildDay): each visitor
-- hash's first and last session start of its day, counted by hour.
INSERT INTO `visitors_hourly` (`site_id`, `hour`, `day`, `first_visitors`, `last_visitors`, `agent_first_visitors`, `agent_last_visitors`)
WITH v AS (
  SELECT `site_id`, `day`, min(`started_at`) AS f, max(`started_at`) AS l,
    min(CASE WHEN `agent_platform` IS NOT NULL THEN `started_at` END) AS af,
    max(CASE WHEN `agent_platform` IS NOT NULL THEN `started_at` END) AS al
  FROM `sessions` WHERE `started_at` >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 181 * 86400000
  GROUP BY `site_id`, `day`, `visitor_hash`),
marks (site_id, day, at, fv, lv, afv, alv) AS (
  SELECT site_id, day, f, 1, 0, 0, 0 FROM v UNION ALL SELECT site_id, day, l, 0, 1, 0, 0 FROM v
  UNION ALL SELECT site_id, day, af, 0, 0, 1, 0 FROM v WHERE af IS NOT NULL
  UNION ALL SELECT site_id, day, al, 0, 0, 0, 1 FROM v WHERE al IS NOT NULL)
SELECT site_id, at - at % 3600000, day, sum(fv), sum(lv), sum(afv), sum(alv) FROM marks GROUP BY 1, 2, 3;
