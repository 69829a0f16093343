ALTER TABLE `monitors` ADD `last_scored_at` integer;--> statement-breakpoint
ALTER TABLE `monitors` ADD `last_scan_id` text;