import type { ReportSite } from "./report-site";
import type { ReportWindow } from "./report-window";
import type { SessionPosition } from "./session-list-page";

/** One page of `sessions` rows of a list, and what the list reports around them. */
export interface SessionRows<R> {
  rows: R[];
  has_more: boolean;
  total_matching: number;
  /** Position of the page's last row; null when the page is empty. */
  last: SessionPosition | null;
}

export interface SessionRowsQuery {
  site: ReportSite;
  window: ReportWindow;
  /** SQL condition the list selects by, besides site and window (no placeholders). */
  condition: string;
  /** `expression = value` filters; an undefined value is no filter. */
  filters: readonly (readonly [expression: string, value: string | undefined])[];
  /** The SELECT list; it must include `id` and `started_at`. */
  columns: string;
  limit: number;
  after?: SessionPosition;
}

/**
 * The keyset read both session lists share (failing sessions, all sessions): sessions
 * of the site started in the window, newest first, ordered by (started_at, id) so a
 * cursor neither repeats nor skips a row when sessions are added between pages (over
 * sessions_site_started_idx). `total_matching` counts every match in the window at the
 * time of this call, in the same batch as the page.
 */
export async function readSessionRows<R extends { id: string; started_at: number }>(
  db: D1Database,
  q: SessionRowsQuery,
): Promise<SessionRows<R>> {
  const binds: (string | number)[] = [q.site.id, q.window.start, q.window.end];
  let matching = `site_id = ?1 AND started_at >= ?2 AND started_at < ?3 AND ${q.condition}`;
  for (const [expression, value] of q.filters) {
    if (value === undefined) continue;
    binds.push(value);
    matching += ` AND ${expression} = ?${binds.length}`;
  }
  const countBinds = [...binds];
  let where = matching;
  if (q.after) {
    binds.push(q.after.startedAt, q.after.id);
    const [t, id] = [binds.length - 1, binds.length];
    where += ` AND (started_at < ?${t} OR (started_at = ?${t} AND id < ?${id}))`;
  }
  binds.push(q.limit + 1);
  const [page, count] = await db.batch<R | { n: number }>([
    db
      .prepare(
        `SELECT ${q.columns} FROM sessions WHERE ${where} ORDER BY started_at DESC, id DESC LIMIT ?${binds.length}`,
      )
      .bind(...binds),
    db.prepare(`SELECT count(*) AS n FROM sessions WHERE ${matching}`).bind(...countBinds),
  ]);
  const rows = (page.results as R[]).slice(0, q.limit);
  const lastRow = rows.at(-1);
  return {
    rows,
    has_more: page.results.length > q.limit,
    total_matching: Number((count.results[0] as { n: number }).n),
    last: lastRow ? { startedAt: lastRow.started_at, id: lastRow.id } : null,
  };
}
