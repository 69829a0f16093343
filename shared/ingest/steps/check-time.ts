import { SALT_RETENTION_MS } from "../../salt/salt-schedule";
import { HOUR_MS, MINUTE_MS } from "../../time/durations";
import { utcDay, utcDayStart } from "../../time/utc-day";
import type { Draft, Dropped, PipelineDeps } from "../pipeline-types";

const FUTURE_SKEW_MS = 5 * MINUTE_MS;
// A visitor hash needs the salt of the event's UTC day, and a day's salt is deleted 48 h
// after the day began: only today's and yesterday's events can be hashed (by design). An
// event accepted now is hashed later by the queue consumer (server-side events), so its
// day's salt must outlive the acceptance by an hour: in the last hour before midnight,
// yesterday's events are already too old.
const QUEUE_MARGIN_MS = HOUR_MS;

/** Whether the event's day's live salt is gone, or goes within the hour: only a past day's salt can hash it. */
export function isPastLine(d: Pick<Draft, "occurredAt" | "receivedAt">): boolean {
  return utcDayStart(d.occurredAt) + SALT_RETENTION_MS - QUEUE_MARGIN_MS <= d.receivedAt;
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
