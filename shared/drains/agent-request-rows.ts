import { agentRequests } from "@schema/agent-requests";
import { columnNames, type SqlRow } from "../db/sql-row";

/** One row of `agent_requests` as the SQL writes it (schema/agent-requests.ts). */
export type AgentRequestRow = SqlRow<typeof agentRequests>;

export const AGENT_REQUEST_COLUMNS = columnNames(agentRequests);

/** Rows per INSERT: SQLite takes at most 100 bound parameters per statement in D1 (11 columns each). */
const ROWS_PER_STATEMENT = 9;

/**
 * Stores agent requests, each once: a redelivered row (same id) is ignored. Returns how
 * many were new. Runs inside the site's shard as one transaction (`batch`).
 */
export async function storeAgentRequests(db: D1Database, rows: readonly AgentRequestRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const placeholders = part.map(() => `(${AGENT_REQUEST_COLUMNS.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db
        .prepare(`INSERT OR IGNORE INTO agent_requests (${AGENT_REQUEST_COLUMNS.join(", ")}) VALUES ${placeholders}`)
        .bind(...part.flatMap((r) => AGENT_REQUEST_COLUMNS.map((c) => r[c]))),
    );
  }
  const results = await db.batch(statements);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}
