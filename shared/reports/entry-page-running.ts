import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDay, utcDayStart } from "../time/utc-day";
import { type Dimension, ENTRY_PAGE_COUNT, type OnlyValues, type Population } from "./dimensions";

// The whole hours of a plan read from entry_page_running_hourly (schema/entry-page-running-hourly.ts):
// each row holds a page's sessions from the UTC day's midnight to the end of its hour, so
// any whole hours [a, b) of one day are the row at b - 1 minus the row at a - 1.

/** The hours whose rows are added and the hours whose rows are subtracted. */
export interface RunningMarks {
  plus: number[];
  minus: number[];
}

/**
 * The marks that sum `hours` (half-open ranges of whole UTC hours, as a ReadPlan's): the
 * ranges cut at UTC midnights and joined where they touch within a day, then per piece
 * [a, b) the hour b - 1 added and, unless a is the day's midnight, the hour a - 1
 * subtracted. After the join no hour is both added and subtracted: pieces of one day
 * are apart by at least an hour, so a - 1 of a later piece lies past b - 1 of an earlier.
 */
export function runningMarks(hours: Array<[number, number]>): RunningMarks {
  const pieces: Array<[number, number]> = [];
  for (const [start, end] of [...hours].sort((x, y) => x[0] - y[0])) {
    for (let a = start; a < end; a = utcDayStart(a) + DAY_MS) {
      const b = Math.min(end, utcDayStart(a) + DAY_MS);
      const last = pieces[pieces.length - 1];
      if (last && last[1] === a && utcDayStart(last[0]) === utcDayStart(a)) last[1] = b;
      else pieces.push([a, b]);
    }
  }
  const plus: number[] = [];
  const minus: number[] = [];
  for (const [a, b] of pieces) {
    plus.push(b - HOUR_MS);
    if (a !== utcDayStart(a)) minus.push(a - HOUR_MS);
  }
  return { plus, minus };
}

/** The one column the running rows can be grouped by: they hold no other dimension. */
const RUNNING_COLUMNS = new Set(["entry_url"]);

/**
 * Sessions per entry page over `hours`, from the running rows: one statement reading
 * the marked hours only (about twice the pages of each day touched, where the hourly
 * rows were one per page and hour). Counts that come to 0 (a page with no session of
 * the population in those hours) are left out, as the other sides leave them out.
 * `also` adds a second population's count as `n2` (a subset of `population`'s, so the
 * rows left out have none of it either).
 */
