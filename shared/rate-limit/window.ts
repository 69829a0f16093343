// Fixed-window arithmetic (docs/decisions.md#3-rate-limits: "fixed windows"). Pure so it is unit-tested
// without a Durable Object.

export interface WindowSpec {
  /** Stable name of the window, e.g. `minute`, `day`, `hour`. */
  name: string;
  limit: number;
  periodSeconds: number;
}

export interface WindowState {
  name: string;
  limit: number;
  used: number;
  remaining: number;
  /** Absolute Unix time (seconds) at which this window resets. */
  resetAt: number;
}

export interface HitResult {
  allowed: boolean;
  windows: WindowState[];
  /** Seconds until the most distant exhausted window resets; 0 when allowed. */
  retryAfter: number;
}

/** Start of the fixed window containing `nowMs`, aligned to the Unix epoch. */
export function windowStart(nowMs: number, periodSeconds: number): number {
  const periodMs = periodSeconds * 1000;
  return Math.floor(nowMs / periodMs) * periodMs;
}

export function windowKey(spec: WindowSpec, nowMs: number): string {
  return `${spec.name}:${spec.periodSeconds}:${windowStart(nowMs, spec.periodSeconds)}`;
}

/**
 * Decides one request against every window: it passes only if all windows have room,
 * and then counts against all of them. A refused request counts against none, so a
 * client hammering a full minute window does not burn its daily budget. With
 * `counts = false` it only reports.
 */
export function decideHit(specs: WindowSpec[], used: number[], nowMs: number, counts = true): HitResult {
  const allowed = specs.every((spec, i) => (used[i] ?? 0) < spec.limit);
  const windows = specs.map((spec, i) => {
    const count = (used[i] ?? 0) + (allowed && counts ? 1 : 0);
    return {
      name: spec.name,
      limit: spec.limit,
      used: Math.min(count, spec.limit),
      remaining: Math.max(0, spec.limit - count),
      resetAt: (windowStart(nowMs, spec.periodSeconds) + spec.periodSeconds * 1000) / 1000,
    };
  });
  const nowSeconds = Math.floor(nowMs / 1000);
  const retryAfter = allowed
    ? 0
    : Math.max(
        1,
        ...windows.filter((_w, i) => (used[i] ?? 0) >= specs[i].limit).map((w) => Math.ceil(w.resetAt - nowSeconds)),
      );
  return { allowed, windows, retryAfter };
}

/** What a lease grants: hits the caller may spend without asking again, until `until` (ms). */
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
 * Up to `want` hits at once, as many as every window still has room for (the caller
 * counts them against all): never past any window's limit, so the total over every
 * lease of a window never exceeds it.
 */
export function grantLease(specs: WindowSpec[], used: number[], want: number, nowMs: number): Lease {
  const room = Math.min(...specs.map((spec, i) => spec.limit - (used[i] ?? 0)));
  const granted = Math.max(0, Math.min(want, room));
  const shortest = specs.reduce((a, b) => (a.periodSeconds <= b.periodSeconds ? a : b));
  const until = windowStart(nowMs, shortest.periodSeconds) + shortest.periodSeconds * 1000;
  if (granted === want) return { granted, until, retryAfter: 0 };
  const after = specs.map((_spec, i) => (used[i] ?? 0) + granted);
  return { granted, until, retryAfter: decideHit(specs, after, nowMs, false).retryAfter };
}
