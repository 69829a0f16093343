import type { Purpose } from "../classify/agents";
import type { AdPlatform } from "../classify/click-ids";
import type { DetectionSignal, Tier } from "../classify/identity-vocabulary";
import type { AiPlatform } from "../classify/platforms";
import type { Source } from "../classify/source";
import { aiAgents, type DeviceType } from "../classify/user-agent";
import type { VerificationResult } from "../classify/verification-result";
import type { AgentKind } from "../vocabulary/agent-kinds";
import type { CheckoutOutcome, CommerceProtocol } from "../vocabulary/agentic-checkout";
import { type AttributionBasis, UNATTRIBUTED } from "../vocabulary/attribution-bases";
import type { EventKind } from "../vocabulary/event-kinds";
import type { OrderChannel, ReferralEvidence } from "../vocabulary/order-channels";
import type { PolicyAction } from "../vocabulary/policy-actions";
import type { PolicyPurpose } from "../vocabulary/policy-purposes";
import type { ReportPeriod } from "../vocabulary/report-periods";
import type { Outcome } from "../vocabulary/session-outcomes";

// The words a person reads for each code of the reports' vocabularies: the one place
// every page, CSV, mail and MCP answer written for a person takes them from (docs/app.md
// "Words, not codes"). The API keeps its codes. Each table is a Record over its
// vocabulary's union, so a code added to AI_PLATFORMS, SOURCES, PURPOSES, TIERS,
// OUTCOMES, the detection signals, the click-id platforms or the device types without
// a name here fails the type-check.

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

/** Ad platforms of the paid click ids (click-ids.ts), as their operators write them. */
export const AD_PLATFORM_NAMES: Record<AdPlatform, string> = {
  chatgpt: PLATFORM_NAMES.chatgpt,
  google_ads: "Google Ads",
  microsoft_ads: "Microsoft Advertising",
  meta_ads: "Meta ads",
  tiktok_ads: "TikTok ads",
  linkedin_ads: "LinkedIn ads",
  x_ads: "X ads",
  snapchat_ads: "Snapchat ads",
  pinterest_ads: "Pinterest ads",
  reddit_ads: "Reddit ads",
  outbrain: "Outbrain",
  taboola: "Taboola",
  yandex_ads: "Yandex Direct",
};

export const SOURCE_NAMES: Record<Source, string> = {
  // Software acting, crawls included: never "visit", a word for people (docs/metrics.md).
  ai_assistant_session: "AI agent (software acting)",
  paid: "Paid ad",
  ai_assistant_link: "Link from an AI assistant",
  tagged: "Tagged campaign (UTM)",
  search: "Search engine",
  referral: "Link from another site",
  direct: "Direct (no referrer)",
};

export const PURPOSE_NAMES: Record<Purpose, string> = {
  user_action: "Acting for a person",
  search: "Search fetch (AI search index)",
  crawl: "Crawl (indexing or training)",
  unknown: "Not stated",
};

/** The agent policy's purposes (shared/policy/policy-schema.ts): the reports' four, with browser agents apart. */
export const POLICY_PURPOSE_NAMES: Record<PolicyPurpose, string> = {
  crawl: "Training crawl",
  search: "AI search",
  user_action: "Acting for a person",
  agentic_browser: "Agentic browser",
  unknown: "Purpose not stated",
};

export const POLICY_ACTION_NAMES: Record<PolicyAction, string> = {
  allow: "Allow",
  block: "Block",
  obey_robots: "Obey robots.txt",
};

export const TIER_NAMES: Record<Tier, string> = {
  verified: "Verified",
  declared: "Declared",
  heuristic: "Inferred",
};

/** Whether an agent's identity was checked and how it came out (verification-result.ts). */
export const VERIFICATION_NAMES: Record<VerificationResult, string> = {
  verified: "Verified",
  failed: "Failed verification (likely spoofed)",
  unavailable: "Cannot be verified",
  unchecked: "Declared, not checked",
  inferred: "Inferred",
};

export const OUTCOME_NAMES: Record<Outcome, string> = {
  completed: "Purchased",
  abandoned: "Left the cart",
  not_attempted: "No purchase attempt",
  not_applicable: "No shopping (a crawl or search fetch)",
};

/** What an AI-agent session was (shared/vocabulary/agent-kinds.ts). */
export const AGENT_KIND_NAMES: Record<AgentKind, string> = {
  crawl: "Crawl (indexing or training)",
  search_fetch: "Search fetch (AI search index)",
  assistant_fetch: "Assistant fetching for a person",
  agentic_browser: "Agentic browser acting for a person",
  unstated: "AI agent, purpose not stated",
};

export function agentKindName(code: AgentKind): string {
  return AGENT_KIND_NAMES[code];
}

/** How an agent was recognised (agent-identity.ts `DetectionSignal`), one phrase each. */
export const SIGNAL_NAMES: Record<DetectionSignal, string> = {
  signature_verified: "signed request verified against its operator's published keys",
  known_ip_range: "came from an address its operator publishes",
  address_from_merchant_logs: "that address is the shop's own logs' word, not a connection this service saw",
  reverse_dns: "its address's reverse DNS name belongs to its operator",
  declared_user_agent: "names itself in its User-Agent",
  declared_ucp_agent: "names itself in a UCP-Agent header",
  signature_unlisted: "signed with a key no known operator publishes",
  automation_flag: "the browser reports automated control",
  behaviour: "software was seen driving the page",
  signature_agent_dictionary: "named its signing keys in a Signature-Agent dictionary (Web Bot Auth draft -01)",
  signature_agent_string: "named its signing keys in a Signature-Agent string (Cloudflare's form)",
  verification_failed: "failed its operator's published check: likely spoofed",
  verification_unavailable: "its operator publishes no way to verify it",
};

