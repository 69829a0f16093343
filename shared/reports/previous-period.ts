import { DEFAULT_TIME_ZONE, localDayStart, nextLocalDayStart, previousLocalDayStart } from "../time/time-zone";
import type { ReportParams } from "./report-params";
import type { ReportWindow } from "./report-window";

// Comparison with the previous equal period (issue 29, docs/reports.md "Comparison with
// the previous period"): the same report over the window of the same length that ends
// where this one starts (the values: ./report-params.ts COMPARISONS).

/**
 * [start - length, start): adjacent and half-open like every window, so no session is
 * in both. Labelled `custom`: it is exactly what `from`/`to` of those instants asks.
 * In a zone (docs/reports.md "Time zones"), a window of whole local days is compared
 * with as many local days before it, so "equal" is calendar days: the previous period
 * of the 23-hour 2026-03-29 in Berlin is the 24-hour 2026-03-28. Any other window
 * (a named period ending now) keeps its length in hours.
 */
export function previousWindow(window: Pick<ReportWindow, "start" | "end">, timeZone?: string): ReportWindow {
  const length = window.end - window.start;
  if (timeZone !== undefined && timeZone !== DEFAULT_TIME_ZONE && length > 0) {
    const midnight = (t: number) => localDayStart(timeZone, t) === t;
    if (midnight(window.start) && midnight(window.end)) {
      let days = 0;
      for (let d = window.start; d < window.end; d = nextLocalDayStart(timeZone, d)) days += 1;
      let start = window.start;
      for (let i = 0; i < days; i += 1) start = previousLocalDayStart(timeZone, start);
      return { period: "custom", start, end: window.start };
    }
  }
  return { period: "custom", start: window.start - length, end: window.start };
}

/**
 * `report` over `params`, with `previous` (the same report over the previous window)
 * when `params.compare` asks for it. Both run in the caller's one shard call; the
 * previous window is read with the same plan rules (aggregates for its whole days).
 */
export async function withComparison<T extends object>(
  report: (db: D1Database, params: ReportParams) => Promise<T>,
  db: D1Database,
  params: ReportParams,
): Promise<T & { previous?: T }> {
  const current = await report(db, params);
  if (params.compare !== "previous") return current;
  const window = previousWindow(params.window, params.timeZone);
  const previous = await report(db, { ...params, compare: undefined, window });
  return { ...current, previous };
}
