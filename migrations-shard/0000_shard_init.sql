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