/** A session's client as the device detection gives it (user-agent.ts `deviceInfo`). */
export const DEVICE_NAMES: Record<DeviceType, string> = {
  desktop: "desktop",
  mobile: "mobile",
  tablet: "tablet",
  bot: "software without a browser",
};

/** What a session's events were (shared/vocabulary/event-kinds.ts), as a journey lists them. */
export const EVENT_NAMES: Record<EventKind, string> = {
  pageview: "Viewed a page",
  leave: "Left a page",
  add_to_cart: "Added to cart",
  begin_checkout: "Began checkout",
  purchase: "Purchased",
  interaction: "Clicked or submitted",
  agent_submit: "An agent submitted a form (WebMCP)",
  tool_activated: "An agent filled in a form tool (WebMCP)",
  tool_canceled: "An agent's form tool was canceled (WebMCP)",
  request: "Requested a page (server-side record)",
};

/** An event kind in words; a kind this table does not know is shown as it is. */
export function eventName(code: string): string {
  return lookup(EVENT_NAMES, code) ?? code;
}

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

/** The channels of the orders report (shared/vocabulary/order-channels.ts). */
export const CHANNEL_NAMES: Record<OrderChannel, string> = {
  agent_checkout: "Orders placed by agents",
  agent_browser: "Orders where an agent in the browser submitted the cart or checkout",
  ai_referral: "Orders by people referred by an AI assistant",
  other: "Other orders",
};

export const PROTOCOL_NAMES: Record<CommerceProtocol, string> = {
  acp: "Agentic Commerce Protocol (ACP)",
  ucp: "Universal Commerce Protocol (UCP)",
};

export const CHECKOUT_OUTCOME_NAMES: Record<CheckoutOutcome, string> = {
  completed: "completed",
  canceled: "canceled",
  failed: "failed",
};

/** What made an order an AI referral. */
export const EVIDENCE_NAMES: Record<ReferralEvidence, string> = {
  click_id: "an AI platform's click id",
  utm: "an AI assistant's UTM source",
  session: "the visit came from an AI assistant",
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

/**
 * A source's detail: platform names for the AI sources, the ad platform's name for a
 * paid click id, the host or the campaign's own label otherwise.
 */
export function subSourceName(source: string, subSource: string | null): string {
  if (subSource === null) return "–";
  if (source === "ai_assistant_session" || source === "ai_assistant_link") return platformName(subSource);
  if (source === "paid") return lookup(AD_PLATFORM_NAMES, subSource) ?? subSource;
  return subSource;
}

/** "Paid ad · ChatGPT", "Search engine · google.com", "Direct (no referrer)": a source with its detail. */
export function sourceWithDetail(source: string, subSource: string | null): string {
  return subSource === null ? sourceName(source) : `${sourceName(source)} · ${subSourceName(source, subSource)}`;
}

// Every spelling of every agent's product token, lowercased (as the agent reports and
// drains store it), to the spelling its operator documents: `gptbot` is "GPTBot".
const AGENT_SPELLINGS = new Map(
  aiAgents.flatMap((a) => [a.token, ...(a.aliases ?? [])].map((s) => [s.toLowerCase(), a.token] as const)),
);

/**
 * An agent as its operator spells it. The agent reports name an agent by its
 * lowercased product token, or by its platform when only a signature named it.
 */
export function agentName(code: string): string {
  return AGENT_SPELLINGS.get(code.toLowerCase()) ?? platformName(code);
}

/** The detection signals of a session in words, in the order given; "none" when there are none. */
export function signalsText(signals: readonly string[]): string {
  if (signals.length === 0) return "none";
  return signals.map((s) => lookup(SIGNAL_NAMES, s) ?? s).join("; ");
}

/**
 * Confidence in an agent's identity (agent-identity.ts: 0.99 signed, 0.95 published
 * addresses, 0.6 declared, 0.3 inferred, 0.1 a token that never makes requests) as a
 * word and a percentage: "high (95%)".
 */
export function confidenceText(confidence: number | null): string {
  if (confidence === null) return "–";
  const word = confidence >= 0.9 ? "high" : confidence >= 0.5 ? "medium" : "low";
  return `${word} (${Math.round(confidence * 100)}%)`;
}

/** "Chrome · macOS · desktop": the client of a session; "unknown" when nothing was detected. */
export function clientText(browser: string | null, os: string | null, deviceType: string | null): string {
  const device = deviceType === null ? null : (lookup(DEVICE_NAMES, deviceType) ?? deviceType);
  return [browser, os, device].filter(Boolean).join(" · ") || "unknown";
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

/**
 * The agent of an agentic checkout in words: "ChatGPT (ChatGPT-User), verified",
 * "Other AI (platform.example), declared", "an unidentified agent".
 */
export function checkoutAgentText(platform: string | null, agent: string | null, tier: Tier | null): string {
  if (platform === null && agent === null) return "an unidentified agent";
  const who = platform === null ? agentName(agent as string) : platformName(platform);
  const named = agent && platform !== null ? `${who} (${agentName(agent)})` : who;
  return tier === null ? named : `${named}, ${TIER_NAMES[tier].toLowerCase()}`;
}

/** "a ChatGPT session", "an Other AI session": the article follows the name's first letter. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}
