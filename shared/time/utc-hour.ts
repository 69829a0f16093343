import { HOUR_MS } from "./durations";

/** Start (epoch ms) of the UTC hour `ms` falls in: the `hour` key of the hourly tables. */
export function utcHourStart(ms: number): number {
  return ms - (ms % HOUR_MS);
}
