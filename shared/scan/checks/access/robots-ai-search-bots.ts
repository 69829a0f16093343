import { defineCheck } from "../define-check";
import { robotsVerdict } from "./robots-agents";

// AI search indexers (openai.com/bots, Anthropic and Perplexity crawler documentation).
export const AI_SEARCH_BOTS = ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot"] as const;

export const robotsAiSearchBots = defineCheck({
  key: "robots_ai_search_bots",
  layer: 1,
  weight: 2,
  run: (site) => robotsVerdict(site, AI_SEARCH_BOTS, "AI search engines will not list those pages"),
});
