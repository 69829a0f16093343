ALTER TABLE `monitors` ADD `baseline_score` integer;--> statement-breakpoint
ALTER TABLE `monitors` ADD `baseline_at` integer;--> statement-breakpoint
ALTER TABLE `monitors` ADD `baseline_scan_id` text;--> statement-breakpoint
ALTER TABLE `webhook_attempts` ADD `response_excerpt` text;