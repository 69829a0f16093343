// AI agent catalogue: User-Agent product token → platform, purpose, IP-range list.
// Source: ../shared/spec/traffic-facts.md §2, itself from vendor docs (openai.com/bot,
// docs.anthropic.com, perplexity.ai/perplexitybot, developers.google.com/crawling,
// developer.amazon.com/amazonbot, developers.facebook.com/docs/sharing/webmasters/crawler)
// and cloudflare-docs ai-crawl-control/reference/bots.mdx. Purpose rule (§2): training
// or indexing crawl → crawl, AI search indexer → search, user-triggered fetcher or
// browser agent → user_action, undocumented → unknown.

export type Purpose = "user_action" | "search" | "crawl" | "unknown";

export interface AgentEntry {
  /** Product token, matched case-insensitively as a whole token, version ignored. */
  token: string;
  platform: string;
  purpose: Purpose;
  /** Vendor IP-range list ids (ip-range-sources.ts) that can verify this token. */
  ipLists: readonly string[];
  /** robots.txt control tokens that never make requests: a UA claiming one is spoofed. */
  robotsOnly?: true;
}

export const aiAgents: readonly AgentEntry[] = [
  { token: "GPTBot", platform: "chatgpt", purpose: "crawl", ipLists: ["openai-gptbot"] },
  { token: "OAI-SearchBot", platform: "chatgpt", purpose: "search", ipLists: ["openai-searchbot"] },
  { token: "ChatGPT-User", platform: "chatgpt", purpose: "user_action", ipLists: ["openai-chatgpt-user"] },
  { token: "OAI-AdsBot", platform: "chatgpt", purpose: "crawl", ipLists: [] },
  { token: "ClaudeBot", platform: "claude", purpose: "crawl", ipLists: ["anthropic-bots"] },
  { token: "Claude-SearchBot", platform: "claude", purpose: "search", ipLists: ["anthropic-bots"] },
  { token: "Claude-User", platform: "claude", purpose: "user_action", ipLists: ["anthropic-bots"] },
  { token: "anthropic-ai", platform: "claude", purpose: "unknown", ipLists: [] },
  { token: "Claude-Web", platform: "claude", purpose: "unknown", ipLists: [] },
  { token: "PerplexityBot", platform: "perplexity", purpose: "search", ipLists: ["perplexity-bot"] },
  { token: "Perplexity-User", platform: "perplexity", purpose: "user_action", ipLists: ["perplexity-user"] },
  { token: "Google-Extended", platform: "gemini", purpose: "unknown", ipLists: [], robotsOnly: true },
  { token: "Google-Agent", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "GoogleAgent-Mariner", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "GoogleAgent-URLContext", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "Gemini-Deep-Research", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "Google-NotebookLM", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "Google-GeminiNotebook", platform: "gemini", purpose: "user_action", ipLists: ["google-user-triggered"] },
  { token: "Google-CloudVertexBot", platform: "gemini", purpose: "crawl", ipLists: [] },
  { token: "AzureAI-SearchBot", platform: "other_ai", purpose: "search", ipLists: [] },
  { token: "meta-externalagent", platform: "meta_ai", purpose: "crawl", ipLists: [] },
  { token: "meta-externalfetcher", platform: "meta_ai", purpose: "user_action", ipLists: [] },
  { token: "meta-webindexer", platform: "meta_ai", purpose: "search", ipLists: [] },
  { token: "FacebookBot", platform: "meta_ai", purpose: "crawl", ipLists: [] },
  { token: "Applebot", platform: "apple", purpose: "search", ipLists: ["apple-applebot"] },
  { token: "Applebot-Extended", platform: "apple", purpose: "unknown", ipLists: [], robotsOnly: true },
  { token: "Amazonbot", platform: "amazon", purpose: "crawl", ipLists: [] },
  { token: "Amzn-SearchBot", platform: "amazon", purpose: "search", ipLists: [] },
  { token: "Amzn-User", platform: "amazon", purpose: "user_action", ipLists: [] },
  { token: "NovaAct", platform: "amazon", purpose: "user_action", ipLists: [] },
  { token: "AmazonBuyForMe", platform: "amazon", purpose: "user_action", ipLists: [] },
  { token: "Bytespider", platform: "bytedance", purpose: "crawl", ipLists: [] },
  { token: "TikTokSpider", platform: "bytedance", purpose: "crawl", ipLists: [] },
  { token: "CCBot", platform: "common_crawl", purpose: "crawl", ipLists: ["commoncrawl-ccbot"] },
  { token: "MistralAI-User", platform: "mistral", purpose: "user_action", ipLists: [] },
  { token: "DuckAssistBot", platform: "duckassist", purpose: "user_action", ipLists: ["duckduckgo-duckassistbot"] },
  { token: "YouBot", platform: "you", purpose: "search", ipLists: [] },
  { token: "cohere-ai", platform: "other_ai", purpose: "user_action", ipLists: [] },
  { token: "cohere-training-data-crawler", platform: "other_ai", purpose: "crawl", ipLists: [] },
  { token: "DeepSeekBot", platform: "deepseek", purpose: "crawl", ipLists: [] },
  { token: "Kimi-User", platform: "other_ai", purpose: "user_action", ipLists: [] },
  { token: "Manus-User", platform: "other_ai", purpose: "user_action", ipLists: [] },
  { token: "PhindBot", platform: "other_ai", purpose: "search", ipLists: [] },
  { token: "TavilyBot", platform: "other_ai", purpose: "search", ipLists: [] },
  { token: "ExaBot", platform: "other_ai", purpose: "search", ipLists: [] },
  { token: "FirecrawlAgent", platform: "other_ai", purpose: "user_action", ipLists: [] },
];

/**
 * Web Bot Auth `Signature-Agent` origins → platform (traffic-facts §4.5 step 5). A valid
 * signature from an origin not listed here proves control of that origin only: it is
 * recorded as `other_ai` (docs/decisions.md, Ingest).
 */
export const signatureAgents: Readonly<Record<string, { platform: string; purpose: Purpose }>> = {
  "https://chatgpt.com": { platform: "chatgpt", purpose: "user_action" },
  "https://agent.bot.goog": { platform: "gemini", purpose: "user_action" },
};
