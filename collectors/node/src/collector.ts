import { readCheckoutAnswer } from "./agentic-answer.js";
import type { CheckoutCall } from "./agentic-protocols.js";
import { ReportedCheckouts, toOrderRecord } from "./agentic-record.js";
import type { PolicyOptions } from "./policy-client.js";
import type { PolicyMark } from "./policy-document.js";
import { PolicyGate } from "./policy-gate.js";
import { type EventRecord, isForwarded, type RequestFacts, toEventRecord } from "./record.js";

export interface CollectorOptions {
  /** The service's base URL, e.g. `https://agent-readiness.example`. */
  endpoint: string;
  /** An API key with the `events:write` scope. */
  key: string;
  /** The site's domain, when the Host the app sees is not the one visitors use. */
  domain?: string;
  /** Records per POST (the service takes 1-500). Default 250. */
  batchSize?: number;
  /** Bytes per POST body (the service takes 1 MiB). Default 512 KiB. */
  batchBytes?: number;
  /** Records held while the service cannot take them; past it the oldest go. Default 10,000. */
  maxQueue?: number;
  /** Bytes held likewise. Default 8 MiB. */
  maxQueueBytes?: number;
  /** Send what is queued this often (ms); 0 for edge runtimes, which call `flushSoon()`. Default 5,000. */
  flushIntervalMs?: number;
  /** One POST's deadline (ms). Default 10,000. */
  timeoutMs?: number;
  /** Tries per batch before it is given up. Default 5. */
  maxAttempts?: number;
  /** First backoff after a failure without `Retry-After` (ms), doubled each try, capped at 60 s. Default 1,000. */
  retryBaseMs?: number;
  /** Which requests are sent (default: pages and /robots.txt, see `isForwarded`). */
  include?: typeof isForwarded;
  /** Told about failures (never about a shop request). Default: a console warning at most once a minute. */
  onError?: (error: CollectorError) => void;
  /**
   * Enforce the site's agent policy (docs/policy.md): `true` or the policy's options.
   * The key then needs `policy:read` too. Default off.
   */
  policy?: boolean | PolicyOptions;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CollectorError {
  kind: "network" | "timeout" | "http" | "gave_up" | "internal";
  message: string;
  status?: number;
  /** Records concerned (a batch), when any. */
  records?: number;
}

export interface CollectorStats {
  /** Records waiting, the held batch included. */
  queued: number;
  /** Records in batches the service answered 200 to. */
  delivered: number;
  /** Of those, accepted and rejected per the service's per-record results. */
  accepted: number;
  rejected: number;
  /** Records dropped because the queue was full (oldest first). */
  dropped: number;
  /** Records in batches given up: out of attempts, or refused (401, 403, 400, 413). */
  failed: number;
  /** POSTs retried. */
  retries: number;
}

interface Batch {
  lines: string[];
  attempts: number;
}

const MAX_BACKOFF_MS = 60_000;
// A Retry-After past a day is read as a day: the queue is bounded meanwhile anyway.
const MAX_RETRY_AFTER_MS = 86_400_000;
const WARN_EVERY_MS = 60_000;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** RFC 9110 §10.2.3: delay-seconds or an HTTP-date. Null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Node keeps a process alive for a pending timer; a collector must not.
function unref(timer: unknown) {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}

/**
 * The one client the adapters share. `record()` is synchronous, never throws and never
 * waits: the shop's answer is never slowed by the service. Records wait in a bounded
 * queue and go in batches, one POST at a time; a failed batch is held and retried with
 * backoff, after `Retry-After` when the service says so (docs/decisions.md, "Collectors").
 */
export class Collector {
  private readonly o: Required<Omit<CollectorOptions, "domain" | "onError" | "fetch" | "policy">> &
    Pick<CollectorOptions, "domain">;
  private readonly fetchImpl: typeof fetch;
  private readonly onError: (error: CollectorError) => void;
  private readonly url: string;
  private queue: string[] = [];
  private queueBytes = 0;
  private held: Batch | null = null;
  private notBefore = 0;
  private running: Promise<void> | null = null;
  private windowEndsAt = 0;
  private interval: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly counts = { delivered: 0, accepted: 0, rejected: 0, dropped: 0, failed: 0, retries: 0 };
  private readonly reported = new ReportedCheckouts();
  /** The site's agent policy, where enforced (policy-gate.ts); adapters ask it before the shop. */
  readonly policy: PolicyGate | null;

