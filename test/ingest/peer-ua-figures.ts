// The figures the issue asks for, from the peers' labels (peer-ua-cases.ts) and our
// classifier's reading of each User-Agent: recall per source, platform and purpose
// agreement where the peer's label is unambiguous, real browsers taken for agents, and
// named non-AI bots taken for AI. Expected values come from the peers' labels only.

import type { Purpose } from "../../shared/classify/agents";
import type { AiPlatform } from "../../shared/classify/platforms";
import { hasProductToken, prepareUserAgent } from "../../shared/classify/product-token";
import { readUserAgent } from "../../shared/classify/user-agent";
import type { PeerCase } from "./peer-ua-cases";

// The peers' operator names → the contract's platforms (docs/decisions.md#7-conversions-and-attribution). Operators the
// list does not name map to other_ai; a case without an operator has no platform label.
const OPERATOR_PLATFORM: ReadonlyArray<[RegExp, AiPlatform]> = [
  [/^openai/i, "chatgpt"],
  [/^anthropic/i, "claude"],
  [/^perplexity/i, "perplexity"],
  [/^google/i, "gemini"],
  [/^meta\b|^facebook/i, "meta_ai"],
  [/^amazon/i, "amazon"],
  [/^apple/i, "apple"],
  [/^duckduckgo/i, "duckassist"],
  [/^susea|^you\b/i, "you"],
  [/^mistral/i, "mistral"],
  [/^x\.ai/i, "grok"],
  [/deep search|^deepseek/i, "deepseek"],
  [/^bytedance|^tiktok/i, "bytedance"],
  [/^commoncrawl|^common crawl/i, "common_crawl"],
];

// matomo's AI categories → our purposes (traffic-facts §1.2 mapping of the same kinds).
const CATEGORY_PURPOSE: Readonly<Record<string, Purpose>> = {
  "AI Data Scraper": "crawl",
  "AI Search Crawler": "search",
  "AI Assistant": "user_action",
  "AI Agent": "user_action",
};

export function expectedPlatform(c: PeerCase): AiPlatform | null {
  if (!c.operator || c.operator === "None") return null;
  return OPERATOR_PLATFORM.find(([re]) => re.test(c.operator as string))?.[1] ?? "other_ai";
}

export interface Ratio {
  hit: number;
  of: number;
}
export interface Figures {
  recall: Record<"arcjet" | "matomo" | "all", Ratio>;
  platform: Ratio;
  purpose: Ratio;
  /** Purpose comparisons left out: we claim no purpose (`unknown`) or the vendor's word overrides the peer's. */
  purposeAbstained: number;
  purposeVendorOverrides: string[];
  browsersAsAgents: Ratio;
  namedBotsAsAi: Ratio;
  /** Non-AI-labelled bots that another source (the other peer, ai.robots.txt) calls AI: not counted either way. */
  contestedBots: number;
  misses: string[];
  wrongPlatform: string[];
  wrongPurpose: string[];
  falseAgents: string[];
}

const pct = (r: Ratio) => (r.of === 0 ? 100 : (100 * r.hit) / r.of);

export function formatFigures(f: Figures): string {
  const line = (label: string, r: Ratio) => `${label}: ${r.hit}/${r.of} (${pct(r).toFixed(1)}%)`;
  return [
    line("recall, all peer-labelled AI agents", f.recall.all),
    line("recall, arcjet/well-known-bots", f.recall.arcjet),
    line("recall, matomo device-detector", f.recall.matomo),
    line("platform agreement (peer operator named)", f.platform),
    `${line("purpose agreement (peer category, operator not contradicting)", f.purpose)}; no purpose claimed: ${f.purposeAbstained}; vendor overrides: ${f.purposeVendorOverrides.length}`,
    line("real browsers labelled an agent", f.browsersAsAgents),
    `${line("named non-AI bots labelled AI", f.namedBotsAsAi)}; contested (some source calls them AI): ${f.contestedBots}`,
  ].join("\n");
}

export function computeFigures(cases: readonly PeerCase[], aiRobotsTokens: readonly string[]): Figures {
  const positives = cases.filter((c) => c.label === "ai");
  const positiveUas = new Set(positives.map((c) => c.ua.toLowerCase()));
  const aiNames = new Set(
    [...aiRobotsTokens, ...positives.filter((c) => c.source === "matomo").map((c) => c.name)].map((n) =>
      n.toLowerCase(),
    ),
  );
  const f: Figures = {
    recall: { arcjet: { hit: 0, of: 0 }, matomo: { hit: 0, of: 0 }, all: { hit: 0, of: 0 } },
    platform: { hit: 0, of: 0 },
    purpose: { hit: 0, of: 0 },
    purposeAbstained: 0,
    purposeVendorOverrides: [],
    browsersAsAgents: { hit: 0, of: 0 },
    namedBotsAsAi: { hit: 0, of: 0 },
    contestedBots: 0,
    misses: [],
    wrongPlatform: [],
    wrongPurpose: [],
    falseAgents: [],
  };

  for (const c of cases) {
    const claim = readUserAgent(c.ua);
    const isAgent = claim.kind === "ai_agent" || claim.kind === "headless";
    if (c.label === "ai") {
      const src = c.source === "arcjet" ? "arcjet" : "matomo";
      f.recall[src].of++;
      f.recall.all.of++;
      if (claim.kind !== "ai_agent") {
        f.misses.push(`${c.source} ${c.name}: ${c.ua}`);
        continue;
      }
      f.recall[src].hit++;
      f.recall.all.hit++;
      const platform = expectedPlatform(c);
      if (platform) {
        f.platform.of++;
        if (claim.agent.platform === platform) f.platform.hit++;
        else f.wrongPlatform.push(`${c.name} (${c.operator}): ${claim.agent.platform}, peer ${platform}`);
      }
      const purpose = c.category ? CATEGORY_PURPOSE[c.category] : undefined;
      if (!purpose) continue;
      if (claim.agent.purpose === "unknown") f.purposeAbstained++;
      else if (claim.agent.source === "vendor" && claim.agent.purpose !== purpose)
        f.purposeVendorOverrides.push(`${c.name}: ${claim.agent.purpose} (vendor), peer ${purpose}`);
      else {
        f.purpose.of++;
        if (claim.agent.purpose === purpose) f.purpose.hit++;
        else f.wrongPurpose.push(`${c.name}: ${claim.agent.purpose}, peer ${purpose}`);
      }
    } else if (c.label === "browser") {
      f.browsersAsAgents.of++;
      if (isAgent) {
        f.browsersAsAgents.hit++;
        f.falseAgents.push(`browser ${c.name}: ${c.ua}`);
      }
    } else {
      // A bot one peer files as non-AI while the other peer or ai.robots.txt calls it AI
      // is contested; a bare headless browser names no bot at all.
      const prepared = prepareUserAgent(c.ua);
      const contested =
        positiveUas.has(c.ua.toLowerCase()) ||
        aiNames.has(c.name.toLowerCase()) ||
        [...aiNames].some((n) => hasProductToken(prepared, n));
      const unnamed = /^headless/i.test(c.name) || c.name === "headless-chrome";
      if (contested || unnamed) {
        f.contestedBots++;
        continue;
      }
      f.namedBotsAsAi.of++;
      if (isAgent) {
        f.namedBotsAsAi.hit++;
        f.falseAgents.push(`${c.source} bot ${c.name}: ${c.ua}`);
      }
    }
  }
  return f;
}
