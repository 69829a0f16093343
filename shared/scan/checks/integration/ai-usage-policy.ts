import { namesAgent } from "../../robots/is-allowed";
import { parseRobots } from "../../robots/parse-robots";
import type { CheckDefinition } from "../../types";
import { blockedBy, isOk, looksLikeHtml } from "../check-helpers";

// AI training crawlers a policy can name (operators' crawler documentation: OpenAI GPTBot,
// Anthropic ClaudeBot, Google-Extended, Common Crawl CCBot, Applebot-Extended, ByteDance
// Bytespider, Meta meta-externalagent, Amazon Amazonbot).
const TRAINING_CRAWLERS = [
  "GPTBot",
  "ClaudeBot",
  "anthropic-ai",
  "Google-Extended",
  "CCBot",
  "Applebot-Extended",
  "Bytespider",
  "meta-externalagent",
  "Amazonbot",
];

export const aiUsagePolicy: CheckDefinition = {
  key: "ai_usage_policy",
  layer: 5,
  weight: 1,
  run(site) {
    const f = site.robots;
    const blocked = blockedBy(f, "robots.txt");
    if (blocked) return blocked;
    if (!isOk(f) || looksLikeHtml(f)) {
      return {
        status: "fail",
        message: "No robots.txt, so no AI usage policy is stated.",
        fix: "State your AI policy in robots.txt: a Content-Signal line (search=yes, ai-train=no, ...) and groups for AI crawlers.",
        evidence: { status: f?.status ?? 0 },
      };
    }
    const robots = parseRobots(f.body);
    const signals = robots.other.filter((r) => r.key === "content-signal").map((r) => r.value);
    const named = TRAINING_CRAWLERS.filter((a) => namesAgent(robots, a));
    const evidence = { contentSignal: signals, namedCrawlers: named };
    if (signals.length > 0 || named.length > 0) {
      return {
        status: "pass",
        message: `robots.txt states an AI policy${signals.length ? ` (Content-Signal: ${signals[0]})` : ""}${named.length ? `${signals.length ? " and" : ""} with groups for ${named.join(", ")}` : ""}.`,
        evidence,
      };
    }
    return {
      status: "fail",
      message: "robots.txt has no AI-specific statement: no Content-Signal and no group naming an AI training crawler.",
      fix: 'Add "Content-Signal: search=yes, ai-input=yes, ai-train=no" and explicit groups such as "User-agent: GPTBot".',
      evidence,
    };
  },
};
