import { DAY_MS, HOUR_MS } from "../time/durations";
import { utcDay, utcDayStart } from "../time/utc-day";
import type { SaltRecord, SaltSet } from "./salt-schedule";

// Salts for past days (docs/privacy.md "Imported days"): a log line older than the live
// salts' 48 h is hashed under a salt minted on demand for its own UTC day, held by the
// SaltKeeper apart from the live salts, handed only to a log's acceptance path, and
// deleted a bounded time after it was minted. The live salt of that day was deleted long
// before, so imported visitors never join live ones: they are a namespace of their own.

/** How far back a log line may be dated and still be counted: the longest report period. */
export const PAST_DAYS_MAX = 90;

/** A past day's salt is deleted this long after it was minted (the live salts' own bound). */
export const PAST_SALT_TTL_MS = 48 * HOUR_MS;

/** Past-day salts one call may ask for: every day of the reach, not more. */
export const PAST_DAYS_PER_CALL = PAST_DAYS_MAX;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `day` (`YYYY-MM-DD`) may have a past-day salt at `nowMs`: a real calendar day
 * before today and no more than PAST_DAYS_MAX days back. Today never qualifies, so
 * today's traffic is only ever hashed under the live salt.
 */
export function isPastSaltDay(day: string, nowMs: number): boolean {
  if (!DAY_SHAPE.test(day)) return false;
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start) || utcDay(start) !== day) return false;
  const today = utcDayStart(nowMs);
  return start < today && start >= today - PAST_DAYS_MAX * DAY_MS;
}

/**
 * The past-day salts to keep at `nowMs` and those asked for: expired ones dropped, a
 * fresh one minted for each asked day that qualifies and has none. Returns the same
 * `stored` array when nothing changes.
 */
export function keepPastSalts(
  stored: SaltRecord[],
  days: readonly string[],
  nowMs: number,
  mint: () => string,
): { next: SaltRecord[]; salts: SaltRecord[] } {
  const wanted = new Set(days.filter((d) => isPastSaltDay(d, nowMs)));
  const kept = stored.filter((s) => s.createdAt + PAST_SALT_TTL_MS > nowMs);
  const missing = [...wanted].filter((d) => !kept.some((s) => s.day === d));
  const next =
    kept.length === stored.length && missing.length === 0
      ? stored
      : [...kept, ...missing.map((day) => ({ day, salt: mint(), createdAt: nowMs }))];
  return { next, salts: next.filter((s) => wanted.has(s.day)) };
}

/** When the next past-day salt must be deleted, or null when none is held. */
export function nextPastExpiry(stored: readonly SaltRecord[]): number | null {
  return stored.length === 0 ? null : Math.min(...stored.map((s) => s.createdAt + PAST_SALT_TTL_MS));
}

/**
 * The salts a past line of `day` is hashed with, in the live set's shape: its day's salt
 * as `current`, the day before's (when held) as `previous`, so a session of the imported
 * log that crosses midnight continues as a live one does. Null without the day's salt.
 */
export function pastSaltSet(past: readonly SaltRecord[], day: string): SaltSet | null {
  const current = past.find((s) => s.day === day);
  if (!current) return null;
  const before = utcDay(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
  return { current, previous: past.find((s) => s.day === before) ?? null };
}
