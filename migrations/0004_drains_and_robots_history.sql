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
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `drains_workspace_created_idx` ON `drains` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `drains_site_idx` ON `drains` (`site_id`);--> statement-breakpoint
CREATE TABLE `robots_txt_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`status` integer NOT NULL,
	`body` text,
	`digest` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `robots_txt_versions_site_seen_idx` ON `robots_txt_versions` (`site_id`,`first_seen_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `robots_txt_versions_site_digest_seen_uq` ON `robots_txt_versions` (`site_id`,`digest`,`first_seen_at`);