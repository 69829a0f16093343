CREATE TABLE `agent_path_days` (
	`day` integer NOT NULL,
	`agent` text NOT NULL,
	`platform` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`requests` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`day`, `agent`, `platform`, `path`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `agent_path_days_errors_idx` ON `agent_path_days` (`day`) WHERE status >= 400;--> statement-breakpoint
DROP INDEX `agent_requests_time_idx`;--> statement-breakpoint
DROP INDEX `agent_requests_path_idx`;--> statement-breakpoint
CREATE INDEX `agent_requests_time_idx` ON `agent_requests` (`occurred_at`,`agent`,`platform`,`path`);--> statement-breakpoint
CREATE INDEX `agent_requests_path_idx` ON `agent_requests` (`path`,`agent`,`occurred_at`);
--> statement-breakpoint
-- WITHOUT ROWID (added by hand: drizzle's schema cannot say it): the rows live in the key's
-- order, so a report's range of days reads them with no lookup per row.
-- Backfill: every stored request counted per UTC day, agent, platform, path and status,
-- as shared/drains/agent-path-days.ts adds a batch.
INSERT INTO `agent_path_days` (`day`, `agent`, `platform`, `path`, `status`, `requests`, `first_at`, `last_at`)
SELECT `occurred_at` - `occurred_at` % 86400000, coalesce(`agent`, ''), `platform`, `path`, `status`, count(*),
  min(`occurred_at`), max(`occurred_at`)
FROM `agent_requests` GROUP BY 1, 2, 3, 4, 5;
