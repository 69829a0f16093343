import { z } from "zod";
import { PURPOSES } from "../classify/agents";
import { TIERS } from "../classify/identity-vocabulary";
import { SOURCES } from "../classify/source";
import { OUTCOMES } from "../vocabulary/session-outcomes";
import {
  type Dimension,
  ENTRY_URL,
  OUTCOME,
  PLATFORM,
  PURPOSE,
  REFERRER_HOST,
  SOURCE,
  SUB_SOURCE,
  TIER,
} from "./dimensions";
import type { AggregateTable, DimensionFilter } from "./grouped-sessions";

// The filters of the traffic report (docs/reports.md "Filters"), declared once: each names
// the report dimension it selects on, so a filter keeps exactly the sessions a report
// counts under that value (open sessions by their outcome so far), and its query
// parameter's schema (the v1 report routes, the MCP tools through them and the dashboard
// read it). Every filter applies to every report of the request at once: "ChatGPT" on
// the dashboard narrows its tiles, chart, sources, pages, purposes, outcomes and tiers.
// The names of the session list's filters are the same (agent_platform, purpose, tier,
// outcome).

interface TrafficFilter {
  dimension: Dimension;
  schema: z.ZodType<string>;
}

const text = (max: number, description: string, example: string) =>
  z.string().min(1).max(max).meta({ description, example });

export const TRAFFIC_FILTERS = {
  agent_platform: {
    dimension: PLATFORM,
    schema: text(64, "Only sessions of this AI platform (`by_platform[].platform`).", "chatgpt"),
  },
  purpose: {
    dimension: PURPOSE,
    schema: z.enum(PURPOSES).meta({ description: "Only AI-agent sessions of this purpose.", example: "user_action" }),
  },
  tier: {
    dimension: TIER,
    schema: z
      .enum(TIERS)
      .meta({ description: "Only AI-agent sessions of this verification tier.", example: "verified" }),
  },
  outcome: {
    dimension: OUTCOME,
    schema: z
      .enum(OUTCOMES)
      .meta({ description: "Only sessions with this outcome (so far, for open sessions).", example: "completed" }),
  },
  source: {
    dimension: SOURCE,
    schema: z
      .enum(SOURCES)
      .meta({ description: "Only sessions from this acquisition source.", example: "ai_assistant_link" }),
  },
  sub_source: {
    dimension: SUB_SOURCE,
    schema: text(253, "Only sessions with this source detail (`by_source[].sub_source`).", "chatgpt"),
  },
  referrer_host: {
    dimension: REFERRER_HOST,
    schema: text(253, "Only sessions referred by this host (`top_referrer_hosts[].host`).", "chatgpt.com"),
  },
  entry_page: {
    dimension: ENTRY_URL,
    schema: text(
      2048,
      "Only sessions that entered on this page (path, as in `top_pages[].entry_url`).",
      "/products/mug",
    ),
  },
} as const satisfies Record<string, TrafficFilter>;

export type TrafficFilterName = keyof typeof TRAFFIC_FILTERS;
export const TRAFFIC_FILTER_NAMES = Object.keys(TRAFFIC_FILTERS) as TrafficFilterName[];

/** The filters asked for, as the query names them; an absent one is no filter. */
export type TrafficFilters = { [K in TrafficFilterName]?: z.infer<(typeof TRAFFIC_FILTERS)[K]["schema"]> };

/** The filters as query parameters (the v1 traffic report routes, the dashboard). */
export const TrafficFilterQuery = z.object(
  Object.fromEntries(TRAFFIC_FILTER_NAMES.map((name) => [name, TRAFFIC_FILTERS[name].schema.optional()])) as {
    [K in TrafficFilterName]: z.ZodOptional<(typeof TRAFFIC_FILTERS)[K]["schema"]>;
  },
);

/** The filters of an input that may carry other fields too (a report query). */
export function trafficFiltersOf(input: TrafficFilters): TrafficFilters {
  const out: TrafficFilters = {};
  for (const name of TRAFFIC_FILTER_NAMES) if (input[name] !== undefined) Object.assign(out, { [name]: input[name] });
  return out;
}

/** The filters asked for as the report functions apply them, in declaration order. */
export function dimensionFilters(filters: TrafficFilters | undefined): DimensionFilter[] {
  if (!filters) return [];
  return TRAFFIC_FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value === undefined ? [] : [[TRAFFIC_FILTERS[name].dimension, value] as const];
  });
}

/**
 * The dimensions each aggregate table keeps a column for: a filter on any other is read
 * from `sessions` (shared/reports/grouped-sessions.ts). entry_page_totals_daily has only
 * the page: a filtered read of entry pages uses entry_pages_daily, which has the page,
 * the source and the platform.
 */
export const FILTERABLE: Record<AggregateTable, readonly Dimension[]> = {
  traffic_daily: [PLATFORM, PURPOSE, TIER, OUTCOME, SOURCE, SUB_SOURCE, REFERRER_HOST],
  entry_pages_daily: [ENTRY_URL, SOURCE, PLATFORM],
  entry_page_totals_daily: [],
};

/** True when `table` has a column for every filtered dimension. */
export function filterableIn(table: AggregateTable, filters: readonly DimensionFilter[]): boolean {
  return filters.every(([dim]) => FILTERABLE[table].includes(dim));
}
