import type { ReportParams } from "./report-context";
import type { ReportWindow } from "./report-window";

// Comparison with the previous equal period (issue 29, docs/reports.md "Comparison with
// the previous period"): the same report over the window of the same length that ends
// where this one starts. Declared once: the v1 query enum, the shard and the app use it.

export const COMPARISONS = ["previous"] as const;
export type Comparison = (typeof COMPARISONS)[number];

/**
 * [start - length, start): adjacent and half-open like every window, so no session is
 * in both. Labelled `custom`: it is exactly what `from`/`to` of those instants asks.
 */
export function previousWindow(window: Pick<ReportWindow, "start" | "end">): ReportWindow {
  const length = window.end - window.start;
  return { period: "custom", start: window.start - length, end: window.start };
}

/**
 * `report` over `params`, with `previous` (the same report over the previous window)
 * when `params.compare` asks for it. Both run in the caller's one shard call; the
 * previous window is read with the same plan rules (aggregates for its whole days).
 */
export async function withComparison<T extends object>(
  report: (db: D1Database, params: ReportParams) => Promise<T>,
  db: D1Database,
  params: ReportParams,
): Promise<T & { previous?: T }> {
  const current = await report(db, params);
  if (params.compare !== "previous") return current;
  const previous = await report(db, { ...params, compare: undefined, window: previousWindow(params.window) });
  return { ...current, previous };
}
