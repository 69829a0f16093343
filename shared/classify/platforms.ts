// Platforms of AI assistants (docs/decisions.md#7-conversions-and-attribution, the contract's list): the `agent_platform`
// of a session and the platform of an AI referral. Operators the list does not name are
// reported as `other_ai`.
export const AI_PLATFORMS = [
  "chatgpt",
  "claude",
  "perplexity",
  "gemini",
  "copilot",
  "meta_ai",
  "grok",
  "deepseek",
  "mistral",
  "you",
  "duckassist",
  "amazon",
  "apple",
  "bytedance",
  "common_crawl",
  "other_ai",
] as const;

export type AiPlatform = (typeof AI_PLATFORMS)[number];
