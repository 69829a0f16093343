// Percentiles of repeated calls, the way every bench reports them (nearest rank).

/** The q-quantile (0-1) of sorted times, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * `fn` called `warmup` times untimed, then `runs` times timed one after the other: the
 * p50 and p95 in ms, and the last answer (for benches that check both sides agree).
 */
export async function timeCalls<T>(
  fn: () => Promise<T>,
  runs: number,
  warmup = 2,
): Promise<{ p50: number; p95: number; answer: T }> {
  let answer = undefined as T;
  for (let i = 0; i < warmup; i++) answer = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    answer = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), answer };
}