export function runningTotalsStatement(
  db: D1Database,
  siteId: string,
  hours: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
  only?: OnlyValues,
  also?: Population,
): D1PreparedStatement | null {
  for (const d of [...dims, ...(only ? [only.dim] : [])])
    if (!RUNNING_COLUMNS.has(d.hourly ?? d.daily))
      throw new Error(`entry_page_running_hourly has no column for ${d.hourly ?? d.daily}`);
  const { plus, minus } = runningMarks(hours);
  if (plus.length === 0) return null;
  const { count } = ENTRY_PAGE_COUNT[population];
  const cols = dims.map((d, i) => `${d.hourly ?? d.daily} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const bound = [siteId, JSON.stringify(plus), JSON.stringify([...plus, ...minus])];
  const signed = (c: string) => `sum(CASE WHEN hour IN (SELECT value FROM json_each(?2)) THEN ${c} ELSE -${c} END)`;
  const second = also ? `, ${signed(ENTRY_PAGE_COUNT[also].count)} AS n2` : "";
  return db
    .prepare(
      `SELECT ${cols}, ${signed(count)} AS n${second}
       FROM entry_page_running_hourly
       WHERE site_id = ?1 AND hour IN (SELECT value FROM json_each(?3))
       ${only ? `AND ${only.dim.daily} IN (SELECT value FROM json_each(?4))` : ""}
       GROUP BY ${groupBy} HAVING n > 0`,
    )
    .bind(...(only ? [...bound, JSON.stringify(only.values)] : bound));
}

// The whole days of a plan read from entry_page_running_daily (schema/entry-page-running-daily.ts):
// each row holds a page's sessions from the UTC month's 1st to the end of its day, on
// the days that have entry pages, so any whole days [a, b] of one month are the totals
// to b minus the totals to a - 1, each read from the latest day with rows at or before it.

/** The days (YYYY-MM-DD) whose totals are added and the days whose totals are subtracted. */
export interface RunningDayMarks {
  plus: string[];
  minus: string[];
}

/**
 * The marks that sum the whole days from `from` to `to` (inclusive) but the `exclude`d
 * ones (a ReadPlan's `days`): the days cut into runs at UTC month starts and excluded
 * days, then per run [a, b] the day b added and, unless a is the month's 1st, the day
 * a - 1 subtracted. An excluded day between two runs of a month is the next run's
 * a - 1: the totals to it are subtracted, those to the day before it added, so its
 * own (not current) sessions cancel out.
 */
export function runningDayMarks(days: { from: string; to: string; exclude: string[] }): RunningDayMarks {
  const excluded = new Set(days.exclude);
  const plus: string[] = [];
  const minus: string[] = [];
  const start = Date.parse(`${days.from}T00:00:00.000Z`);
  const end = Date.parse(`${days.to}T00:00:00.000Z`);
  let runStart: number | null = null;
  for (let d = start; d <= end + DAY_MS; d += DAY_MS) {
    const day = utcDay(d);
    const inRun = d <= end && !excluded.has(day);
    // A run ends at an excluded day, past `to`, or where a new month starts.
    if (runStart !== null && (!inRun || day.endsWith("-01"))) {
      plus.push(utcDay(d - DAY_MS));
      if (!utcDay(runStart).endsWith("-01")) minus.push(utcDay(runStart - DAY_MS));
      runStart = null;
    }
    if (inRun && runStart === null) runStart = d;
  }
  return { plus, minus };
}

/**
 * Sessions per entry page over the plan's whole days, from the running daily rows: one
 * statement reading the marked days' totals (each from the latest day with rows at or
 * before it in its month), about twice a month's pages per month the days touch, where
 * entry_page_totals_daily was one row per page and day. Counts that come to 0 are left
 * out, as the other sides leave them out. `also`: a second count as in runningTotalsStatement.
 */
export function runningDaysStatement(
  db: D1Database,
  siteId: string,
  days: { from: string; to: string; exclude: string[] },
  population: Population,
  dims: Dimension[],
  only?: OnlyValues,
  also?: Population,
): D1PreparedStatement | null {
  for (const d of [...dims, ...(only ? [only.dim] : [])])
    if (!RUNNING_COLUMNS.has(d.daily)) throw new Error(`entry_page_running_daily has no column for ${d.daily}`);
  const { plus, minus } = runningDayMarks(days);
  if (plus.length === 0) return null;
  const { count } = ENTRY_PAGE_COUNT[population];
  const cols = dims.map((d, i) => `${d.daily} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const marks = JSON.stringify([...plus.map((d) => [d, 1]), ...minus.map((d) => [d, -1])]);
  // A mark resolves to the latest day with rows at or before it in its month (none: no
  // sessions yet that month, nothing to add): one backward index seek. MATERIALIZED
  // resolves the few marks once, and CROSS JOIN keeps them the outer loop (SQLite's
  // planner never reorders it): left to itself, workerd's SQLite walked every running row
  // of the site and looked each up in the marks (7-105 ms instead of ~1 ms at 30 days,
  // docs/performance/log.md). Joined, not `IN`: two marks may resolve to the same day and
  // must both count.
  return db
    .prepare(
      `WITH marks AS (
         SELECT json_extract(value, '$[0]') AS day, json_extract(value, '$[1]') AS sign FROM json_each(?2)),
       resolved AS MATERIALIZED (
         SELECT m.sign, (SELECT r.day FROM entry_page_running_daily r
           WHERE r.site_id = ?1 AND r.day <= m.day AND r.day >= substr(m.day, 1, 8) || '01'
           ORDER BY r.day DESC LIMIT 1) AS day
         FROM marks m)
       SELECT ${cols}, sum(m.sign * ${count}) AS n${also ? `, sum(m.sign * ${ENTRY_PAGE_COUNT[also].count}) AS n2` : ""}
       FROM resolved m CROSS JOIN entry_page_running_daily e ON e.site_id = ?1 AND e.day = m.day
       ${only ? `WHERE ${only.dim.daily} IN (SELECT value FROM json_each(?3))` : ""}
       GROUP BY ${groupBy} HAVING n > 0`,
    )
    .bind(...(only ? [siteId, marks, JSON.stringify(only.values)] : [siteId, marks]));
}
