import { DEFAULT_TIME_ZONE } from "../time/time-zone";
import { type Dimension, ENTRY_URL, type OnlyValues, type Population } from "./dimensions";
import { type EntryPageCount, entryPageCounts } from "./entry-page-counts";
import {
  type AggregateTable,
  anySessionStarted,
  type DimensionFilter,
  type GroupedRow,
  groupedSessions,
  type LiveGroups,
  readLiveGroups,
} from "./grouped-sessions";
import { liveOnly, type ReadPlan, readPlan } from "./read-plan";
import type { ReportParams } from "./report-params";
import type { ReportHeader } from "./report-schemas";
import { seriesIntervalOf } from "./time-series";
import { dimensionFilters, filterableIn } from "./traffic-filters";
import { bucketZone, cutAtBoundaries, zonedBoundaries } from "./zoned-buckets";

export type { ReportHeader };

export interface ReportContext {
  header: ReportHeader & { timezone: string };
  /**
   * The plan of the window-wide totals (unique visitors, median duration). The
   * groupings read by `grouped` and `readLive` follow the series plan: the same, or
   * in a zoned report one without whole UTC days (shared/reports/zoned-buckets.ts).
   */
  plan: ReadPlan;
  /** The request's filters (params.filters), as every read of the report applies them. */
  where: DimensionFilter[];
  /** `groupedSessions` over this report's site and read plan, filtered by `where`. */
  grouped: (
    population: Population,
    table: AggregateTable,
    dims: Dimension[],
    only?: OnlyValues,
    live?: LiveGroups,
  ) => Promise<GroupedRow[]>;
  /** The plan's live ranges read once, grouped by every dimension the report needs, filtered by `where`. */
  readLive: (population: Population, dims: Dimension[]) => Promise<LiveGroups>;
  /**
   * Sessions and people's visits per entry page, filtered by `where`: one read of both
   * counts when unfiltered (`entryPageCounts`), else the two populations' groupings.
   */
  entryPages: () => Promise<EntryPageCount[]>;
}

export async function reportContext(db: D1Database, params: ReportParams): Promise<ReportContext> {
  // An hourly series needs every part of the window by hour: no daily rows then. Nor
  // do local days, which the UTC days of the daily rows cannot make.
  const interval = seriesIntervalOf(params);
  const hourly = interval === "hour";
  const zone = bucketZone(params.timeZone, params.window);
  const [plan, zonedPlan, header] = await Promise.all([
    readPlan(db, params.site.id, params.window, params.nowMs, { days: !hourly }),
    zone === null || hourly ? null : readPlan(db, params.site.id, params.window, params.nowMs, { days: false }),
    reportHeader(db, params),
  ]);
  const series =
    zone === null
      ? plan
      : cutAtBoundaries(zonedPlan ?? plan, zonedBoundaries(zone, interval, params.window.start, params.window.end));
  const where = dimensionFilters(params.filters);
  const grouped: ReportContext["grouped"] = (population, asked, dims, only, live) => {
    const { table, plan: read } = filteredRead(asked, series, where);
    return groupedSessions(db, params.site.id, read, population, table, dims, only, live, where);
  };
  const readLive: ReportContext["readLive"] = (population, dims) =>
    readLiveGroups(db, params.site.id, series.live, population, dims, where);
  const entryPages: ReportContext["entryPages"] = async () => {
    if (where.length === 0) return entryPageCounts(db, params.site.id, series);
    const [all, humans] = await Promise.all([
      grouped("all", "entry_page_totals_daily", [ENTRY_URL]),
      grouped("humans", "entry_page_totals_daily", [ENTRY_URL]),
    ]);
    const visits = new Map(humans.map((r) => [r.keys[0], r.sessions]));
    return all.map((r) => ({ url: r.keys[0], sessions: r.sessions, visits: visits.get(r.keys[0]) ?? 0 }));
  };
  const timezone = params.timeZone ?? DEFAULT_TIME_ZONE;
  return { plan, where, header: { ...header, timezone }, grouped, readLive, entryPages };
}

/**
 * Where a filtered grouping reads (docs/reports.md "Filters"): its own table with the
 * filters as conditions when the table has a column for each (traffic_daily for the
 * platform, purpose, tier, outcome and source filters), entry pages from
 * entry_pages_daily (page, source, platform) instead of the page totals, and otherwise
 * the plan's whole window from `sessions`, the one place that has every dimension.
 */
export function filteredRead(
  table: AggregateTable,
  plan: ReadPlan,
  where: readonly DimensionFilter[],
): { table: AggregateTable; plan: ReadPlan } {
  if (where.length === 0) return { table, plan };
  const read =
    table === "entry_page_totals_daily" && filterableIn("entry_pages_daily", where) ? "entry_pages_daily" : table;
  return filterableIn(read, where) ? { table: read, plan } : { table: read, plan: liveOnly(plan) };
}

/** The header alone, for a report that reads `sessions` directly (failing sessions). */
export async function reportHeader(db: D1Database, { site, window }: ReportParams): Promise<ReportHeader> {
  const any = await anySessionStarted(db, site.id, window.start, window.end);
  return {
    domain: site.domain,
    site_id: site.id,
    period: window.period,
    period_start: new Date(window.start).toISOString(),
    period_end: new Date(window.end).toISOString(),
    data_status: any ? "ok" : "no_events_yet",
  };
}
