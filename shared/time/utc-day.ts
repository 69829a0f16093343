import { DAY_MS } from "./durations";

// The last day formatted: a beacon asks for its day two or three times (salt cache,
// visitor hash), and formatting a Date is a measurable share of its cost
// (docs/performance/log.md, "Where a beacon's time went").
let lastStart = Number.NaN;
let lastDay = "";

/** The UTC calendar day `ms` falls in, `YYYY-MM-DD` (the `day` column of sessions and aggregates). */
export function utcDay(ms: number): string {
  const start = utcDayStart(ms);
  if (start !== lastStart) {
    lastDay = new Date(ms).toISOString().slice(0, 10);
    lastStart = start;
  }
  return lastDay;
}

/** Start (00:00 UTC) of the day `ms` falls in. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * utcDayStart in SQL, for the epoch-ms expression `ms` (never negative, so `%` is the
 * floor): one spelling for what is added to the daily counts and what a retention pass
 * takes away from them.
 */
export function utcDayStartSql(ms: string): string {
  return `(${ms}) - (${ms}) % ${DAY_MS}`;
}
