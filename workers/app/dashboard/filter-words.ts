import {
  OUTCOME_NAMES,
  PURPOSE_NAMES,
  platformName,
  SOURCE_NAMES,
  subSourceName,
  TIER_NAMES,
} from "@shared/display/display-names";
import type { TrafficFilterName, TrafficFilters } from "@shared/reports/traffic-filters";

// What the dashboard says for each traffic filter (shared/reports/traffic-filters.ts):
// the filter's name and its value in words, from the one place names are kept
// (shared/display/display-names.ts). A value outside a table is shown as it is.

const inTable =
  <K extends string>(names: Record<K, string>) =>
  (value: string) =>
    names[value as K] ?? value;

export const FILTER_WORDS: Record<
  TrafficFilterName,
  { label: string; value: (value: string, filters: TrafficFilters) => string }
> = {
  agent_platform: { label: "AI platform", value: (v) => platformName(v) },
  purpose: { label: "Purpose", value: inTable(PURPOSE_NAMES) },
  tier: { label: "Verification", value: inTable(TIER_NAMES) },
  outcome: { label: "Outcome", value: inTable(OUTCOME_NAMES) },
  source: { label: "Source", value: inTable(SOURCE_NAMES) },
  // A source detail reads as a platform under the AI sources, as a host or campaign otherwise.
  sub_source: { label: "Source detail", value: (v, f) => subSourceName(f.source ?? "ai_assistant_session", v) },
  referrer_host: { label: "Referrer", value: (v) => v },
  entry_page: { label: "Entry page", value: (v) => v },
};
