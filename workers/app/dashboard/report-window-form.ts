import type { ReportPeriod, WindowInput } from "@shared/reports/report-window";
import { REPORT_PERIODS } from "@shared/reports/report-window";
import { DAY_MS } from "@shared/time/durations";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The window a report page asks for, from its query string, as the v1 report parameters
 * (contract "Traffic report parameters"): `period`, or a custom range of whole UTC days
 * (`from` day 00:00 to the end of the `to` day, or now when that is later than now).
 * Validation is the API's own `resolveWindow`; this only turns dates into RFC 3339.
 */
export function windowFromQuery(q: { period?: string; from?: string; to?: string }, nowMs: number): WindowInput {
  if (q.from && DATE.test(q.from)) {
    const from = `${q.from}T00:00:00Z`;
    if (!q.to || !DATE.test(q.to)) return { from };
    const end = Math.min(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS, nowMs);
    return { from, to: new Date(end).toISOString() };
  }
  const period = (REPORT_PERIODS as readonly string[]).includes(q.period ?? "")
    ? (q.period as ReportPeriod)
    : undefined;
  return { period };
}

/** "850 ms", "8.4 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
