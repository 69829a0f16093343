CREATE TABLE `policy_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`occurred_at` integer NOT NULL,
	`agent` text,
	`platform` text NOT NULL,
	`purpose` text NOT NULL,
	`tier` text NOT NULL,
	`path` text NOT NULL,
	`reason` text NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `policy_blocks_time_idx` ON `policy_blocks` (`occurred_at`,`agent`,`platform`,`purpose`,`tier`,`reason`);