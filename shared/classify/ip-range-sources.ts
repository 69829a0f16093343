// Vendor-published IP-range lists used for the `verified` tier (traffic-facts §2, "IP
// ranges / verification" column). All use the format
// {"creationTime": "...", "prefixes": [{"ipv4Prefix": "a.b.c.d/n"} | {"ipv6Prefix": "x::/n"}]}.
// The cron job `ip-range-refresh` fetches each URL through the SSRF guard and stores
// the result in D1 (ip_range_snapshots); the bundled snapshot below is the fallback.

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
    id: "google-user-triggered",
    url: "https://developers.google.com/static/crawling/ipranges/user-triggered-agents.json",
  },
  { id: "apple-applebot", url: "https://search.developer.apple.com/applebot.json" },
  { id: "commoncrawl-ccbot", url: "https://index.commoncrawl.org/ccbot.json" },
  { id: "duckduckgo-duckassistbot", url: "https://duckduckgo.com/duckassistbot.json" },
];

/**
 * Bundled snapshot, in the project's own format (list id → CIDRs), written by hand from
 * the vendors' own publications: OpenAI's ChatGPT-User egress ranges as listed in its
 * plugin/bot documentation (platform.openai.com/docs/plugins/bot, 2024-2025 editions),
 * OpenAI's first gptbot.json (2023), Perplexity's first perplexitybot.json. Deliberately
 * partial: lists absent here are verified only once the cron has fetched them. A
 * refreshed D1 row always replaces the bundled list of the same id.
 */
export const bundledIpRanges: Readonly<Record<string, readonly string[]>> = {
  "openai-chatgpt-user": [
    "23.98.142.176/28",
    "40.84.180.224/28",
    "13.65.240.240/28",
    "20.97.189.96/28",
    "20.161.75.208/28",
    "52.225.75.208/28",
    "52.156.77.144/28",
    "40.84.221.208/28",
    "40.84.221.224/28",
    "40.84.180.64/28",
  ],
  "openai-gptbot": ["52.230.152.0/24", "52.233.106.0/24"],
  "perplexity-bot": ["54.90.207.250/32", "23.22.208.105/32", "54.242.1.13/32", "18.208.251.246/32"],
};
