CREATE TABLE `scan_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`outcome` text NOT NULL,
	`scan_id` text
);
--> statement-breakpoint
CREATE INDEX `scan_runs_started_idx` ON `scan_runs` (`started_at`);