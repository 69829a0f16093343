import { DurableObject } from "cloudflare:workers";
import { toBase64 } from "../encoding/base64";
import { nextUtcMidnight, rotate, type SaltRecord, type SaltSet, utcDay } from "./salt-schedule";

const KEY = "salts";

/**
 * Holds the daily visitor-hash salt (docs/privacy.md). One global instance
 * (`idFromName("global")`). The alarm fires at 00:00 UTC: a fresh random salt becomes
 * current, yesterday's is kept for sessions that cross midnight, anything older than
 * 48 h is deleted. Salts never leave this object except to ingest, in memory.
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

  override async alarm(): Promise<void> {
    const now = Date.now();
    const stored = this.ctx.storage.kv.get<SaltRecord[]>(KEY) ?? [];
    this.ctx.storage.kv.put(KEY, rotate(stored, now, freshSalt));
    await this.ctx.storage.setAlarm(nextUtcMidnight(now));
  }

  private async ensureAlarm(nowMs: number): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(nextUtcMidnight(nowMs));
  }
}

function freshSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64(bytes);
}
