import { batchRows } from "./batch-rows";
import { type Dimension, ENTRY_PAGE_COUNT, type OnlyValues, type Population } from "./dimensions";
import { runningDaysStatement, runningTotalsStatement } from "./entry-page-running";
import type { ReadPlan } from "./read-plan";

export type AggregateTable = "traffic_daily" | "entry_pages_daily" | "entry_page_totals_daily";

/**
 * Each daily table's hourly twin, same columns plus `hour` (schema/*-hourly.ts), or
 * `running`: entry_page_totals_daily's whole hours come from the per-day running totals
 * of entry_page_running_hourly (shared/reports/entry-page-running.ts).
 */
export const HOURLY_TABLE = {
  traffic_daily: "traffic_hourly",
  entry_pages_daily: "entry_pages_hourly",
  entry_page_totals_daily: "running",
} as const satisfies Record<AggregateTable, string>;

export interface GroupedRow {
  keys: string[];
  sessions: number;
}

const POPULATION_FILTER: Record<Population, Dimension> = {
  agents: { daily: "AND agent_platform != ''", live: "AND agent_platform IS NOT NULL" },
  all: { daily: "", live: "" },
  humans: { daily: "AND agent_platform = ''", live: "AND agent_platform IS NULL" },
};

/**
 * How an aggregate row counts a population: the per-platform tables by a filter on
 * agent_platform; entry_page_totals_daily (no platform key) by its agent_sessions column.
 */
function dailyCount(table: AggregateTable, population: Population): { count: string; filter: string } {
  if (table !== "entry_page_totals_daily") return { count: "sessions", filter: POPULATION_FILTER[population].daily };
  return ENTRY_PAGE_COUNT[population];
}

/**
 * A report filter resolved for SQL (shared/reports/traffic-filters.ts): the dimension and
 * the value it must equal. A grouping with filters keeps only the sessions with every
 * value; the caller reads it from a table that has a column for each filtered dimension,
 * or from `sessions` alone (a plan of live ranges only).
 */
export type DimensionFilter = readonly [Dimension, string];

/**
 * The filters as SQL over one side of a read (`daily` for the aggregate tables, `live`
 * for `sessions`): `AND (expr) = ?n` per filter, numbered from `first`, and the values to
 * bind in that order. Values are always bound, never written into the statement.
 */
export function filterSql(
  where: readonly DimensionFilter[],
  side: "daily" | "live",
  first: number,
): { sql: string; values: string[] } {
  return {
    sql: where.map(([dim], i) => `AND (${dim[side]}) = ?${first + i}`).join(" "),
    values: where.map(([, value]) => value),
  };
}

/** A stable key of some filters, to tell whether two reads were filtered alike. */
export function filterKey(where: readonly DimensionFilter[]): string {
  return JSON.stringify(where.map(([dim, value]) => [dim.live, value]));
}

/**
 * Sessions started in the plan's window, counted per combination of `dims`: the
 * aggregate days summed from `table` (entry_page_totals_daily's from its month's running
 * totals, entry_page_running_daily), the aggregate hours from its hourly twin (or its
 * running totals), the live ranges counted from `sessions`, merged.
 * Every statement runs in one D1 batch (one round trip, one consistent snapshot).
 * `only` keeps the sessions whose value of one dimension is in a list. With `live`
 * (the report's one read of its live ranges, `readLiveGroups`) the live side is folded
 * from it instead of read again, when it covers the plan's ranges and these dims.
 * `where` keeps the sessions with every filtered value: `table` must have a column for
 * each filtered dimension (traffic-filters.ts FILTERABLE), or the plan be live ranges only.
 */
