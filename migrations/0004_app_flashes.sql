CREATE TABLE `app_flashes` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`sealed` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `app_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `app_flashes_expires_idx` ON `app_flashes` (`expires_at`);