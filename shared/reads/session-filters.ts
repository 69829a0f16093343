import { z } from "zod";
import { PURPOSES } from "../classify/agents";
import { TIERS } from "../classify/identity-vocabulary";
import { OUTCOME_NAMES, PURPOSE_NAMES, platformName, TIER_NAMES } from "../display/display-names";
import { TRAFFIC_FILTERS, type TrafficFilters } from "../reports/traffic-filters";
import { OUTCOMES } from "../vocabulary/session-outcomes";

// The filters of the AI-agent session list (docs/architecture.md "Adding a filter to the
// session list"): a list of traffic report filters by name (shared/reports/traffic-filters.ts,
// where each names its dimension and query schema), so a filter selects exactly the
// sessions the reports count under that value, with what the Sessions page shows for
// each. The list's SQL and count, its cursor binding, the v1 query, the MCP tool's input
// and the page's form all follow this table.

export const SESSION_FILTER_NAMES = ["agent_platform", "purpose", "tier", "outcome"] as const;
export type SessionFilterName = (typeof SESSION_FILTER_NAMES)[number];
export type SessionFilters = Pick<TrafficFilters, SessionFilterName>;

/** The list's filters as query parameters (v1 `GET /traffic/sessions`, the MCP tool `list_sessions`). */
export const SessionFilterQuery = z.object(
  Object.fromEntries(SESSION_FILTER_NAMES.map((name) => [name, TRAFFIC_FILTERS[name].schema.optional()])) as {
    [K in SessionFilterName]: z.ZodOptional<(typeof TRAFFIC_FILTERS)[K]["schema"]>;
  },
);

const named =
  <K extends string>(names: Record<K, string>) =>
  (value: string) =>
    names[value as K] ?? value;

/** What the Sessions page shows for a filter: its label, its choices (absent: the values seen), a value in words. */
export interface SessionFilterWords {
  label: string;
  choices?: readonly string[];
  nameOf: (value: string) => string;
}

export const SESSION_FILTER_WORDS: Record<SessionFilterName, SessionFilterWords> = {
  agent_platform: { label: "Platform", nameOf: platformName },
  purpose: { label: "Purpose", choices: PURPOSES, nameOf: named(PURPOSE_NAMES) },
  tier: { label: "Tier", choices: TIERS, nameOf: named(TIER_NAMES) },
  outcome: { label: "Outcome", choices: OUTCOMES, nameOf: named(OUTCOME_NAMES) },
};

/** Only the list's filters of an input that carries other fields too. */
export function sessionFiltersOf(input: SessionFilters): SessionFilters {
  const out: Record<string, string> = {};
  for (const name of SESSION_FILTER_NAMES) {
    const value = input[name];
    if (value !== undefined) out[name] = value;
  }
  return out as SessionFilters;
}

/** The filters' values in declaration order, "" for none: what a cursor is bound to. */
export function filterKey(filters: SessionFilters): string[] {
  return SESSION_FILTER_NAMES.map((name) => filters[name] ?? "");
}
