import type { HitResult } from "@shared/rate-limit/window";

interface Refusal {
  result: HitResult;
  /** Unix ms when the exhausted window resets. */
  until: number;
}

// Bounded so a flood of distinct keys cannot grow an isolate's memory without limit.
const MAX_ENTRIES = 10_000;

/** Remembers a key's refusal until its window resets. */
export class RefusalCache {
  private readonly entries = new Map<string, Refusal>();

  put(subject: string, limitClass: string, result: HitResult, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const exhausted = result.windows.filter((w) => w.remaining === 0).map((w) => w.resetAt * 1000);
    const until = exhausted.length > 0 ? Math.max(...exhausted) : now + result.retryAfter * 1000;
    this.entries.set(`${subject}|${limitClass}`, { result, until });
  }

  get(subject: string, limitClass: string, now: number) {
    const key = `${subject}|${limitClass}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now >= entry.until) {
      this.entries.delete(key);
      return null;
    }
    return {
      result: entry.result,
      retryAfterAt: (at: number) => Math.max(1, Math.ceil((entry.until - at) / 1000)),
    };
  }
}
