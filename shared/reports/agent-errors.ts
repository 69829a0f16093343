import { isDocumentPath } from "../drains/document-request";
import type { AgentErrors } from "./agent-report-schemas";
import { agentRequestDayPlan, perRange } from "./agent-request-plan";
import { agentRequestTotals } from "./agent-request-totals";

// AI agents' 404s and errors (docs/reports.md): the paths agents ask for that answer
// 4xx or 5xx, grouped by path (the query dropped: `?utm=` variants are one page), the
// redirect candidates a merchant wants.

/** Paths listed at most (totals count them all). */
export const ERROR_PATHS_LISTED = 200;

export interface AgentErrorsInput {
  start: number;
  end: number;
}

export type AgentErrorsBody = Pick<AgentErrors, "totals" | "paths"> & { any_requests: boolean };

interface Row {
  p: string;
  status: number;
  agent: string | null;
  platform: string;
  n: number;
  first_at: number;
  last_at: number;
}

/**
 * The window's 4xx/5xx requests grouped by path (query dropped), status, agent and
 * platform: whole UTC days from agent_path_days (agent_path_days_errors_idx), the partial
 * days at its edges from agent_requests (agent_requests_errors_idx); both partial indexes
 * hold only the error answers. No cuts, so at most three SELECTs: the days, two edges.
 */
async function errorRows(db: D1Database, start: number, end: number): Promise<Row[]> {
  const plan = agentRequestDayPlan(start, end);
  const parts = [
    ...perRange(
      "day",
      plan.days,
      (range) => `SELECT path, status, nullif(agent, '') AS agent, platform, requests AS n, first_at, last_at
        FROM agent_path_days INDEXED BY agent_path_days_errors_idx WHERE ${range} AND status >= 400`,
    ),
    ...perRange(
      "occurred_at",
      plan.live,
      (range) => `SELECT path, status, agent, platform, 1 AS n, occurred_at AS first_at, occurred_at AS last_at
        FROM agent_requests INDEXED BY agent_requests_errors_idx WHERE ${range} AND status >= 400`,
    ),
  ];
  if (parts.length === 0) return [];
  const pathOnly = "CASE WHEN instr(path, '?') > 0 THEN substr(path, 1, instr(path, '?') - 1) ELSE path END";
  const { results } = await db
    .prepare(
      `SELECT ${pathOnly} AS p, status, agent, platform, sum(n) AS n, min(first_at) AS first_at, max(last_at) AS last_at
       FROM (${parts.join(" UNION ALL ")}) GROUP BY p, status, agent, platform`,
    )
    .all<Row>();
  return results;
}

export async function agentErrors(db: D1Database, { start, end }: AgentErrorsInput): Promise<AgentErrorsBody> {
  const [counts, rows] = await Promise.all([agentRequestTotals(db, start, end), errorRows(db, start, end)]);
  // `agent_requests`: the one definition every agent report shows (docs/metrics.md).
  const totals = { ...counts, agent_requests: counts.requests };
  type Path = AgentErrors["paths"][number] & {
    first: number;
    last: number;
    who: Map<string, { agent: string; platform: string; requests: number }>;
  };
  const paths = new Map<string, Path>();
  for (const r of rows) {
    let p = paths.get(r.p);
    if (!p) {
      p = {
        path: r.p,
        requests: 0,
        statuses: {},
        agents: [],
        first_at: "",
        last_at: "",
        redirect_candidate: false,
        first: r.first_at,
        last: r.last_at,
        who: new Map(),
      };
      paths.set(r.p, p);
    }
    p.requests += r.n;
    p.statuses[String(r.status)] = (p.statuses[String(r.status)] ?? 0) + r.n;
    p.first = Math.min(p.first, r.first_at);
    p.last = Math.max(p.last, r.last_at);
    if ((r.status === 404 || r.status === 410) && isDocumentPath(r.p)) p.redirect_candidate = true;
    const name = r.agent ?? r.platform;
    const who = p.who.get(name) ?? { agent: name, platform: r.platform, requests: 0 };
    who.requests += r.n;
    p.who.set(name, who);
  }
  const list = [...paths.values()]
    .sort((x, y) => y.requests - x.requests || x.path.localeCompare(y.path))
    .slice(0, ERROR_PATHS_LISTED)
    .map(({ first, last, who, ...p }) => ({
      ...p,
      first_at: new Date(first).toISOString(),
      last_at: new Date(last).toISOString(),
      agents: [...who.values()].sort((x, y) => y.requests - x.requests || x.agent.localeCompare(y.agent)),
    }));
  return { any_requests: totals.requests > 0, totals, paths: list };
}
