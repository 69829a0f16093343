/**
 * At most `limit` tasks in flight per host. Waiting tasks start by priority (lower
 * first), then in the order they were queued, so pages on the crawl's critical path
 * overtake machine-readable files nothing else waits for.
 *
 * Tasks of priority `BACKGROUND` or more (nothing waits for their answer) hold at most
 * `limit - reserved` slots: the `reserved` others stay for the requests that the next
 * ones wait for (the pages, the journey's cart and MCP chains), which would otherwise
 * queue behind answers nobody needs yet when they are sent a moment after the background
 * requests (issue 45, bench:scan). The per-host total never exceeds `limit`.
 */
export const BACKGROUND = 1;

interface Waiter {
  priority: number;
  seq: number;
  start: () => void;
}

export class HostLimiter {
  private readonly active = new Map<string, { all: number; background: number }>();
  private readonly waiting = new Map<string, Waiter[]>();
  private seq = 0;

  constructor(
    private readonly limit: number,
    private readonly reserved = 0,
  ) {}

  async run<T>(host: string, task: () => Promise<T>, priority = BACKGROUND): Promise<T> {
    await this.acquire(host, priority);
    try {
      return await task();
    } finally {
      this.release(host, priority);
    }
  }

  private count(host: string) {
    let n = this.active.get(host);
    if (!n) {
      n = { all: 0, background: 0 };
      this.active.set(host, n);
    }
    return n;
  }

  private fits(host: string, priority: number): boolean {
    const n = this.count(host);
    if (n.all >= this.limit) return false;
    return priority < BACKGROUND || n.background < this.limit - this.reserved;
  }

  private take(host: string, priority: number): void {
    const n = this.count(host);
    n.all++;
    if (priority >= BACKGROUND) n.background++;
  }

  private acquire(host: string, priority: number): Promise<void> {
    if (this.fits(host, priority)) {
      this.take(host, priority);
      return Promise.resolve();
    }
    return new Promise((start) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push({ priority, seq: this.seq++, start });
      queue.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
      this.waiting.set(host, queue);
    });
  }

  private release(host: string, priority: number): void {
    const n = this.count(host);
    n.all--;
    if (priority >= BACKGROUND) n.background--;
    // The freed slot goes to the first waiter (by priority, then age) allowed to take it.
    const queue = this.waiting.get(host) ?? [];
    for (let i = queue.findIndex((w) => this.fits(host, w.priority)); i >= 0; ) {
      const [next] = queue.splice(i, 1);
      this.take(host, next.priority);
      next.start();
      i = queue.findIndex((w) => this.fits(host, w.priority));
    }
  }
}
