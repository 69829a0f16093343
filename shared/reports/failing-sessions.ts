import { type ReportParams, reportHeader } from "./report-context";
import type { FailingSessions } from "./report-schemas";
import type { SessionPosition } from "./session-list-page";

export const FAILING_LIMIT_DEFAULT = 20;
export const FAILING_LIMIT_MAX = 50;
/** traffic-facts §5: a "short" single-page bounce lasted under 5 seconds. */
export const SHORT_BOUNCE_MS = 5_000;

export type FailingItem = FailingSessions["results"][number];

export interface FailingParams extends ReportParams {
  agentPlatform?: string;
  limit: number;
  after?: SessionPosition;
}

/** The report without its cursor, which the caller signs from `last`. */
export interface FailingPage extends Omit<FailingSessions, "next_cursor"> {
  /** Position of the page's last row; null when the page is empty. */
  last: SessionPosition | null;
}

// Written exactly as the WHERE of sessions_failing_idx (schema/sessions.ts), so SQLite
// can use that partial index: AI-agent sessions the session-end rollup settled as
// abandoned, or as a bounce (one page, no interaction) shorter than 5 seconds.
const FAILING = `agent_platform IS NOT NULL AND (outcome = 'abandoned' OR (bounced = 1 AND duration_ms < ${SHORT_BOUNCE_MS}))`;

interface Row {
  id: string;
  agent_platform: string;
  started_at: number;
  duration_ms: number;
  page_count: number;
  entry_url: string;
  exit_url: string;
  outcome: string | null;
}

/**
 * One page of failing AI-agent sessions started in the window, newest first, ordered
 * by (started_at, id) so the keyset cursor neither repeats nor skips a row when
 * sessions are added between pages. `total_matching` counts every match in the window
 * at the time of this call.
 */
export async function failingSessions(db: D1Database, params: FailingParams): Promise<FailingPage> {
  const header = await reportHeader(db, params);
  const { site, window, agentPlatform, after } = params;
  const limit = Math.min(Math.max(1, params.limit), FAILING_LIMIT_MAX);
  const binds: (string | number)[] = [site.id, window.start, window.end];
  let matching = `site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND ${FAILING}`;
  if (agentPlatform !== undefined) {
    binds.push(agentPlatform);
    matching += ` AND agent_platform = ?${binds.length}`;
  }
  const countBinds = [...binds];
  let where = matching;
  if (after) {
    binds.push(after.startedAt, after.id);
    const [t, id] = [binds.length - 1, binds.length];
    where += ` AND (started_at < ?${t} OR (started_at = ?${t} AND id < ?${id}))`;
  }
  binds.push(limit + 1);
  const [page, count] = await db.batch<Row | { n: number }>([
    db
      .prepare(
        `SELECT id, agent_platform, started_at, duration_ms, page_count, entry_url, exit_url, outcome FROM sessions
         WHERE ${where} ORDER BY started_at DESC, id DESC LIMIT ?${binds.length}`,
      )
      .bind(...binds),
    db.prepare(`SELECT count(*) AS n FROM sessions WHERE ${matching}`).bind(...countBinds),
  ]);
  const rows = page.results as Row[];
  const results = rows.slice(0, limit).map(
    (r): FailingItem => ({
      session_id: r.id,
      agent_platform: r.agent_platform,
      started_at: new Date(r.started_at).toISOString(),
      duration_ms: r.duration_ms,
      page_count: r.page_count,
      entry_url: r.entry_url,
      exit_url: r.exit_url,
      reason: r.outcome === "abandoned" ? "abandoned" : "bounced",
    }),
  );
  const lastRow = rows.slice(0, limit).at(-1);
  return {
    ...header,
    results,
    has_more: rows.length > limit,
    total_matching: Number((count.results[0] as { n: number }).n),
    last: lastRow ? { startedAt: lastRow.started_at, id: lastRow.id } : null,
  };
}
