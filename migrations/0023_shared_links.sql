CREATE TABLE `shared_links` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`site_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`last_viewed_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_links_token_hash_unique` ON `shared_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shared_links_site_idx` ON `shared_links` (`site_id`);