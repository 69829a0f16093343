// AI agent catalogue, part 1: agents whose operator documents them. One entry per
// User-Agent product token: operator, platform (decisions §7), purpose and the source
// of both. Part 2 (agents-listed.ts) holds agents known from ai.robots.txt and the
// peers' labelled data. How tokens are matched: user-agent.ts.
//
// Purpose (contract "Purpose split"): from the operator's own words where it states a
// use, else `unknown`, never guessed. Mapping (traffic-facts §2): a training or
// data-collection crawl with no human in the loop → crawl; an AI search indexer →
// search; a fetch or browser agent acting on a live user request → user_action.

import type { AiPlatform } from "./platforms";

export type Purpose = "user_action" | "search" | "crawl" | "unknown";

/**
 * Where an entry's identity and purpose come from, strongest first: the operator's
 * documentation (`vendor`), the ai.robots.txt list's record of the operator's stated
 * use (`ai-robots`), or a peer's labelled data (`peer`, purpose then `unknown` unless
 * the operator's name for the agent states it).
 */
export type AgentSource = "vendor" | "ai-robots" | "peer";

export interface AgentEntry {
  /** Product token, matched case-insensitively as a product token (user-agent.ts). */
  token: string;
  /** Other spellings of the same product token seen on the wire. */
  aliases?: readonly string[];
  operator: string;
  platform: AiPlatform;
  purpose: Purpose;
  source: AgentSource;
  /** The document the entry rests on (vendor page, or the list it comes from). */
  ref: string;
  /** Vendor IP-range list ids (ip-range-sources.ts) that can verify this token. */
  ipLists?: readonly string[];
  /** robots.txt control tokens that never make requests: a UA claiming one is spoofed. */
  robotsOnly?: true;
  /** A token an unrelated bot also uses: the entry matches only when the UA also matches this. */
  onlyWith?: RegExp;
  /** ... or never when the UA matches this. */
  notWith?: RegExp;
}

/** ai.robots.txt robots.json @ 738c80df (2026-08-22), MIT: the list the `ai-robots` entries rest on. */
export const AI_ROBOTS_REF = "ai-robots-txt/ai.robots.txt robots.json @738c80df";

const openai = (path: string) => `https://openai.com/${path}`;
const GOOGLE_CRAWLERS = "https://developers.google.com/crawling/docs/crawlers-fetchers";
const META_CRAWLERS = "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers";
const AMAZON_BOTS = "https://developer.amazon.com/amazonbot";
const ANTHROPIC_BOTS = "https://support.claude.com (Does Anthropic crawl data from the web)";

