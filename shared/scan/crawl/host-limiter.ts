/** At most `limit` tasks in flight per host, started in the order they were queued. */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly limit: number) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(host);
    try {
      return await task();
    } finally {
      this.release(host);
    }
  }

  private acquire(host: string): Promise<void> {
    const n = this.active.get(host) ?? 0;
    if (n < this.limit) {
      this.active.set(host, n + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push(resolve);
      this.waiting.set(host, queue);
    });
  }

  private release(host: string): void {
    const next = this.waiting.get(host)?.shift();
    // The slot passes straight to the next waiter, so the count stays the same.
    if (next) next();
    else this.active.set(host, (this.active.get(host) ?? 1) - 1);
  }
}
