import { HOUR_OF_START_SQL, oldestReadableHour } from "../sessions/hourly-retention";
import type { SessionRow } from "../sessions/session-state";
import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDay, utcDayStart } from "../time/utc-day";
import { utcHourStart } from "../time/utc-hour";
import type { ReportWindow } from "./report-window";

/**
 * Where a report reads each part of its window (issue 6: "daily aggregates plus the
 * open day, not raw events"; issue 29: "reports at the speed of their aggregates"). The
 * daily tables (traffic_daily, entry_pages_daily, visitors_daily, …) and the hourly
 * ones (traffic_hourly, …) are rebuilt per (site, UTC day) from `sessions`, in one
 * transaction, by the session-end rollup, and group sessions by the day / hour they
 * started. A whole UTC day or hour inside the window is read from them when they are
 * current for it:
 *
 * - `days`: whole past UTC days inside the window whose aggregates are current.
 * - `hours`: half-open ranges of whole past UTC hours read from the hourly tables: the
 *   whole hours of the partial days at both edges and of today, and of a whole day
 *   that is not current, except the hours below.
 * - `live`: half-open [start, end) ranges read from `sessions` directly: the partial
 *   hours at both edges, the current hour, an hour that still has a session the
 *   rollup has not folded in (dirty, or unsettled so its outcome is not final yet), a
 *   day a session moved away from (stale_days: its old hour's row still counts it),
 *   and hours older than the hourly retention (shared/sessions/hourly-retention.ts).
 *
 * All parts group sessions by start time with the same rules, so together they count
 * every session started in the window exactly once.
 */
export interface ReadPlan {
  days: { from: string; to: string; exclude: string[] } | null;
  hours: Array<[number, number]>;
  live: Array<[number, number]>;
}

/** Options of a plan: `days: false` reads whole days from the hourly rows (an hourly series). */
export interface PlanOptions {
  days?: boolean;
}

/** The plan for `window` at `nowMs`, given a reader of the site's not-yet-current days and hours. */
export async function readPlan(
  db: D1Database,
  siteId: string,
  window: ReportWindow,
  nowMs: number,
  options: PlanOptions = {},
): Promise<ReadPlan> {
  if (window.end <= window.start) return { days: null, hours: [], live: [] };
  // Today's and the current hour's rows are never whole yet.
  const hourEnd = Math.min(utcHourStart(window.end), utcHourStart(nowMs));
  const firstHour = Math.ceil(window.start / HOUR_MS) * HOUR_MS;
  if (hourEnd <= firstHour) return { days: null, hours: [], live: [[window.start, window.end]] };

  const stale = await staleHours(db, siteId, utcDay(firstHour), utcDay(hourEnd - 1));
  const firstFull = Math.ceil(window.start / DAY_MS) * DAY_MS;
  const fullEnd = Math.min(utcDayStart(window.end), utcDayStart(nowMs));
  const useDays = options.days !== false && fullEnd - firstFull >= DAY_MS;
  const wholeDays: string[] = [];
  const exclude: string[] = [];
  if (useDays) {
    for (let d = firstFull; d < fullEnd; d += DAY_MS) {
      const day = utcDay(d);
      if (stale.days.has(day)) exclude.push(day);
      else wholeDays.push(day);
    }
  }
  const daily = new Set(wholeDays);
  const oldest = oldestReadableHour(nowMs);
  const hours: Array<[number, number]> = [];
  const live: Array<[number, number]> = [];
  if (firstHour > window.start) live.push([window.start, firstHour]);
  for (let h = firstHour; h < hourEnd; h += HOUR_MS) {
    const day = utcDay(h);
    if (daily.has(day)) {
      h = utcDayStart(h) + DAY_MS - HOUR_MS;
      continue;
    }
    const current = h >= oldest && !stale.movedDays.has(day) && !stale.hours.has(h);
    (current ? hours : live).push([h, h + HOUR_MS]);
  }
  if (window.end > hourEnd) live.push([hourEnd, window.end]);
  return {
    days: wholeDays.length === 0 ? null : { from: wholeDays[0], to: wholeDays[wholeDays.length - 1], exclude },
    hours: mergeRanges(hours),
    live: mergeRanges(live),
  };
}

interface StaleHours {
  /** Days whose daily rows are not current (any of the below). */
  days: Set<string>;
  /** Days a session moved away from (stale_days): none of their hourly rows is current. */
  movedDays: Set<string>;
  /** Hours (start, epoch ms) holding a dirty or unsettled session. */
  hours: Set<number>;
}

/** Days and hours in [from, to] with a session changed since their aggregates were built. */
async function staleHours(db: D1Database, siteId: string, from: string, to: string): Promise<StaleHours> {
  type Row = Pick<SessionRow, "day"> & { hour: number };
  // The third read is of stale_days, whose `day` is typed alike (schema/stale-days.ts).
  const [dirty, unsettled, moved] = await db.batch<Row>([
    // sessions_dirty_idx (dirty, site_id, day): the rollup keeps dirty sessions few.
    db
      .prepare(
        `SELECT DISTINCT day, ${HOUR_OF_START_SQL} AS hour FROM sessions
         WHERE dirty = 1 AND site_id = ? AND day BETWEEN ? AND ?`,
      )
      .bind(siteId, from, to),
    // sessions_unsettled_idx (settled_at, …): unsettled sessions are the last half hour's
    // few. The unary `+` keeps SQLite off the (site_id, …) indexes, which would walk
    // every session of the site.
    db
      .prepare(
        `SELECT DISTINCT day, ${HOUR_OF_START_SQL} AS hour FROM sessions
         WHERE settled_at IS NULL AND +site_id = ? AND +day BETWEEN ? AND ?`,
      )
      .bind(siteId, from, to),
    // Days whose aggregates still count a session a late event moved to an earlier hour.
    db
      .prepare("SELECT day, NULL AS hour FROM stale_days WHERE site_id = ? AND day BETWEEN ? AND ?")
      .bind(siteId, from, to),
  ]);
  const changed = [...dirty.results, ...unsettled.results];
  const movedDays = new Set(moved.results.map((r) => r.day));
  return {
    days: new Set([...changed.map((r) => r.day), ...movedDays]),
    movedDays,
    hours: new Set(changed.map((r) => Number(r.hour))),
  };
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

/** The plan's window read from `sessions` alone: its days, hours and live ranges as live ranges. */
export function liveOnly(plan: ReadPlan): ReadPlan {
  const days: Array<[number, number]> = plan.days
    ? [[Date.parse(`${plan.days.from}T00:00:00Z`), Date.parse(`${plan.days.to}T00:00:00Z`) + DAY_MS]]
    : [];
  return { days: null, hours: [], live: mergeRanges([...days, ...plan.hours, ...plan.live]) };
}
