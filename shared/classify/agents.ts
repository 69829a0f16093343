// AI agent catalogue, part 1: agents whose operator documents them. One entry per
// User-Agent product token: operator, platform (docs/decisions.md#7-conversions-and-attribution), purpose and the source
// of both. Part 2 (agents-listed.ts) holds agents known from ai.robots.txt and the
// peers' labelled data. How tokens are matched: user-agent.ts.
//
// Purpose (contract "Purpose split"): from the operator's own words where it states a
// use, else `unknown`, never guessed. Mapping (traffic-facts §2): a training or
// data-collection crawl with no human in the loop → crawl; an AI search indexer →
// search; a fetch or browser agent acting on a live user request → user_action.

import type { AiPlatform } from "./platforms";

/** Agent purposes (contract: purpose split), declared once; reports and zod enums use this list. */
export const PURPOSES = ["user_action", "search", "crawl", "unknown"] as const;
export type Purpose = (typeof PURPOSES)[number];

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
  /**
   * Domains whose forward-confirmed reverse DNS the operator documents as verification
   * (shared/verification/reverse-dns.ts): the client IP's PTR name under one of them,
   * resolving back to the IP.
   */
  rdns?: readonly string[];
  /** robots.txt control tokens that never make requests: a UA claiming one is spoofed. */
  robotsOnly?: true;
  /** A token an unrelated bot also uses: the entry matches only when the UA also matches this. */
  onlyWith?: RegExp;
  /** ... or never when the UA matches this. */
  notWith?: RegExp;
}

/** ai.robots.txt robots.json @ 738c80df (2026-08-22), MIT: the list the `ai-robots` entries rest on. */
export const AI_ROBOTS_REF = "ai-robots-txt/ai.robots.txt robots.json @738c80df";

/** Entries of one operator, documented by that operator: `(token, purpose, extra)`. */
function documentedBy(operator: string, platform: AiPlatform, ref: string) {
  return (token: string, purpose: Purpose, extra: Partial<AgentEntry> = {}): AgentEntry => ({
    token,
    operator,
    platform,
    purpose,
    source: "vendor",
    ref,
    ...extra,
  });
}

const GOOGLE_CRAWLERS = "https://developers.google.com/crawling/docs/crawlers-fetchers";
const openai = documentedBy("OpenAI", "chatgpt", "https://platform.openai.com/docs/bots");
const anthropic = documentedBy("Anthropic", "claude", "https://support.claude.com (Anthropic's crawlers)");
const perplexity = documentedBy("Perplexity", "perplexity", "https://docs.perplexity.ai/guides/bots");
const google = (page: string) => documentedBy("Google", "gemini", `${GOOGLE_CRAWLERS}/${page}`);
const meta = documentedBy("Meta", "meta_ai", "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers");
const apple = documentedBy("Apple", "apple", "https://support.apple.com/en-us/119829");
const amazon = documentedBy("Amazon", "amazon", "https://developer.amazon.com/amazonbot");
const bytedance = documentedBy("ByteDance", "bytedance", "cloudflare-docs ai-crawl-control/reference/bots.mdx");
const mistral = documentedBy("Mistral AI", "mistral", "https://docs.mistral.ai/robots");
const kimi = documentedBy("Moonshot AI", "other_ai", "https://www.kimi.com/policies/kimi-crawlers");
const cohere = documentedBy(
  "Cohere",
  "other_ai",
  "https://cohere.com (its crawler statements, as ai.robots.txt quotes them)",
);

const ANTHROPIC_IPS = { ipLists: ["anthropic-bots"] };
// Google: "Verifying Googlebot and other Google crawlers" — reverse DNS under
// googlebot.com, google.com or googleusercontent.com, then a forward lookup to the same
// IP, for every Google crawler and fetcher
// (https://developers.google.com/crawling/docs/crawlers-fetchers/verify-google-requests).
const GOOGLE_RDNS = ["googlebot.com", "google.com", "googleusercontent.com"];
const GOOGLE_FETCHER_IPS = { ipLists: ["google-user-triggered-fetchers-google"], rdns: GOOGLE_RDNS };

