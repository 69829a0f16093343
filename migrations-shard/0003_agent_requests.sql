CREATE TABLE `agent_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`occurred_at` integer NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`agent` text,
	`platform` text NOT NULL,
	`purpose` text NOT NULL,
	`tier` text NOT NULL,
	`document` integer NOT NULL,
	`via` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agent_requests_time_idx` ON `agent_requests` (`occurred_at`);--> statement-breakpoint
CREATE INDEX `agent_requests_path_idx` ON `agent_requests` (`path`,`occurred_at`);