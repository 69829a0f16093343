import { SALT_RETENTION_MS } from "../../salt/salt-schedule";
import { MINUTE_MS } from "../../time/durations";
import { utcDay } from "../../time/utc-day";
import type { Draft, Dropped, PipelineDeps } from "../pipeline";

const FUTURE_SKEW_MS = 5 * MINUTE_MS;
// A visitor hash needs the salt of the event's day; salts are kept 48 h, so an event
// whose day began earlier cannot be hashed (and must not be, by design).
const MAX_AGE_MS = SALT_RETENTION_MS - 3600_000;

/** Whether the event is older than the live salts reach: only a past day's salt can hash it. */
export function isPastLine(d: Pick<Draft, "occurredAt" | "receivedAt">): boolean {
  return d.occurredAt < d.receivedAt - MAX_AGE_MS;
}

/**
 * Refuses events dated in the future (5 min skew) or too old to hash: older than the live
 * salts, unless the salts given hold the salt of the event's past day (a log import,
 * shared/salt/past-day-salts.ts).
 */
export function checkTime(d: Draft, deps?: Pick<PipelineDeps, "salts">): Draft | Dropped {
  if (d.occurredAt > d.receivedAt + FUTURE_SKEW_MS) return { dropped: "future_timestamp" };
  if (isPastLine(d)) {
    const day = utcDay(d.occurredAt);
    return deps?.salts?.past?.some((s) => s.day === day) ? d : { dropped: "stale_timestamp" };
  }
  return d;
}
