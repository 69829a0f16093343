import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDayStart } from "../time/utc-day";
import type { Dimension, OnlyValues, Population } from "./grouped-sessions";

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
 */
export function runningTotalsStatement(
  db: D1Database,
  siteId: string,
  hours: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
  only?: OnlyValues,
): D1PreparedStatement | null {
  for (const d of [...dims, ...(only ? [only.dim] : [])])
    if (!RUNNING_COLUMNS.has(d.hourly ?? d.daily))
      throw new Error(`entry_page_running_hourly has no column for ${d.hourly ?? d.daily}`);
  const { plus, minus } = runningMarks(hours);
  if (plus.length === 0) return null;
  const count = population === "agents" ? "agent_sessions" : "sessions";
  const cols = dims.map((d, i) => `${d.hourly ?? d.daily} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const bound = [siteId, JSON.stringify(plus), JSON.stringify([...plus, ...minus])];
  return db
    .prepare(
      `SELECT ${cols}, sum(CASE WHEN hour IN (SELECT value FROM json_each(?2)) THEN ${count} ELSE -${count} END) AS n
       FROM entry_page_running_hourly
       WHERE site_id = ?1 AND hour IN (SELECT value FROM json_each(?3))
       ${only ? `AND ${only.dim.daily} IN (SELECT value FROM json_each(?4))` : ""}
       GROUP BY ${groupBy} HAVING n > 0`,
    )
    .bind(...(only ? [...bound, JSON.stringify(only.values)] : bound));
}
