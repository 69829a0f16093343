CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`display_prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_workspace_idx` ON `api_keys` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `ingest_events` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`payload` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ingest_events_site_time_idx` ON `ingest_events` (`site_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`domain` text NOT NULL,
	`name` text NOT NULL,
	`public_token` text NOT NULL,
	`coverage` text DEFAULT 'all_traffic' NOT NULL,
	`coverage_changed_at` integer,
	`created_at` integer NOT NULL,
	`snippet_installed_at` integer,
	`last_event_at` integer,
	`last_verified_event_at` integer,
	`last_reject_at` integer,
	`last_reject_reason` text,
	`last_reject_origin` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_public_token_unique` ON `sites` (`public_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `sites_workspace_domain_uq` ON `sites` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE INDEX `sites_workspace_created_idx` ON `sites` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_name_unique` ON `workspaces` (`name`);