export async function groupedSessions(
  db: D1Database,
  siteId: string,
  plan: ReadPlan,
  population: Population,
  table: AggregateTable,
  dims: Dimension[],
  only?: OnlyValues,
  live?: LiveGroups,
  where: readonly DimensionFilter[] = [],
): Promise<GroupedRow[]> {
  const cols = (side: "daily" | "hourly") =>
    dims.map((d, i) => `${side === "hourly" ? (d.hourly ?? d.daily) : d.daily} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const daily = dailyCount(table, population);
  const onlyValues = only ? JSON.stringify(only.values) : null;
  const statements: D1PreparedStatement[] = [];
  if (plan.days && table === "entry_page_totals_daily") {
    // Whole days of entry pages from the month's running totals (shared/reports/entry-page-running.ts).
    const running = runningDaysStatement(db, siteId, plan.days, population, dims, only);
    if (running) statements.push(running);
  } else if (plan.days) {
    const bound = [siteId, plan.days.from, plan.days.to, JSON.stringify(plan.days.exclude)];
    if (onlyValues !== null) bound.push(onlyValues);
    const filtered = filterSql(where, "daily", bound.length + 1);
    statements.push(
      db
        .prepare(
          `SELECT ${cols("daily")}, sum(${daily.count}) AS n FROM ${table}
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?3 AND day NOT IN (SELECT value FROM json_each(?4)) ${daily.filter}
           ${only ? `AND ${only.dim.daily} IN (SELECT value FROM json_each(?5))` : ""} ${filtered.sql}
           GROUP BY ${groupBy}`,
        )
        .bind(...bound, ...filtered.values),
    );
  }
  const hourly = HOURLY_TABLE[table];
  if (hourly === "running") {
    const running = runningTotalsStatement(db, siteId, plan.hours, population, dims, only);
    if (running) statements.push(running);
  }
  for (const [start, end] of hourly === "running" ? [] : plan.hours) {
    const bound: Array<string | number> = [siteId, start, end];
    if (onlyValues !== null) bound.push(onlyValues);
    const filtered = filterSql(where, "daily", bound.length + 1);
    statements.push(
      db
        .prepare(
          `SELECT ${cols("hourly")}, sum(${daily.count}) AS n FROM ${hourly}
           WHERE site_id = ?1 AND hour >= ?2 AND hour < ?3 ${daily.filter}
           ${only ? `AND ${only.dim.daily} IN (SELECT value FROM json_each(?4))` : ""} ${filtered.sql}
           GROUP BY ${groupBy}`,
        )
        .bind(...bound, ...filtered.values),
    );
  }
  const folded = live ? foldLive(live, plan.live, population, dims, only, where) : null;
  if (folded === null) statements.push(...liveStatements(db, siteId, plan.live, population, dims, only, where));
  if (statements.length === 0 && folded === null) return [];
  const width = dims.length;
  const results = await batchRows(db, statements, groupedColumns(width));
  // Merged by key, built without intermediate arrays: this loop runs once per aggregate
  // row, thousands per report (docs/performance/log.md, "Top pages of whole days").
  const merged = new Map<string, GroupedRow>();
  for (const rows of results)
    for (const row of rows) {
      let id = "";
      for (let i = 0; i < width; i++) id += `${i === 0 ? "" : KEY_SEPARATOR}${row[i] ?? ""}`;
      const n = Number(row[width]);
      const entry = merged.get(id);
      if (entry) entry.sessions += n;
      else merged.set(id, { keys: row.slice(0, width).map((v) => String(v ?? "")), sessions: n });
    }
  for (const r of folded ?? []) {
    const id = r.keys.join(KEY_SEPARATOR);
    const entry = merged.get(id);
    if (entry) entry.sessions += r.sessions;
    else merged.set(id, { keys: r.keys, sessions: r.sessions });
  }
  return [...merged.values()];
}

/** The columns every grouped statement selects, in order: k0 … k(width-1), then the count n. */
function groupedColumns(width: number): string[] {
  return [...Array.from({ length: width }, (_, i) => `k${i}`), "n"];
}

/** One `sessions` read per live range, counting sessions per combination of `dims`. */
function liveStatements(
  db: D1Database,
  siteId: string,
  ranges: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
  only?: OnlyValues,
  where: readonly DimensionFilter[] = [],
): D1PreparedStatement[] {
  const cols = dims.map((d, i) => `${d.live} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const onlyValues = only ? JSON.stringify(only.values) : null;
  const filtered = filterSql(where, "live", onlyValues === null ? 4 : 5);
  return ranges.map(([start, end]) =>
    db
      .prepare(
        `SELECT ${cols}, count(*) AS n FROM sessions
         WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 ${POPULATION_FILTER[population].live}
         ${only ? `AND ${only.dim.live} IN (SELECT value FROM json_each(?4))` : ""} ${filtered.sql}
         GROUP BY ${groupBy}`,
      )
      .bind(...(onlyValues === null ? [siteId, start, end] : [siteId, start, end, onlyValues]), ...filtered.values),
  );
}

/**
 * The sessions of some live ranges counted once per combination of every dimension a
 * report groups by, raw values kept (NULL stays null), so each of the report's
 * groupings folds its counts from this one read instead of scanning the ranges again.
 */
export interface LiveGroups {
  population: Population;
  /** The filters the read kept (`filterKey`). */
  where: string;
  ranges: Array<[number, number]>;
  dims: Dimension[];
  rows: Array<{ values: Array<string | number | null>; sessions: number }>;
}

/** Reads `ranges` of the site's sessions once, grouped by all of `dims` (one batch). */
export async function readLiveGroups(
  db: D1Database,
  siteId: string,
  ranges: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
  where: readonly DimensionFilter[] = [],
): Promise<LiveGroups> {
  const unique = dims.filter((d, i) => dims.findIndex((x) => x.live === d.live) === i);
  const statements = liveStatements(db, siteId, ranges, population, unique, undefined, where);
  const width = unique.length;
  const results = await batchRows(db, statements, groupedColumns(width));
  const rows = results.flatMap((r) =>
    r.map((row) => ({
      values: row.slice(0, width).map((v) => (v ?? null) as string | number | null),
      sessions: Number(row[width]),
    })),
  );
  return { population, where: filterKey(where), ranges, dims: unique, rows };
}

/**
 * Counts per combination of `dims` over `ranges`, folded from `live`: the same rows the
 * live statements would give. Null when `live` does not cover exactly those ranges,
 * that population, those filters and every dimension asked for (the caller then reads them).
 */
export function foldLive(
  live: LiveGroups,
  ranges: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
  only?: OnlyValues,
  where: readonly DimensionFilter[] = [],
): GroupedRow[] | null {
  if (live.where !== filterKey(where)) return null;
  const picked = liveValues(live, ranges, population, only ? [...dims, only.dim] : dims);
  if (picked === null) return null;
  // SQL's `IN` never matches NULL; a text column compares as text.
  const allowed = only ? new Set(only.values) : null;
  const out = new Map<string, GroupedRow>();
  for (const row of picked) {
    if (allowed) {
      const v = row.values[dims.length];
      if (v === null || !allowed.has(String(v))) continue;
    }
    const keys = dims.map((_, i) => String(row.values[i] ?? ""));
    const id = keys.join(KEY_SEPARATOR);
    const entry = out.get(id) ?? { keys, sessions: 0 };
    entry.sessions += row.sessions;
    out.set(id, entry);
  }
  return [...out.values()];
}

/**
 * `live`'s rows with the raw values of `dims` only (not regrouped), or null when `live`
 * does not cover exactly `ranges`, that population and every dimension asked for.
 */
function liveValues(
  live: LiveGroups,
  ranges: Array<[number, number]>,
  population: Population,
  dims: Dimension[],
): LiveGroups["rows"] | null {
  if (live.population !== population || !sameRanges(live.ranges, ranges)) return null;
  const at = dims.map((d) => live.dims.findIndex((x) => x.live === d.live));
  if (at.includes(-1)) return null;
  return live.rows.map((r) => ({ values: at.map((i) => r.values[i]), sessions: r.sessions }));
}

function sameRanges(a: Array<[number, number]>, b: Array<[number, number]>): boolean {
  return a.length === b.length && a.every(([s, e], i) => s === b[i][0] && e === b[i][1]);
}

/** Joins the values of several dimensions into one map key. */
export const KEY_SEPARATOR = "\u0000";

/** Sum of sessions per value of the dimensions at `indexes` (joined by KEY_SEPARATOR). */
export function totalsBy(rows: GroupedRow[], ...indexes: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    let key = indexes.length === 0 ? "" : r.keys[indexes[0]];
    for (let j = 1; j < indexes.length; j++) key += KEY_SEPARATOR + r.keys[indexes[j]];
    out.set(key, (out.get(key) ?? 0) + r.sessions);
  }
  return out;
}

/** Rows regrouped by the dimensions at `indexes` (keys in that order), sessions summed. */
export function regroup(rows: GroupedRow[], ...indexes: number[]): GroupedRow[] {
  return [...totalsBy(rows, ...indexes)].map(([key, sessions]) => ({ keys: key.split(KEY_SEPARATOR), sessions }));
}

export function totalOf(rows: GroupedRow[]): number {
  return rows.reduce((n, r) => n + r.sessions, 0);
}

/** True when any session (agent or human) started in the window: docs/decisions.md#5-traffic-reports data_status. */
export async function anySessionStarted(db: D1Database, siteId: string, start: number, end: number): Promise<boolean> {
  // sessions_site_started_idx: one index probe.
  const row = await db
    .prepare("SELECT 1 AS x FROM sessions WHERE site_id = ? AND started_at >= ? AND started_at < ? LIMIT 1")
    .bind(siteId, start, end)
    .first();
  return row !== null;
}
