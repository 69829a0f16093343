import { DurableObject } from "cloudflare:workers";
import { decideHit, type HitResult, type WindowSpec, windowKey } from "./window";

/**
 * One instance per limited subject (an API key, a client IP, a domain). A Durable
 * Object runs one request at a time and the synchronous SQLite KV calls below have no
 * await between read and write, so exactly `limit` hits pass per window under any
 * concurrency.
 */
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
