import type { ReadPlan } from "./read-plan";

/**
 * One grouping dimension, written once for each side of a ReadPlan: `daily` over the
 * aggregate table (where "none" is stored as ''), `live` over `sessions` (where it is
 * NULL). Both must yield the same value for the same session.
 */
export interface Dimension {
  daily: string;
  live: string;
}

/** Which sessions a report covers (docs/decisions.md#5-traffic-reports). */
export type Population = "agents" | "all";

export type AggregateTable = "traffic_daily" | "entry_pages_daily" | "entry_page_totals_daily";

export interface GroupedRow {
  keys: string[];
  sessions: number;
}

const POPULATION_FILTER: Record<Population, Dimension> = {
  agents: { daily: "AND agent_platform != ''", live: "AND agent_platform IS NOT NULL" },
  all: { daily: "", live: "" },
};

/**
 * How an aggregate row counts a population: the per-platform tables by a filter on
 * agent_platform; entry_page_totals_daily (no platform key) by its agent_sessions column.
 */
function dailyCount(table: AggregateTable, population: Population): { count: string; filter: string } {
  if (table !== "entry_page_totals_daily") return { count: "sessions", filter: POPULATION_FILTER[population].daily };
  return population === "agents"
    ? { count: "agent_sessions", filter: "AND agent_sessions > 0" }
    : { count: "sessions", filter: "" };
}

/** Restricts a grouping to sessions whose `dim` is one of `values` (e.g. the top pages). */
export interface OnlyValues {
  dim: Dimension;
  values: string[];
}

/**
 * Sessions started in the plan's window, counted per combination of `dims`: the
 * aggregate days summed from `table`, the live ranges counted from `sessions`, merged.
 * Every statement runs in one D1 batch (one round trip, one consistent snapshot).
 * `only` keeps the sessions whose value of one dimension is in a list.
 */
export async function groupedSessions(
  db: D1Database,
  siteId: string,
  plan: ReadPlan,
  population: Population,
  table: AggregateTable,
  dims: Dimension[],
  only?: OnlyValues,
): Promise<GroupedRow[]> {
  const cols = (side: keyof Dimension) => dims.map((d, i) => `${d[side]} AS k${i}`).join(", ");
  const groupBy = dims.map((_, i) => `k${i}`).join(", ");
  const daily = dailyCount(table, population);
  const onlyValues = only ? JSON.stringify(only.values) : null;
  const statements: D1PreparedStatement[] = [];
  if (plan.days) {
    const bound = [siteId, plan.days.from, plan.days.to, JSON.stringify(plan.days.exclude)];
    statements.push(
      db
        .prepare(
          `SELECT ${cols("daily")}, sum(${daily.count}) AS n FROM ${table}
           WHERE site_id = ?1 AND day >= ?2 AND day <= ?3 AND day NOT IN (SELECT value FROM json_each(?4)) ${daily.filter}
           ${only ? `AND ${only.dim.daily} IN (SELECT value FROM json_each(?5))` : ""}
           GROUP BY ${groupBy}`,
        )
        .bind(...(onlyValues === null ? bound : [...bound, onlyValues])),
    );
  }
  for (const [start, end] of plan.live) {
    statements.push(
      db
        .prepare(
          `SELECT ${cols("live")}, count(*) AS n FROM sessions
           WHERE site_id = ?1 AND started_at >= ?2 AND started_at < ?3 ${POPULATION_FILTER[population].live}
           ${only ? `AND ${only.dim.live} IN (SELECT value FROM json_each(?4))` : ""}
           GROUP BY ${groupBy}`,
        )
        .bind(...(onlyValues === null ? [siteId, start, end] : [siteId, start, end, onlyValues])),
    );
  }
  if (statements.length === 0) return [];
  const results = await db.batch<Record<string, string | number | null>>(statements);
  const merged = new Map<string, GroupedRow>();
  for (const r of results) {
    for (const row of r.results) {
      const keys = dims.map((_, i) => String(row[`k${i}`] ?? ""));
      const id = keys.join(KEY_SEPARATOR);
      const entry = merged.get(id) ?? { keys, sessions: 0 };
      entry.sessions += Number(row.n);
      merged.set(id, entry);
    }
  }
  return [...merged.values()];
}

/** Joins the values of several dimensions into one map key. */
export const KEY_SEPARATOR = "\u0000";

/** Sum of sessions per value of the dimensions at `indexes` (joined by KEY_SEPARATOR). */
export function totalsBy(rows: GroupedRow[], ...indexes: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    const key = indexes.map((i) => r.keys[i]).join(KEY_SEPARATOR);
    out.set(key, (out.get(key) ?? 0) + r.sessions);
  }
  return out;
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
