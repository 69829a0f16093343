import {
  TRAFFIC_FILTER_NAMES,
  TRAFFIC_FILTERS,
  type TrafficFilterName,
  type TrafficFilters,
} from "@shared/reports/traffic-filters";

// The state of a dashboard, all of it in its URL (docs/app.md "The dashboard at a
// glance"): the window (`period`, or `from`/`to` days in the workspace's zone) and the
// traffic filters under their API names, so a filtered view is a link that can be
// bookmarked, shared and reloaded. Every link of the page (a breakdown row, a filter's
// removal, a period preset) is this state with one thing changed.

export interface DashboardQuery {
  period?: string;
  from?: string;
  to?: string;
  filters: TrafficFilters;
}

/**
 * The dashboard state of a query string. Each filter is checked by its own schema (the
 * use case's input schema, shared/reports/traffic-filters.ts): a value outside its
 * vocabulary is left out and named in `ignored`, so the page says so instead of failing.
 */
export function dashboardQuery(q: Record<string, string | undefined>): {
  query: DashboardQuery;
  ignored: TrafficFilterName[];
} {
  const filters: TrafficFilters = {};
  const ignored: TrafficFilterName[] = [];
  for (const name of TRAFFIC_FILTER_NAMES) {
    const raw = q[name];
    if (raw === undefined || raw === "") continue;
    const parsed = TRAFFIC_FILTERS[name].schema.safeParse(raw);
    if (parsed.success) Object.assign(filters, { [name]: parsed.data });
    else ignored.push(name);
  }
  return { query: { period: q.period, from: q.from, to: q.to, filters }, ignored };
}

/** `?…` of a dashboard state (window first, then the filters in declaration order), or "". */
export function queryString(q: DashboardQuery): string {
  const params = new URLSearchParams();
  if (q.from) {
    params.set("from", q.from);
    if (q.to) params.set("to", q.to);
  } else if (q.period) params.set("period", q.period);
  for (const name of TRAFFIC_FILTER_NAMES) {
    const value = q.filters[name];
    if (value !== undefined) params.set(name, value);
  }
  const s = params.toString();
  return s === "" ? "" : `?${s}`;
}

/** The same state with one filter set (or replaced). */
export function withFilter(q: DashboardQuery, name: TrafficFilterName, value: string): DashboardQuery {
  return { ...q, filters: { ...q.filters, [name]: value } };
}

/** The same state without some filters (none named: without any). */
export function withoutFilters(q: DashboardQuery, ...names: TrafficFilterName[]): DashboardQuery {
  const filters = { ...q.filters };
  for (const name of names.length === 0 ? TRAFFIC_FILTER_NAMES : names) delete filters[name];
  return { ...q, filters };
}

/** The same filters over another window. */
export function withWindow(q: DashboardQuery, window: { period?: string; from?: string; to?: string }): DashboardQuery {
  return { filters: q.filters, ...window };
}

/** True when any filter is set. */
export function isFiltered(q: DashboardQuery): boolean {
  return Object.keys(q.filters).length > 0;
}
