import { DAY_MS, HOUR_MS } from "./durations";

/**
 * Every named period a report accepts, declared once; each report picks its subset
 * (traffic: shared/reports/report-window.ts; attribution:
 * shared/attribution/report-period.ts). Windows are half-open and end now.
 */
export const PERIOD_MS = {
  "1h": HOUR_MS,
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
} as const;
export type Period = keyof typeof PERIOD_MS;

/** Half-open window `[start, end)` in epoch ms, ending at `nowMs`. */
export function periodWindow(period: Period, nowMs: number): { start: number; end: number } {
  return { start: nowMs - PERIOD_MS[period], end: nowMs };
}
