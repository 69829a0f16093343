import type { RequestContext } from "../context/request-context";
import type { SeriesInterval } from "../reports/report-params";
import { type ReportWindow, reportWindow, type WindowInput } from "../reports/report-window";
import { seriesInterval } from "../reports/time-series";
import { ok, type Result } from "../result/result";
import { siteByDomain } from "../sites/site-by-domain";
import type { SiteRecord } from "../sites/site-row";
import { parseTimeZone } from "../time/time-zone";

/** What a report request names (contract "Traffic report parameters"): the site, the window, the series interval, the zone. */
export interface ReportQuery extends WindowInput {
  domain: string;
  /** Bucket of a time series; absent, the window's default (hours up to 48 h, days beyond). */
  interval?: SeriesInterval;
  /** IANA zone of the report's days and hours; absent, the context's zone. */
  timezone?: string;
}

/** A report query resolved in the caller's workspace. */
export interface ReportTarget {
  site: SiteRecord;
  window: ReportWindow;
  interval: SeriesInterval;
  timeZone: string;
}

export type ReportTargetRefusal = "invalid_window" | "invalid_timezone" | "invalid_domain" | "site_not_found";

/**
 * The site, window, interval and zone of a report. The window, interval and zone are
 * checked first, so a bad one is refused whatever the domain; the site is looked up in
 * the context's workspace only, so another workspace's domain is `site_not_found`.
 */
export async function reportTarget(
  ctx: RequestContext,
  query: ReportQuery,
): Promise<Result<ReportTarget, ReportTargetRefusal>> {
  const window = reportWindow(query, ctx.nowMs);
  if (!window.ok) return window;
  const interval = seriesInterval(window.value, query.interval);
  if (!interval.ok) return interval;
  const timeZone = parseTimeZone(query.timezone ?? ctx.timeZone);
  if (!timeZone.ok) return timeZone;
  const site = await siteByDomain(ctx.env.DB, ctx.workspaceId, query.domain);
  if (!site.ok) return site;
  return ok({ site: site.value, window: window.value, interval: interval.value, timeZone: timeZone.value });
}
