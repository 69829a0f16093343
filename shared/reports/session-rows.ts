import type { ReportSite } from "./report-params";
import type { ReportWindow } from "./report-window";

/** Keyset position of a session list: the last row of the previous page, newest first. */
export interface SessionPosition {
  startedAt: number;
  id: string;
}

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
  /**
   * The number of matches in the window when the caller counted them elsewhere (the
   * agent list, from the aggregates): no count(*) of the window then, no page read when
   * it is 0, and a first page that stops at the last match instead of walking on to
   * the window's start.
   */
  total?: number;
}

/**
 * The keyset read both session lists share (failing sessions, all sessions): sessions
 * of the site started in the window, newest first, ordered by (started_at, id) so a
 * cursor neither repeats nor skips a row when sessions are added between pages (over
 * sessions_site_started_idx). `total_matching` counts every match in the window at the
 * time of this call, in the same batch as the page, unless the caller gives it (`total`).
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
  const known = q.total;
  // Without a cursor, the matches are `known` at most: the walk can stop at the last one.
  binds.push(known !== undefined && !q.after ? Math.min(q.limit + 1, known) : q.limit + 1);
  const pageStatement = db
    .prepare(
      `SELECT ${q.columns} FROM sessions WHERE ${where} ORDER BY started_at DESC, id DESC LIMIT ?${binds.length}`,
    )
    .bind(...binds);
  let results: R[];
  let total: number;
  if (known !== undefined) {
    results = known === 0 ? [] : (await pageStatement.all<R>()).results;
    total = known;
  } else {
    const [page, count] = await db.batch<R | { n: number }>([
      pageStatement,
      db.prepare(`SELECT count(*) AS n FROM sessions WHERE ${matching}`).bind(...countBinds),
    ]);
    results = page.results as R[];
    total = Number((count.results[0] as { n: number }).n);
  }
  const rows = results.slice(0, q.limit);
  const lastRow = rows.at(-1);
  return {
    rows,
    has_more: results.length > q.limit,
    total_matching: total,
    last: lastRow ? { startedAt: lastRow.started_at, id: lastRow.id } : null,
  };
}
