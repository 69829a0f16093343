// Vendor-published IP-range lists used for the `verified` tier (traffic-facts §2, "IP
// ranges / verification" column). All use the format
// {"creationTime": "...", "prefixes": [{"ipv4Prefix": "a.b.c.d/n"} | {"ipv6Prefix": "x::/n"}]}.
// The cron job `ip-range-refresh` fetches each URL through the SSRF guard and stores
// the result in D1 (ip_range_snapshots); the bundled snapshot below is the fallback.

import { ipRangeSnapshot } from "./ip-range-snapshot.generated";

export interface IpRangeSource {
  id: string;
  url: string;
}

export const ipRangeSources: readonly IpRangeSource[] = [
  { id: "openai-gptbot", url: "https://openai.com/gptbot.json" },
  { id: "openai-searchbot", url: "https://openai.com/searchbot.json" },
  { id: "openai-chatgpt-user", url: "https://openai.com/chatgpt-user.json" },
  { id: "anthropic-bots", url: "https://claude.com/crawling/bots.json" },
  { id: "perplexity-bot", url: "https://www.perplexity.ai/perplexitybot.json" },
  { id: "perplexity-user", url: "https://www.perplexity.ai/perplexity-user.json" },
  {
    id: "google-user-triggered-agents",
    url: "https://developers.google.com/static/crawling/ipranges/user-triggered-agents.json",
  },
  {
    id: "google-user-triggered-fetchers-google",
    url: "https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json",
  },
  {
    id: "google-special-crawlers",
    url: "https://developers.google.com/static/crawling/ipranges/special-crawlers.json",
  },
  { id: "apple-applebot", url: "https://search.developer.apple.com/applebot.json" },
  { id: "commoncrawl-ccbot", url: "https://index.commoncrawl.org/ccbot.json" },
  { id: "duckduckgo-duckassistbot", url: "https://duckduckgo.com/duckassistbot.json" },
];

/**
 * One vendor list as bundled: its URL, the document's own creationTime, its prefixes
 * (the shape the generated snapshot declares, so the snapshot imports nothing back).
 */
export type BundledIpRangeList = (typeof ipRangeSnapshot)[string];

/**
 * The bundled snapshot (ip-range-snapshot.generated.ts, written by
 * scripts/bundle-ip-ranges.mjs from the vendors' documents, with each document's
 * creationTime) as list id → CIDRs: the fallback until the cron has refreshed a list.
 * Lists whose vendor document we do not hold (Anthropic, Apple, Common Crawl,
 * DuckAssistBot, Google's user-triggered agents) verify only after the first refresh.
 * A refreshed D1 row always replaces the bundled list of the same id.
 */
export const bundledIpRanges: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(ipRangeSnapshot).map(([id, list]) => [id, list.prefixes]),
);
