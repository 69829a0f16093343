import { PURPOSES } from "@shared/classify/agents";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Every request an AI agent made, as a site's logs saw it (drains, log import): documents,
 * assets, robots.txt and errors alike, with the answer's status. Page views also become
 * events and sessions; this table is what the robots.txt-compliance, crawl-to-referral
 * and AI-errors reports read (docs/reports.md). The id is derived from the log record's
 * own identity (RayID, Vercel request id, ...), so a redelivered batch is stored once.
 * No IP and no visitor hash: an agent's requests are not a person's.
 */
export const agentRequests = sqliteTable(
  "agent_requests",
  {
    id: text("id").primaryKey(),
    occurredAt: integer("occurred_at").notNull(),
    method: text("method").notNull(),
    /** Path and query as requested (robots.txt rules match the query too), ≤ 2,048 chars. */
    path: text("path").notNull(),
    status: integer("status").notNull(),
    /** The product token the User-Agent declares (lowercased), null when only a signature named the agent. */
    agent: text("agent"),
    platform: text("platform").notNull(),
    purpose: text("purpose", { enum: PURPOSES }).notNull(),
    tier: text("tier").notNull(),
    /** 1 when the request was for a document (a page view), 0 for assets and other files. */
    document: integer("document").notNull(),
    /** The drain that delivered it, `events` (POST /api/v1/events) or `upload` (the app's log upload). */
    via: text("via").notNull(),
  },
  (t) => [
    // By time, carrying what the robots.txt-compliance report groups the rows of a window's
    // partial days by, so it reads them from the index alone (docs/performance/log.md
    // "Agent-request reports from daily path counts"); every other read by time uses its prefix.
    index("agent_requests_time_idx").on(t.occurredAt, t.agent, t.platform, t.path),
    // By path, then agent: the robots.txt-compliance report's robots.txt fetches per agent
    // (in the window, and each agent's last ever) read from the index alone, and a
    // retention pass finds the first request left of a path and agent in one probe.
    index("agent_requests_path_idx").on(t.path, t.agent, t.occurredAt),
    // Every report's coverage asks for the newest row of `POST /api/v1/events`
    // (serverEventsLastAt): one probe here, where the time index alone walked every newer
    // row of the drains (344 ms at 1,000,000 drain rows and no server events: npm run
    // bench:coverage). Partial: only that `via` is ever read, so a drain's or an upload's
    // rows write no entry here (issue 46, bench:drains). The literal is SERVER_EVENTS_VIA
    // (shared/drains/agent-request-rows.ts; test/ingest/server-events-last-at.test.ts
    // checks they agree), and the query states it, so SQLite can use the index.
    index("agent_requests_via_idx").on(t.via, t.occurredAt).where(sql`via = 'events'`),
    // The AI-errors report's rows by path: only the requests answered 4xx/5xx, by time
    // (a partial index; the query's `status >= 400` lets SQLite use it).
    index("agent_requests_errors_idx").on(t.occurredAt).where(sql`status >= 400`),
  ],
);
