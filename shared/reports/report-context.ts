import { DEFAULT_TIME_ZONE } from "../time/time-zone";
import {
  type AggregateTable,
  anySessionStarted,
  type Dimension,
  type GroupedRow,
  groupedSessions,
  type LiveGroups,
  type OnlyValues,
  type Population,
  readLiveGroups,
} from "./grouped-sessions";
import { type ReadPlan, readPlan } from "./read-plan";
import type { ReportParams } from "./report-params";
import type { ReportHeader } from "./report-schemas";
import { seriesIntervalOf } from "./time-series";
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
  /** `groupedSessions` over this report's site and read plan. */
  grouped: (
    population: Population,
    table: AggregateTable,
    dims: Dimension[],
    only?: OnlyValues,
    live?: LiveGroups,
  ) => Promise<GroupedRow[]>;
  /** The plan's live ranges read once, grouped by every dimension the report needs. */
  readLive: (population: Population, dims: Dimension[]) => Promise<LiveGroups>;
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
  const grouped: ReportContext["grouped"] = (population, table, dims, only, live) =>
    groupedSessions(db, params.site.id, series, population, table, dims, only, live);
  const readLive: ReportContext["readLive"] = (population, dims) =>
    readLiveGroups(db, params.site.id, series.live, population, dims);
  return { plan, header: { ...header, timezone: params.timeZone ?? DEFAULT_TIME_ZONE }, grouped, readLive };
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
