CREATE TABLE `app_flashes` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`sealed` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `app_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_flashes_expires_idx` ON `app_flashes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `drains` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`site_id` text NOT NULL,
	`format` text NOT NULL,
	`secret_hash` text NOT NULL,
	`secret_sealed` text,
	`vercel_verify` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`last_batch_at` integer,
	`last_batch_lines` integer,
	`last_batch_accepted` integer,
	`last_batch_rejected` integer,
	`last_batch_reasons` text,
	`last_accept_at` integer,
	`last_refusal_at` integer,
	`last_refusal_reason` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drains_workspace_created_idx` ON `drains` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `drains_site_idx` ON `drains` (`site_id`);