import { SALT_RETENTION_MS } from "../../salt/salt-schedule";
import { MINUTE_MS } from "../../time/durations";
import type { Draft, Dropped } from "../pipeline";

const FUTURE_SKEW_MS = 5 * MINUTE_MS;
// A visitor hash needs the salt of the event's day; salts are kept 48 h, so an event
// whose day began earlier cannot be hashed (and must not be, by design).
const MAX_AGE_MS = SALT_RETENTION_MS - 3600_000;

/** Refuses events dated in the future (5 min skew) or too old to hash. */
export function checkTime(d: Draft): Draft | Dropped {
  if (d.occurredAt > d.receivedAt + FUTURE_SKEW_MS) return { dropped: "future_timestamp" };
  if (d.occurredAt < d.receivedAt - MAX_AGE_MS) return { dropped: "stale_timestamp" };
  return d;
}
