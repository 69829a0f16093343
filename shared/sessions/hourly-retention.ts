import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcHourStartSql } from "../time/utc-hour";

/**
 * How long the hourly aggregates (traffic_hourly, entry_pages_hourly,
 * entry_page_running_hourly, agent_durations_hourly, visitors_hourly) are kept: 181 days. The oldest
 * instant a report reads is the start of the previous period of a 90-day window (the
 * longest window, contract Limits), 180 days back; an hour there can be a partial
 * day's whole hour. One more day of margin lets the rollup prune on its own clock
 * without ever deleting an hour a report still plans to read. Older edges fall back
 * to `sessions` (exact, slower); the daily aggregates are kept for as long as before.
 */
export const HOURLY_RETENTION_DAYS = 181;

/** The oldest hour a report reads from the hourly aggregates at `nowMs`. */
export function oldestReadableHour(nowMs: number): number {
  return Math.ceil((nowMs - (HOURLY_RETENTION_DAYS - 1) * DAY_MS) / HOUR_MS) * HOUR_MS;
}

/** Hours before this are pruned (and not rebuilt) by a rollup running at `nowMs`. */
export function hourlyPruneBefore(nowMs: number): number {
  return Math.floor((nowMs - HOURLY_RETENTION_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
}

/** The UTC hour of a `sessions` row's start, in SQL (the `hour` of the hourly tables). */
export const HOUR_OF_START_SQL = utcHourStartSql("started_at");
