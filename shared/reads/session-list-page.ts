import type { RequestContext } from "../context/request-context";
import { cursorKey, invalidCursor } from "../cursor/keyset-cursor";
import { keysetPager } from "../cursor/keyset-pager";
import { type ReportWindow, reportWindow, type WindowInput } from "../reports/report-window";
import type { SessionPosition } from "../reports/session-rows";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import type { SiteRecord } from "../sites/site-row";
import { REPORT_PERIODS } from "../vocabulary/report-periods";

/** What a windowed session list is asked: the site, `period` or `from`/`to`, and where to resume. */
export interface SessionListQuery extends WindowInput {
  domain: string;
  cursor?: string;
}

export type SessionListRefusal = "invalid_domain" | "site_not_found" | "invalid_cursor" | "invalid_window";

/** Where a list's page is read: the site, the window (the cursor's, once paging), the position after which to read. */
export interface SessionListAt {
  site: SiteRecord;
  window: ReportWindow;
  after?: SessionPosition;
  /** The signed cursor of the page that ends at `last` (an empty page: where it started). */
  nextCursor: (last: SessionPosition | null) => Promise<string>;
}

/**
 * Cursor position: the pinned window (period or `custom`, start, end), then the keyset
 * position (started_at, id) of the last row. The first call fixes the window; its
 * cursors keep it, so sessions added while paging neither repeat nor shift rows.
 */
const POSITION = [[...REPORT_PERIODS, "custom"] as const, "integer", "integer", "integer", "string"] as const;

/**
 * A session list's page position (failing sessions, all sessions): resolves `domain` in
 * the context's workspace (`invalid_domain` / `site_not_found`), the window
 * (`invalid_window`, as the traffic reports refuse it) and the cursor (`invalid_cursor`).
 * `listKey` is the list's name and filters: a cursor is bound to them, to the site and to
 * the workspace, so one of another list, site or workspace is refused.
 */
export async function sessionListAt(
  ctx: RequestContext,
  query: SessionListQuery,
  listKey: readonly string[],
): Promise<Result<SessionListAt, SessionListRefusal>> {
  const found = await siteByDomain(ctx.env.DB, ctx.workspaceId, query.domain);
  if (!found.ok) return found;
  const site = found.value;
  const asked = reportWindow(query, ctx.nowMs);
  if (!asked.ok) return asked;
  // A cursor is bound to the period asked for, or to `custom`: its own window wins.
  const list = [listKey[0], site.id, asked.value.period, ...listKey.slice(1)].join("\u0000");
  const pager = keysetPager(await cursorKey(ctx.env), { list, workspaceId: ctx.workspaceId }, POSITION);
  const resumed = query.cursor === undefined ? undefined : await pager.read(query.cursor);
  if (resumed === null) return invalidCursor();
  let window: ReportWindow = asked.value;
  let after: SessionPosition | undefined;
  if (resumed) {
    const [period, start, end, startedAt, id] = resumed;
    window = { period, start, end };
    after = { startedAt, id };
  }
  const nextCursor = (last: SessionPosition | null) => {
    // An empty page points at the window's start: following it stays empty.
    const at = last ?? after ?? { startedAt: window.start, id: "" };
    return pager.write([window.period, window.start, window.end, at.startedAt, at.id]);
  };
  return ok({ site, window, after, nextCursor });
}