  constructor(options: CollectorOptions) {
    this.o = {
      endpoint: options.endpoint,
      key: options.key,
      domain: options.domain,
      batchSize: Math.min(Math.max(options.batchSize ?? 250, 1), 500),
      batchBytes: Math.min(options.batchBytes ?? 512 * 1024, 1024 * 1024 - 1024),
      maxQueue: options.maxQueue ?? 10_000,
      maxQueueBytes: options.maxQueueBytes ?? 8 * 1024 * 1024,
      flushIntervalMs: options.flushIntervalMs ?? 5_000,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxAttempts: options.maxAttempts ?? 5,
      retryBaseMs: options.retryBaseMs ?? 1_000,
      include: options.include ?? isForwarded,
      now: options.now ?? Date.now,
    };
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.onError = options.onError ?? throttledWarning();
    this.url = `${options.endpoint.replace(/\/+$/, "")}/api/v1/events`;
    const { protocol, hostname } = new URL(this.url);
    // The key travels in every POST: never in clear text beyond this machine.
    if (protocol !== "https:" && !(protocol === "http:" && LOOPBACK.has(hostname)))
      throw new TypeError(`agent-readiness collector: endpoint must be https:// (got ${protocol}//${hostname})`);
    this.policy = options.policy
      ? new PolicyGate(this, {
          ...(options.policy === true ? {} : options.policy),
          endpoint: options.endpoint,
          key: options.key,
          domain: options.domain,
          fetch: this.fetchImpl,
          now: this.o.now,
          onError: (message, status) => this.report({ kind: status ? "http" : "internal", message, status }),
        })
      : null;
    // A server knows its site at once: its first document is fetched before its first request.
    if (this.policy && options.domain && this.o.flushIntervalMs > 0) void this.policy.client.refresh();
  }

  /**
   * For runtimes whose work ends with the request (Workers, edge middleware): no timers,
   * the adapter calls `flushSoon()` under `waitUntil`. Adapters call it when they find an
   * execution context; the timer is armed only at the first record, so a collector built
   * at a Worker's module scope never starts one there (Workers refuse timers outside a request).
   */
  useWaitUntil(): void {
    this.o.flushIntervalMs = 0;
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
  }

  private armTimer() {
    if (this.interval || this.closed || this.o.flushIntervalMs <= 0) return;
    this.interval = setInterval(() => void this.flush(), this.o.flushIntervalMs);
    unref(this.interval);
  }

  /** Queues one served request when it is a page (or robots.txt). Never throws, never waits. */
  record(facts: RequestFacts): void {
    try {
      if (this.closed) return;
      const record = toEventRecord(facts, this.o.now(), this.o.domain, this.o.include);
      if (record) this.enqueue(record);
    } catch (err) {
      this.report({ kind: "internal", message: `record: ${(err as Error)?.message ?? String(err)}` });
    }
  }

  /**
   * Queues an agentic checkout's end (docs/integrations/agentic-checkout.md) once its
   * answer has been read: a completed, canceled or failed checkout becomes one order
   * record; a create, an update or a step in between, nothing. Never throws, never waits.
   */
  recordCheckout(facts: RequestFacts, call: CheckoutCall, body: string | null): void {
    try {
      if (this.closed) return;
      const result = readCheckoutAnswer(call, facts.status, facts.contentType, body);
      const record = result && toOrderRecord(facts, call, result, this.o.now(), this.o.domain);
      if (record?.order && this.reported.first(record.order)) this.enqueue(record);
    } catch (err) {
      this.report({ kind: "internal", message: `recordCheckout: ${(err as Error)?.message ?? String(err)}` });
    }
  }

  /** Queues a request the policy stopped, marked with the decision (policy-gate.ts). Never throws. */
  recordBlocked(facts: RequestFacts, policy: PolicyMark): void {
    try {
      if (this.closed) return;
      const record = toEventRecord(facts, this.o.now(), this.o.domain, this.o.include);
      if (record) this.enqueue({ ...record, policy });
    } catch (err) {
      this.report({ kind: "internal", message: `recordBlocked: ${(err as Error)?.message ?? String(err)}` });
    }
  }

  stats(): CollectorStats {
    return { queued: this.queue.length + (this.held?.lines.length ?? 0), ...this.counts };
  }

