import { DurableObject } from "cloudflare:workers";
import { decideHit, type HitResult, type WindowSpec, windowKey, windowStart } from "./window";

/** What `lease` grants: hits the caller may spend without asking again, until `until` (ms). */
export interface Lease {
  granted: number;
  /** End of the shortest window: hits granted in it are spent or lost by then. */
  until: number;
  /**
   * Seconds until the exhausted window with the furthest reset resets, when this lease
   * left a window without room (`granted < want`: the caller need not ask again until
   * then); 0 while every window still has room.
   */
  retryAfter: number;
}

/**
 * One instance per limited subject (an API key, a client IP, a domain). A Durable
 * Object runs one request at a time and the synchronous SQLite KV calls below have no
 * await between read and write, so exactly `limit` hits pass per window under any
 * concurrency.
 */
const REFUSED: WindowSpec = { name: "refused", limit: Number.MAX_SAFE_INTEGER, periodSeconds: 86_400 };

export class RateWindow extends DurableObject {
  hit(specs: WindowSpec[], nowMs: number = Date.now()): HitResult {
    const kv = this.ctx.storage.kv;
    const keys = specs.map((spec) => windowKey(spec, nowMs));
    const used = keys.map((key) => kv.get<number>(key) ?? 0);
    const result = decideHit(specs, used, nowMs);
    if (result.allowed) {
      for (const [i, key] of keys.entries()) kv.put(key, used[i] + 1);
    }
    this.scheduleCleanup(specs, nowMs);
    return result;
  }

  /**
   * Gives back one hit counted by `hit(specs, atMs)`: a reserved attempt that turned out
   * not to count (a sign-in whose password was right). Only the windows that were current
   * at `atMs` are touched, so a refund never lowers a later window.
   */
  refund(specs: WindowSpec[], atMs: number): void {
    const kv = this.ctx.storage.kv;
    for (const spec of specs) {
      const key = windowKey(spec, atMs);
      const used = kv.get<number>(key) ?? 0;
      if (used > 0) kv.put(key, used - 1);
    }
  }

  /**
   * Grants up to `want` hits at once, as many as every window still has room for, and
   * counts them against all (an isolate spends them without a call per request:
   * shared/ingest/beacon-limits.ts). Nothing is granted past any window's limit, so the
   * total over every caller never exceeds it. Refusals are the caller's to count
   * (`noteRefused`), since it refuses from its own lease state too.
   */
  lease(specs: WindowSpec[], want: number, nowMs: number = Date.now()): Lease {
    const kv = this.ctx.storage.kv;
    const keys = specs.map((spec) => windowKey(spec, nowMs));
    const used = keys.map((key) => kv.get<number>(key) ?? 0);
    const room = Math.min(...specs.map((spec, i) => spec.limit - used[i]));
    const granted = Math.max(0, Math.min(want, room));
    if (granted > 0) for (const [i, key] of keys.entries()) kv.put(key, used[i] + granted);
    this.scheduleCleanup(specs, nowMs);
    const shortest = specs.reduce((a, b) => (a.periodSeconds <= b.periodSeconds ? a : b));
    const until = windowStart(nowMs, shortest.periodSeconds) + shortest.periodSeconds * 1000;
    if (granted === want) return { granted, until, retryAfter: 0 };
    const after = used.map((n) => n + granted);
    return { granted, until, retryAfter: decideHit(specs, after, nowMs, false).retryAfter };
  }

  /** Counts refusals a caller made, for the record (`refused`). */
  noteRefused(count: number, nowMs: number = Date.now()): void {
    const key = windowKey(REFUSED, nowMs);
    this.ctx.storage.kv.put(key, (this.ctx.storage.kv.get<number>(key) ?? 0) + count);
    this.scheduleCleanup([REFUSED], nowMs);
  }

  /** Refusals counted in the UTC day of `nowMs`. */
  refused(nowMs: number = Date.now()): number {
    return this.ctx.storage.kv.get<number>(windowKey(REFUSED, nowMs)) ?? 0;
  }

  /**
   * Whether `member` is one of the first `max` distinct members seen in the fixed window
   * of `periodSeconds` (a member once admitted stays admitted for the window).
   */
  admitMember(set: string, member: string, max: number, periodSeconds: number, nowMs: number = Date.now()): boolean {
    const kv = this.ctx.storage.kv;
    const spec = { name: set, limit: max, periodSeconds };
    const countKey = windowKey(spec, nowMs);
    const memberKey = `${countKey}:${member}`;
    if (kv.get<number>(memberKey) !== undefined) return true;
    const count = kv.get<number>(countKey) ?? 0;
    if (count >= max) return false;
    kv.put(memberKey, 1);
    kv.put(countKey, count + 1);
    this.scheduleCleanup([spec], nowMs);
    return true;
  }

  /** Current state without counting a request (for headers on other responses). */
  peek(specs: WindowSpec[], nowMs: number = Date.now()): HitResult {
    const kv = this.ctx.storage.kv;
    const used = specs.map((spec) => kv.get<number>(windowKey(spec, nowMs)) ?? 0);
    return decideHit(specs, used, nowMs, false);
  }

  // Old windows are dropped by an alarm after the longest window ends, so storage
  // stays at a handful of keys per subject.
  private scheduleCleanup(specs: WindowSpec[], nowMs: number): void {
    const longest = Math.max(...specs.map((s) => s.periodSeconds)) * 1000;
    void this.ctx.storage.getAlarm().then((at) => {
      if (at === null) void this.ctx.storage.setAlarm(nowMs + longest + 1000);
    });
  }

  override async alarm(): Promise<void> {
    const kv = this.ctx.storage.kv;
    const now = Date.now();
    let live = 0;
    for (const [key] of kv.list()) {
      const [, period, start] = key.split(":");
      if (Number(start) + Number(period) * 1000 <= now) kv.delete(key);
      else live++;
    }
    if (live > 0) await this.ctx.storage.setAlarm(now + 60_000);
  }
}
