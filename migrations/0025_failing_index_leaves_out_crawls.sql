-- The failing-sessions index takes the report's whole condition (FAILING_LISTED_SQL in
-- shared/reports/failing-condition.ts): crawls and search fetches are never listed, and
-- with that test outside the index every failing row of the window was read from the
-- table to count total_matching (bench:reports at 1,000,000 sessions: 137 ms p95 at 90
-- days). SQLite uses a partial index only when the query states its WHERE.
DROP INDEX `sessions_failing_idx`;--> statement-breakpoint
CREATE INDEX `sessions_failing_idx` ON `sessions` (`site_id`,`started_at`,`id`) WHERE agent_platform IS NOT NULL AND (outcome = 'abandoned' OR (bounced = 1 AND duration_ms < 5000)) AND NOT coalesce(purpose, '') IN ('crawl', 'search');