  /**
   * Sends what can be sent now: every queued batch, unless the service asked to wait.
   * Resolves when done or when a batch must wait; never rejects.
   */
  flush(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * For edge runtimes (`waitUntil`). The first call opens a window of `lingerMs`; the
   * records of every request in it go in that call's batch, and later calls in the window
   * resolve at once. The owner then sends, waiting for retries up to `budgetMs` in all;
   * what is still held stays queued for the next window. No request awaits a promise
   * another request made: workerd cancels such continuations when their creator ends.
   */
  flushSoon(lingerMs = 1_000, budgetMs = 20_000): Promise<void> {
    // A time, not a flag: if the platform cancels the owner's work, the window still ends.
    if (this.o.now() < this.windowEndsAt) return Promise.resolve();
    this.windowEndsAt = this.o.now() + lingerMs;
    return sleep(lingerMs)
      .then(() => this.drain(budgetMs - lingerMs, true))
      .catch(() => {});
  }

  /** Stops the timers and sends what is left, waiting for retries up to `budgetMs`. */
  async close(budgetMs = 5_000): Promise<CollectorStats> {
    this.closed = true;
    if (this.interval) clearInterval(this.interval);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.interval = this.retryTimer = null;
    await this.drain(budgetMs);
    return this.stats();
  }

  /** `own`: this caller's run, not the shared one (edge runtimes: see `flushSoon`). */
  private async drain(budgetMs: number, own = false): Promise<void> {
    const deadline = this.o.now() + budgetMs;
    for (;;) {
      await (own ? this.run() : this.flush());
      if (!this.held && this.queue.length === 0) return;
      const wait = this.notBefore - this.o.now();
      if (this.o.now() + wait > deadline) return;
      await sleep(Math.max(wait, 0));
    }
  }

  private enqueue(record: EventRecord) {
    this.armTimer();
    const line = JSON.stringify(record);
    this.queue.push(line);
    this.queueBytes += line.length;
    while (this.queue.length > this.o.maxQueue || this.queueBytes > this.o.maxQueueBytes) {
      this.queueBytes -= (this.queue.shift() as string).length;
      this.counts.dropped++;
    }
    // A full batch goes at once (after the current task: the shop's code runs on first).
    if (
      this.interval &&
      !this.closed &&
      (this.queue.length >= this.o.batchSize || this.queueBytes >= this.o.batchBytes)
    )
      queueMicrotask(() => void this.flush());
  }

  private takeBatch(): Batch {
    const lines: string[] = [];
    let bytes = 0;
    while (this.queue.length > 0 && lines.length < this.o.batchSize) {
      const next = this.queue[0];
      if (lines.length > 0 && bytes + next.length + 1 > this.o.batchBytes) break;
      lines.push(next);
      bytes += next.length + 1;
      this.queue.shift();
      this.queueBytes -= next.length;
    }
    return { lines, attempts: 0 };
  }

  private async run(): Promise<void> {
    // Without a timer (waitUntil runtimes) one run sends only what was queued when it
    // began: records arriving meanwhile belong to their own request's flush, so no run
    // outlives the waitUntil of the request it runs in.
    let allowance = this.interval ? Number.POSITIVE_INFINITY : this.queue.length + (this.held?.lines.length ?? 0);
    try {
      while ((this.held || this.queue.length > 0) && allowance > 0 && this.o.now() >= this.notBefore) {
        const batch = this.held ?? this.takeBatch();
        this.held = null;
        allowance -= batch.lines.length;
        if (!(await this.send(batch))) return;
      }
    } catch (err) {
      this.report({ kind: "internal", message: `flush: ${(err as Error)?.message ?? String(err)}` });
    }
  }

  /** One POST of one batch. False when the batch is held for a retry (sending stops). */
  private async send(batch: Batch): Promise<boolean> {
    batch.attempts++;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.o.key}`, "Content-Type": "application/json" },
        body: `{"events":[${batch.lines.join(",")}]}`,
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (err) {
      const timeout = (err as Error)?.name === "TimeoutError" || (err as Error)?.name === "AbortError";
      return this.retry(batch, null, {
        kind: timeout ? "timeout" : "network",
        message: timeout ? `no answer within ${this.o.timeoutMs} ms` : String((err as Error)?.message ?? err),
        records: batch.lines.length,
      });
    }
    const text = await response.text().catch(() => "");
    if (response.ok) {
      this.counts.delivered += batch.lines.length;
      const body = parse(text);
      this.counts.accepted += typeof body?.accepted === "number" ? body.accepted : 0;
      this.counts.rejected += typeof body?.rejected === "number" ? body.rejected : 0;
      return true;
    }
    const error: CollectorError = {
      kind: "http",
      status: response.status,
      message: `${response.status} ${parse(text)?.code ?? ""}`.trim(),
      records: batch.lines.length,
    };
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      return this.retry(batch, retryAfterMs(response.headers.get("retry-after"), this.o.now()), error);
    }
    // A wrong key, a missing scope, a malformed batch: sending it again cannot help.
    this.counts.failed += batch.lines.length;
    this.report(error);
    return true;
  }

  /** Holds the batch for another try, or gives it up; either way the next POST waits. */
  private retry(batch: Batch, retryAfter: number | null, error: CollectorError): false {
    this.report(error);
    if (batch.attempts >= this.o.maxAttempts) {
      this.counts.failed += batch.lines.length;
      this.report({ kind: "gave_up", message: `gave up after ${batch.attempts} tries`, records: batch.lines.length });
    } else {
      this.counts.retries++;
      this.held = batch;
    }
    const backoff = Math.min(this.o.retryBaseMs * 2 ** (batch.attempts - 1), MAX_BACKOFF_MS);
    this.pause(retryAfter ?? backoff);
    return false;
  }

  private pause(ms: number) {
    this.notBefore = this.o.now() + ms;
    if (this.interval && !this.closed) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.flush();
      }, ms);
      unref(this.retryTimer);
    }
  }

  private report(error: CollectorError) {
    try {
      this.onError(error);
    } catch {
      // The merchant's handler must not stop the collector either.
    }
  }
}

function parse(text: string): { accepted?: unknown; rejected?: unknown; code?: unknown } | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as { accepted?: unknown }) : null;
  } catch {
    return null;
  }
}

function throttledWarning(): (error: CollectorError) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (now - last < WARN_EVERY_MS) return;
    last = now;
    console.warn(`[agent-readiness collector] ${error.kind}: ${error.message}`);
  };
}
