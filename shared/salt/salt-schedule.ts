import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDay, utcDayStart } from "../time/utc-day";
// Pure rules of the daily salt (issue 5, docs/privacy.md): one salt per UTC day,
// the previous day's kept for sessions crossing midnight, nothing kept past 48 h.

export interface SaltRecord {
  /** UTC day the salt belongs to, `YYYY-MM-DD`. */
  day: string;
  salt: string;
  createdAt: number;
}

export interface SaltSet {
  current: SaltRecord;
  previous: SaltRecord | null;
  /**
   * Salts of past days (past-day-salts.ts), only on a log's way in (a drain batch or an
   * import) that holds lines older than 48 h; never on beacons or server-side events.
   */
  past?: SaltRecord[];
}

export const SALT_RETENTION_MS = 48 * HOUR_MS;

export { utcDay };

export function nextUtcMidnight(ms: number): number {
  return utcDayStart(ms) + DAY_MS;
}

/**
 * Returns the salts to keep at `nowMs`: today's (created if missing) and yesterday's.
 * A salt is dropped once its day ended more than 24 h ago, i.e. 48 h after the day
 * began. Returns the same array when nothing changes.
 */
export function rotate(stored: SaltRecord[], nowMs: number, mint: () => string): SaltRecord[] {
  const today = utcDay(nowMs);
  const dayStart = utcDayStart(nowMs);
  const kept = stored.filter((s) => Date.parse(`${s.day}T00:00:00Z`) + SALT_RETENTION_MS > nowMs);
  const hasToday = kept.some((s) => s.day === today);
  if (hasToday && kept.length === stored.length) return stored;
  const next = hasToday ? kept : [...kept, { day: today, salt: mint(), createdAt: nowMs }];
  return next.filter((s) => Date.parse(`${s.day}T00:00:00Z`) >= dayStart - DAY_MS);
}
