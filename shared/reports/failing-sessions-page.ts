import { invalidCursor } from "../cursor/keyset-cursor";
import { keysetPager } from "../cursor/keyset-pager";
import { ok, type Result } from "../result/result";
import { periodWindow } from "../time/periods";
import type { FailingPage, FailingParams } from "./failing-sessions";
import type { FailingSessions } from "./report-schemas";
import { findReportSite } from "./report-site";
import { REPORT_PERIODS, type ReportPeriod } from "./report-window";

export interface FailingSessionsRequest {
  workspaceId: string;
  domain: string;
  period: ReportPeriod;
  agentPlatform?: string;
  limit: number;
  cursor?: string;
}

/**
 * Cursor position: the pinned window (period, start, end), then the keyset position
 * (started_at, id) of the last row. The first call fixes the window; its cursors keep
 * it, so sessions added while paging neither repeat nor shift rows.
 */
const POSITION = [REPORT_PERIODS, "integer", "integer", "integer", "string"] as const;

/**
 * One page of GET /traffic/failing-sessions, for the route and any other caller:
 * resolves `domain` (`invalid_domain` / `site_not_found`), reads the cursor (refused
 * `invalid_cursor`), reads the page and signs the next position. `db` is the control
 * plane (sites); `readPage` reads the page where the site's sessions live (its
 * analytics shard: AnalyticsShard.failingSessions).
 */
export async function failingSessionsPage(
  db: D1Database,
  cursorKey: CryptoKey,
  req: FailingSessionsRequest,
  nowMs: number,
  readPage: (params: FailingParams) => Promise<FailingPage>,
): Promise<Result<FailingSessions, "invalid_domain" | "site_not_found" | "invalid_cursor">> {
  const found = await findReportSite(db, req.workspaceId, req.domain);
  if (!found.ok) return found;
  const site = found.value;
  // A cursor is bound to the workspace, site, period and platform filter: one issued
  // for any other list is refused like a forged one.
  const list = `traffic-failing\u0000${site.id}\u0000${req.period}\u0000${req.agentPlatform ?? ""}`;
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
    limit: req.limit,
    after,
  });
  // An empty page points at the window's start: following it stays empty.
  const last = page.last ?? after ?? { startedAt: window.start, id: "" };
  const next_cursor = await pager.write([window.period, window.start, window.end, last.startedAt, last.id]);
  const { last: _last, ...body } = page;
  return ok({ ...body, next_cursor });
}
