CREATE TABLE `robots_checks` (
	`domain` text PRIMARY KEY NOT NULL,
	`checked_at` integer NOT NULL,
	`status` integer NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `robots_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`kind` text NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`content_hash` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`seen_count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `robots_versions_domain_idx` ON `robots_versions` (`domain`,`first_seen_at`);