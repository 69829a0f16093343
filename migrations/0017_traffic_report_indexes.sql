CREATE INDEX `traffic_daily_outcomes_idx` ON `traffic_daily` (`site_id`,`day`,`agent_platform`,`outcome`,`sessions`);--> statement-breakpoint
CREATE INDEX `traffic_daily_sources_idx` ON `traffic_daily` (`site_id`,`day`,`source`,`sub_source`,`referrer_host`,`sessions`);--> statement-breakpoint
CREATE INDEX `traffic_hourly_outcomes_idx` ON `traffic_hourly` (`site_id`,`hour`,`day`,`agent_platform`,`outcome`,`sessions`);--> statement-breakpoint
CREATE INDEX `traffic_hourly_sources_idx` ON `traffic_hourly` (`site_id`,`hour`,`day`,`source`,`sub_source`,`referrer_host`,`sessions`);