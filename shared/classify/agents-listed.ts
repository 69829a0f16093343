// AI agent catalogue, part 2: agents known from the ai.robots.txt list (every token of
// robots.json @738c80df is here, in agents.ts, or in automation.ts with the reason it is
// not AI) and from the peers' labelled User-Agent data (arcjet/well-known-bots `ai`
// category; matomo device-detector AI categories). Purpose is the use the list records
// from the operator; `unknown` where the list says the use is unclear or undocumented,
// and for peer-only entries. Crawlers
// that build an index or data set sold to others (AI data providers) are `crawl`, the
// contract's "indexing or training crawlers, no human in the loop"; providers that fetch
// on their customers' demand are `unknown` (no statement says whether a human waits).

import { type AgentEntry, AI_ROBOTS_REF, type Purpose } from "./agents";
import type { AiPlatform } from "./platforms";

const ELECTRON = /\belectron\//i;
const ARCJET_REF = "arcjet/well-known-bots `ai` category @0637e27a";
const MATOMO_REF = "matomo-org/device-detector bots.yml AI categories @3856a286";

function listed(token: string, operator: string, purpose: Purpose, extra: Partial<AgentEntry> = {}): AgentEntry {
  return { token, operator, platform: "other_ai", purpose, source: "ai-robots", ref: AI_ROBOTS_REF, ...extra };
}

function peer(
  token: string,
  operator: string,
  ref: string,
  platform: AiPlatform = "other_ai",
  extra: Partial<AgentEntry> = {},
): AgentEntry {
  return { token, operator, platform, purpose: "unknown", source: "peer", ref, ...extra };
}

