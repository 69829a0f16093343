import { PURPOSES } from "@shared/classify/agents";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Each request a collector stopped under the site's agent policy (docs/policy.md
 * "Blocked requests"): what the blocked-requests report counts per agent. The request
 * is also an agent request like any other (agent_requests, its 403 included): this
 * table says why it was answered 403. The id is the event's, so a redelivered record is
 * stored once; rows older than the agent requests' 92 days go when new ones arrive.
 * Shard only, like agent_requests.
 */
export const policyBlocks = sqliteTable(
  "policy_blocks",
  {
    id: text("id").primaryKey(),
    occurredAt: integer("occurred_at").notNull(),
    /** The User-Agent's product token, lowercased (as agent_requests.agent); null when a signature named the agent. */
    agent: text("agent"),
    platform: text("platform").notNull(),
    purpose: text("purpose", { enum: PURPOSES }).notNull(),
    tier: text("tier").notNull(),
    path: text("path").notNull(),
    /** `policy`: the agent's action was block; `robots`: obey_robots, and the robots.txt in force disallowed it. */
    reason: text("reason", { enum: ["policy", "robots"] }).notNull(),
    /** The policy version the collector decided with. */
    version: integer("version").notNull(),
  },
  // The report reads a window by time, grouped by agent: one range of this index; the
  // retention cut is a range of it too.
  (t) => [index("policy_blocks_time_idx").on(t.occurredAt, t.agent, t.platform, t.purpose, t.tier, t.reason)],
);