export const vendorAgents: readonly AgentEntry[] = [
  openai("GPTBot", "crawl", { ipLists: ["openai-gptbot"] }),
  openai("OAI-SearchBot", "search", { ipLists: ["openai-searchbot"] }),
  openai("ChatGPT-User", "user_action", { ipLists: ["openai-chatgpt-user"] }),
  openai("OAI-AdsBot", "crawl"),
  // ChatGPT agent (formerly Operator, deprecated 2025-08-31) browses for its user.
  openai("ChatGPT Agent", "user_action", { ref: "https://help.openai.com/en/articles/11845367" }),
  openai("Operator", "user_action", { ref: "https://help.openai.com/en/articles/11845367" }),
  // Anthropic publishes one IP list for all its bots (traffic-facts §0.7). Claude Code
  // fetches as `Claude-User (claude-code/…)`: a user's tool (traffic-facts §2).
  anthropic("ClaudeBot", "crawl", ANTHROPIC_IPS),
  anthropic("Claude-SearchBot", "search", ANTHROPIC_IPS),
  anthropic("Claude-User", "user_action", ANTHROPIC_IPS),
  anthropic("Claude-Code", "user_action", ANTHROPIC_IPS),
  perplexity("PerplexityBot", "search", { ipLists: ["perplexity-bot"] }),
  perplexity("Perplexity-User", "user_action", { ipLists: ["perplexity-user"] }),
  // robots.txt-only tokens never make requests (traffic-facts §0.6).
  google("google-common-crawlers")("Google-Extended", "unknown", { robotsOnly: true }),
  google("google-agent")("Google-Agent", "user_action", {
    ipLists: ["google-user-triggered-agents"],
    rdns: GOOGLE_RDNS,
  }),
  google("google-agent")("GoogleAgent-Mariner", "user_action", {
    ipLists: ["google-user-triggered-agents", "google-user-triggered-fetchers-google"],
    rdns: GOOGLE_RDNS,
  }),
  google("google-user-triggered-fetchers")("GoogleAgent-URLContext", "user_action", GOOGLE_FETCHER_IPS),
  google("google-user-triggered-fetchers")("Gemini-Deep-Research", "user_action", GOOGLE_FETCHER_IPS),
  // Google-NotebookLM was retired in Aug 2026 in favour of Google-GeminiNotebook.
  google("google-user-triggered-fetchers")("Google-NotebookLM", "user_action", GOOGLE_FETCHER_IPS),
  google("google-user-triggered-fetchers")("NotebookLM", "user_action", GOOGLE_FETCHER_IPS),
  google("google-gemininotebook")("Google-GeminiNotebook", "user_action", GOOGLE_FETCHER_IPS),
  google("google-special-case-crawlers")("Google-CloudVertexBot", "crawl", {
    aliases: ["CloudVertexBot"],
    ipLists: ["google-special-crawlers"],
    rdns: GOOGLE_RDNS,
  }),
  // Microsoft: Copilot has no fetcher of its own (traffic-facts §2).
  documentedBy(
    "Microsoft",
    "other_ai",
    "cloudflare-docs ai-crawl-control/reference/bots.mdx",
  )("AzureAI-SearchBot", "search"),
  // `facebookexternalhit` is Meta's link previewer, not AI (automation.ts).
  meta("meta-externalagent", "crawl"),
  meta("meta-externalfetcher", "user_action"),
  meta("meta-webindexer", "search"),
  meta("FacebookBot", "crawl"),
  // Apple documents both its IP list and reverse DNS under applebot.apple.com.
  apple("Applebot", "search", { ipLists: ["apple-applebot"], rdns: ["applebot.apple.com"] }),
  apple("Applebot-Extended", "unknown", { robotsOnly: true }),
  // Amazon publishes its IP lists as HTML pages only; it documents verification by
  // reverse DNS under crawl.amazonbot.amazon and a forward lookup.
  amazon("Amazonbot", "crawl", { rdns: ["crawl.amazonbot.amazon"] }),
  amazon("Amzn-SearchBot", "search"),
  amazon("Amzn-User", "user_action"),
  amazon("NovaAct", "user_action", { ref: "https://nova.amazon.com/act" }),
  // Seen on the wire as `Agent/AmazonBuyForMe`.
  amazon("AmazonBuyForMe", "user_action", { aliases: ["Agent/AmazonBuyForMe"] }),
  bytedance("Bytespider", "crawl"),
  bytedance("TikTokSpider", "crawl"),
  documentedBy("Common Crawl", "common_crawl", "https://commoncrawl.org/ccbot")("CCBot", "crawl", {
    ipLists: ["commoncrawl-ccbot"],
  }),
  mistral("MistralAI-User", "user_action"),
  mistral("MistralAI-Index", "search"),
  documentedBy("DuckDuckGo", "duckassist", "https://duckduckgo.com/duckassistbot")("DuckAssistBot", "user_action", {
    ipLists: ["duckduckgo-duckassistbot"],
  }),
  documentedBy("You.com", "you", "https://about.you.com/youbot/")("YouBot", "search"),
  cohere("cohere-ai", "user_action"),
  cohere("cohere-training-data-crawler", "crawl"),
  documentedBy("DeepSeek", "deepseek", "https://www.deepseek.com/bot")("DeepSeekBot", "crawl"),
  // Moonshot AI's crawler page: KimiBot gathers training data, Kimi-SearchBot builds the
  // search index, Kimi-User fetches on a user's request.
  kimi("KimiBot", "crawl"),
  kimi("Kimi-SearchBot", "search"),
  kimi("Kimi-User", "user_action"),
  // Smaller operators' own crawler pages.
  documentedBy("ImageSift", "other_ai", "https://imagesift.com/about")("ImagesiftBot", "crawl"),
  documentedBy("Ibou", "other_ai", "https://ibou.io/iboubot.html")("IbouBot", "search"),
  documentedBy(
    "ProRata.ai (Gist)",
    "other_ai",
    "https://platform.gist.ai/docs/prorata-ai-crawler-bot",
  )("ProRataInc", "search"),
];
