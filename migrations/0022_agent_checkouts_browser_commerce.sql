CREATE TABLE `agent_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`site_id` text NOT NULL,
	`protocol` text NOT NULL,
	`binding` text NOT NULL,
	`checkout_ref` text NOT NULL,
	`order_ref` text,
	`outcome` text NOT NULL,
	`amount_minor` integer,
	`currency` text,
	`platform` text,
	`agent` text,
	`tier` text,
	`occurred_at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_checkouts_site_checkout_uq` ON `agent_checkouts` (`site_id`,`protocol`,`checkout_ref`);--> statement-breakpoint
CREATE INDEX `agent_checkouts_workspace_occurred_idx` ON `agent_checkouts` (`workspace_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `agent_checkouts_site_occurred_idx` ON `agent_checkouts` (`site_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `browser_commerce` (
	`event_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`site_id` text NOT NULL,
	`session_id` text NOT NULL,
	`kind` text NOT NULL,
	`form` text,
	`tool` text,
	`order_ref` text,
	`value_minor` integer,
	`currency` text,
	`session_source` text NOT NULL,
	`session_sub_source` text,
	`session_platform` text,
	`session_tier` text,
	`agent_in_session` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `browser_commerce_workspace_occurred_idx` ON `browser_commerce` (`workspace_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `browser_commerce_site_occurred_idx` ON `browser_commerce` (`site_id`,`occurred_at`);