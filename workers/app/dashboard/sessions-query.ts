import { SESSION_FILTER_NAMES, type SessionFilters } from "@shared/reads/session-filters";
import type { WindowInput } from "@shared/reports/report-window";
import { TRAFFIC_FILTERS } from "@shared/reports/traffic-filters";
import { pageWindowInput } from "./report-window-form";

export interface SessionsQuery {
  /** The window asked for (the default period when the range asked for is refused). */
  window: WindowInput;
  /** The sentence of a refused range (the page shows its default period with it). */
  problem: string | null;
  filters: SessionFilters;
  /** The `next_cursor` of the page before ("Next page"), which pins the window. */
  cursor: string | undefined;
}

/**
 * The Sessions page's window, filters and position from its query string: read once
 * here for the page and its CSV download, so the download lists the page's sessions.
 * Each filter is read by its own schema (shared/reports/traffic-filters.ts); a value it
 * refuses is no filter. Values are lower-case codes: a hand-typed "ChatGPT" means the same.
 */
export function sessionsQuery(q: Record<string, string>, nowMs: number, timeZone?: string): SessionsQuery {
  const { input, problem } = pageWindowInput(q, nowMs, timeZone);
  const filters: Record<string, string> = {};
  for (const name of SESSION_FILTER_NAMES) {
    const parsed = TRAFFIC_FILTERS[name].schema.safeParse(q[name]?.trim().slice(0, 64).toLowerCase());
    if (parsed.success && parsed.data !== "") filters[name] = parsed.data;
  }
  const cursor = q.cursor && !problem ? q.cursor : undefined;
  return { window: input, problem, filters: filters as SessionFilters, cursor };
}
