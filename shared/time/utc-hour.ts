import { HOUR_MS } from "./durations";

/** Start (epoch ms) of the UTC hour `ms` falls in: the `hour` key of the hourly tables. */
export function utcHourStart(ms: number): number {
  return ms - (ms % HOUR_MS);
}

/**
 * utcHourStart in SQL, for the epoch-ms expression `ms` (never negative, so `%` is the
 * floor): one spelling for what is added to the hourly counts and what a retention pass
 * takes away from them.
 */
export function utcHourStartSql(ms: string): string {
  return `(${ms}) - (${ms}) % ${HOUR_MS}`;
}
