import { ingestEvents } from "@schema/ingest-events";
import { sessions } from "@schema/sessions";
import { getTableColumns } from "drizzle-orm";
import type { EventRow } from "../sessions/event-row";
import type { SessionRow } from "../sessions/session-state";

/**
 * Moving one site's analytics from the single D1 (the tables schema/shard.ts declares,
 * as they were before the shards) into its AnalyticsShard. Sessions and events are
 * copied as they are, ids included, page by page; the daily aggregates are not copied
 * but rebuilt in the shard from its sessions, exactly as the session-end rollup does.
 * Every step is idempotent (INSERT OR REPLACE / OR IGNORE keyed by id), so a run that
 * stops half way is simply run again.
 */

/** A session row of the legacy table, every column. */
export type LegacySession = SessionRow;

/** An event row of the legacy table, every column. */
export type LegacyEvent = EventRow;

/** Rows copied per shard call: well under the RPC message limit for both tables. */
export const MIGRATION_PAGE = 500;

/** The sites (all, or only `only`) that have legacy sessions in the single D1, by id. */
export async function legacySiteIds(d1: D1Database, only: string | null): Promise<string[]> {
  const { results } = await d1
    .prepare(
      "SELECT id FROM sites WHERE (?1 IS NULL OR id = ?1) AND id IN (SELECT DISTINCT site_id FROM sessions) ORDER BY id",
    )
    .bind(only)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** One keyset page of a site's legacy sessions (by id) after `after`. */
export async function legacySessions(d1: D1Database, siteId: string, after: string): Promise<LegacySession[]> {
  const { results } = await d1
    .prepare("SELECT * FROM sessions WHERE site_id = ? AND id > ? ORDER BY id LIMIT ?")
    .bind(siteId, after, MIGRATION_PAGE)
    .all<LegacySession>();
  return results;
}

/** One keyset page of a site's legacy events (by id) after `after`. */
export async function legacyEvents(d1: D1Database, siteId: string, after: string): Promise<LegacyEvent[]> {
  const { results } = await d1
    .prepare("SELECT * FROM ingest_events WHERE site_id = ? AND id > ? ORDER BY id LIMIT ?")
    .bind(siteId, after, MIGRATION_PAGE)
    .all<LegacyEvent>();
  return results;
}

/** Writes copied rows into a shard's tables (inside the shard), in one transaction. */
export async function importRows(
  db: D1Database,
  rows: { sessions?: LegacySession[]; events?: LegacyEvent[] },
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const s of rows.sessions ?? []) {
    const cols = columnsOf(s, SESSION_COLUMNS);
    statements.push(
      db
        .prepare(`INSERT OR REPLACE INTO sessions (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`)
        .bind(...cols.map((c) => (s as unknown as Record<string, unknown>)[c])),
    );
    // The aggregates of the session's day are rebuilt by the next rollup pass.
    statements.push(db.prepare("INSERT OR IGNORE INTO stale_days (site_id, day) VALUES (?, ?)").bind(s.site_id, s.day));
  }
  for (const e of rows.events ?? []) {
    const cols = columnsOf(e, EVENT_COLUMNS);
    statements.push(
      db
        .prepare(`INSERT OR IGNORE INTO ingest_events (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`)
        .bind(...cols.map((c) => (e as unknown as Record<string, unknown>)[c])),
    );
  }
  if (statements.length > 0) await db.batch(statements);
}

// Column names go into the SQL text: only the tables' own columns (schema/) may pass.
const SESSION_COLUMNS = new Set(Object.values(getTableColumns(sessions)).map((c) => c.name));
const EVENT_COLUMNS = new Set(Object.values(getTableColumns(ingestEvents)).map((c) => c.name));

function columnsOf(row: object, allowed: Set<string>): string[] {
  const cols = Object.keys(row);
  const unknown = cols.filter((c) => !allowed.has(c));
  if (unknown.length > 0) throw new Error(`importRows: unknown columns ${unknown.join(", ")}`);
  return cols;
}
