// Named non-AI automation: clients that say what they are and are not AI agents (search
// engines, SEO crawlers, site monitors, prerenderers, link previewers, feed readers,
// security scanners, HTTP libraries). They are not AI sessions and not human visits:
// ingest drops them (docs/reports.md, "Who counts as an AI agent").

import { hasProductToken } from "./product-token";

export type AutomationKind =
  | "search_engine"
  | "seo"
  | "monitor"
  | "prerender"
  | "link_preview"
  | "feed"
  | "security"
  | "http_client"
  | "other_bot";

export interface AutomationEntry {
  token: string;
  kind: AutomationKind;
  /** Why it is here when ai.robots.txt or a peer lists it as AI. */
  notAi?: string;
}

/**
 * Named clients whose token does not say "bot", or that ai.robots.txt lists although
 * their operator documents no AI use. Sources: the operators' crawler pages as named in
 * matomo device-detector and arcjet/well-known-bots (their non-AI categories).
 */
export const namedAutomation: readonly AutomationEntry[] = [
  {
    token: "facebookexternalhit",
    kind: "link_preview",
    notAi: "Meta's link previewer (traffic-facts §2); ai.robots.txt lists it on suspicion only",
  },
  {
    token: "Facebot",
    kind: "link_preview",
    notAi: "Meta's preview and ads crawler, sent beside facebookexternalhit; no AI use documented",
  },
  {
    token: "GoogleOther",
    kind: "search_engine",
    notAi: "Google documents it as a generic fetcher for product teams, not an AI crawler",
  },
  { token: "GoogleOther-Image", kind: "search_engine", notAi: "as GoogleOther" },
  { token: "GoogleOther-Video", kind: "search_engine", notAi: "as GoogleOther" },
  { token: "SemrushBot-SWA", kind: "seo", notAi: "checks that a URL is reachable for Semrush's SEO Writing Assistant" },
  { token: "botify", kind: "seo", notAi: "SEO crawler (arcjet labels it ai; its operator sells SEO crawling)" },
  { token: "SearchAtlas.com SEO Crawler", kind: "seo", notAi: "an SEO crawler by its own name" },
  { token: "SafeDNSBot", kind: "security", notAi: "DNS-filter categoriser (arcjet also labels it monitor)" },
  { token: "Exabot", kind: "search_engine" },
  { token: "Googlebot", kind: "search_engine" },
  { token: "Googlebot-Image", kind: "search_engine" },
  { token: "bingbot", kind: "search_engine" },
  { token: "YandexBot", kind: "search_engine" },
  { token: "Baiduspider", kind: "search_engine" },
  { token: "DuckDuckBot", kind: "search_engine" },
  { token: "Slurp", kind: "search_engine" },
  { token: "SeznamBot", kind: "search_engine" },
  { token: "Qwantbot", kind: "search_engine" },
  {
    token: "TurnitinBot",
    kind: "other_bot",
    notAi: "plagiarism-detection crawler; arcjet labels it ai, matomo a crawler, its operator states no AI use",
  },
  { token: "Turnitin", kind: "other_bot", notAi: "as TurnitinBot" },
  { token: "Prerender", kind: "prerender" },
  { token: "Elastic/Synthetics", kind: "monitor" },
  { token: "mShots", kind: "link_preview" },
  { token: "YextBot", kind: "seo" },
  { token: "FontRadar", kind: "other_bot" },
  { token: "Siteimprove.com", kind: "monitor" },
  { token: "Lighthouse", kind: "monitor" },
  { token: "Chrome-Lighthouse", kind: "monitor" },
  { token: "PTST", kind: "monitor" },
  { token: "Pingdom.com_bot_version", kind: "monitor" },
  { token: "UptimeRobot", kind: "monitor" },
  { token: "WhatsApp", kind: "link_preview" },
  { token: "TelegramBot", kind: "link_preview" },
  { token: "Slackbot-LinkExpanding", kind: "link_preview" },
  { token: "Discordbot", kind: "link_preview" },
  { token: "Twitterbot", kind: "link_preview" },
  { token: "LinkedInBot", kind: "link_preview" },
  { token: "Embedly", kind: "link_preview" },
  { token: "curl", kind: "http_client" },
  { token: "Wget", kind: "http_client" },
  { token: "python-requests", kind: "http_client" },
  { token: "python-urllib", kind: "http_client" },
  { token: "Python-urllib", kind: "http_client" },
  { token: "aiohttp", kind: "http_client" },
  { token: "python-httpx", kind: "http_client" },
  { token: "Go-http-client", kind: "http_client" },
  { token: "Java", kind: "http_client" },
  { token: "okhttp", kind: "http_client" },
  { token: "Apache-HttpClient", kind: "http_client" },
  { token: "axios", kind: "http_client" },
  { token: "node-fetch", kind: "http_client" },
  { token: "undici", kind: "http_client" },
  { token: "libwww-perl", kind: "http_client" },
  { token: "PostmanRuntime", kind: "http_client" },
  { token: "HTTPie", kind: "http_client" },
  { token: "Guzzle", kind: "http_client" },
  { token: "GuzzleHttp", kind: "http_client" },
];

const lowered = namedAutomation.map((e) => ({ entry: e, lower: e.token.toLowerCase() }));

// A product token that calls itself a bot, crawler, spider and so on (`Googlebot`,
// `AhrefsBot`, `Baiduspider`, `UptimeRobot`), with the word ending the token.
const BOT_WORD =
  /(?:^|[\s(;,])[a-z0-9._-]*(?:bot|crawler|crawl|spider|scraper|fetcher|monitor|checker|validator|archiver|scanner|preview|probe|slurp)(?=$|[\s/;),:+_-])/;
// Device names that end in "bot" are phones, not robots (Android UA comments).
const DEVICE_BOTS = /\bcubot\b|\bmobot\b/;

/**
 * The kind of non-AI automation a prepared UA (product-token.ts) names, or null. Only
 * called after the AI catalogue found nothing.
 */
export function namedAutomationKind(prepared: string, raw: string): AutomationKind | null {
  for (const { entry, lower } of lowered) if (hasProductToken(prepared, lower, true)) return entry.kind;
  if (BOT_WORD.test(prepared) && !DEVICE_BOTS.test(prepared)) return "other_bot";
  // A contact URL or address in the UA is a bot's signature; browsers send none.
  if (/https?:\/\/|www\.|@[a-z0-9-]+\./i.test(raw)) return "other_bot";
  return null;
}
