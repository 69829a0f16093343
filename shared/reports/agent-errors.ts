import { isDocumentPath } from "../drains/document-request";
import type { AgentErrors } from "./agent-report-schemas";

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

export async function agentErrors(db: D1Database, { start, end }: AgentErrorsInput): Promise<AgentErrorsBody> {
  const [totalsRow, rows] = await Promise.all([
    db
      .prepare(
        `SELECT count(*) AS requests, coalesce(sum(status >= 400), 0) AS errors,
                coalesce(sum(status IN (404, 410)), 0) AS not_found, coalesce(sum(status >= 500), 0) AS server_errors
         FROM agent_requests WHERE occurred_at >= ?1 AND occurred_at < ?2`,
      )
      .bind(start, end)
      .first<AgentErrors["totals"]>(),
    db
      .prepare(
        `SELECT CASE WHEN instr(path, '?') > 0 THEN substr(path, 1, instr(path, '?') - 1) ELSE path END AS p,
                status, agent, platform, count(*) AS n, min(occurred_at) AS first_at, max(occurred_at) AS last_at
         FROM agent_requests WHERE occurred_at >= ?1 AND occurred_at < ?2 AND status >= 400
         GROUP BY p, status, agent, platform`,
      )
      .bind(start, end)
      .all<Row>(),
  ]);
  type Path = AgentErrors["paths"][number] & {
    first: number;
    last: number;
    who: Map<string, { agent: string; platform: string; requests: number }>;
  };
  const paths = new Map<string, Path>();
  for (const r of rows.results) {
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
  const totals = totalsRow ?? { requests: 0, errors: 0, not_found: 0, server_errors: 0 };
  return { any_requests: totals.requests > 0, totals, paths: list };
}
