/**
 * At most `limit` tasks in flight per host. Waiting tasks start by priority (lower
 * first), then in the order they were queued, so pages on the crawl's critical path
 * overtake machine-readable files nothing else waits for.
 */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<{ priority: number; seq: number; start: () => void }>>();
  private seq = 0;

  constructor(private readonly limit: number) {}

  async run<T>(host: string, task: () => Promise<T>, priority = 1): Promise<T> {
    await this.acquire(host, priority);
    try {
      return await task();
    } finally {
      this.release(host);
    }
  }

  private acquire(host: string, priority: number): Promise<void> {
    const n = this.active.get(host) ?? 0;
    if (n < this.limit) {
      this.active.set(host, n + 1);
      return Promise.resolve();
    }
    return new Promise((start) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push({ priority, seq: this.seq++, start });
      queue.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
      this.waiting.set(host, queue);
    });
  }

  private release(host: string): void {
    const next = this.waiting.get(host)?.shift();
    // The slot passes straight to the next waiter, so the count stays the same.
    if (next) next.start();
    else this.active.set(host, (this.active.get(host) ?? 1) - 1);
  }
}
