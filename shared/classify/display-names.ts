import { type AttributionBasis, UNATTRIBUTED } from "../attribution/attribute-conversion";
import type { ReportPeriod } from "../reports/report-window";
import type { Outcome } from "../sessions/outcome";
import type { Tier } from "./agent-identity";
import type { Purpose } from "./agents";
import type { AiPlatform } from "./platforms";
import type { Source } from "./source";

// The words a person reads for each code of the reports' vocabularies. The API keeps
// its codes; the application shows these. Each table is a Record over its vocabulary's
// union, so a code added to AI_PLATFORMS, SOURCES, PURPOSES, TIERS or OUTCOMES without a
// name here fails the type-check.

/** Product names as their operators write them. */
export const PLATFORM_NAMES: Record<AiPlatform, string> = {
  chatgpt: "ChatGPT",
  claude: "Claude",
  perplexity: "Perplexity",
  gemini: "Gemini",
  copilot: "Microsoft Copilot",
  meta_ai: "Meta AI",
  grok: "Grok",
  deepseek: "DeepSeek",
  mistral: "Mistral Le Chat",
  you: "You.com",
  duckassist: "DuckDuckGo DuckAssist",
  amazon: "Amazon",
  apple: "Apple",
  bytedance: "ByteDance",
  common_crawl: "Common Crawl",
  other_ai: "Other AI",
};

export const SOURCE_NAMES: Record<Source, string> = {
  ai_assistant_session: "AI assistant visit",
  paid: "Paid ad",
  ai_assistant_link: "Link from an AI assistant",
  tagged: "Tagged campaign (UTM)",
  search: "Search engine",
  referral: "Link from another site",
  direct: "Direct (no referrer)",
};

export const PURPOSE_NAMES: Record<Purpose, string> = {
  user_action: "Acting for a person",
  search: "AI search",
  crawl: "Crawling or training",
  unknown: "Not stated",
};

export const TIER_NAMES: Record<Tier, string> = {
  verified: "Verified",
  declared: "Declared",
  heuristic: "Inferred",
};

export const OUTCOME_NAMES: Record<Outcome, string> = {
  completed: "Purchased",
  abandoned: "Left the cart",
  not_attempted: "No purchase attempt",
};

/** The report periods, as the period picker and the window line say them. */
export const PERIOD_NAMES: Record<ReportPeriod, string> = {
  "1h": "last hour",
  "24h": "last 24 hours",
  "7d": "last 7 days",
  "30d": "last 30 days",
  "90d": "last 90 days",
};

/** How a conversion was attributed (docs/decisions.md#7-conversions-and-attribution). */
export const BASIS_NAMES: Record<AttributionBasis, string> = {
  declared_click_id: "Click id",
  declared_utm: "UTM label",
  none: "None",
};

// The attribution reports add two platform values of their own
// (docs/decisions.md#7-conversions-and-attribution) and one source.
const ATTRIBUTION_PLATFORM_NAMES: Record<string, string> = {
  other: "Other (tagged link)",
  [UNATTRIBUTED]: "Unattributed",
};
const ATTRIBUTION_SOURCE_NAMES: Record<string, string> = { [UNATTRIBUTED]: "Unattributed" };

function lookup(table: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

/**
 * A platform code as words. The reports type platforms as strings (an ad platform's
 * click-id name can appear in the attribution report), so a code outside the tables is
 * shown as it is rather than hidden.
 */
export function platformName(code: string | null): string {
  if (code === null) return "None";
  return lookup(PLATFORM_NAMES, code) ?? lookup(ATTRIBUTION_PLATFORM_NAMES, code) ?? code;
}

export function sourceName(code: string): string {
  return lookup(SOURCE_NAMES, code) ?? lookup(ATTRIBUTION_SOURCE_NAMES, code) ?? code;
}

/** A source's detail: platform names for the AI sources, the host or label itself otherwise. */
export function subSourceName(source: string, subSource: string | null): string {
  if (subSource === null) return "–";
  return source === "ai_assistant_session" || source === "ai_assistant_link" ? platformName(subSource) : subSource;
}

export function purposeName(code: Purpose): string {
  return PURPOSE_NAMES[code];
}

export function tierName(code: Tier): string {
  return TIER_NAMES[code];
}

export function basisName(code: AttributionBasis): string {
  return BASIS_NAMES[code];
}

export function outcomeName(code: Outcome): string {
  return OUTCOME_NAMES[code];
}

/** "a ChatGPT session", "an Other AI session": the article follows the name's first letter. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}
