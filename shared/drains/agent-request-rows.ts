import { JSON_BYTES_PER_STATEMENT, JSON_ROWS, jsonColumns, slicesWithin } from "../db/json-rows";
import type { IngestMessage } from "../ingest/queue-message";
import { addToAgentPathDays } from "./agent-path-days";
import { AGENT_REQUEST_COLUMNS, type AgentRequestRow } from "./agent-request-columns";
import { addToAgentRequestHours } from "./agent-request-hours";

/**
 * The rows, bound as one JSON array of arrays in AGENT_REQUEST_COLUMNS order and read
 * with JSON_ROWS (shared/db/json-rows.ts): one statement for a slice of rows. Nine rows per INSERT (a statement
 * takes at most 100 bound parameters, 11 columns each) made a 10 MB drain batch about
 * 2,700 statements of 99 parameters, each followed by its `changes()`
 * (docs/performance/log.md, "Drains"). `->>` gives back what binding stored: text as
 * TEXT, integers as INTEGER, null as NULL.
 */
const INSERT_ROWS = `INSERT OR IGNORE INTO agent_requests (${AGENT_REQUEST_COLUMNS.join(", ")})
  SELECT ${jsonColumns(AGENT_REQUEST_COLUMNS.length)} FROM ${JSON_ROWS}`;

/**
 * A row's JSON counted at its worst, for slices under JSON_BYTES_PER_STATEMENT
 * (shared/db/json-rows.ts; a row's path alone may hold 2,048 characters): a path
 * character is at most 6 bytes of JSON (a `\u` escape; UTF-8 takes at most 3), and a
 * row's other columns (id, agent, platform, purpose, tier, via, numbers) are short, under
 * 512 bytes together. Counted from the rows, before their JSON is rendered: one JSON per
 * slice, which its INSERT and its hour and path-day counts all read.
 */
const worstJsonBytes = (r: { path: string }) => 6 * r.path.length + 512;

/**
 * Stores agent requests, each once: a redelivered row (same id) is ignored. Returns how
 * many were new. Runs inside the site's shard as one transaction (`batch`), which also
 * adds the new rows to the counts kept from them (agent_request_hours, agent_path_days).
 * `noneStored`: the caller checked in this transaction's call that no id of `rows` is
 * stored yet (a drain's chunk, the common case: a delivery, not a redelivery), so the
 * counts skip their probe of agent_requests per row.
 */
export async function storeAgentRequests(
  db: D1Database,
  rows: readonly AgentRequestRow[],
  { noneStored = false }: { noneStored?: boolean } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  // Each id once: the first of a repeated id is the one INSERT OR IGNORE keeps.
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
  // In id order: ids are random (hashes), so in the order read each row's id-index entry
  // lands on a random page, and the shard's 2 MB page cache (workerd refuses a larger
  // one) spills and re-reads pages within the transaction; in order, each page is
  // written in one run (docs/performance/log.md, "Drains", issue 46).
  unique.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const statements: D1PreparedStatement[] = [];
  const inserts: number[] = [];
  for (const part of slicesWithin(unique, worstJsonBytes, JSON_BYTES_PER_STATEMENT)) {
    // The counts first: they leave out the ids stored by an earlier delivery (the slices
    // hold different ids, so a slice's counts never see another slice's rows as stored).
    const json = JSON.stringify(part.map((r) => AGENT_REQUEST_COLUMNS.map((c) => r[c])));
    statements.push(addToAgentRequestHours(db, json, noneStored), addToAgentPathDays(db, json, noneStored));
    inserts.push(statements.length);
    statements.push(db.prepare(INSERT_ROWS).bind(json));
  }
  const results = await db.batch(statements);
  return inserts.reduce((n, i) => n + (results[i].meta.changes ?? 0), 0);
}

/** `via` of the rows that came from `POST /api/v1/events` (a drain's rows carry its id). */
export const SERVER_EVENTS_VIA = "events";

/**
 * The newest row of `POST /api/v1/events`: one probe of agent_requests_via_idx, a partial
 * index of these rows only (schema/agent-requests.ts), which SQLite uses only when the
 * query states the index's WHERE as a literal (not a bound value). Every report's
 * coverage reads it (shared/reads/site-coverage.ts).
 */
export const NEWEST_SERVER_EVENT_SQL = `SELECT max(occurred_at) AS at FROM agent_requests WHERE via = '${SERVER_EVENTS_VIA}'`;

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
