import { valueOrThrow } from "@shared/errors/api-error";
import type { ReportWindow, WindowInput } from "@shared/reports/report-window";
import { reportWindow } from "@shared/reports/report-window";
import { DEFAULT_TIME_ZONE, localDayStartOf, nextLocalDayStart } from "@shared/time/time-zone";
import type { ReportPeriod } from "@shared/vocabulary/report-periods";
import { REPORT_PERIODS } from "@shared/vocabulary/report-periods";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The window a report page asks for, from its query string, as the v1 report parameters
 * (contract "Traffic report parameters"): `period`, or a custom range of whole days in
 * the workspace's zone (`from` day 00:00 to the end of the `to` day, or now when that
 * is later than now; docs/app.md "Time zone"). Validation is the API's own
 * `reportWindow`; this only turns dates into RFC 3339.
 */
export function windowFromQuery(
  q: { period?: string; from?: string; to?: string },
  nowMs: number,
  zone: string = DEFAULT_TIME_ZONE,
): WindowInput {
  if (q.from && DATE.test(q.from) && Number.isFinite(Date.parse(q.from))) {
    const from = new Date(localDayStartOf(zone, q.from)).toISOString();
    if (!q.to || !DATE.test(q.to) || !Number.isFinite(Date.parse(q.to))) return { from };
    const end = Math.min(nextLocalDayStart(zone, localDayStartOf(zone, q.to)), nowMs);
    return { from, to: new Date(end).toISOString() };
  }
  const period = (REPORT_PERIODS as readonly string[]).includes(q.period ?? "")
    ? (q.period as ReportPeriod)
    : undefined;
  return { period };
}

// The API's refusals name its parameters (`from`, `to`); a page names its fields.
const PAGE_SENTENCES: [RegExp, string][] = [
  [/from` is after `to/, "The From day is after the To day: choose a From day on or before the To day."],
  [/from` is in the future/, "The From day is in the future."],
  [/longer than 90 days/, "The range is longer than 90 days: choose at most 90 days."],
];

/**
 * The window a report page asks its use case for and, when the range asked for is refused
 * (reversed, in the future, too long), the sentence to show inline above the period form
 * while the page shows its default period (issue 25 #12: not a dead-end error page).
 */
export function pageWindowInput(
  q: { period?: string; from?: string; to?: string },
  nowMs: number,
  zone: string = DEFAULT_TIME_ZONE,
): { input: WindowInput; problem: string | null } {
  const input = windowFromQuery(q, nowMs, zone);
  const asked = reportWindow(input, nowMs);
  if (asked.ok) return { input, problem: null };
  const message = asked.message ?? "";
  const sentence = PAGE_SENTENCES.find(([pattern]) => pattern.test(message))?.[1] ?? message.replace(/`/g, "");
  return { input: {}, problem: sentence };
}

/** `pageWindowInput` resolved: the window shown. */
export function pageWindow(
  q: { period?: string; from?: string; to?: string },
  nowMs: number,
  zone: string = DEFAULT_TIME_ZONE,
): { window: ReportWindow; problem: string | null } {
  const { input, problem } = pageWindowInput(q, nowMs, zone);
  return { window: valueOrThrow(reportWindow(input, nowMs)), problem };
}

/** "850 ms", "8.4 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
