import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDayStart } from "../time/utc-day";
import { utcHourStart } from "../time/utc-hour";
import { mergeRanges } from "./read-plan";
import { cutAtBoundaries } from "./zoned-buckets";

/**
 * Where an agent-request report reads each part of its window: `hours`, ranges of whole
 * UTC hours summed from agent_request_hours (always current: changed in the transaction
 * that changes the rows, shared/drains/agent-request-hours.ts); `live`, the partial hours at both edges and
 * every hour a bucket boundary cuts (`boundaries`, a zoned report's local midnights off
 * the whole hour), read from agent_requests. Together they cover [start, end) once.
 */
export interface AgentRequestPlan {
  hours: Array<[number, number]>;
  live: Array<[number, number]>;
}

export function agentRequestPlan(start: number, end: number, boundaries: number[] = []): AgentRequestPlan {
  if (end <= start) return { hours: [], live: [] };
  const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const last = utcHourStart(end);
  if (last <= first) return { hours: [], live: [[start, end]] };
  const plan = cutAtBoundaries(
    {
      days: null,
      hours: [[first, last]],
      live: mergeRanges([
        [start, first],
        [last, end],
      ]),
    },
    boundaries,
  );
  return { hours: plan.hours, live: plan.live };
}

/**
 * The same for the daily counts (agent_path_days): `days`, ranges of whole UTC days read
 * from them; `live`, the partial days at both edges and every day a boundary cuts (a
 * robots.txt version that took over, or its cache grace ending, inside the day), read
 * from agent_requests. Together they cover [start, end) once.
 */
export function agentRequestDayPlan(
  start: number,
  end: number,
  boundaries: number[] = [],
): { days: Array<[number, number]>; live: Array<[number, number]> } {
  if (end <= start) return { days: [], live: [] };
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const last = utcDayStart(end);
  if (last <= first) return { days: [], live: [[start, end]] };
  const cut = new Set(boundaries.filter((b) => b % DAY_MS !== 0).map(utcDayStart));
  const days: Array<[number, number]> = [];
  const live: Array<[number, number]> = [
    [start, first],
    [last, end],
  ];
  for (let d = first; d < last; d += DAY_MS) (cut.has(d) ? live : days).push([d, d + DAY_MS]);
  return { days: mergeRanges(days), live: mergeRanges(live) };
}

/**
 * `(column >= a AND column < b) OR …` over a plan's `ranges` (integers it computed, never
 * input), `0` for none: one SELECT over every range, which SQLite searches range by range
 * (MULTI-INDEX OR) when it picks the index itself.
 */
export function inRanges(column: string, ranges: ReadonlyArray<[number, number]>): string {
  if (ranges.length === 0) return "0";
  return perRange(column, ranges, (condition) => `(${condition})`).join(" OR ");
}

/**
 * One SELECT per range, for a SELECT that names its index (`INDEXED BY`), which SQLite
 * cannot combine with an OR of ranges ("no query solution"). The caller joins them with
 * UNION ALL, so keep it to plans without cuts: a compound SELECT takes only a few terms
 * in a Durable Object's SQLite.
 */
export function perRange(
  column: string,
  ranges: ReadonlyArray<[number, number]>,
  select: (condition: string) => string,
): string[] {
  return ranges.map(([a, b]) => select(`${column} >= ${Math.trunc(a)} AND ${column} < ${Math.trunc(b)}`));
}