export const vendorAgents: readonly AgentEntry[] = [
  // OpenAI: platform.openai.com/docs/bots, help.openai.com/en/articles/11845367.
  {
    token: "GPTBot",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "crawl",
    source: "vendor",
    ref: openai("gptbot"),
    ipLists: ["openai-gptbot"],
  },
  {
    token: "OAI-SearchBot",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "search",
    source: "vendor",
    ref: openai("searchbot"),
    ipLists: ["openai-searchbot"],
  },
  {
    token: "ChatGPT-User",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "user_action",
    source: "vendor",
    ref: openai("bot"),
    ipLists: ["openai-chatgpt-user"],
  },
  {
    token: "OAI-AdsBot",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "crawl",
    source: "vendor",
    ref: openai("adsbot"),
  },
  {
    token: "ChatGPT Agent",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "user_action",
    source: "vendor",
    ref: "https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting",
  },
  {
    token: "Operator",
    operator: "OpenAI",
    platform: "chatgpt",
    purpose: "user_action",
    source: "vendor",
    ref: "https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting (Operator, deprecated 2025-08-31)",
  },
  // Anthropic: one IP list for all its bots (traffic-facts §0.7).
  {
    token: "ClaudeBot",
    operator: "Anthropic",
    platform: "claude",
    purpose: "crawl",
    source: "vendor",
    ref: ANTHROPIC_BOTS,
    ipLists: ["anthropic-bots"],
  },
  {
    token: "Claude-SearchBot",
    operator: "Anthropic",
    platform: "claude",
    purpose: "search",
    source: "vendor",
    ref: ANTHROPIC_BOTS,
    ipLists: ["anthropic-bots"],
  },
  {
    token: "Claude-User",
    operator: "Anthropic",
    platform: "claude",
    purpose: "user_action",
    source: "vendor",
    ref: ANTHROPIC_BOTS,
    ipLists: ["anthropic-bots"],
  },
  // Claude Code fetches as `Claude-User (claude-code/…)` (traffic-facts §2): a user's tool.
  {
    token: "Claude-Code",

    operator: "Anthropic",
    platform: "claude",
    purpose: "user_action",
    source: "vendor",
    ref: ANTHROPIC_BOTS,
    ipLists: ["anthropic-bots"],
  },
  // Perplexity: docs.perplexity.ai/guides/bots.
  {
    token: "PerplexityBot",
    operator: "Perplexity",
    platform: "perplexity",
    purpose: "search",
    source: "vendor",
    ref: "https://perplexity.ai/perplexitybot",
    ipLists: ["perplexity-bot"],
  },
  {
    token: "Perplexity-User",
    operator: "Perplexity",
    platform: "perplexity",
    purpose: "user_action",
    source: "vendor",
    ref: "https://perplexity.ai/perplexity-user",
    ipLists: ["perplexity-user"],
  },
  // Google: robots-only tokens never make requests (traffic-facts §0.6).
  {
    token: "Google-Extended",
    operator: "Google",
    platform: "gemini",
    purpose: "unknown",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-common-crawlers`,
    robotsOnly: true,
  },
  {
    token: "Google-Agent",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-agent`,
    ipLists: ["google-user-triggered-agents"],
  },
  {
    token: "GoogleAgent-Mariner",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-agent`,
    ipLists: ["google-user-triggered-agents", "google-user-triggered-fetchers-google"],
  },
  {
    token: "GoogleAgent-URLContext",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-user-triggered-fetchers`,
    ipLists: ["google-user-triggered-fetchers-google"],
  },
  {
    token: "Gemini-Deep-Research",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-user-triggered-fetchers`,
    ipLists: ["google-user-triggered-fetchers-google"],
  },
  {
    token: "Google-NotebookLM",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-user-triggered-fetchers (retired Aug 2026)`,
    ipLists: ["google-user-triggered-fetchers-google"],
  },
  {
    token: "NotebookLM",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-user-triggered-fetchers`,
    ipLists: ["google-user-triggered-fetchers-google"],
  },
  {
    token: "Google-GeminiNotebook",
    operator: "Google",
    platform: "gemini",
    purpose: "user_action",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-gemininotebook`,
    ipLists: ["google-user-triggered-fetchers-google"],
  },
  {
    token: "Google-CloudVertexBot",
    aliases: ["CloudVertexBot"],
    operator: "Google",
    platform: "gemini",
    purpose: "crawl",
    source: "vendor",
    ref: `${GOOGLE_CRAWLERS}/google-special-case-crawlers`,
    ipLists: ["google-special-crawlers"],
  },
  // Microsoft: Copilot has no fetcher of its own (traffic-facts §2).
  {
    token: "AzureAI-SearchBot",
    operator: "Microsoft",
    platform: "other_ai",
    purpose: "search",
    source: "vendor",
    ref: "cloudflare-docs ai-crawl-control/reference/bots.mdx (AI Search)",
  },
  // Meta. `facebookexternalhit` is the link previewer, not AI (automation.ts).
  {
    token: "meta-externalagent",
    operator: "Meta",
    platform: "meta_ai",
    purpose: "crawl",
    source: "vendor",
    ref: META_CRAWLERS,
  },
  {
    token: "meta-externalfetcher",
    operator: "Meta",
    platform: "meta_ai",
    purpose: "user_action",
    source: "vendor",
    ref: META_CRAWLERS,
  },
  {
    token: "meta-webindexer",
    operator: "Meta",
    platform: "meta_ai",
    purpose: "search",
    source: "vendor",
    ref: META_CRAWLERS,
  },
  {
    token: "FacebookBot",
    operator: "Meta",
    platform: "meta_ai",
    purpose: "crawl",
    source: "vendor",
    ref: META_CRAWLERS,
  },
  // Apple: applebot.json + FCrDNS; Applebot-Extended is robots-only.
  {
    token: "Applebot",
    operator: "Apple",
    platform: "apple",
    purpose: "search",
    source: "vendor",
    ref: "https://support.apple.com/en-us/119829",
    ipLists: ["apple-applebot"],
  },
  {
    token: "Applebot-Extended",
    operator: "Apple",
    platform: "apple",
    purpose: "unknown",
    source: "vendor",
    ref: "https://support.apple.com/en-us/119829",
    robotsOnly: true,
  },
  // Amazon: developer.amazon.com/amazonbot (IP lists published as HTML pages only).
  { token: "Amazonbot", operator: "Amazon", platform: "amazon", purpose: "crawl", source: "vendor", ref: AMAZON_BOTS },
  {
    token: "Amzn-SearchBot",
    operator: "Amazon",
    platform: "amazon",
    purpose: "search",
    source: "vendor",
    ref: AMAZON_BOTS,
  },
  {
    token: "Amzn-User",
    operator: "Amazon",
    platform: "amazon",
    purpose: "user_action",
    source: "vendor",
    ref: AMAZON_BOTS,
  },
  {
    token: "NovaAct",

    operator: "Amazon",
    platform: "amazon",
    purpose: "user_action",
    source: "vendor",
    ref: "https://nova.amazon.com/act",
  },
  // Seen on the wire as `Agent/AmazonBuyForMe`.
  {
    token: "AmazonBuyForMe",
    aliases: ["Agent/AmazonBuyForMe"],
    operator: "Amazon",
    platform: "amazon",
    purpose: "user_action",
    source: "vendor",
    ref: AMAZON_BOTS,
  },
  // ByteDance.
  {
    token: "Bytespider",
    operator: "ByteDance",
    platform: "bytedance",
    purpose: "crawl",
    source: "vendor",
    ref: "cloudflare-docs ai-crawl-control/reference/bots.mdx (AI Crawler)",
  },
  {
    token: "TikTokSpider",
    operator: "ByteDance",
    platform: "bytedance",
    purpose: "crawl",
    source: "vendor",
    ref: "cloudflare-docs ai-crawl-control/reference/bots.mdx (AI Crawler)",
  },
  // Common Crawl.
  {
    token: "CCBot",
    operator: "Common Crawl",
    platform: "common_crawl",
    purpose: "crawl",
    source: "vendor",
    ref: "https://commoncrawl.org/ccbot",
    ipLists: ["commoncrawl-ccbot"],
  },
  // Mistral: docs.mistral.ai/robots names both agents and their uses.
  {
    token: "MistralAI-User",
    operator: "Mistral AI",
    platform: "mistral",
    purpose: "user_action",
    source: "vendor",
    ref: "https://docs.mistral.ai/robots",
  },
  {
    token: "MistralAI-Index",
    operator: "Mistral AI",
    platform: "mistral",
    purpose: "search",
    source: "vendor",
    ref: "https://docs.mistral.ai/robots",
  },
  // DuckDuckGo: real-time fetch for AI-assisted answers.
  {
    token: "DuckAssistBot",
    operator: "DuckDuckGo",
    platform: "duckassist",
    purpose: "user_action",
    source: "vendor",
    ref: "https://duckduckgo.com/duckassistbot",
    ipLists: ["duckduckgo-duckassistbot"],
  },
  {
    token: "YouBot",
    operator: "You.com",
    platform: "you",
    purpose: "search",
    source: "vendor",
    ref: "https://about.you.com/youbot/",
  },
  // Cohere.
  {
    token: "cohere-ai",
    operator: "Cohere",
    platform: "other_ai",
    purpose: "user_action",
    source: "vendor",
    ref: "https://cohere.com (cohere-ai: user-prompted retrieval)",
  },
  {
    token: "cohere-training-data-crawler",
    operator: "Cohere",
    platform: "other_ai",
    purpose: "crawl",
    source: "vendor",
    ref: "https://cohere.com (training-data crawler)",
  },
  {
    token: "DeepSeekBot",
    operator: "DeepSeek",
    platform: "deepseek",
    purpose: "crawl",
    source: "vendor",
    ref: "https://www.deepseek.com/bot",
  },
  // Moonshot AI publishes one crawler policy for its three agents.
  {
    token: "Kimi-User",
    operator: "Moonshot AI",
    platform: "other_ai",
    purpose: "user_action",
    source: "vendor",
    ref: "https://www.kimi.com/policies/kimi-crawlers",
  },
];

/**
 * Web Bot Auth `Signature-Agent` origins → platform (traffic-facts §4.5 step 5). A valid
 * signature from an origin not listed here proves control of that origin only: it is
 * recorded as `other_ai` (docs/decisions.md, Ingest).
 */
export const signatureAgents: Readonly<Record<string, { platform: AiPlatform; purpose: Purpose }>> = {
  "https://chatgpt.com": { platform: "chatgpt", purpose: "user_action" },
  "https://agent.bot.goog": { platform: "gemini", purpose: "user_action" },
};
