import { z } from "zod";
import { TIERS } from "../classify/agent-identity";
import { PURPOSES } from "../classify/agents";
import { OUTCOME_NAMES, PURPOSE_NAMES, platformName, TIER_NAMES } from "../display/display-names";
import type { DimensionFilter, DimensionName } from "../reports/dimensions";
import { OUTCOMES } from "../sessions/outcome";

// The filters of the AI-agent session list, declared once (docs/architecture.md "Adding a
// filter to the session list"): each names the report dimension it selects on (so a
// filter selects exactly the sessions a report counts under that value, open sessions
// included), its query parameter's schema (v1 and MCP read it), and what the Sessions
// page shows for it. The list's SQL, its cursor binding, the v1 query, the MCP tool's
// input and the page's form all follow this table.

export interface SessionFilter {
  /** The report dimension it selects on (shared/reports/dimensions.ts NAMED_DIMENSIONS). */
  dimension: DimensionName;
  /** The query parameter: validation, OpenAPI and MCP input. */
  schema: z.ZodType<string>;
  /** The page's label of the filter. */
  label: string;
  /** The values offered; absent: the values seen in the window (platforms). */
  choices?: readonly string[];
  /** A value in words. */
  nameOf: (value: string) => string;
}

const named =
  <K extends string>(names: Record<K, string>) =>
  (value: string) =>
    names[value as K] ?? value;

export const SESSION_FILTERS = {
  agent_platform: {
    dimension: "platform",
    schema: z
      .string()
      .min(1)
      .max(64)
      .meta({ description: "Only sessions of this platform; omit for all.", example: "chatgpt" }),
    label: "Platform",
    nameOf: platformName,
  },
  purpose: {
    dimension: "purpose",
    schema: z.enum(PURPOSES).meta({ description: "Only sessions of this purpose.", example: "user_action" }),
    label: "Purpose",
    choices: PURPOSES,
    nameOf: named(PURPOSE_NAMES),
  },
  tier: {
    dimension: "tier",
    schema: z.enum(TIERS).meta({ description: "Only sessions of this verification tier.", example: "verified" }),
    label: "Tier",
    choices: TIERS,
    nameOf: named(TIER_NAMES),
  },
  outcome: {
    dimension: "outcome",
    schema: z
      .enum(OUTCOMES)
      .meta({ description: "Only sessions with this outcome (so far, for open sessions).", example: "abandoned" }),
    label: "Outcome",
    choices: OUTCOMES,
    nameOf: named(OUTCOME_NAMES),
  },
} as const satisfies Record<string, SessionFilter>;

export type SessionFilterName = keyof typeof SESSION_FILTERS;
export const SESSION_FILTER_NAMES = Object.keys(SESSION_FILTERS) as SessionFilterName[];

/** The list's filter values, as the query names them; an absent one is no filter. */
export type SessionFilters = { [K in SessionFilterName]?: z.infer<(typeof SESSION_FILTERS)[K]["schema"]> };

/** The filters as query parameters (v1 `GET /traffic/sessions`, the MCP tool `list_sessions`). */
export const SessionFilterQuery = z.object(
  Object.fromEntries(SESSION_FILTER_NAMES.map((name) => [name, SESSION_FILTERS[name].schema.optional()])) as {
    [K in SessionFilterName]: z.ZodOptional<(typeof SESSION_FILTERS)[K]["schema"]>;
  },
);

/** The filters' values in declaration order, "" for none: what a cursor is bound to. */
export function filterKey(filters: SessionFilters): string[] {
  return SESSION_FILTER_NAMES.map((name) => filters[name] ?? "");
}

/** The filters asked for, as the shard's list reads them: each dimension with its value. */
export function dimensionFilters(filters: SessionFilters): DimensionFilter[] {
  return SESSION_FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value === undefined ? [] : [[SESSION_FILTERS[name].dimension, value] as const];
  });
}
