import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * AI agents' requests (agent_requests) counted per UTC day, agent, platform, path and
 * status, with the first and the last request's time: what the robots.txt-compliance
 * and AI-errors reports read for the whole days of their window, where they grouped
 * every request of the window by agent and path (robots.txt compliance: 1.1 s at 90 days
 * over 1,000,000 requests; docs/performance/log.md "Agent-request reports from daily path counts"). A crawler asks for the same page many
 * times over a day, so a day holds one row per page and agent it asked for, not one per
 * request. Changed in the transaction that changes agent_requests
 * (shared/drains/agent-path-days.ts), like agent_request_hours. Shard only.
 */
export const agentPathDays = sqliteTable(
  "agent_path_days",
  {
    /** Start of the UTC day, epoch ms. */
    day: integer("day").notNull(),
    /** The declared product token, or '' where agent_requests holds null (a key column cannot be null). */
    agent: text("agent").notNull(),
    platform: text("platform").notNull(),
    /** Path and query as requested, as in agent_requests. */
    path: text("path").notNull(),
    /** The answer's status: a page mostly answers one, so this adds few rows. */
    status: integer("status").notNull(),
    requests: integer("requests").notNull(),
    /** The day's first and last of these requests, epoch ms. */
    firstAt: integer("first_at").notNull(),
    lastAt: integer("last_at").notNull(),
  },
  // The key is the report index: reads are by day range.
  (t) => [
    primaryKey({ columns: [t.day, t.agent, t.platform, t.path, t.status] }),
    // The AI-errors report's days: only the rows of 4xx/5xx answers (a partial index).
    index("agent_path_days_errors_idx").on(t.day).where(sql`status >= 400`),
  ],
);
