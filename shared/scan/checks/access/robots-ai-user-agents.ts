import { defineCheck } from "../define-check";
import { robotsVerdict } from "./robots-agents";

// User-initiated fetchers: what ChatGPT, Claude and Perplexity send when a person asks
// them to open a page (openai.com/bots, support.anthropic.com crawler docs,
// docs.perplexity.ai/guides/bots).
export const AI_USER_AGENTS = ["ChatGPT-User", "Claude-User", "Perplexity-User"] as const;

export const robotsAiUserAgents = defineCheck({
  key: "robots_ai_user_agents",
  layer: 1,
  weight: 3,
  run: (site) => robotsVerdict(site, AI_USER_AGENTS, "assistants acting for a shopper cannot open those pages"),
});
