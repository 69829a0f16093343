CREATE TABLE `agent_request_hours` (
	`hour` integer NOT NULL,
	`platform` text NOT NULL,
	`purpose` text NOT NULL,
	`requests` integer NOT NULL,
	`errors` integer NOT NULL,
	`not_found` integer NOT NULL,
	`server_errors` integer NOT NULL,
	PRIMARY KEY(`hour`, `platform`, `purpose`)
);
--> statement-breakpoint
CREATE INDEX `agent_requests_errors_idx` ON `agent_requests` (`occurred_at`) WHERE status >= 400;--> statement-breakpoint
CREATE INDEX `sessions_ai_link_idx` ON `sessions` (`site_id`,`started_at`,`sub_source`) WHERE source = 'ai_assistant_link' AND agent_platform IS NULL;
--> statement-breakpoint
-- Backfill: every stored request counted per UTC hour, platform and purpose, as
-- shared/drains/agent-request-hours.ts rebuilds an hour.
INSERT INTO `agent_request_hours` (`hour`, `platform`, `purpose`, `requests`, `errors`, `not_found`, `server_errors`)
SELECT `occurred_at` - `occurred_at` % 3600000, `platform`, `purpose`, count(*), sum(`status` >= 400),
  sum(`status` IN (404, 410)), sum(`status` >= 500)
FROM `agent_requests` GROUP BY 1, 2, 3;
