import type { Purpose } from "../classify/agents";
import type { Tier } from "../classify/identity-vocabulary";
import { storedSignals, verificationResult } from "../classify/verification-result";
import type { NonNullColumns } from "../db/sql-row";
import type { Outcome } from "../sessions/commerce-evidence";
import type { SessionRow } from "../sessions/session-state";
import { AGENT_KIND_SQL, type AgentKind } from "../vocabulary/agent-kinds";
import { OUTCOME, PLATFORM, PURPOSE, TIER } from "./dimensions";
import { type ReportHeader, reportContext } from "./report-context";
import type { ReportParams } from "./report-params";
import type { AgentSession } from "./report-schemas";
import { readSessionRows, type SessionPosition } from "./session-rows";
import { dimensionFilters } from "./traffic-filters";

export const SESSIONS_LIMIT_DEFAULT = 20;
export const SESSIONS_LIMIT_MAX = 50;

/** One AI-agent session of the list (shape declared once in report-schemas.ts). */
export type AgentSessionItem = AgentSession;

/** `filters`: the list's, by name (shared/reads/session-filters.ts: the traffic report's filters). */
export interface AgentSessionsParams extends ReportParams {
  limit: number;
  after?: SessionPosition;
}

export interface AgentSessionsPage extends ReportHeader {
  results: AgentSessionItem[];
  has_more: boolean;
  total_matching: number;
  /** Position of the page's last row; null when the page is empty. */
  last: SessionPosition | null;
}

/**
 * A listed session: its table columns typed by schema/sessions.ts, `agent_platform`
 * non-null because the list's condition is `agent_platform IS NOT NULL`. Purpose, tier
 * and outcome are not the stored columns but the dimension expressions aliased to those
 * names (never null, open sessions included), and `settled` is computed, so they are
 * declared here with the SELECT that computes them.
 */
type Row = NonNullColumns<
  Pick<SessionRow, "id" | "agent_platform" | "started_at" | "duration_ms" | "page_count" | "entry_url" | "exit_url">,
  "agent_platform"
> & {
  purpose: Purpose;
  agent_kind: AgentKind;
  tier: Tier;
  detection_signals: string | null;
  outcome: Outcome;
  /** `settled_at IS NOT NULL`: 1 or 0. */
  settled: number;
};

/**
 * One page of AI-agent sessions started in the window, newest first, filtered by
 * the traffic report's filters (platform, purpose, tier, outcome, ...). Each is read with the very
 * expression the reports group by (dimensions.ts), so a filter selects exactly the
 * sessions a report counts under that value, open sessions included (their outcome so
 * far). Keyset-paged on (started_at, id) like failing sessions, over
 * sessions_site_started_idx. `total_matching` is counted from the aggregates the other
 * reports read (`matchingAgentSessions`), so it equals their count for the same filter
 * and costs the window's aggregate rows, not its sessions.
 */
export async function agentSessions(db: D1Database, params: AgentSessionsParams): Promise<AgentSessionsPage> {
  const { site, window, after } = params;
  const limit = Math.min(Math.max(1, params.limit), SESSIONS_LIMIT_MAX);
  // Names cross the shard's boundary, never SQL: each is the traffic report's filter.
  const filters = dimensionFilters(params.filters);
  const { header, total } = await matchingAgentSessions(db, params);
  const { rows, ...page } = await readSessionRows<Row>(db, {
    site,
    window,
    condition: "agent_platform IS NOT NULL",
    filters: filters.map(([dim, value]) => [dim.live, value] as const),
    columns: `id, agent_platform, ${PURPOSE.live} AS purpose, ${AGENT_KIND_SQL} AS agent_kind, ${TIER.live} AS tier, detection_signals, ${OUTCOME.live} AS outcome,
              settled_at IS NOT NULL AS settled, started_at, duration_ms, page_count, entry_url, exit_url`,
    limit,
    after,
    total,
  });
  return {
    ...header,
    results: rows.map((r) => ({
      session_id: r.id,
      agent_platform: r.agent_platform,
      purpose: r.purpose,
      agent_kind: r.agent_kind,
      tier: r.tier,
      verification: verificationResult(r.tier, storedSignals(r.detection_signals)) ?? "unchecked",
      outcome: r.outcome,
      outcome_settled: r.settled === 1,
      started_at: new Date(r.started_at).toISOString(),
      duration_ms: r.duration_ms,
      page_count: r.page_count,
      entry_url: r.entry_url,
      exit_url: r.exit_url,
    })),
    ...page,
  };
}

/**
 * The header and the number of AI-agent sessions in the window with the filters' values:
 * the report context applies the filters to its groupings (traffic-filters.ts), so this
 * is the overview's total for the same filters, summed over platforms.
 */
async function matchingAgentSessions(
  db: D1Database,
  params: ReportParams,
): Promise<{ header: ReportHeader; total: number }> {
  const {
    header: { timezone: _, ...header },
    grouped,
  } = await reportContext(db, params);
  const rows = await grouped("agents", "traffic_daily", [PLATFORM]);
  return { header, total: rows.reduce((n, r) => n + r.sessions, 0) };
}
