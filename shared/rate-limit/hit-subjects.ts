import type { RateWindow } from "./rate-window";
import type { WindowSpec } from "./window";

/** One limited subject: its Durable Object name (subject-name.ts) and its windows. */
export interface LimitedSubject {
  name: string;
  specs: WindowSpec[];
}

/**
 * Counts one request against every subject at once; it passes only if all have room.
 * When one refuses, the hits the others counted are given back, so a refused request
 * spends nobody's budget. Returns the seconds until it may be tried again, 0 when it
 * passed. Each subject's object counts atomically, so the limits hold under concurrency.
 */
export async function hitSubjects(
  windows: DurableObjectNamespace<RateWindow>,
  subjects: LimitedSubject[],
  now = Date.now(),
): Promise<number> {
  const stubs = subjects.map((s) => windows.get(windows.idFromName(s.name)));
  const results = await Promise.all(stubs.map((stub, i) => stub.hit(subjects[i].specs, now)));
  if (results.every((r) => r.allowed)) return 0;
  await Promise.all(stubs.map((stub, i) => (results[i].allowed ? stub.refund(subjects[i].specs, now) : null)));
  return Math.max(...results.map((r) => r.retryAfter));
}
