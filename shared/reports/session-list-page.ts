import { invalidCursor } from "../cursor/keyset-cursor";
import { keysetPager } from "../cursor/keyset-pager";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import type { ReportSite } from "./report-params";
import { REPORT_PERIODS, type ReportWindow, reportWindow, type WindowInput } from "./report-window";

/** Keyset position of a session list: the last row of the previous page, newest first. */
export interface SessionPosition {
  startedAt: number;
  id: string;
}

/** What a session list reads for one page: the site, the pinned window and where to resume. */
export interface SessionPageWindow {
  site: ReportSite;
  window: ReportWindow;
  nowMs: number;
  after?: SessionPosition;
}

export interface SessionListRequest {
  workspaceId: string;
  domain: string;
  /** `period`, or `from`/`to` (a custom window), as the traffic reports take them. */
  window: WindowInput;
  cursor?: string;
  /** The list's name and filters: a cursor is bound to them, so one of another list is refused. */
  listKey: readonly string[];
}

/**
 * Cursor position: the pinned window (period or `custom`, start, end), then the keyset
 * position (started_at, id) of the last row. The first call fixes the window; its
 * cursors keep it, so sessions added while paging neither repeat nor shift rows.
 */
const POSITION = [[...REPORT_PERIODS, "custom"] as const, "integer", "integer", "integer", "string"] as const;

/**
 * One page of a windowed session list (failing sessions, all sessions), for the routes
 * and any other caller: resolves `domain` in the control plane (`invalid_domain` /
 * `site_not_found`), the window (`invalid_window`, as the traffic reports refuse it), reads
 * the cursor (refused `invalid_cursor`), has `readPage` read
 * the page where the site's sessions live (its analytics shard) and signs the next
 * position.
 */
export async function sessionListPage<P extends { last: SessionPosition | null }>(
  db: D1Database,
  cursorKey: CryptoKey,
  req: SessionListRequest,
  nowMs: number,
  readPage: (at: SessionPageWindow) => Promise<P>,
): Promise<
  Result<
    Omit<P, "last"> & { next_cursor: string },
    "invalid_domain" | "site_not_found" | "invalid_cursor" | "invalid_window"
  >
> {
  const found = await siteByDomain(db, req.workspaceId, req.domain);
  if (!found.ok) return found;
  const site = found.value;
  const asked = reportWindow(req.window, nowMs);
  if (!asked.ok) return asked;
  // A cursor is bound to the period asked for, or to `custom`: its own window wins.
  const list = [req.listKey[0], site.id, asked.value.period, ...req.listKey.slice(1)].join("\u0000");
  const pager = keysetPager(cursorKey, { list, workspaceId: req.workspaceId }, POSITION);
  const resumed = req.cursor === undefined ? undefined : await pager.read(req.cursor);
  if (resumed === null) return invalidCursor();
  let window: ReportWindow = asked.value;
  let after: SessionPosition | undefined;
  if (resumed) {
    const [period, start, end, startedAt, id] = resumed;
    window = { period, start, end };
    after = { startedAt, id };
  }
  const page = await readPage({ site, window, nowMs, after });
  // An empty page points at the window's start: following it stays empty.
  const last = page.last ?? after ?? { startedAt: window.start, id: "" };
  const next_cursor = await pager.write([window.period, window.start, window.end, last.startedAt, last.id]);
  const { last: _last, ...body } = page;
  return ok({ ...body, next_cursor });
}