export const listedAgents: readonly AgentEntry[] = [
  listed("AddSearchBot", "AddSearch", "search"),
  listed("AgentTimes", "The Agent Times", "crawl"),
  listed("AI2Bot", "Ai2", "crawl"),
  listed("Ai2Bot-Dolma", "Ai2", "crawl"),
  listed("AI2Bot-DeepResearchEval", "Ai2", "user_action"),
  listed("aiHitBot", "aiHit", "crawl"),
  listed("AIWebIndex", "Lyrenth", "crawl"),
  listed("amazon-kendra", "Amazon", "search", { platform: "amazon" }),
  listed("amazon-QBusiness", "Amazon", "search", { platform: "amazon" }),
  listed("bedrockbot", "Amazon", "crawl", { platform: "amazon" }),
  listed("Andibot", "Andi", "search"),
  listed("Anomura", "Direqt", "search"),
  listed("anthropic-ai", "Anthropic", "unknown", { platform: "claude" }),
  listed("ApifyBot", "Apify", "unknown"),
  listed("ApifyWebsiteContentCrawler", "Apify", "unknown"),
  listed("Aranet-SearchBot", "unknown", "unknown"),
  listed("atlassian-bot", "Atlassian", "search"),
  listed("Awario", "Awario", "unknown"),
  listed("bigsur.ai", "Big Sur AI", "unknown"),
  listed("Bravebot", "Brave", "search"),
  // robots.json also lists "Brightbot 1.0": the same product token with its version.
  listed("Brightbot", "Bright Data", "crawl"),
  listed("BuddyBot", "BuddyBotLearning", "unknown"),
  listed("Channel3Bot", "unknown", "unknown"),
  listed("ChatGLM-Spider", "Zhipu AI", "unknown"),
  listed("Claude-Web", "Anthropic", "unknown", { platform: "claude" }),
  listed("Cloudflare-AutoRAG", "Cloudflare", "search"),
  // Editors built on Electron (VS Code, Cursor, Trae) put their name in their own
  // webviews' UA: a person previewing a page there is a human, not the coding agent.
  listed("Code", "GitHub", "user_action", { notWith: ELECTRON }),
  listed("Cotoyogi", "ROIS", "crawl"),
  listed("CragCrawler", "CragSoftware", "unknown"),
  listed("Crawl4AI", "unknown", "unknown"),
  listed("Crawlspace", "Crawlspace", "unknown"),
  listed("Cursor", "Anysphere", "user_action", { notWith: ELECTRON }),
  listed("Datenbank Crawler", "Datenbank", "unknown"),
  listed("Devin", "Cognition", "user_action"),
  // Diffbot's crawl API also fetches as `Snap/1.0 (+https://www.diffbot.com/…)`.
  listed("Diffbot", "Diffbot", "crawl"),
  listed("Snap", "Diffbot", "crawl", { onlyWith: /diffbot\.com/i }),
  listed("Echobot Bot", "Echobox", "unknown"),
  listed("EchoboxBot", "Echobox", "crawl"),
  // Exalead's search crawler has sent `Exabot/3.0 (+http://www.exabot.com/…)` since long
  // before Exa: a UA naming exabot.com or Exalead is that crawler, not Exa's.
  listed("ExaBot", "Exa", "crawl", { notWith: /exabot\.com|exalead/i }),
  listed("ExaSearchBot", "Exa", "search"),
  listed("Factset_spyderbot", "FactSet", "crawl"),
  listed("FirecrawlAgent", "Firecrawl", "unknown"),
  listed("FriendlyCrawler", "unknown", "crawl"),
  listed("GeistHaus-PageFetcher", "GeistHaus", "unknown"),
  listed("Google-Firebase", "Google", "unknown", { platform: "gemini" }),
  listed("Google-Gemini-CLI", "Google", "user_action", { platform: "gemini" }),
  listed("HenkBot", "Valyu", "crawl"),
  listed("iAskBot", "iAsk", "unknown"),
  // robots.json: `iaskspider/2.0` "crawls sites to provide answers to user queries".
  listed("iaskspider", "iAsk", "search"),
  listed("ICC-Crawler", "NICT", "crawl"),
  listed("imageSpider", "unknown", "unknown"),
  // The img2dataset tool announces itself as `img2downloader` on the wire.
  listed("img2dataset", "img2dataset", "crawl", { aliases: ["img2downloader"] }),
  listed("ISSCyberRiskCrawler", "ISS Corporate", "crawl"),
  listed("kagi-fetcher", "Kagi", "user_action"),
  listed("Kangaroo Bot", "Kangaroo LLM", "crawl"),
  listed("KlaviyoAIBot", "Klaviyo", "unknown"),
  listed("KunatoCrawler", "unknown", "unknown"),
  listed("laion-huggingface-processor", "unknown", "unknown"),
  listed("LAIONDownloader", "LAION", "crawl"),
  listed("LCC", "unknown", "unknown"),
  listed("LinerBot", "Liner", "user_action"),
  listed("Linguee Bot", "Linguee", "crawl"),
  listed("LinkupBot", "unknown", "unknown"),
  listed("Manus-User", "Butterfly Effect (Manus)", "user_action"),
  listed("Mozilla-Tabstack", "Mozilla", "unknown"),
  listed("MyCentralAIScraperBot", "unknown", "unknown"),
  listed("NagetBot", "Naget", "unknown"),
  listed("netEstate Imprint Crawler", "netEstate", "unknown"),
  listed("newsai", "unknown", "unknown"),
  listed("omgili", "Webz.io", "crawl"),
  listed("omgilibot", "Webz.io", "crawl"),
  listed("OpenAI", "OpenAI", "unknown", { platform: "chatgpt" }),
  listed("opencode", "opencode", "user_action"),
  listed("PanguBot", "Huawei", "crawl"),
  listed("Panscient", "Panscient", "crawl", { aliases: ["panscient.com"] }),
  listed("PetalBot", "Huawei", "search"),
  listed("PhindBot", "Phind", "search"),
  listed("Poggio-Citations", "Poggio", "unknown"),
  listed("Poseidon Research Crawler", "Poseidon Research", "unknown"),
  listed("QualifiedBot", "Qualified", "unknown"),
  listed("Querit-SearchBot", "Querit", "search"),
  listed("QueritBot", "Querit", "crawl"),
  listed("QuillBot", "QuillBot", "unknown", { aliases: ["quillbot.com"] }),
  listed("Reflectionbot", "Reflection", "unknown"),
  listed("SBIntuitionsBot", "SB Intuitions", "crawl"),
  listed("Scrapy", "Zyte (Scrapy framework)", "unknown"),
  listed("SemrushBot-OCOB", "Semrush", "unknown"),
  listed("Shap-User", "Parallel Web Systems", "user_action"),
  listed("ShapBot", "Parallel Web Systems", "crawl"),
  listed("Sidetrade indexer bot", "Sidetrade", "crawl"),
  listed("TavilyBot", "Tavily", "crawl"),
  listed("TerraCotta", "Ceramic", "crawl", { aliases: ["Terra Cotta"] }),
  listed("Thinkbot", "Thinkbot", "unknown"),
  listed("Timpibot", "Timpi", "crawl"),
  listed("TongyiBot", "Alibaba", "user_action"),
  listed("Trae", "ByteDance", "user_action", { platform: "bytedance", notWith: ELECTRON }),
  listed("TwinAgent", "Twin", "user_action"),
  listed("UseAI", "Use AI", "unknown"),
  listed("VelenPublicWebCrawler", "Velen", "crawl"),
  listed("WARDBot", "WEBSPARK", "unknown"),
  listed("Webzio-Extended", "Webz.io", "crawl"),
  listed("wpbot", "QuantumCloud", "unknown"),
  listed("WRTNBot", "unknown", "unknown"),
  listed("YaK", "Meltwater", "unknown"),
  listed("YandexAdditional", "Yandex", "search", { aliases: ["YandexAdditionalBot"] }),
  listed("YiyanBot", "Baidu", "user_action"),
  listed("ZanistaBot", "Zanista AI", "unknown"),

  // Peer-labelled agents that ai.robots.txt does not list.
  peer("webzio", "Webz.io", MATOMO_REF),
  peer("Doximity-Diffbot", "Diffbot", MATOMO_REF),
  peer("GitHubCopilotChat", "GitHub", MATOMO_REF),
  peer("ChatGPT-Browser", "OpenAI", MATOMO_REF, "chatgpt"),
  peer("Anthropic-Claude", "Anthropic", MATOMO_REF, "claude"),
  peer("Bard-AI", "Google", MATOMO_REF, "gemini"),
  peer("Gemini-AI", "Google", MATOMO_REF, "gemini"),
  peer("Google-Pinpoint", "Google", MATOMO_REF, "gemini"),
  peer("GoogleAgent-Search", "Google", MATOMO_REF, "gemini"),
  peer("xAI-Bot", "xAI", MATOMO_REF, "grok"),
  peer("Cohere-Command", "Cohere", MATOMO_REF),
  peer("Character-AI", "Character Technologies", MATOMO_REF),
  peer("Replicate-Bot", "Replicate", MATOMO_REF),
  peer("Together-Bot", "Together AI", MATOMO_REF),
  peer("Groq-Bot", "Groq", MATOMO_REF),
  peer("RunPod-Bot", "RunPod", MATOMO_REF),
  peer("HuggingFace-Bot", "Hugging Face", MATOMO_REF),
  peer("UdV-AI-Research", "unknown", MATOMO_REF),
  // Sider's reader fetches as `linkReader/1.0 (+https://gochitchat.ai)`.
  peer("linkReader", "Sider AI", MATOMO_REF, "other_ai", { onlyWith: /gochitchat\.ai/i }),
  peer("GoGuidesCrawler", "GoGuides", MATOMO_REF),
  peer("GoGuidesDiscoveryBot", "GoGuides", MATOMO_REF),
  peer("ias_crawler", "Integral Ad Science", MATOMO_REF, "other_ai", {
    aliases: ["IAS crawler", "ias_wombles", "IAS Wombles"],
  }),
  peer("SentiBot", "SentiOne", MATOMO_REF),
  peer("CrunchBot", "LeadCrunch", ARCJET_REF),
  peer("SemanticScholarBot", "Ai2 (Semantic Scholar)", ARCJET_REF),
  peer("Gluten Free Crawler", "glutenfreepleasure.com", ARCJET_REF),
  peer("Primalbot", "Primal", ARCJET_REF),
  peer("Mediatoolkitbot", "Mediatoolkit", ARCJET_REF),
  peer("StorygizeBot", "Storygize", ARCJET_REF),
  peer("NTENTbot", "NTENT", ARCJET_REF),
];

/**
 * ai.robots.txt tokens that are neither in the catalogue nor named non-AI automation,
 * with the reason. The coverage test requires every robots.json token to be in one of
 * the three places.
 */
export const uncataloguedAiRobotsTokens: Readonly<Record<string, string>> = {
  Spider:
    "a generic word many unrelated crawlers use as their product name (Sogou, Screaming Frog, Nutch builds); nothing documents which one is meant, so a UA naming it is filed as a named crawler, not AI",
  Lightpanda:
    "a headless browser engine anyone can run (peers file it as a browser): naming it says nothing about who runs it or why, so only automation flags can place it, in the heuristic tier",
};
