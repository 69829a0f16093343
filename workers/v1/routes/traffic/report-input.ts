import { valueOrThrow } from "@shared/errors/api-error";
import type { Comparison } from "@shared/reports/previous-period";
import type { ReportParams } from "@shared/reports/report-context";
import { findReportSite } from "@shared/reports/report-site";
import { resolveWindow, type WindowInput } from "@shared/reports/report-window";
import { type SeriesInterval, seriesInterval } from "@shared/reports/time-series";
import { DEFAULT_TIME_ZONE, parseTimeZone } from "@shared/time/time-zone";

/**
 * The site (looked up in the key's workspace, never one the request names), the window
 * and the series interval of a report (the interval matters only to the reports with a
 * time series, overview and sources) and the zone of its days. Window, interval and
 * zone are checked first, so a bad one is 400 whatever the domain.
 */
export async function reportInput(
  db: D1Database,
  workspaceId: string,
  query: WindowInput & { domain: string; interval?: SeriesInterval; compare?: Comparison; timezone?: string },
): Promise<ReportParams & { interval: SeriesInterval }> {
  const nowMs = Date.now();
  const window = resolveWindow(query, nowMs);
  const interval = valueOrThrow(seriesInterval(window, query.interval));
  const timeZone = valueOrThrow(parseTimeZone(query.timezone ?? DEFAULT_TIME_ZONE), "query");
  const site = valueOrThrow(await findReportSite(db, workspaceId, query.domain));
  return { site, window, nowMs, interval, compare: query.compare, timeZone };
}
