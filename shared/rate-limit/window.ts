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
