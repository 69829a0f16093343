import type { NonNullColumns } from "../db/sql-row";
import type { SessionRow } from "../sessions/session-state";
import { FAILING_LISTED_SQL } from "../vocabulary/failing-condition";
import { reportHeader } from "./report-context";
import type { ReportParams } from "./report-params";
import type { FailingSessions } from "./report-schemas";
import { readSessionRows, type SessionPosition } from "./session-rows";

export const FAILING_LIMIT_DEFAULT = 20;
export const FAILING_LIMIT_MAX = 50;

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

/**
 * A listed session, typed by schema/sessions.ts; `agent_platform` is non-null because
 * FAILING_LISTED_SQL selects agent sessions only (`agent_platform IS NOT NULL`).
 */
type Row = NonNullColumns<
  Pick<
    SessionRow,
    "id" | "agent_platform" | "started_at" | "duration_ms" | "page_count" | "entry_url" | "exit_url" | "outcome"
  >,
  "agent_platform"
>;

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
  const { rows, ...page } = await readSessionRows<Row>(db, {
    site,
    window,
    // The text of sessions_failing_idx's WHERE (shared/vocabulary/failing-condition.ts): SQLite uses a
    // partial index only when the query states its condition.
    condition: FAILING_LISTED_SQL,
    filters: [["agent_platform", agentPlatform]],
    columns: "id, agent_platform, started_at, duration_ms, page_count, entry_url, exit_url, outcome",
    limit,
    after,
  });
  const results = rows.map(
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
  return { ...header, results, ...page };
}
