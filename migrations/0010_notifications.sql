CREATE TABLE `notification_preferences` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`, `kind`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_preferences_kind_idx` ON `notification_preferences` (`kind`,`enabled`,`workspace_id`);--> statement-breakpoint
CREATE TABLE `notifications_sent` (
	`key` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_sent_workspace_idx` ON `notifications_sent` (`workspace_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `workspace_alert_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`score_threshold` integer NOT NULL,
	`alert_webhooks` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `local_mailbox` ADD `headers` text;