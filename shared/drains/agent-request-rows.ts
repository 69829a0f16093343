import type { IngestMessage } from "../ingest/queue-message";
import { addToAgentPathDays } from "./agent-path-days";
import { AGENT_REQUEST_COLUMNS, type AgentRequestRow } from "./agent-request-columns";
import { addToAgentRequestHours } from "./agent-request-hours";

/** Rows per INSERT: SQLite takes at most 100 bound parameters per statement in D1 (11 columns each). */
const ROWS_PER_STATEMENT = 9;

/**
 * Stores agent requests, each once: a redelivered row (same id) is ignored. Returns how
 * many were new. Runs inside the site's shard as one transaction (`batch`), which also
 * adds the new rows to the counts kept from them (agent_request_hours, agent_path_days).
 */
export async function storeAgentRequests(db: D1Database, rows: readonly AgentRequestRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Each id once: the first of a repeated id is the one INSERT OR IGNORE keeps.
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
  // The counts first: they leave out the ids stored by an earlier delivery.
  const counts = [addToAgentRequestHours(db, unique), addToAgentPathDays(db, unique)];
  const statements: D1PreparedStatement[] = [...counts];
  for (let i = 0; i < unique.length; i += ROWS_PER_STATEMENT) {
    const part = unique.slice(i, i + ROWS_PER_STATEMENT);
    const placeholders = part.map(() => `(${AGENT_REQUEST_COLUMNS.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db
        .prepare(`INSERT OR IGNORE INTO agent_requests (${AGENT_REQUEST_COLUMNS.join(", ")}) VALUES ${placeholders}`)
        .bind(...part.flatMap((r) => AGENT_REQUEST_COLUMNS.map((c) => r[c]))),
    );
  }
  const results = await db.batch(statements);
  return results.slice(counts.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** `via` of the rows that came from `POST /api/v1/events` (a drain's rows carry its id). */
export const SERVER_EVENTS_VIA = "events";

/**
 * The newest row of one `via` (bound as ?1): one probe of agent_requests_via_idx. Every
 * report's coverage reads it for SERVER_EVENTS_VIA (shared/reads/site-coverage.ts).
 */
export const NEWEST_OF_VIA_SQL = "SELECT max(occurred_at) AS at FROM agent_requests WHERE via = ?1";

/**
 * The `agent_requests` rows of server-side records (`POST /api/v1/events`) in a queue
 * batch: each AI agent's record, keyed by its event id, so a redelivered message is
 * stored once, as a drain line is.
 */
export function agentRequestRowsOf(messages: readonly IngestMessage[]): AgentRequestRow[] {
  const rows: AgentRequestRow[] = [];
  for (const m of messages) {
    const facts = m.agentRequest;
    if (!facts || m.platform === null) continue;
    rows.push({
      id: m.id,
      occurred_at: m.occurredAt,
      method: facts.method,
      path: facts.path,
      status: facts.status,
      agent: facts.agent,
      platform: m.platform,
      purpose: m.purpose ?? "unknown",
      tier: m.tier ?? "declared",
      document: facts.document,
      via: SERVER_EVENTS_VIA,
    });
  }
  return rows;
}
