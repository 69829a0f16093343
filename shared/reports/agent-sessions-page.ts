import { invalidCursor } from "../cursor/keyset-cursor";
import { keysetPager } from "../cursor/keyset-pager";
import { ok, type Result } from "../result/result";
import { periodWindow } from "../time/periods";
import type { AgentSessionFilters, AgentSessionsPage, AgentSessionsParams } from "./agent-sessions";
import type { AgentSessions } from "./report-schemas";
import { findReportSite } from "./report-site";
import { REPORT_PERIODS, type ReportPeriod } from "./report-window";

export interface AgentSessionsRequest extends AgentSessionFilters {
  workspaceId: string;
  domain: string;
  period: ReportPeriod;
  limit: number;
  cursor?: string;
}

/** Cursor position, as for failing sessions: the pinned window, then (started_at, id) of the last row. */
const POSITION = [REPORT_PERIODS, "integer", "integer", "integer", "string"] as const;

/**
 * One page of GET /traffic/sessions, for the route and any other caller: resolves
 * `domain` (`invalid_domain` / `site_not_found`) in the control plane, reads the cursor
 * (refused `invalid_cursor`), has `readPage` read the page where the site's sessions
 * live (its analytics shard) and signs the next position.
 */
export async function agentSessionsPage(
  db: D1Database,
  cursorKey: CryptoKey,
  req: AgentSessionsRequest,
  nowMs: number,
  readPage: (params: AgentSessionsParams) => Promise<AgentSessionsPage>,
): Promise<Result<AgentSessions, "invalid_domain" | "site_not_found" | "invalid_cursor">> {
  const found = await findReportSite(db, req.workspaceId, req.domain);
  if (!found.ok) return found;
  const site = found.value;
  // Bound to the workspace, site, period and every filter: a cursor of another list is
  // refused like a forged one.
  const filters = [req.agentPlatform, req.purpose, req.tier, req.outcome].map((f) => f ?? "");
  const list = ["traffic-sessions", site.id, req.period, ...filters].join("\u0000");
  const pager = keysetPager(cursorKey, { list, workspaceId: req.workspaceId }, POSITION);
  const resumed = req.cursor === undefined ? undefined : await pager.read(req.cursor);
  if (resumed === null) return invalidCursor();
  let window: { period: ReportPeriod; start: number; end: number };
  let after: { startedAt: number; id: string } | undefined;
  if (resumed) {
    const [period, start, end, startedAt, id] = resumed;
    window = { period, start, end };
    after = { startedAt, id };
  } else {
    window = { period: req.period, ...periodWindow(req.period, nowMs) };
  }
  const page = await readPage({
    site,
    window,
    nowMs,
    agentPlatform: req.agentPlatform,
    purpose: req.purpose,
    tier: req.tier,
    outcome: req.outcome,
    limit: req.limit,
    after,
  });
  // An empty page points at the window's start: following it stays empty.
  const last = page.last ?? after ?? { startedAt: window.start, id: "" };
  const next_cursor = await pager.write([window.period, window.start, window.end, last.startedAt, last.id]);
  const { last: _last, ...body } = page;
  return ok({ ...body, next_cursor });
}
