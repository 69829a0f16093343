import type { SessionRow } from "../sessions/session-state";
import { DAY_MS } from "../time/durations";
import { utcDay, utcDayStart } from "../time/utc-day";
import type { ReportWindow } from "./report-window";

/**
 * Where a report reads each part of its window (issue 6: "daily aggregates plus the
 * open day, not raw events"). The daily tables (traffic_daily, entry_pages_daily,
 * visitors_daily) are rebuilt per (site, UTC day) from `sessions` by the session-end
 * rollup and group sessions by the day they started, so a whole UTC day inside the
 * window can be read from them, but only when they are current for that day:
 *
 * - `days`: whole past UTC days inside the window whose aggregates are current.
 * - `live`: half-open [start, end) ranges read from `sessions` directly: the partial
 *   days at both edges, today, and any whole day that still has a session the rollup
 *   has not folded in (dirty, or unsettled so its outcome is not final yet).
 *
 * Both parts group sessions by start time with the same rules, so together they count
 * every session started in the window exactly once.
 */
export interface ReadPlan {
  days: { from: string; to: string; exclude: string[] } | null;
  live: Array<[number, number]>;
}

/** The plan for `window` at `nowMs`, given a reader of the site's not-yet-current days. */
export async function readPlan(db: D1Database, siteId: string, window: ReportWindow, nowMs: number): Promise<ReadPlan> {
  const firstFull = Math.ceil(window.start / DAY_MS) * DAY_MS;
  // Today (and any future day) is never whole yet: it is always read live.
  const fullEnd = Math.min(utcDayStart(window.end), utcDayStart(nowMs));
  if (fullEnd - firstFull < DAY_MS)
    return { days: null, live: window.end > window.start ? [[window.start, window.end]] : [] };

  const from = utcDay(firstFull);
  const to = utcDay(fullEnd - DAY_MS);
  const stale = await staleDays(db, siteId, from, to);
  const ranges: Array<[number, number]> = [];
  if (firstFull > window.start) ranges.push([window.start, firstFull]);
  for (const day of stale) {
    const dayStart = Date.parse(`${day}T00:00:00.000Z`);
    ranges.push([dayStart, dayStart + DAY_MS]);
  }
  if (window.end > fullEnd) ranges.push([fullEnd, window.end]);
  return { days: { from, to, exclude: stale }, live: mergeRanges(ranges) };
}

/** Days in [from, to] with a session changed since its day's aggregates were built. */
async function staleDays(db: D1Database, siteId: string, from: string, to: string): Promise<string[]> {
  // The third read is of stale_days, whose `day` is typed alike (schema/stale-days.ts).
  const [dirty, unsettled, moved] = await db.batch<Pick<SessionRow, "day">>([
    // sessions_dirty_idx (dirty, site_id, day)
    db
      .prepare("SELECT DISTINCT day FROM sessions WHERE dirty = 1 AND site_id = ? AND day BETWEEN ? AND ?")
      .bind(siteId, from, to),
    // sessions_unsettled_idx (settled_at, …): unsettled sessions are the last half hour's
    // few. The unary `+` keeps SQLite off the (site_id, …) indexes, which would walk
    // every session of the site.
    db
      .prepare("SELECT DISTINCT day FROM sessions WHERE settled_at IS NULL AND +site_id = ? AND +day BETWEEN ? AND ?")
      .bind(siteId, from, to),
    // Days whose aggregates still count a session a late event moved to an earlier day.
    db.prepare("SELECT day FROM stale_days WHERE site_id = ? AND day BETWEEN ? AND ?").bind(siteId, from, to),
  ]);
  const days = new Set([...dirty.results, ...unsettled.results, ...moved.results].map((r) => r.day));
  return [...days].sort();
}

export function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}
