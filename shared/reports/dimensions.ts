import { OUTCOME_SQL, outcomeSql } from "../vocabulary/session-outcomes";

// The grouping dimensions of the reports, each written for both sides of a ReadPlan
// (aggregate tables store "none" as '', `sessions` as NULL), and the shapes that name them.

/**
 * One grouping dimension, written once for each side of a ReadPlan: `daily` over the
 * aggregate tables (where "none" is stored as ''; the hourly tables have the same
 * columns), `hourly` when the hourly tables need another expression (the hour itself),
 * `live` over `sessions` (where it is NULL). All must yield the same value for the
 * same session.
 */
export interface Dimension {
  daily: string;
  hourly?: string;
  live: string;
}

/**
 * Which sessions a report covers (docs/decisions.md#5-traffic-reports): AI agents',
 * every session, or the sessions no AI agent made (docs/metrics.md `human_visits`).
 */
export type Population = "agents" | "all" | "humans";

/**
 * How the entry-page totals (entry_page_totals_daily and its running twins, which have
 * no platform key) count a population: from their `sessions` and `agent_sessions` columns.
 */
export const ENTRY_PAGE_COUNT: Record<Population, { count: string; filter: string }> = {
  agents: { count: "agent_sessions", filter: "AND agent_sessions > 0" },
  all: { count: "sessions", filter: "" },
  humans: { count: "(sessions - agent_sessions)", filter: "AND sessions > agent_sessions" },
};

/** Restricts a grouping to sessions whose `dim` is one of `values` (e.g. the top pages). */
export interface OnlyValues {
  dim: Dimension;
  values: string[];
}

export const PLATFORM: Dimension = { daily: "agent_platform", live: "coalesce(agent_platform, '')" };

/**
 * docs/decisions.md#5-traffic-reports outcome. A settled session has its stored outcome; one still open gets
 * the outcome its evidence so far gives, by the very rule the session-end rollup applies
 * (shared/sessions/settle.ts), so by_outcome always sums to total_sessions. A crawl or
 * search fetch has none (`not_applicable`, shared/vocabulary/session-outcomes.ts): the aggregate
 * tables keep `purpose` beside `outcome`, so both sides apply the rule.
 */
export const OUTCOME: Dimension = {
  daily: outcomeSql("outcome"),
  live: outcomeSql(`coalesce(outcome, ${OUTCOME_SQL})`),
};

export const PURPOSE: Dimension = {
  daily: "CASE WHEN purpose = '' THEN 'unknown' ELSE purpose END",
  live: "coalesce(nullif(purpose, ''), 'unknown')",
};

/** An agent session without a tier made no identity claim that was checked: heuristic. */
export const TIER: Dimension = {
  daily: "CASE WHEN tier = '' THEN 'heuristic' ELSE tier END",
  live: "coalesce(nullif(tier, ''), 'heuristic')",
};

export const SOURCE: Dimension = { daily: "source", live: "source" };
/** Who made the session (docs/metrics.md populations): `agent` (an AI platform recognised) or `human`. */
export const MADE_BY: Dimension = {
  daily: "CASE WHEN agent_platform <> '' THEN 'agent' ELSE 'human' END",
  live: "CASE WHEN agent_platform IS NOT NULL THEN 'agent' ELSE 'human' END",
};
export const SUB_SOURCE: Dimension = { daily: "sub_source", live: "coalesce(sub_source, '')" };
export const REFERRER_HOST: Dimension = { daily: "referrer_host", live: "coalesce(referrer_host, '')" };
export const DAY: Dimension = { daily: "day", live: "day" };
export const ENTRY_URL: Dimension = { daily: "entry_url", live: "entry_url" };
