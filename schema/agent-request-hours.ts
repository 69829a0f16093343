import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * AI agents' requests (agent_requests) counted per UTC hour, platform and purpose: what
 * the AI-errors totals and crawl-to-referral's request side read for the whole hours of
 * their window, so a 90-day report sums ~2,000 hourly rows per platform and purpose
 * instead of walking every request (docs/performance/log.md "Agent-request reports from
 * hourly counts"). Changed in the transaction that changes agent_requests
 * (shared/drains/agent-request-hours.ts): a stored batch adds its new rows (a redelivered
 * id adds nothing), a retention pass subtracts the rows it deletes, so it is always
 * current; a window's partial hours are read from agent_requests. Shard only, like
 * agent_requests (no site column).
 */
export const agentRequestHours = sqliteTable(
  "agent_request_hours",
  {
    /** Start of the UTC hour, epoch ms. */
    hour: integer("hour").notNull(),
    platform: text("platform").notNull(),
    purpose: text("purpose").notNull(),
    requests: integer("requests").notNull(),
    /** Answered 4xx or 5xx. */
    errors: integer("errors").notNull(),
    /** Answered 404 or 410. */
    notFound: integer("not_found").notNull(),
    /** Answered 5xx. */
    serverErrors: integer("server_errors").notNull(),
  },
  // The key is the report index: reads are by hour range.
  (t) => [primaryKey({ columns: [t.hour, t.platform, t.purpose] })],
);
