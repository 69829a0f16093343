import { namesAgent } from "../../../robots/is-allowed";
import { parseRobots } from "../../../robots/parse-robots";
import { blockedBy, isOk, looksLikeHtml } from "../check-helpers";
import { defineCheck } from "../define-check";
import { contentUsageHeader, parseContentUsage } from "./content-usage";

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

// A policy is stated in robots.txt (Cloudflare's Content-Signal line, the IETF aipref
// Content-Usage rule, or groups for AI crawlers) or in HTTP: a Content-Usage header on the
// pages themselves (content-usage.ts).
export const aiUsagePolicy = defineCheck({
  key: "ai_usage_policy",
  layer: 5,
  weight: 1,
  run(site) {
    const header = contentUsageHeader([site.home?.fetched, ...site.products.map((p) => p.fetched)].filter(isOk));
    const f = site.robots;
    const readable = isOk(f) && !looksLikeHtml(f);
    const robots = readable ? parseRobots(f.body) : null;
    const signals = robots?.other.filter((r) => r.key === "content-signal").map((r) => r.value) ?? [];
    const usage =
      robots?.other
        .filter(
          (r) => r.key === "content-usage" && Object.keys(parseContentUsage(r.value.replace(/^\/\S*\s+/, ""))).length,
        )
        .map((r) => r.value) ?? [];
    const named = robots ? TRAINING_CRAWLERS.filter((a) => namesAgent(robots, a)) : [];
    const evidence = { contentSignal: signals, contentUsage: usage, namedCrawlers: named, contentUsageHeader: header };
    const said: string[] = [];
    if (signals.length) said.push(`robots.txt Content-Signal: ${signals[0]}`);
    if (usage.length) said.push(`robots.txt Content-Usage: ${usage[0]}`);
    if (named.length) said.push(`robots.txt groups for ${named.join(", ")}`);
    if (header) said.push(`the Content-Usage header "${header.value}" on ${header.url}`);
    if (said.length > 0) {
      return { status: "pass", message: `An AI usage policy is stated: ${said.join("; ")}.`, evidence };
    }
    const blocked = blockedBy(f, "robots.txt");
    if (blocked) return blocked;
    if (!readable) {
      return {
        status: "fail",
        message: "No robots.txt and no Content-Usage header, so no AI usage policy is stated.",
        fix: 'State your AI policy: a Content-Usage header (e.g. "Content-Usage: train-ai=n") or a Content-Signal line in robots.txt.',
        evidence: { ...evidence, status: f?.status ?? 0 },
      };
    }
    return {
      status: "fail",
      message:
        "No AI-specific statement: robots.txt has no Content-Signal or Content-Usage line and no group naming an AI training crawler, and the pages send no Content-Usage header.",
      fix: 'Add "Content-Signal: search=yes, ai-input=yes, ai-train=no" to robots.txt, or send "Content-Usage: train-ai=n" with your pages, or name AI crawlers such as "User-agent: GPTBot".',
      evidence,
    };
  },
});
