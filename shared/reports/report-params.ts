import type { SiteRecord } from "../sites/site-row";
import type { ReportWindow } from "./report-window";
import type { TrafficFilters } from "./traffic-filters";

// What every traffic report is computed from, inside the site's analytics shard: the
// site, the window already resolved, and the request's now, interval, comparison and zone.
// The read use cases (shared/reads/) resolve them from a request; the report functions
// here and the shard's methods take them as they are.

/** The site fields a report reads. */
export type ReportSite = Pick<SiteRecord, "id" | "domain" | "coverage" | "coverageChangedAt">;

/** Buckets of the reports' time series (shared/reports/time-series.ts, docs/decisions.md#12-report-time-series). */
export const SERIES_INTERVALS = ["hour", "day"] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

/** Comparison with the previous equal period (docs/reports.md "Comparison with the previous period"). */
export const COMPARISONS = ["previous"] as const;
export type Comparison = (typeof COMPARISONS)[number];

export interface ReportParams {
  site: ReportSite;
  window: ReportWindow;
  nowMs: number;
  /** Bucket of the reports' time series (overview, sources); absent, the window's default. */
  interval?: SeriesInterval;
  /** `previous`: also the same report over the previous equal window (shared/reports/previous-period.ts). */
  compare?: Comparison;
  /** IANA zone of the day and hour buckets (canonical, shared/time/time-zone.ts); absent, UTC. */
  timeZone?: string;
  /** Only the sessions with every one of these values (shared/reports/traffic-filters.ts); absent, all. */
  filters?: TrafficFilters;
}
