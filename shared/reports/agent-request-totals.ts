import { REQUEST_COUNTS_SQL } from "../drains/agent-request-hours";
import { agentRequestPlan } from "./agent-request-plan";

// AI agents' requests in a window, one definition for every report over them
// (docs/metrics.md `agent_requests`): every request by an AI agent that server-side
// records hold, robots.txt fetches included. robots.txt compliance, AI errors and
// crawl-to-referral each show this total beside the part they judge.

export interface AgentRequestTotals {
  requests: number;
  errors: number;
  not_found: number;
  server_errors: number;
}

/**
 * The window's request and error counts: whole hours from agent_request_hours, the
 * partial hours at its edges from agent_requests (./agent-request-plan.ts).
 */
export async function agentRequestTotals(db: D1Database, start: number, end: number): Promise<AgentRequestTotals> {
  const plan = agentRequestPlan(start, end);
  const statements = [
    ...plan.hours.map(([a, b]) =>
      db
        .prepare(
          `SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(errors), 0) AS errors,
                  coalesce(sum(not_found), 0) AS not_found, coalesce(sum(server_errors), 0) AS server_errors
           FROM agent_request_hours WHERE hour >= ?1 AND hour < ?2`,
        )
        .bind(a, b),
    ),
    ...plan.live.map(([a, b]) =>
      db
        .prepare(`SELECT ${REQUEST_COUNTS_SQL} FROM agent_requests WHERE occurred_at >= ?1 AND occurred_at < ?2`)
        .bind(a, b),
    ),
  ];
  const totals: AgentRequestTotals = { requests: 0, errors: 0, not_found: 0, server_errors: 0 };
  if (statements.length === 0) return totals;
  for (const { results } of await db.batch<AgentRequestTotals>(statements))
    for (const r of results) {
      totals.requests += r.requests;
      totals.errors += r.errors;
      totals.not_found += r.not_found;
      totals.server_errors += r.server_errors;
    }
  return totals;
}
