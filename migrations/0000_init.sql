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
CREATE TABLE `conversions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`external_id` text NOT NULL,
	`site_id` text,
	`event_name` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`value_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`click_ids` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`landing_url` text,
	`clicked_at` integer,
	`attribution_basis` text NOT NULL,
	`attributed_platform` text NOT NULL,
	`attribution_source` text NOT NULL,
	`attribution_sub_source` text,
	`voided_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_id_unique` ON `conversions` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_workspace_external_uq` ON `conversions` (`workspace_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `conversions_workspace_seq_idx` ON `conversions` (`workspace_id`,`seq`);--> statement-breakpoint
CREATE INDEX `conversions_site_seq_idx` ON `conversions` (`site_id`,`seq`);--> statement-breakpoint
CREATE INDEX `conversions_workspace_occurred_idx` ON `conversions` (`workspace_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `conversions_site_occurred_idx` ON `conversions` (`site_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `entry_pages_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`entry_url` text NOT NULL,
	`source` text NOT NULL,
	`agent_platform` text NOT NULL,
	`sessions` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `entry_url`, `source`, `agent_platform`)
);
--> statement-breakpoint
CREATE TABLE `ingest_events` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`session_id` text NOT NULL,
	`kind` text NOT NULL,
	`occurred_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`url` text NOT NULL,
	`target` text,
	`duration_ms` integer,
	`classification` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ingest_events_session_time_idx` ON `ingest_events` (`session_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `ip_range_snapshots` (
	`list_id` text PRIMARY KEY NOT NULL,
	`prefixes` text NOT NULL,
	`vendor_created_at` text,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `monitors` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`domain` text NOT NULL,
	`webhook_url` text NOT NULL,
	`secret_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_score` integer,
	`last_rescan_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monitors_workspace_domain_url_uq` ON `monitors` (`workspace_id`,`domain`,`webhook_url`);--> statement-breakpoint
CREATE INDEX `monitors_workspace_created_idx` ON `monitors` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `monitors_domain_idx` ON `monitors` (`domain`,`last_rescan_at`);--> statement-breakpoint
CREATE TABLE `scans` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`result_hash` text NOT NULL,
	`scoring_version` text NOT NULL,
	`overall_score` integer NOT NULL,
	`layer_scores` text NOT NULL,
	`check_results` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`seen_count` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scans_result_hash_uq` ON `scans` (`result_hash`);--> statement-breakpoint
CREATE INDEX `scans_domain_last_seen_idx` ON `scans` (`domain`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`site_id` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`day` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_event_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`page_count` integer NOT NULL,
	`event_count` integer NOT NULL,
	`interaction_count` integer NOT NULL,
	`entry_url` text NOT NULL,
	`exit_url` text NOT NULL,
	`agent_platform` text,
	`purpose` text,
	`tier` text,
	`agent_confidence` real,
	`detection_signals` text NOT NULL,
	`source` text NOT NULL,
	`sub_source` text,
	`referrer_host` text,
	`browser` text,
	`os` text,
	`device_type` text,
	`reached_cart` integer NOT NULL,
	`reached_purchase` integer NOT NULL,
	`outcome` text,
	`bounced` integer,
	`settled_at` integer,
	`dirty` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_site_visitor_idx` ON `sessions` (`site_id`,`visitor_hash`,`last_event_at`);--> statement-breakpoint
CREATE INDEX `sessions_site_started_idx` ON `sessions` (`site_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `sessions_unsettled_idx` ON `sessions` (`settled_at`,`last_event_at`);--> statement-breakpoint
CREATE INDEX `sessions_dirty_idx` ON `sessions` (`dirty`,`site_id`,`day`);--> statement-breakpoint
CREATE INDEX `sessions_agent_duration_idx` ON `sessions` (`site_id`,`duration_ms`,`started_at`) WHERE agent_platform IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_failing_idx` ON `sessions` (`site_id`,`started_at`,`id`) WHERE agent_platform IS NOT NULL AND (outcome = 'abandoned' OR (bounced = 1 AND duration_ms < 5000));--> statement-breakpoint
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
	`last_accept_at` integer,
	`last_reject_at` integer,
	`last_reject_reason` text,
	`last_reject_origin` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_public_token_unique` ON `sites` (`public_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `sites_workspace_domain_uq` ON `sites` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE INDEX `sites_workspace_created_idx` ON `sites` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `stale_days` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`site_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `traffic_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`agent_platform` text NOT NULL,
	`purpose` text NOT NULL,
	`tier` text NOT NULL,
	`source` text NOT NULL,
	`sub_source` text NOT NULL,
	`referrer_host` text NOT NULL,
	`outcome` text NOT NULL,
	`sessions` integer NOT NULL,
	`bounces` integer NOT NULL,
	`duration_ms_total` integer NOT NULL,
	`page_count_total` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`, `agent_platform`, `purpose`, `tier`, `source`, `sub_source`, `referrer_host`, `outcome`)
);
--> statement-breakpoint
CREATE TABLE `visitors_daily` (
	`site_id` text NOT NULL,
	`day` text NOT NULL,
	`visitors` integer NOT NULL,
	`agent_visitors` integer NOT NULL,
	PRIMARY KEY(`site_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`attempted_at` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	PRIMARY KEY(`delivery_id`, `attempt`),
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`monitor_id` text NOT NULL,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`next_attempt_at` integer,
	`settled_at` integer,
	FOREIGN KEY (`monitor_id`) REFERENCES `monitors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_monitor_created_idx` ON `webhook_deliveries` (`monitor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status_next_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_name_unique` ON `workspaces` (`name`);