-- agent_requests_via_idx keeps only the rows of POST /api/v1/events, the only `via` ever
-- read (the reports' coverage, NEWEST_SERVER_EVENT_SQL): a drain's and an upload's rows
-- no longer write an entry each (issue 46, bench:drains). SQLite uses a partial index
-- only when the query states its WHERE, which that query does.
DROP INDEX `agent_requests_via_idx`;--> statement-breakpoint
CREATE INDEX `agent_requests_via_idx` ON `agent_requests` (`via`,`occurred_at`) WHERE via = 'events';
