import { ok, type Result, refusal } from "../result/result";
import { DAY_MS } from "../time/durations";
import { periodWindow } from "../time/periods";
import { DEFAULT_REPORT_PERIOD, type ReportPeriod } from "../vocabulary/report-periods";

// Window parameters of the traffic reports (contract "Traffic report parameters",
// docs/decisions.md#2-v1-errors `invalid_window`). Windows are half-open, [period_start, period_end):
// a session counts when it STARTED at or after period_start and before period_end, so
// two adjacent windows never count a session twice.

/** Contract Limits: a custom window is at most 90 days. */
export const MAX_WINDOW_MS = 90 * DAY_MS;

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

const invalid = (message: string) => refusal("invalid_window", message);

/**
 * The report window: `from`/`to` win over `period` (contract); `to` defaults to now.
 * Refused as `invalid_window`: `from` in the future, `from` after `to`, a window longer
 * than 90 days, `to` without `from` (there is nothing to end), an unparseable time.
 */
export function reportWindow(input: WindowInput, nowMs: number): Result<ReportWindow, "invalid_window"> {
  if (input.from === undefined) {
    if (input.to !== undefined) return invalid("`to` needs `from`: send both, or `period` alone");
    const period = input.period ?? DEFAULT_REPORT_PERIOD;
    return ok({ period, ...periodWindow(period, nowMs) });
  }
  const start = Date.parse(input.from);
  if (!Number.isFinite(start)) return invalid("from is not an RFC 3339 time");
  const end = input.to === undefined ? nowMs : Date.parse(input.to);
  if (!Number.isFinite(end)) return invalid("to is not an RFC 3339 time");
  if (start > nowMs) return invalid("`from` is in the future");
  if (start > end) return invalid("`from` is after `to`");
  if (end - start > MAX_WINDOW_MS) return invalid("The window is longer than 90 days");
  return ok({ period: "custom", start, end });
}
