import { DAY_MS } from "../time/durations";
import { utcDayStart } from "../time/utc-day";
import type { Population } from "./dimensions";
import { type DimensionFilter, filterSql } from "./grouped-sessions";
import { liveOnly, type ReadPlan } from "./read-plan";

/** The visitor tables count agents' visitors and all visitors, not people's apart. */
type VisitorPopulation = Exclude<Population, "humans">;

/**
 * Unique visitors of the window: the SUM over UTC days of each day's distinct visitor
 * hashes among the sessions that started in the window that day. Visitor hashes are
 * daily (the salt rotates at 00:00 UTC, docs/privacy.md), so one person seen on three
 * days counts three times: the hashes of different days cannot be joined, by design.
 *
 * Aggregate days read visitors_daily. Distinct counts of hours cannot be added, so the
 * rest of the window is read per day (`dayVisitors`): a day the window covers from its
 * start (today, the last partial day, a whole day not yet rolled up) sums the
 * `first_visitors` of its leading aggregate hours in visitors_hourly, a day it covers
 * up to its end (the first partial day) the `last_visitors` of its trailing ones, and
 * only the day's remaining live part is read from `sessions`, counting the hashes not
 * already seen in those aggregate hours.
 *
 * With filters (`where`: the aggregates keep no visitor per dimension) every day is a
 * distinct count of the filtered sessions' hashes read from `sessions`.
 */
export async function uniqueVisitors(
  db: D1Database,
  siteId: string,
  asked: ReadPlan,
  population: VisitorPopulation,
  where: readonly DimensionFilter[] = [],
): Promise<number> {
  const plan = where.length === 0 ? asked : liveOnly(asked);
  const statements: D1PreparedStatement[] = [];
  if (plan.days) {
    const column = population === "agents" ? "agent_visitors" : "visitors";
    statements.push(
      db
        .prepare(
          `SELECT coalesce(sum(${column}), 0) AS n FROM visitors_daily
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?3 AND day NOT IN (SELECT value FROM json_each(?4))`,
        )
        .bind(siteId, plan.days.from, plan.days.to, JSON.stringify(plan.days.exclude)),
    );
  }
  for (const reads of partsByDay(plan).map(dayVisitors))
    statements.push(...reads.map((r) => visitorStatement(db, siteId, population, r, where)));
  if (statements.length === 0) return 0;
  const results = await db.batch<{ n: number }>(statements);
  return results.reduce((sum, r) => sum + r.results.reduce((s, row) => s + Number(row.n), 0), 0);
}

/** A half-open range of one UTC day, and whether the plan reads it from the hourly tables. */
export interface DayPart {
  start: number;
  end: number;
  hourly: boolean;
}

/** The plan's hourly and live ranges, cut at UTC midnights, grouped by day in time order. */
export function partsByDay(plan: Pick<ReadPlan, "hours" | "live">): DayPart[][] {
  const parts: DayPart[] = [];
  const add = (start: number, end: number, hourly: boolean) => {
    for (let a = start; a < end; a = utcDayStart(a) + DAY_MS)
      parts.push({ start: a, end: Math.min(end, utcDayStart(a) + DAY_MS), hourly });
  };
  for (const [a, b] of plan.hours) add(a, b, true);
  for (const [a, b] of plan.live) add(a, b, false);
  parts.sort((x, y) => x.start - y.start);
  const days = new Map<number, DayPart[]>();
  for (const p of parts) days.set(utcDayStart(p.start), [...(days.get(utcDayStart(p.start)) ?? []), p]);
  return [...days.values()];
}

/**
 * One read of a day's visitors: a sum of visitors_hourly's first (or last) counts over
 * [start, end), or a distinct count of the hashes of sessions started in [start, end)
 * that started no session in `unseenIn` (the day's hours already summed).
 */
export type VisitorRead =
  | { kind: "first" | "last"; start: number; end: number }
  | { kind: "sessions"; start: number; end: number; unseenIn: [number, number] | null };

/**
 * How one day's distinct visitors over its `parts` (contiguous, in time order) are read.
 * When the parts start at the day's midnight, the leading hourly parts [D0, x) hold
 * exactly the hashes whose first session of the day started before x; the rest of the
 * day [x, end) adds the hashes with no session in [D0, x). Symmetrically with the last
 * session for parts that end at the next midnight. Exact because an hourly part is one
 * the plan found current: its sessions are the ones the rollup counted.
 */
export function dayVisitors(parts: DayPart[]): VisitorRead[] {
  const start = parts[0].start;
  const end = parts[parts.length - 1].end;
  const dayStart = utcDayStart(start);
  const dayEnd = dayStart + DAY_MS;
  if (start === dayStart) {
    let x = start;
    for (const p of parts) {
      if (!p.hourly || p.start !== x) break;
      x = p.end;
    }
    if (x > start) {
      const rest: VisitorRead[] = x < end ? [{ kind: "sessions", start: x, end, unseenIn: [start, x] }] : [];
      return [{ kind: "first", start, end: x }, ...rest];
    }
  }
  if (end === dayEnd) {
    let x = end;
    for (const p of [...parts].reverse()) {
      if (!p.hourly || p.end !== x) break;
      x = p.start;
    }
    if (x < end) {
      const rest: VisitorRead[] = start < x ? [{ kind: "sessions", start, end: x, unseenIn: [x, end] }] : [];
      return [{ kind: "last", start: x, end }, ...rest];
    }
  }
  return [{ kind: "sessions", start, end, unseenIn: null }];
}

function visitorStatement(
  db: D1Database,
  siteId: string,
  population: VisitorPopulation,
  read: VisitorRead,
  where: readonly DimensionFilter[],
): D1PreparedStatement {
  const agents = population === "agents";
  if (read.kind !== "sessions") {
    const column = `${agents ? "agent_" : ""}${read.kind}_visitors`;
    return db
      .prepare(
        `SELECT coalesce(sum(${column}), 0) AS n FROM visitors_hourly WHERE site_id = ?1 AND hour >= ?2 AND hour < ?3`,
      )
      .bind(siteId, read.start, read.end);
  }
  const filter = (t: string) => (agents ? `AND ${t}.agent_platform IS NOT NULL` : "");
  if (read.unseenIn === null) {
    const filtered = filterSql(where, "live", 4);
    return db
      .prepare(
        `SELECT count(DISTINCT visitor_hash) AS n FROM sessions s
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 ${filter("s")} ${filtered.sql}`,
      )
      .bind(siteId, read.start, read.end, ...filtered.values);
  }
  // The probe by sessions_site_visitor_idx (site, visitor, last_event_at): a session
  // started in [?4, ?5) ended at ?4 or later, so it reads only that visitor's recent
  // sessions. The unary `+` keeps SQLite off sessions_site_started_idx, which would walk
  // the whole range for every hash.
  return db
    .prepare(
      `SELECT count(DISTINCT visitor_hash) AS n FROM sessions s
       WHERE s.site_id = ?1 AND s.started_at >= ?2 AND s.started_at < ?3 ${filter("s")}
         AND NOT EXISTS (SELECT 1 FROM sessions p WHERE p.site_id = ?1 AND p.visitor_hash = s.visitor_hash
           AND p.last_event_at >= ?4 AND +p.started_at >= ?4 AND +p.started_at < ?5 ${filter("p")})`,
    )
    .bind(siteId, read.start, read.end, read.unseenIn[0], read.unseenIn[1]);
}
