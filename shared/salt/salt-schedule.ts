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
 * Returns the salts to keep at `nowMs`: today's and yesterday's, each created if missing.
 * A salt is dropped once its day ended more than 24 h ago, i.e. 48 h after the day
 * began. Yesterday's is minted too when the keeper never held it (a service started
 * today, or idle all of yesterday): ingest accepts events of today and yesterday, and without
 * it a server-side event of yesterday would be accepted and then could not be hashed.
 * A salt minted late is deleted at the same time as one minted on its day, so it lives
 * shorter, never longer (docs/privacy.md). Returns the same array when nothing changes.
 */
export function rotate(stored: SaltRecord[], nowMs: number, mint: () => string): SaltRecord[] {
  const today = utcDay(nowMs);
  const yesterday = utcDay(utcDayStart(nowMs) - DAY_MS);
  const kept = stored.filter((s) => s.day === yesterday || s.day === today);
  const missing = [yesterday, today].filter((day) => !kept.some((s) => s.day === day));
  if (missing.length === 0 && kept.length === stored.length) return stored;
  const minted = missing.map((day) => ({ day, salt: mint(), createdAt: nowMs }));
  return [...kept, ...minted].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}
