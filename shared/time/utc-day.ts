import { DAY_MS } from "./durations";

/** The UTC calendar day `ms` falls in, `YYYY-MM-DD` (the `day` column of sessions and aggregates). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start (00:00 UTC) of the day `ms` falls in. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
