import { ApiError } from "../errors/api-error";

// Window parameters of the traffic reports (contract "Traffic report parameters",
// decisions §2 `invalid_window`). Windows are half-open, [period_start, period_end):
// a session counts when it STARTED at or after period_start and before period_end, so
// two adjacent windows never count a session twice.

export const REPORT_PERIODS = ["1h", "24h", "7d", "30d", "90d"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = "7d";

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Contract Limits: a custom window is at most 90 days. */
export const MAX_WINDOW_MS = 90 * DAY_MS;

const PERIOD_MS: Record<ReportPeriod, number> = {
  "1h": HOUR_MS,
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
};

export interface WindowInput {
  period?: ReportPeriod;
  /** RFC 3339, already syntax-checked by the route schema. */
  from?: string;
  to?: string;
}

export interface ReportWindow {
  /** The period asked for, or `custom` when `from` set the window. */
  period: ReportPeriod | "custom";
  start: number;
  end: number;
}

function invalid(message: string): ApiError {
  return new ApiError("invalid_window", message);
}

function parseTime(name: string, value: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw invalid(`${name} is not an RFC 3339 time`);
  return ms;
}

/**
 * The report window: `from`/`to` win over `period` (contract); `to` defaults to now.
 * Rejected with 400 `invalid_window`: `from` in the future, `from` after `to`, a window
 * longer than 90 days, and `to` without `from` (there is nothing to end).
 */
export function resolveWindow(input: WindowInput, nowMs: number): ReportWindow {
  if (input.from === undefined) {
    if (input.to !== undefined) throw invalid("`to` needs `from`: send both, or `period` alone");
    const period = input.period ?? DEFAULT_REPORT_PERIOD;
    return { period, start: nowMs - PERIOD_MS[period], end: nowMs };
  }
  const start = parseTime("from", input.from);
  const end = input.to === undefined ? nowMs : parseTime("to", input.to);
  if (start > nowMs) throw invalid("`from` is in the future");
  if (start > end) throw invalid("`from` is after `to`");
  if (end - start > MAX_WINDOW_MS) throw invalid("The window is longer than 90 days");
  return { period: "custom", start, end };
}
