/** A percentage with one decimal (contract: `share_pct`); 0 when the total is 0. */
export function sharePct(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part * 1000) / total) / 10;
}

/** Most sessions first; ties by key, so the order is stable between calls. */
export function bySessionsDesc<T extends { sessions: number }>(key: (x: T) => string) {
  return (a: T, b: T) => b.sessions - a.sessions || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/** Most visits first, ties by `key` (people's entry pages). */
export function byVisitsDesc<T extends { visits: number }>(key: (x: T) => string) {
  return (a: T, b: T) => b.visits - a.visits || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
