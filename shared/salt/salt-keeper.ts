import { DurableObject } from "cloudflare:workers";
import { toBase64 } from "../encoding/base64";
import { keepPastSalts, nextPastExpiry, PAST_DAYS_PER_CALL } from "./past-day-salts";
import { nextUtcMidnight, rotate, type SaltRecord, type SaltSet, utcDay } from "./salt-schedule";

const KEY = "salts";
/** Past days' salts, stored apart from the live ones: `salts()` never returns them. */
const PAST_KEY = "past-salts";

/**
 * Holds the daily visitor-hash salt (docs/privacy.md). One global instance
 * (`idFromName("global")`). The alarm fires at 00:00 UTC: a fresh random salt becomes
 * current, yesterday's is kept for sessions that cross midnight, anything older than
 * 48 h is deleted. Salts never leave this object except to ingest, in memory.
 * Salts of past days for log imports (past-day-salts.ts) are minted on demand by
 * `pastSalts`, kept apart, and deleted by the alarm 48 h after they were minted.
 */
export class SaltKeeper extends DurableObject {
  /** Today's and (if still kept) yesterday's salt; creates today's on first use. */
  async salts(nowMs: number = Date.now()): Promise<SaltSet> {
    const stored = this.ctx.storage.kv.get<SaltRecord[]>(KEY) ?? [];
    const next = rotate(stored, nowMs, freshSalt);
    if (next !== stored) this.ctx.storage.kv.put(KEY, next);
    await this.ensureAlarm(nowMs);
    const today = utcDay(nowMs);
    return {
      current: next.find((s) => s.day === today) as SaltRecord,
      previous: next.find((s) => s.day !== today) ?? null,
    };
  }

  /**
   * The salts of the asked past days (docs/privacy.md "Imported days"), minted for those
   * that have none; days that are today, in the future or beyond the reach get none.
   */
  async pastSalts(days: string[], nowMs: number = Date.now()): Promise<SaltRecord[]> {
    const stored = this.ctx.storage.kv.get<SaltRecord[]>(PAST_KEY) ?? [];
    const { next, salts } = keepPastSalts(stored, days.slice(0, PAST_DAYS_PER_CALL), nowMs, freshSalt);
    if (next !== stored) this.ctx.storage.kv.put(PAST_KEY, next);
    // Wake up by the first expiry, so no past salt outlives its 48 h.
    const due = Math.min(nextUtcMidnight(nowMs), nextPastExpiry(next) ?? Number.POSITIVE_INFINITY);
    const armed = await this.ctx.storage.getAlarm();
    if (armed === null || armed > due) await this.ctx.storage.setAlarm(due);
    return salts;
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const stored = this.ctx.storage.kv.get<SaltRecord[]>(KEY) ?? [];
    this.ctx.storage.kv.put(KEY, rotate(stored, now, freshSalt));
    const past = this.ctx.storage.kv.get<SaltRecord[]>(PAST_KEY) ?? [];
    const { next } = keepPastSalts(past, [], now, freshSalt);
    if (next.length === 0) this.ctx.storage.kv.delete(PAST_KEY);
    else if (next !== past) this.ctx.storage.kv.put(PAST_KEY, next);
    await this.ctx.storage.setAlarm(Math.min(nextUtcMidnight(now), nextPastExpiry(next) ?? Number.POSITIVE_INFINITY));
  }

  private async ensureAlarm(nowMs: number): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(nextUtcMidnight(nowMs));
  }
}

function freshSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64(bytes);
}
